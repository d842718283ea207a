import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { requestContext } from "~/lib/request-context";
import { pakistanDate } from "~/lib/desk/time";
import { deskText } from "~/content/desk";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as deskLayout from "~/routes/desk/layout";
import * as exportRoute from "~/routes/desk/export";
import * as fileRoute from "~/routes/desk/request-file";
import * as inbox from "~/routes/desk/inbox";
import * as notFound from "~/routes/desk/not-found";
import * as quotePage from "~/routes/desk/request";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import * as signOutRoute from "~/routes/desk/sign-out";
import { WRONG_SIGN_IN } from "./auth.server";
import { runStaffCommand } from "./staff-command.server";
import { secretHash } from "~/lib/secrets.server";
import { deskAuth } from "./staff.server";
import { repliesOf } from "~/lib/quotes/messages.server";

// The desk's routes called as React Router calls them, on a real SQLite store and a real SMTP server.

/** How many passwords were checked against a hash: the real check, counted. */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./passwords.server")>();
  return {
    ...actual,
    verifyPassword: (...checked: Parameters<typeof actual.verifyPassword>) => {
      passwordChecks.count++;
      return actual.verifyPassword(...checked);
    },
  };
});

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let reference: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}, clientIp?: string): RouteArgs =>
  routeArgs(request, params, clientIp ?? `198.51.100.${ip++ % 250}`);

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

const cookieOf = (headers: Headers) => headers.get("set-cookie")?.split(";")[0] ?? "";

async function addStaff(email: string, name: string) {
  const { output, code } = runStaffCommand(["add", email, "--name", name], getQuoteService().store.db);
  expect(code).toBe(0);
  return /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
}

