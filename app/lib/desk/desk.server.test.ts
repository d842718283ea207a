import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { csvReadme } from "~/lib/quotes/inbox.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as deskLayout from "~/routes/desk";
import * as exportRoute from "~/routes/desk-export";
import * as fileRoute from "~/routes/desk-file";
import * as inbox from "~/routes/desk-inbox";
import * as notFound from "~/routes/desk-not-found";
import * as quotePage from "~/routes/desk-quote";
import * as setup from "~/routes/desk-setup";
import * as signInRoute from "~/routes/desk-sign-in";
import * as signOutRoute from "~/routes/desk-sign-out";
import { WRONG_SIGN_IN } from "./auth.server";
import { runStaffCommand } from "./staff-command.server";
import { deskAuth, secretHash } from "./staff.server";

// The desk's routes called as React Router calls them, on a real SQLite store and a real SMTP server.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let reference: string;
let ip = 0;

type Args = { request: Request; params: Record<string, string>; context: { clientIp: string } };
const args = (request: Request, params: Record<string, string> = {}): Args =>
  ({ request, params, context: { clientIp: `198.51.100.${ip++ % 250}` } }) as Args;

const get = (path: string, cookie?: string) =>
  new Request(`${site}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (
  path: string,
  fields: Record<string, string>,
  { cookie, origin = site }: { cookie?: string; origin?: string | null } = {},
) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

/** What a loader or action gave, thrown or returned: status, headers and data. */
async function outcome(run: () => unknown) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, headers: value.headers, data: undefined as unknown, response: value };
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    (value as { type: string }).type === "DataWithResponseInit"
  ) {
    const { data, init } = value as unknown as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data, response: undefined };
  }
  return { status: 200, headers: new Headers(), data: value, response: undefined };
}

const cookieOf = (headers: Headers) => headers.get("set-cookie")?.split(";")[0] ?? "";

async function addStaff(email: string, name: string) {
  const { output, code } = runStaffCommand(["add", email, "--name", name], getQuoteService().store.db);
  expect(code).toBe(0);
  return /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
}

async function signIn(email: string, secret = password) {
  const answer = await outcome(() =>
    signInRoute.action(args(post("/desk/sign-in", { email, password: secret })) as never),
  );
  return { ...answer, cookie: cookieOf(answer.headers) };
}

/** Every desk URL and file, for the checks without a valid session. */
const deskUrls = (): {
  route: { loader: (args: never) => unknown };
  path: string;
  params: Record<string, string>;
}[] => [
  { route: deskLayout, path: "/desk", params: {} },
  { route: inbox, path: "/desk", params: {} },
  { route: quotePage, path: `/desk/quotes/${reference}`, params: { reference } },
  { route: quotePage, path: "/desk/quotes/Q-2026-9999", params: { reference: "Q-2026-9999" } },
  { route: fileRoute, path: `/desk/quotes/${reference}/files/logo`, params: { reference, role: "logo" } },
  { route: exportRoute, path: "/desk/export/csv", params: { format: "csv" } },
  { route: exportRoute, path: "/desk/export/json", params: { format: "json" } },
  { route: notFound, path: "/desk/anything", params: {} },
];

async function expectSignInEverywhere(cookie?: string) {
  for (const { route, path, params } of deskUrls()) {
    const answer = await outcome(() => route.loader(args(get(path, cookie), params) as never));
    expect(answer.status, path).toBe(302);
    expect(answer.headers.get("location"), path).toMatch(/^\/desk\/sign-in/);
    expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
  }
  const write = await outcome(() =>
    quotePage.action(
      args(post(`/desk/quotes/${reference}`, { intent: "note", note: "x" }, { cookie }), { reference }) as never,
    ),
  );
  expect(write.status).toBe(302);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "desk-"));
  smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const service = getQuoteService();
  const { quote } = service.store.insert(
    {
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: "ayesha@acme.example",
      phone: "0300 1234567",
      product: "Pens",
      message: "500 pens",
    },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "desk-test-1" },
    { notify: true },
  );
  reference = quote.reference;
});

afterAll(async () => {
  await stopQuoteService();
  await smtp.close();
  for (const name of ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the set-up link", () => {
  it("sets a password once, refusing short, common and mismatched ones", async () => {
    const token = await addStaff("sana@promo.example", "Sana");
    const db = getQuoteService().store.db;
    expect(JSON.stringify(db.prepare("SELECT * FROM staff_setup_tokens").all())).not.toContain(token);

    expect((await outcome(() => setup.loader(args(get(`/desk/setup/${token}`), { token }) as never))).status).toBe(200);
    const attempt = (fields: Record<string, string>, origin?: string) =>
      outcome(() => setup.action(args(post(`/desk/setup/${token}`, fields, { origin }), { token }) as never));
    expect((await attempt({ password: "short", repeat: "short" })).data).toMatchObject({ error: /at least 10/ });
    expect((await attempt({ password: "1234567890", repeat: "1234567890" })).data).toMatchObject({
      error: /most common/,
    });
    expect((await attempt({ password, repeat: `${password}x` })).data).toMatchObject({ error: /not the same/ });
    expect((await attempt({ password, repeat: password }, "https://evil.example")).status).toBe(403);
    const saved = await attempt({ password, repeat: password });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/desk/sign-in?setup=done");
    const hash = db
      .prepare("SELECT password_hash FROM staff WHERE email = 'sana@promo.example'")
      .pluck()
      .get() as string;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    expect((await attempt({ password, repeat: password })).status).toBe(404); // single use
    expect((await outcome(() => setup.loader(args(get(`/desk/setup/${token}`), { token }) as never))).status).toBe(404);
  });

  it("expires after 24 hours", async () => {
    const token = await addStaff("old@promo.example", "Old");
    getQuoteService()
      .store.db.prepare("UPDATE staff_setup_tokens SET expires_at = ? WHERE token_hash = ?")
      .run(Date.now() - 1, secretHash(token));
    expect((await outcome(() => setup.loader(args(get(`/desk/setup/${token}`), { token }) as never))).status).toBe(404);
  });
});

describe("signing in", () => {
  it("answers a wrong password and an unknown e-mail alike, and sets a private session cookie", async () => {
    const wrong = await signIn("sana@promo.example", "not-the-password");
    const unknown = await signIn("nobody@promo.example", password);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.data).toMatchObject({ error: WRONG_SIGN_IN });
    expect(unknown.data).toMatchObject({ error: WRONG_SIGN_IN });
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const right = await signIn("Sana@Promo.example", password);
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/desk");
    const cookie = right.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/desk/);
    expect(cookie).not.toMatch(/Secure/);
    const id = decodeURIComponent(right.cookie.split("=")[1]!);
    const sessions = JSON.stringify(getQuoteService().store.db.prepare("SELECT * FROM staff_sessions").all());
    expect(sessions).not.toContain(JSON.parse(atob(id)) as string);
  });

  it("marks the cookie Secure over HTTPS (the proxy's forwarded protocol reaches the request's URL)", async () => {
    // (Over http, above, it is not: the browser would not send it back.)
    const request = new Request("https://desk.example/desk/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://desk.example" },
      body: new URLSearchParams({ email: "sana@promo.example", password }).toString(),
    });
    const answer = await outcome(() => signInRoute.action(args(request) as never));
    expect(answer.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("holds an account for 15 minutes after 5 failures, whatever the password, known or unknown alike", async () => {
    for (let n = 0; n < 5; n++) expect((await signIn("sana@promo.example", `guess-${n}-wrong`)).status).toBe(401);
    const held = await signIn("sana@promo.example", password);
    expect(held.status).toBe(429);
    expect(held.cookie).toBe("");
    for (let n = 0; n < 5; n++) await signIn("ghost@promo.example", `guess-${n}`);
    expect((await signIn("ghost@promo.example", "anything-at-all")).status).toBe(429);

    const until = getQuoteService().staff.heldUntil("sana@promo.example")!;
    expect(until - Date.now()).toBeGreaterThan(deskAuth.holdMs - 60_000);
    getQuoteService().store.db.prepare("DELETE FROM staff_sign_in_holds").run();
    expect((await signIn("sana@promo.example", password)).status).toBe(302);
  });

  it("limits attempts from one address whatever the e-mail", async () => {
    const from = (n: number) =>
      outcome(() =>
        signInRoute.action({
          request: post("/desk/sign-in", { email: `someone${n}@promo.example`, password: "wrong-password" }),
          params: {},
          context: { clientIp: "192.0.2.50" },
        } as never),
      );
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await from(n)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("refuses a sign-in posted from another site", async () => {
    const request = post(
      "/desk/sign-in",
      { email: "sana@promo.example", password },
      { origin: "https://evil.example" },
    );
    expect((await outcome(() => signInRoute.action(args(request) as never))).status).toBe(403);
    const bare = post("/desk/sign-in", { email: "sana@promo.example", password }, { origin: null });
    expect((await outcome(() => signInRoute.action(args(bare) as never))).status).toBe(403);
  });
});

describe("without a valid session", () => {
  it("every desk page and file goes to the sign-in page, whether the request exists or not", async () => {
    await expectSignInEverywhere();
  });

  it("a forged cookie opens nothing", async () => {
    await expectSignInEverywhere("desk_session=forged");
    await expectSignInEverywhere(`desk_session=${encodeURIComponent(btoa(JSON.stringify("A".repeat(43))))}`);
  });

  it("a session signed out, idle 12 hours, past 30 days, or of a removed account opens nothing", async () => {
    const db = getQuoteService().store.db;
    const out = await signIn("sana@promo.example");
    const signedOut = await outcome(() =>
      signOutRoute.action(args(post("/desk/sign-out", {}, { cookie: out.cookie })) as never),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    await expectSignInEverywhere(out.cookie);

    const idle = await signIn("sana@promo.example");
    db.prepare("UPDATE staff_sessions SET seen_at = ?").run(Date.now() - deskAuth.sessionIdleMs - 1);
    await expectSignInEverywhere(idle.cookie);

    const old = await signIn("sana@promo.example");
    db.prepare("UPDATE staff_sessions SET created_at = ?").run(Date.now() - deskAuth.sessionMaxMs - 1);
    await expectSignInEverywhere(old.cookie);

    const token = await addStaff("leaving@promo.example", "Leaving");
    await outcome(() =>
      setup.action(args(post(`/desk/setup/${token}`, { password, repeat: password }), { token }) as never),
    );
    const leaving = await signIn("leaving@promo.example");
    expect((await outcome(() => inbox.loader(args(get("/desk", leaving.cookie)) as never))).status).toBe(200);
    expect(runStaffCommand(["remove", "leaving@promo.example"], db).code).toBe(0);
    await expectSignInEverywhere(leaving.cookie);
  });

  it("a post from another site is refused even with a session", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const answer = await outcome(() =>
      quotePage.action(
        args(
          post(`/desk/quotes/${reference}`, { intent: "note", note: "x" }, { cookie, origin: "https://evil.example" }),
          {
            reference,
          },
        ) as never,
      ),
    );
    expect(answer.status).toBe(403);
    expect(
      getQuoteService()
        .store.events(getQuoteService().store.byReference(reference)!.id)
        .map((e) => e.kind),
    ).not.toContain("note");
  });
});

describe("with a session", () => {
  it("lists, replies by e-mail (once), records status and notes, and exports it all", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const list = await outcome(() => inbox.loader(args(get("/desk?q=acme", cookie)) as never));
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(list.data).toMatchObject({ total: 1, quotes: [{ reference, name: "Ayesha Khan", status: "new" }] });

    const page = await outcome(() =>
      quotePage.loader(args(get(`/desk/quotes/${reference}`, cookie), { reference }) as never),
    );
    const { replyKey, whatsapp } = page.data as { replyKey: string; whatsapp: string };
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/923001234567\?text=.*Q-\d{4}-0001/);

    const reply = () =>
      outcome(() =>
        quotePage.action(
          args(
            post(
              `/desk/quotes/${reference}`,
              { intent: "reply", reply: "Dear Ayesha, 500 pens cost …", replyKey },
              { cookie },
            ),
            {
              reference,
            },
          ) as never,
        ),
      );
    expect((await reply()).status).toBe(302);
    expect((await reply()).status).toBe(302); // sent twice: queued once
    await until(() => smtp.received.some((mail) => mail.to.includes("ayesha@acme.example")));
    await until(() => getQuoteService().store.replies(1)[0]?.status === "sent");
    const replies = smtp.received.filter((mail) => mail.to.includes("ayesha@acme.example"));
    expect(replies).toHaveLength(1);
    expect(decoded(replies[0]!.raw)).toMatch(new RegExp(`^Subject: Your quote request ${reference}`, "m"));
    expect(decoded(replies[0]!.raw)).toContain(`Your reference: ${reference}`);

    const lostWithout = await outcome(() =>
      quotePage.action(
        args(post(`/desk/quotes/${reference}`, { intent: "status", status: "lost" }, { cookie }), {
          reference,
        }) as never,
      ),
    );
    expect(lostWithout.status).toBe(400);
    await outcome(() =>
      quotePage.action(
        args(post(`/desk/quotes/${reference}`, { intent: "status", status: "lost", reason: "Price" }, { cookie }), {
          reference,
        }) as never,
      ),
    );
    await outcome(() =>
      quotePage.action(
        args(post(`/desk/quotes/${reference}`, { intent: "note", note: "Call back in March" }, { cookie }), {
          reference,
        }) as never,
      ),
    );
    const after = await outcome(() =>
      quotePage.loader(args(get(`/desk/quotes/${reference}`, cookie), { reference }) as never),
    );
    const history = (after.data as { history: { kind: string; actor: string; body: string; when: string }[] }).history;
    expect(history.map((event) => event.kind)).toEqual([
      "received",
      "email",
      "reply",
      "status",
      "email",
      "status",
      "note",
    ]);
    expect(history.at(-1)).toMatchObject({ actor: "Sana <sana@promo.example>", body: "Call back in March" });
    expect(history.at(-1)!.when).toMatch(/ PKT$/);

    const csv = await outcome(() =>
      exportRoute.loader(args(get("/desk/export/csv", cookie), { format: "csv" }) as never),
    );
    const text = await csv.response!.text();
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="quotes-.*\.csv"/);
    expect(text.split("\r\n")[0]).toBe(`"${csvReadme}"`); // how to read a defused cell, before the header row
    expect(text).toContain(reference);
    expect(text).toContain("Call back in March");
    expect(text).toContain("Dear Ayesha, 500 pens cost");

    const missing = await outcome(() =>
      fileRoute.loader(args(get(`/desk/quotes/${reference}/files/logo`, cookie), { reference, role: "logo" }) as never),
    );
    expect(missing.status).toBe(404);
    const unknown = await outcome(() =>
      quotePage.loader(args(get("/desk/quotes/Q-2026-9999", cookie), { reference: "Q-2026-9999" }) as never),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the buyer's e-mail on a request's page", () => {
  /** The page as staff see it: the loader's data for a request stored with `email`, rendered. */
  async function pageFor(email: string, key: string) {
    const { cookie } = await signIn("sana@promo.example");
    // Stored directly, as a release before the form checked the address could have stored it.
    const { quote } = getQuoteService().store.insert(
      { name: "Old Buyer", company: "", email, phone: "", product: "", message: "Pens" },
      { clientIp: "203.0.113.8", userAgent: "vitest", page: "/contact", idempotencyKey: key },
      { notify: false },
    );
    const path = `/desk/quotes/${quote.reference}`;
    const page = await outcome(() =>
      quotePage.loader(args(get(path, cookie), { reference: quote.reference }) as never),
    );
    const Stub = createRoutesStub([
      { id: "quote", path: "/desk/quotes/:reference", Component: quotePage.default as never },
    ]);
    return renderToStaticMarkup(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { quote: page.data } } }),
    );
  }
  const mailtoLinks = (html: string) => [...html.matchAll(/href="(mailto:[^"]*)"/g)].map((match) => match[1]);

  it("links one valid address, encoded so that nothing in it adds a header", async () => {
    expect(mailtoLinks(await pageFor("ayesha.khan+promo@acme-pharma.com.pk", "desk-mail-1"))).toEqual([
      "mailto:ayesha.khan%2Bpromo@acme-pharma.com.pk",
    ]);
    // ? and & are valid in an address's local part; in a mailto URL they would start headers.
    expect(mailtoLinks(await pageFor("a?bcc=x&cc=y@b.pk", "desk-mail-2"))).toEqual([
      "mailto:a%3Fbcc%3Dx%26cc%3Dy@b.pk",
    ]);
  });

  it.each([
    ["a list", "a@b.pk, x@evil.example"],
    ["mailto headers", "a@b.pk?bcc=x@evil.example"],
    ["a header after a line break", "a@b.pk\r\nBcc: x@evil.example"],
  ])("shows %s as text, not as a link", async (_, email) => {
    const html = await pageFor(email, `desk-mail-${email.length}`);
    expect(mailtoLinks(html)).toEqual([]);
    expect(html).toContain(email.split("\r\n")[0]);
  });
});
