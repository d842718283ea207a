import { randomBytes } from "node:crypto";
import sharp from "sharp";
import routes from "../../app/routes";
import { routeEntries } from "../support/route-table";
import { addStaff, ageSession, cookieCarrying, type OwnServer, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// The staff door, read from the route table: every URL under the desk's layout route, whatever it
// answers (a page, a file, an export, React Router's data), asked for without a session and with every
// kind of bad one, on the production build. A desk route added later is in the table, so it is in here.

const deskLayout = routes.find((entry) => entry.path === "desk" && entry.children);
const privateRoutes = routeEntries(deskLayout ? [deskLayout] : []).filter((route) => route.file !== deskLayout?.file);

const buyer = { name: "Ayesha Khan", email: "ayesha.door@acme.example", company: "Acme Pharma Door" };
const email = "sana.door@promo.example";
const password = "lahore-blue-pens-2026";

let server: OwnServer & Awaited<ReturnType<typeof startOwnServer>>;
let reference = "";
let validCookie = "";

/** The URLs of a route pattern, with the values its parameters take here. */
function urlsOf(pattern: string): string[] {
  const values: Record<string, string[]> = {
    reference: [reference],
    role: ["logo"],
    version: ["1"],
    format: ["csv", "json"],
    itemId: ["metal-ball-pen-pad-print"],
    file: ["outcomes.csv"],
  };
  let urls = [`/${pattern}`];
  for (const [, name] of pattern.matchAll(/:(\w+)/g)) {
    urls = urls.flatMap((url) => (values[name!] ?? ["x"]).map((value) => url.replace(`:${name}`, value)));
  }
  return urls.map((url) => url.replace(/\*$/, "anything-else"));
}

/** Desk URLs whose object this test does not make: signed in, they answer 404, private all the same. */
const nothingMadeFor = new Set([
  "desk/quotes/:reference/mail-files/:id",
  "desk/quotes/:reference/quotations/:file",
  // No order is made here: an order's pages answer its O- reference, not the request's Q- one.
  "desk/orders/:reference",
  "desk/orders/:reference/photos/:id",
  "desk/orders/:reference/invoices/:file",
  "desk/orders/:reference/receipts/:file",
]);

/** Desk URLs that only take a form: signed in, a GET is told to post (405), private all the same. */
const formsOnly = new Set(["desk/orders/:reference/payments", "desk/orders/:reference/invoices"]);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startOwnServer();
  // A request with a logo, and a proof of it, so that every desk URL has something behind it.
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...buyer, message: "500 pens with our logo" })) form.set(name, value);
  form.set("logo", new Blob([logo], { type: "image/png" }), "logo.png");
  const sent = await fetch(`${server.baseURL}/contact`, { method: "POST", body: form });
  reference = /Q-\d{4}-\d{4}/.exec(await sent.text())![0];

  await addStaff(server, email, password);
  validCookie = await signIn(server, email, password);
  const proof = new FormData();
  proof.set("intent", "proof");
  proof.set("message", "v1");
  proof.set("proof", new Blob([logo], { type: "image/png" }), "proof.png");
  const proofSent = await fetch(`${server.baseURL}/desk/quotes/${reference}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseURL, Cookie: validCookie },
    body: proof,
  });
  expect(proofSent.status, "proof v1 sent").toBe(302);
});

test.afterAll(async () => {
  await server?.stop();
});

test("the route table has private desk routes, and each answers a valid session with what it holds", async () => {
  expect(privateRoutes.map((route) => route.path)).toEqual(
    expect.arrayContaining([
      "desk",
      "desk/quotes/:reference",
      "desk/export/:format",
      "desk/prices",
      "desk/prices/:itemId",
      "desk/system",
      "desk/*",
    ]),
  );
  for (const route of privateRoutes) {
    for (const url of urlsOf(route.path)) {
      const response = await fetch(`${server.baseURL}${url}`, {
        redirect: "manual",
        headers: { Cookie: validCookie },
      });
      // The catch-all is a 404 even signed in, and so is a file this test makes nothing behind (a buyer's
      // e-mail file, a quotation's PDF), a form's address answers a GET with 405; every other URL shows
      // its page, file or export.
      const nothingBehind = route.path.endsWith("*") || nothingMadeFor.has(route.path);
      expect(response.status, `${url} signed in`).toBe(formsOnly.has(route.path) ? 405 : nothingBehind ? 404 : 200);
      // Each once: a doubled header would read "private, no-store, private, no-store".
      expect(response.headers.get("cache-control"), url).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag"), url).toBe("noindex");
    }
  }
});

const post = (url: string, headers: Record<string, string>) =>
  fetch(`${server.baseURL}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=status&status=won",
  });