/** Signs in from a new address each time, or from the address given. */
async function signIn(email: string, secret = password, clientIp?: string) {
  const request = post("/desk/sign-in", { email, password: secret });
  const answer = await outcome(() => signInRoute.action(args(request, {}, clientIp) as never));
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
    const answer = await outcome(() => underDeskLayout(route.loader, args(get(path, cookie), params)));
    expect(answer.status, path).toBe(302);
    expect(answer.headers.get("location"), path).toMatch(/^\/desk\/sign-in/);
    expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
  }
  const write = await outcome(() =>
    underDeskLayout(
      quotePage.action,
      args(post(`/desk/quotes/${reference}`, { intent: "note", note: "x" }, { cookie }), { reference }),
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
    expect((await attempt({ password: "short", repeat: "short" })).data).toMatchObject({ error: /at least 12/ });
    const eleven = await attempt({ password: "lahore-pens", repeat: "lahore-pens" });
    expect(eleven.status).toBe(400);
    expect(eleven.data).toEqual({ error: "The password needs at least 12 characters." });
    expect((await attempt({ password: "qwerty123456", repeat: "qwerty123456" })).data).toMatchObject({
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

  it("hands the account's e-mail on to the sign-in page that follows, which fills it in once", async () => {
    const token = await addStaff("Hina.Setup@promo.example", "Hina");
    const saved = await outcome(() =>
      setup.action(args(post(`/desk/setup/${token}`, { password, repeat: password }), { token }) as never),
    );
    expect(saved.headers.get("location")).toBe("/desk/sign-in?setup=done");
    const setCookie = saved.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^desk_setup_email=/);
    expect(setCookie).toMatch(/Path=\/desk\/sign-in/);
    expect(setCookie).toMatch(/HttpOnly/);
    const handedOn = setCookie.split(";")[0]!;
    const page = await outcome(() => signInRoute.loader(args(get("/desk/sign-in?setup=done", handedOn)) as never));
    expect(page.data).toMatchObject({ setupDone: true, email: "hina.setup@promo.example" });
    // Read once: the page clears it.
    expect(page.headers.get("set-cookie")).toMatch(/^desk_setup_email=;.*Max-Age=0/);
    // Without it, or with a value that is no e-mail address, the field is left empty.
    const plain = await outcome(() => signInRoute.loader(args(get("/desk/sign-in?setup=done")) as never));
    expect(plain.data).toMatchObject({ email: null });
    const forged = `desk_setup_email=${encodeURIComponent(btoa(JSON.stringify('"><script>')))}`;
    const refused = await outcome(() => signInRoute.loader(args(get("/desk/sign-in", forged)) as never));
    expect(refused.data).toMatchObject({ email: null });
  });

  it("accepts a password of 12 characters, and the page says the rule", async () => {
    const token = await addStaff("twelve@promo.example", "Twelve");
    const twelve = "lahore-pens!";
    expect([...twelve]).toHaveLength(12);
    const saved = await outcome(() =>
      setup.action(args(post(`/desk/setup/${token}`, { password: twelve, repeat: twelve }), { token }) as never),
    );
    expect(saved.status).toBe(302);
    expect((await signIn("twelve@promo.example", twelve)).status).toBe(302);
    expect(deskText.setup.lead).toMatch(/^At least 12 characters/);
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

  it("holds an e-mail at an address for 15 minutes after 5 failures there, whatever the password, known or unknown alike", async () => {
    const guesser = "203.0.113.40";
    for (let n = 0; n < 5; n++)
      expect((await signIn("sana@promo.example", `guess-${n}-wrong`, guesser)).status).toBe(401);
    const held = await signIn("sana@promo.example", password, guesser);
    expect(held.status).toBe(429);
    expect(held.cookie).toBe("");
    const heldMessage = "Too many wrong attempts for this e-mail from this network. Try again in 15 minutes.";
    expect(held.data).toMatchObject({ error: heldMessage });
    for (let n = 0; n < 5; n++) await signIn("ghost@promo.example", `guess-${n}`, guesser);
    const ghost = await signIn("ghost@promo.example", "anything-at-all", guesser);
    expect(ghost.status).toBe(429);
    expect(ghost.data).toMatchObject({ error: heldMessage }); // an unknown e-mail is held alike

    const until = getQuoteService().staff.heldUntil("sana@promo.example", guesser)!;
    expect(until - Date.now()).toBeGreaterThan(deskAuth.holdMs - 60_000);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(until);
      expect((await signIn("sana@promo.example", password, guesser)).status).toBe(302);
    } finally {
      vi.useRealTimers();
    }
  });

  it("limits attempts from one address whatever the e-mail", async () => {
    const from = (n: number) =>
      outcome(() =>
        signInRoute.action({
          request: post("/desk/sign-in", { email: `someone${n}@promo.example`, password: "wrong-password" }),
          params: {},
          context: requestContext({ clientIp: "192.0.2.50" }),
        } as never),
      );
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await from(n)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("never cuts a password: the longest one signs in, and one character more is wrong", async () => {
    const longest = `${"🔑".repeat(20)}${"lahore-blue-pens-".repeat(11).slice(0, 180)}`;
    expect([...longest]).toHaveLength(200);
    const token = await addStaff("bilal@promo.example", "Bilal");
    const saved = await outcome(() =>
      setup.action(args(post(`/desk/setup/${token}`, { password: longest, repeat: longest }), { token }) as never),
    );
    expect(saved.status).toBe(302);
    expect((await signIn("bilal@promo.example", longest)).status).toBe(302);
    expect((await signIn("bilal@promo.example", `${longest}x`)).status).toBe(401);
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

describe("guessing a password", () => {
  it("checks at most 5 of 20 wrong passwords sent at once for one e-mail from one address, and holds the rest", async () => {
    const burst = "203.0.113.60";
    passwordChecks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => signIn("sana@promo.example", `parallel-guess-${n}`, burst)),
    );
    expect(passwordChecks.count).toBe(5);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    // The right password now is held too, and not checked.
    expect((await signIn("sana@promo.example", password, burst)).status).toBe(429);
    expect(passwordChecks.count).toBe(5);
  });

  it("holds the stranger's address, not the staff member signing in from the office", async () => {
    const stranger = "192.0.2.77";
    for (let n = 0; n < 5; n++)
      expect((await signIn("sana@promo.example", `stranger-guess-${n}`, stranger)).status).toBe(401);
    expect((await signIn("sana@promo.example", password, stranger)).status).toBe(429);

    const office = await signIn("sana@promo.example", password, "203.0.113.80");
    expect(office.status).toBe(302);
    expect(office.cookie).toMatch(/^desk_session=/);
  });

  it("counts the addresses of one IPv6 /64 as one client, for an e-mail's hold and for the address limit", async () => {
    const inNetwork = (prefix: string, n: number) =>
      `${prefix}:${n.toString(16)}:${((n * 7919) & 0xffff).toString(16)}::${n}`;
    for (let n = 1; n <= 5; n++)
      expect((await signIn("sana@promo.example", `v6-guess-${n}`, inNetwork("2001:db8:77:1", n))).status).toBe(401);
    expect((await signIn("sana@promo.example", password, inNetwork("2001:db8:77:1", 6))).status).toBe(429);
    expect((await signIn("sana@promo.example", password, "2001:db8:77:2::1")).status).toBe(302);

    // 20 attempts per 15 minutes from one client, whatever the e-mail and whichever address of its /64.
    const statuses: number[] = [];
    for (let n = 1; n <= 21; n++)
      statuses.push(
        (await signIn(`someone${n}@promo.example`, "wrong-password", inNetwork("2001:db8:78:1", n))).status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const other = await signIn("someone22@promo.example", "wrong-password", "2001:db8:78:2::1");
    expect(other.status).toBe(401);
  });

  it("deletes ended holds and failures when a failure is written and when a session starts", async () => {
    const db = getQuoteService().store.db;
    const left = () => ({
      attempts: db
        .prepare("SELECT email FROM staff_sign_in_attempts WHERE email LIKE '%@sweep.example' ORDER BY email")
        .pluck()
        .all(),
      holds: db
        .prepare("SELECT email FROM staff_sign_in_holds WHERE email LIKE '%@sweep.example' ORDER BY email")
        .pluck()
        .all(),
    });
    const seed = () => {
      const now = Date.now();
      db.prepare("DELETE FROM staff_sign_in_attempts WHERE email LIKE '%@sweep.example'").run();
      db.prepare("DELETE FROM staff_sign_in_holds WHERE email LIKE '%@sweep.example'").run();
      const attempt = db.prepare("INSERT INTO staff_sign_in_attempts (email, address, at, failed) VALUES (?, ?, ?, 1)");
      const hold = db.prepare("INSERT INTO staff_sign_in_holds (email, address, until) VALUES (?, ?, ?)");
      attempt.run("ended@sweep.example", "192.0.2.1", now - 15 * 60_000 - 1);
      hold.run("ended@sweep.example", "192.0.2.1", now - 1);
      attempt.run("recent@sweep.example", "192.0.2.1", now - 60_000);
      hold.run("recent@sweep.example", "192.0.2.1", now + 60_000);
    };
    const recentOnly = { attempts: ["recent@sweep.example"], holds: ["recent@sweep.example"] };

    seed();
    expect((await signIn("sana@promo.example", "a-wrong-password")).status).toBe(401);
    expect(left()).toEqual(recentOnly);

    seed();
    expect((await signIn("sana@promo.example")).status).toBe(302);
    expect(left()).toEqual(recentOnly);
  });
});

describe("a session's lifetime", () => {
  const inboxStatus = async (cookie: string) =>
    (await outcome(() => underDeskLayout(inbox.loader, args(get("/desk", cookie))))).status;

  // Only Date is faked: argon2, SQLite and the SMTP server keep running on real time.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends after 30 minutes without a request", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { cookie } = await signIn("sana@promo.example");
    vi.setSystemTime(start + 29 * 60_000);
    expect(await inboxStatus(cookie)).toBe(200);
    vi.setSystemTime(start + 59 * 60_000);
    expect(await inboxStatus(cookie)).toBe(302);

    const fresh = await signIn("sana@promo.example");
    expect(await inboxStatus(fresh.cookie)).toBe(200);
  });

  it("ends 12 hours after signing in, however often it is used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const { cookie } = await signIn("sana@promo.example");
    for (let minutes = 10; minutes < 12 * 60; minutes += 10) {
      vi.setSystemTime(start + minutes * 60_000);
      expect(await inboxStatus(cookie), `${minutes} minutes after signing in`).toBe(200);
    }
    vi.setSystemTime(start + 12 * 3_600_000);
    expect(await inboxStatus(cookie)).toBe(302);
  });

  it("has a cookie the browser drops after 12 hours, Secure in production even over http", async () => {
    const development = await signIn("sana@promo.example");
    expect(development.headers.get("set-cookie")).toMatch(/; Max-Age=43200(;|$)/);
    expect(development.headers.get("set-cookie")).not.toMatch(/Secure/);

    vi.stubEnv("NODE_ENV", "production");
    try {
      const production = await signIn("sana@promo.example");
      expect(production.status).toBe(302);
      expect(production.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
      const signedOut = await outcome(() =>
        signOutRoute.action(args(post("/desk/sign-out", {}, { cookie: production.cookie })) as never),
      );
      expect(signedOut.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
    } finally {
      vi.unstubAllEnvs();
    }
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

  it("a session signed out, idle 30 minutes, past 12 hours, or of a removed account opens nothing", async () => {
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
    expect((await outcome(() => underDeskLayout(inbox.loader, args(get("/desk", leaving.cookie))))).status).toBe(200);
    expect(runStaffCommand(["remove", "leaving@promo.example"], db).code).toBe(0);
    await expectSignInEverywhere(leaving.cookie);
  });

  it("a post from another site is refused even with a session", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const answer = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(
          post(`/desk/quotes/${reference}`, { intent: "note", note: "x" }, { cookie, origin: "https://evil.example" }),
          {
            reference,
          },
        ),
      ),
    );
    expect(answer.status).toBe(403);
    expect(
      getQuoteService()
        .store.audit.requestHistory(getQuoteService().store.byReference(reference)!.id)
        .map((e) => e.kind),
    ).not.toContain("note");
  });
});

describe("with a session", () => {
  it("lists, replies by e-mail (once), records status and notes, and exports it all", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const list = await outcome(() => underDeskLayout(inbox.loader, args(get("/desk?q=acme", cookie))));
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(list.data).toMatchObject({ total: 1, quotes: [{ reference, name: "Ayesha Khan", status: "new" }] });

    const page = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${reference}`, cookie), { reference })),
    );
    const { replyKey, whatsapp, tel } = page.data as { replyKey: string; whatsapp: boolean; tel: string };
    expect(whatsapp).toBe(true);
    expect(tel).toBe("tel:+923001234567");

    const reply = () =>
      outcome(() =>
        underDeskLayout(
          quotePage.action,
          args(
            post(
              `/desk/quotes/${reference}`,
              { intent: "reply", reply: "Dear Ayesha, 500 pens cost …", replyKey },
              { cookie },
            ),
            {
              reference,
            },
          ),
        ),
      );
    expect((await reply()).status).toBe(302);
    expect((await reply()).status).toBe(302); // sent twice: queued once
    await until(() => smtp.received.some((mail) => mail.to.includes("ayesha@acme.example")));
    await until(() => repliesOf(getQuoteService().messaging, 1)[0]?.status === "sent");
    // Besides the acknowledgement the request got when it was stored.
    const replies = smtp.received.filter(
      (mail) => mail.to.includes("ayesha@acme.example") && decoded(mail.raw).includes("Your reference:"),
    );
    expect(replies).toHaveLength(1);
    expect(decoded(replies[0]!.raw)).toMatch(new RegExp(`^Subject: Your quote request ${reference}`, "m"));
    expect(decoded(replies[0]!.raw)).toContain(`Your reference: ${reference}`);

    const lostWithout = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${reference}`, { intent: "status", status: "lost" }, { cookie }), {
          reference,
        }),
      ),
    );
    expect(lostWithout.status).toBe(400);
    await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${reference}`, { intent: "status", status: "lost", lostReason: "Price" }, { cookie }), {
          reference,
        }),
      ),
    );
    await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${reference}`, { intent: "note", note: "Call back in March" }, { cookie }), {
          reference,
        }),
      ),
    );
    const after = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${reference}`, cookie), { reference })),
    );
    const history = (after.data as { history: { kind: string; actor: string; body: string; when: string }[] }).history;
    expect(history.map((event) => event.kind)).toEqual([
      "received",
      "email",
      "email", // the acknowledgement, sent when the request was stored
      "reply",
      "status",
      "email",
      "status",
      "note",
    ]);
    expect(history.at(-1)).toMatchObject({ actor: "Sana <sana@promo.example>", body: "Call back in March" });
    expect(history.at(-1)!.when).toMatch(/ PKT$/);

    // A Lost request is finished: not in the Open view, so the export of All holds it.
    const csv = await outcome(() =>
      underDeskLayout(exportRoute.loader, args(get("/desk/export/csv?view=all", cookie), { format: "csv" })),
    );
    const text = await csv.response!.text();
    // Named with the office's date, a day ahead of UTC's from 19:00 UTC.
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="quotes-all-${pakistanDate(Date.now())}.csv"`,
    );
    expect(text.split("\r\n")[0]).toMatch(/^id,reference,receivedAt,/); // the header first (the BOM is read away)
    expect(text).toContain(reference);
    expect(text).toContain("Call back in March");
    expect(text).toContain("Dear Ayesha, 500 pens cost");

    const missing = await outcome(() =>
      underDeskLayout(
        fileRoute.loader,
        args(get(`/desk/quotes/${reference}/files/logo`, cookie), { reference, role: "logo" }),
      ),
    );
    expect(missing.status).toBe(404);
    const unknown = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get("/desk/quotes/Q-2026-9999", cookie), { reference: "Q-2026-9999" })),
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
      underDeskLayout(quotePage.loader, args(get(path, cookie), { reference: quote.reference })),
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

describe("how many and by when", () => {
  /** Thursday 26 November 2026, 10:00 in Lahore. */
  const thursday = new Date("2026-11-26T05:00:00Z");
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A request with a quantity and needed-by date, its page and the inbox's row for it, rendered on Thursday. */
  async function pagesFor(wants: { quantity: number | null; neededBy: string | null }, key: string) {
    vi.useFakeTimers({ toFake: ["Date"], now: thursday });
    const { cookie } = await signIn("sana@promo.example");
    const { quote } = getQuoteService().store.insert(
      {
        name: `Buyer ${key}`,
        company: "",
        email: "b@x.example",
        phone: "",
        product: "Mugs",
        message: "Mugs",
        ...wants,
      },
      { clientIp: "203.0.113.8", userAgent: "vitest", page: "/contact", idempotencyKey: key },
      { notify: false },
    );
    const render = async (id: string, path: string, route: typeof quotePage | typeof inbox, params = {}) => {
      const page = await outcome(() => underDeskLayout(route.loader as never, args(get(path, cookie), params)));
      const Stub = createRoutesStub([{ id, path: path.split("?")[0], Component: route.default as never }]);
      return renderToStaticMarkup(
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { [id]: page.data } } }),
      );
    };
    const path = `/desk/quotes/${quote.reference}`;
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const page = text(await render("quote", path, quotePage, { reference: quote.reference }));
    const list = text(await render("inbox", `/desk?q=${encodeURIComponent(quote.reference)}`, inbox));
    return { page, row: list.slice(list.indexOf(`Buyer ${key}`)) };
  }

  it("shows the quantity and needed-by day first with the product, saying when the day is within 10 business days", async () => {
    const close = await pagesFor({ quantity: 500, neededBy: "2026-12-04" }, "desk-wants-1");
    expect(close.page).toContain(
      "Products of interest Mugs Quantity 500 pcs Needed by Fri 4 Dec 2026 in 6 business days Name Buyer desk-wants-1",
    );
    expect(close.row).toContain("Mugs · Quantity: 500 pcs · , by Fri 4 Dec (in 6 business days)");

    const later = await pagesFor({ quantity: 12_000, neededBy: "2027-01-14" }, "desk-wants-2");
    expect(later.page).toContain("Quantity 12,000 pcs Needed by Thu 14 Jan 2027 Name");
    expect(later.row).toContain("Mugs · Quantity: 12,000 pcs · , by Thu 14 Jan 2027 ");
    expect(later.row).not.toContain("business day");

    const passed = await pagesFor({ quantity: null, neededBy: "2026-11-20" }, "desk-wants-3");
    expect(passed.page).toContain("Needed by Fri 20 Nov 2026 date passed");
    expect(passed.page).not.toContain("Quantity");
  });

  it("shows neither on a request without them", async () => {
    const none = await pagesFor({ quantity: null, neededBy: null }, "desk-wants-4");
    expect(none.page).toContain("Products of interest Mugs Name Buyer desk-wants-4");
    expect(none.page).not.toMatch(/Quantity|Needed by|pcs/);
  });
});