test("every private desk URL refuses a visitor without a session, or with an ended, expired or forged one", async () => {
  test.setTimeout(90_000);
  const ended = await signIn(server, email, password);
  const signedOut = await postForm(server, "/desk/sign-out", {}, ended);
  expect(signedOut.headers.get("location")).toBe("/desk/sign-in");
  const idle = await signIn(server, email, password);
  ageSession(server, idle, { startedAgoMs: 40 * 60_000, usedAgoMs: 31 * 60_000 });
  const old = await signIn(server, email, password);
  ageSession(server, old, { startedAgoMs: 12 * 3_600_000 + 60_000, usedAgoMs: 60_000 });
  const visitors: Record<string, string> = {
    "no session": "",
    "an ended session": ended,
    "a session idle for 31 minutes": idle,
    "a session started 12 hours ago": old,
    "a forged session id": cookieCarrying(randomBytes(32).toString("base64url")),
    "a forged cookie that is not ours": "desk_session=eyJhIjoxfQ%3D%3D",
    "the valid session's id with a changed letter": validCookie.replace(/.(?=%3D|$)/, (c) => (c === "A" ? "B" : "A")),
  };

  for (const route of privateRoutes) {
    for (const url of urlsOf(route.path)) {
      for (const [visitor, cookie] of Object.entries(visitors)) {
        const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
        const asked = `${url} with ${visitor}`;
        const answers = {
          page: await fetch(`${server.baseURL}${url}`, { redirect: "manual", headers }),
          "old data query": await fetch(`${server.baseURL}${url}?_data=${encodeURIComponent(`routes/${route.file}`)}`, {
            redirect: "manual",
            headers,
          }),
          "React Router data": await fetch(`${server.baseURL}${url}.data`, {
            redirect: "manual",
            headers,
          }),
          "form post": await post(url, headers),
          // A post to an index route's URL goes to its layout; with ?index, to the index route itself.
          ...(route.index ? { "form post to the index": await post(`${url}?index`, headers) } : {}),
        };
        for (const [kind, response] of Object.entries(answers)) {
          const body = await response.text();
          const what = `${asked} (${kind}): ${response.status}`;
          if (kind === "React Router data" && response.status === 202) {
            // React Router's data answer to a redirect: the sign-in page, in its own encoding.
            expect(body, what).toContain('"redirect","/desk/sign-in');
          } else if (response.status === 404 || response.status === 405) {
            expect(body.length, `${what} is bare`).toBeLessThan(200);
          } else {
            expect([302, 303], what).toContain(response.status);
            expect(response.headers.get("location"), what).toMatch(/^\/desk\/sign-in(\?|$)/);
          }
          for (const secret of [buyer.name, buyer.email, buyer.company, "500 pens"]) {
            expect(body, `${what} shows nothing of the request`).not.toContain(secret);
          }
          expect(response.headers.get("set-cookie") ?? "", what).not.toMatch(/desk_session=[^;]{10,}/);
        }
      }
    }
  }
  // Nothing was changed by the posts: the request is still as the proof left it.
  const page = await fetch(`${server.baseURL}/desk/quotes/${reference}`, { headers: { Cookie: validCookie } });
  expect(await page.text()).not.toContain("Status: Won");
});