describe("the status form", () => {
  const statusWon =
    "Won needs the buyer's approval of the latest proof, which they have not given yet: Mark Won appears once they approve it.";

  /** A new request, and the form posted on its page by a signed-in member. */
  async function requestWithForm(key: string) {
    const { cookie } = await signIn("sana@promo.example");
    const service = getQuoteService();
    const { quote } = service.store.insert(
      {
        name: "Imran Ali",
        company: "Indus Foods",
        email: "imran@indus.example",
        phone: "",
        product: "Mugs",
        message: "200 mugs",
      },
      { clientIp: "203.0.113.9", userAgent: "vitest", page: "/contact", idempotencyKey: key },
      { notify: false },
    );
    const { reference } = quote;
    const choose = (fields: Record<string, string>) =>
      outcome(() =>
        underDeskLayout(
          quotePage.action,
          args(post(`/desk/quotes/${reference}`, { intent: "status", ...fields }, { cookie }), { reference }),
        ),
      );
    const now = () => ({
      status: service.store.get(quote.id)!.status,
      history: service.store.audit.requestHistory(quote.id),
    });
    return { service, quote, cookie, choose, now };
  }

  it("refuses Won while a proof waits for the buyer, says why on the page, and changes neither status nor history", async () => {
    const { service, quote, cookie, choose, now } = await requestWithForm("desk-status-1");
    const staff = { name: "Sana", email: "sana@promo.example" };
    service.proofs.send(quote, { data: Buffer.from("proof 1"), mediaType: "image/png" }, "", staff, null);
    const before = now();
    const refused = await choose({ status: "won" });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ intent: "status", error: statusWon, chosen: "won" });
    expect(now()).toEqual(before);
    expect(before.status).toBe("waiting_on_buyer");

    // The page shows the refusal beside the form.
    const path = `/desk/quotes/${quote.reference}`;
    const page = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(path, cookie), { reference: quote.reference })),
    );
    const Stub = createRoutesStub([
      { id: "quote", path: "/desk/quotes/:reference", Component: quotePage.default as never },
    ]);
    const html = renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { quote: page.data }, actionData: { quote: refused.data } },
      }),
    );
    expect(html).toContain("Won needs the buyer&#x27;s approval of the latest proof");
  });

  it("sets Won on a request no proof was sent for (a repeat order, a deal closed by phone)", async () => {
    const { choose, now } = await requestWithForm("desk-status-0");
    const chosen = await choose({ status: "won" });
    expect(chosen.status).toBe(302);
    expect(now().status).toBe("won");
    expect(now().history.at(-1)).toMatchObject({ kind: "status", body: "Status: Won" });
  });

  it("refuses Won while the latest proof waits or was sent back, and sets it once the buyer approved it", async () => {
    const { service, quote, choose, now } = await requestWithForm("desk-status-2");
    const staff = { name: "Sana", email: "sana@promo.example" };
    const send = () =>
      service.proofs.send(
        quote,
        { data: Buffer.from(`proof ${Math.random()}`), mediaType: "image/png" },
        "",
        staff,
        null,
      );
    send();
    const waiting = now();
    expect((await choose({ status: "won" })).data).toEqual({ intent: "status", error: statusWon, chosen: "won" });
    expect(now()).toEqual(waiting);
    await service.proofs.answer(service.store.get(quote.id)!, 1, { kind: "changes", text: "Bigger" }, null);
    const sentBack = now();
    expect((await choose({ status: "won" })).data).toEqual({ intent: "status", error: statusWon, chosen: "won" });
    expect(now()).toEqual(sentBack);
    send();
    await service.proofs.answer(
      service.store.get(quote.id)!,
      2,
      { kind: "approved", name: "Imran Ali", role: "" },
      null,
    );
    expect((await choose({ status: "won" })).status).toBe(302);
    expect(now().status).toBe("won");
    expect(now().history.at(-1)).toMatchObject({
      kind: "status",
      actor: "Sana <sana@promo.example>",
      body: "Status: Won",
    });
    // Staff may still take it back, as before.
    expect((await choose({ status: "waiting_on_buyer" })).status).toBe(302);
    expect(now().status).toBe("waiting_on_buyer");
  });

  it("refuses a status it does not know and Lost without a reason from the list, keeping Lost chosen on the page", async () => {
    const { choose, now, quote, cookie } = await requestWithForm("desk-status-3");
    const before = now();
    expect((await choose({ status: "paid" })).data).toEqual({ intent: "status", error: "Choose a status." });
    const refused = await choose({ status: "lost", reason: "They went quiet" });
    expect(refused.data).toEqual({ intent: "status", error: deskText.quote.reasonNeeded, chosen: "lost" });
    expect((await choose({ status: "lost", lostReason: "Too dear" })).data).toEqual({
      intent: "status",
      error: deskText.quote.reasonNeeded,
    });
    expect(now()).toEqual(before);

    // The page comes back with Lost still selected and the message beside the form (no JavaScript needed).
    const path = `/desk/quotes/${quote.reference}`;
    const page = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(path, cookie), { reference: quote.reference })),
    );
    const Stub = createRoutesStub([
      { id: "quote", path: "/desk/quotes/:reference", Component: quotePage.default as never },
    ]);
    const html = renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { quote: page.data }, actionData: { quote: refused.data } },
      }),
    );
    expect(html).toMatch(/<option value="lost" selected="">Lost<\/option>/);
    expect(html).toContain("Choose why the request was lost.");

    const lost = await choose({ status: "lost", lostReason: "Delivery time", reason: "Needed by Friday" });
    expect(lost.status).toBe(302);
    expect(now().history.at(-1)).toMatchObject({ body: "Status: Lost (Delivery time: Needed by Friday)" });
    expect(await renderedWith(quote.reference, cookie)).toContain("Lost: Delivery time: Needed by Friday");

    // Won after all when the buyer accepts a quotation: the stored lost reason is no longer shown.
    getQuoteService().store.changeStatus(quote.id, { type: "quotation accepted" }, {}, "buyer");
    expect(now().status).toBe("won");
    expect(await renderedWith(quote.reference, cookie)).not.toContain("Lost:");
  });
});

/** The request's page as the server renders it for a signed-in member. */
async function renderedWith(reference: string, cookie: string) {
  const path = `/desk/quotes/${reference}`;
  const page = await outcome(() => underDeskLayout(quotePage.loader, args(get(path, cookie), { reference })));
  const Stub = createRoutesStub([
    { id: "quote", path: "/desk/quotes/:reference", Component: quotePage.default as never },
  ]);
  return renderToStaticMarkup(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { quote: page.data } } }),
  );
}

describe("Reply on WhatsApp", () => {
  async function requestWithPhone(key: string, phone: string) {
    const service = getQuoteService();
    const { quote } = service.store.insert(
      { name: "Hina Raza", company: "", email: "hina@pharma.example", phone, product: "Mugs", message: "100 mugs" },
      { clientIp: "203.0.113.9", userAgent: "vitest", page: "/contact", idempotencyKey: key },
      { notify: false },
    );
    const path = `/desk/quotes/${quote.reference}`;
    const press = (options: { cookie?: string; origin?: string | null } = {}, reference = quote.reference) =>
      outcome(() =>
        underDeskLayout(
          quotePage.action,
          args(post(`/desk/quotes/${reference}`, { intent: "whatsapp" }, options), { reference }),
        ),
      );
    const state = () => ({
      status: service.store.get(quote.id)!.status,
      answeredAt: service.store.get(quote.id)!.answeredAt,
      history: service.store.audit.requestHistory(quote.id).map((line) => [line.actor, line.body]),
    });
    return { quote, path, press, state };
  }

  it("records who used it and when, counts as the answer, then opens the buyer's chat on wa.me", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const { press, state } = await requestWithPhone("whatsapp-mobile", "0300 7654321");
    const pressed = await press({ cookie });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toMatch(/^https:\/\/wa\.me\/923007654321\?text=Hello%20Hina%20Raza.*Q-/);
    const after = state();
    expect(after.status).toBe("waiting_on_buyer");
    expect(after.answeredAt).toEqual(expect.any(String));
    expect(after.history.slice(-2)).toEqual([
      ["Sana <sana@promo.example>", "Answered on WhatsApp"],
      ["Sana <sana@promo.example>", "Status: Waiting on buyer"],
    ]);
  });

  it("is refused without a session, from another site, and for a request that does not exist, recording nothing", async () => {
    const { cookie } = await signIn("sana@promo.example");
    const { press, state } = await requestWithPhone("whatsapp-attacks", "+92 321 1234567");
    const before = state();
    const noSession = await press();
    expect(noSession.status).toBe(302);
    expect(noSession.headers.get("location")).toMatch(/^\/desk\/sign-in/);
    expect((await press({ cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await press({ cookie, origin: null })).status).toBe(403);
    expect((await press({ cookie }, "Q-2026-9999")).status).toBe(404);
    expect(state()).toEqual(before);
  });

  it("offers a call instead for a landline or an extension, and records nothing if posted anyway", async () => {
    const { cookie } = await signIn("sana@promo.example");
    for (const [key, phone, tel] of [
      ["whatsapp-landline", "042 3555 0100", "tel:+924235550100"],
      ["whatsapp-extension", "0300 1234567 ext 12", "tel:+923001234567;ext=12"],
    ] as const) {
      const { quote, path, press, state } = await requestWithPhone(key, phone);
      const page = await outcome(() =>
        underDeskLayout(quotePage.loader, args(get(path, cookie), { reference: quote.reference })),
      );
      expect(page.data).toMatchObject({ whatsapp: false, tel });
      const before = state();
      const refused = await press({ cookie });
      expect(refused.status).toBe(400);
      expect(refused.data).toEqual({ intent: "whatsapp", error: deskText.quote.noWhatsapp });
      expect(state()).toEqual(before);

      const Stub = createRoutesStub([
        { id: "quote", path: "/desk/quotes/:reference", Component: quotePage.default as never },
      ]);
      const html = renderToStaticMarkup(
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { quote: page.data } } }),
      );
      expect(html).not.toContain('value="whatsapp"');
      expect(html).toContain(`href="${tel}"`);
    }
  });
});
