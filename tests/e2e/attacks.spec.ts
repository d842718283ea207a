import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { parseCsv } from "../support/csv";
import { decoded, startSmtp, until } from "../support/smtp-server";
import { addStaff, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// Attacks on the production build, each from the security review of the desk and the proof links: the
// site's address sending a visitor elsewhere, bodies larger than any form, and secrets left in the log.

test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startOwnServer>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const email = "sana.attacks@promo.example";
const password = "lahore-blue-pens-2026";

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startOwnServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  await addStaff(server, email, password);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Where a redirect sends a browser that is on this site. */
const destination = (location: string | null) => new URL(location ?? "", server.baseURL);

test("no path of the site redirects to another site, in a browser either", async ({ page }) => {
  const paths = [
    "//evil.example/",
    "///evil.example//",
    "/\\evil.example/",
    "/\\/evil.example/",
    "//evil.example/?q=1",
  ];
  for (const path of paths) {
    // fetch() would resolve the path against the site first: the request line must carry it as it is.
    const answer = await rawGet(path);
    expect(answer.status, path).toBe(301);
    expect(destination(answer.location).origin, `${path} → ${answer.location}`).toBe(server.baseURL);
  }
  await page.goto(`${server.baseURL}//evil.example/`);
  expect(new URL(page.url()).origin).toBe(server.baseURL);
});

test("signing in with a next= that leaves the desk lands on the inbox", async ({ page }) => {
  const nexts = [
    "/desk/..//evil.example/",
    "/desk/%2e%2e//evil.example/",
    "/desk/..%2f..%2f/evil.example/",
    "/desk/../\\evil.example/",
    "/desk\\..\\..\\evil.example",
    "/desk/../contact",
    "https://evil.example/desk",
  ];
  for (const next of nexts) {
    const answer = await postForm(server, `/desk/sign-in?next=${encodeURIComponent(next)}`, { email, password });
    expect(answer.status, next).toBe(302);
    const to = destination(answer.headers.get("location"));
    expect(to.origin, `${next} → ${to.href}`).toBe(server.baseURL);
    expect(to.pathname, `${next} → ${to.href}`).toMatch(/^\/desk(\/|$)/);
    expect(to.pathname).not.toContain("//");
  }
  // A desk page asked for before signing in is where the form goes after it.
  const kept = await postForm(server, `/desk/sign-in?next=${encodeURIComponent("/desk?status=new&q=pens")}`, {
    email,
    password,
  });
  expect(kept.headers.get("location")).toBe("/desk?status=new&q=pens");

  // The same in the browser, through the sign-in form.
  await page.goto(`${server.baseURL}/desk/sign-in?next=${encodeURIComponent("/desk/..//evil.example/")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(server.baseURL);
});

test("a 50 MB body to any form is refused before it is read: the server's memory stays put", async () => {
  test.setTimeout(120_000);
  const megabytes = 1024 * 1024;
  // What each answers when the body declares its length, and when it comes in chunks (counted as it
  // is read: a route that refuses without reading may answer first); `drains`: reads the rest to throw it
  // away, so that a browser shows the answer.
  const targets: { path: string; type?: string; declared: number; chunked: number[]; drains: boolean }[] = [
    { path: "/desk/sign-in", declared: 413, chunked: [413], drains: false },
    { path: "/desk/setup/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", declared: 413, chunked: [413], drains: false },
    { path: "/desk/sign-out", declared: 413, chunked: [413, 302], drains: false },
    { path: "/desk", declared: 413, chunked: [413, 302], drains: false },
    { path: "/desk/export/csv", declared: 413, chunked: [413, 302], drains: false },
    { path: "/proof/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", declared: 413, chunked: [413, 404], drains: false },
    { path: "/no-such-page", declared: 413, chunked: [413, 404], drains: false },
    // The quote form answers in full (it keeps the buyer's words), reading the rest within its limit only
    // to throw it away; the desk's sends a visitor without a session to sign in, reading nothing on.
    { path: "/contact", declared: 413, chunked: [413], drains: true },
    // Chunked, its file is looked at as it comes: "aaaa…" is no image (415).
    { path: "/contact", type: "multipart/form-data; boundary=x", declared: 413, chunked: [413, 415], drains: true },
    {
      path: "/desk/quotes/Q-2026-0001",
      type: "multipart/form-data; boundary=x",
      declared: 302,
      chunked: [302],
      drains: false,
    },
  ];
  await rawGet("/"); // the server has answered once before it is measured
  const before = residentBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(server.pid))), 10);
  try {
    for (const target of targets) {
      for (const chunked of [false, true]) {
        const sent = await postLarge(target.path, 50 * megabytes, {
          chunked,
          type: target.type ?? "application/x-www-form-urlencoded",
        });
        const what = `${target.path} (${target.type ?? "form"}, ${chunked ? "chunked" : "declared"}): ${sent.status}`;
        const answers = chunked ? target.chunked : [target.declared];
        // 0: the server closed the connection while this client was still writing, before it read the
        // answer (the kernel drops an answer on a reset), which is what a refusal that reads nothing on means.
        expect(target.drains ? answers : [...answers, 0], what).toContain(sent.status);
        if (!target.drains) expect(sent.written, `${what}: most of the body never read`).toBeLessThan(40 * megabytes);
      }
    }
    // The site still answers.
    expect((await rawGet("/about")).status).toBe(200);
  } finally {
    clearInterval(sampler);
  }
  // Read whole, one such body takes 100 MB and more; bounded, the server's memory hardly moves.
  expect((peak - before) / megabytes, "MB more memory at the peak").toBeLessThan(40);
});

test("no token, password or session id is written to the server's log", async () => {
  test.setTimeout(60_000);
  // A set-up link, used, then opened again: a 404 naming its path.
  const setup = await import("node:child_process").then(({ execFileSync }) =>
    execFileSync(process.execPath, ["build/server/staff.js", "add", "imran.log@promo.example", "--name", "Imran"], {
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: "utf8",
    }),
  );
  const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(setup)![0]).pathname;
  const setupToken = setupPath.split("/").at(-1)!;
  await postForm(server, setupPath, { password, repeat: password });
  expect((await rawGet(setupPath)).status).toBe(404);

  // A buyer's request, a proof e-mailed with its link, the link opened under a mistyped path, then ended.
  const quote = await fetch(`${server.baseURL}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Ayesha Khan", email: "ayesha.log@acme.example", message: "Pens please" }),
  });
  const reference = /Q-\d{4}-\d{4}/.exec(await quote.text())![0];
  const cookie = await signIn(server, email, password);
  const proof = new FormData();
  proof.set("intent", "proof");
  proof.set("message", "");
  proof.set(
    "proof",
    new Blob([
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" } })
        .png()
        .toBuffer(),
    ]),
    "proof.png",
  );
  const sent = await fetch(`${server.baseURL}/desk/quotes/${reference}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.baseURL, Cookie: cookie },
    body: proof,
  });
  expect(sent.status).toBe(302);
  // The buyer's mail with the proof link (their acknowledgement came first).
  const proofMail = () =>
    smtp.received.find((each) => each.to.includes("ayesha.log@acme.example") && /\/proof\//.test(decoded(each.raw)));
  await until(() => proofMail() !== undefined);
  const mail = decoded(proofMail()!.raw);
  const proofToken = /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
  expect((await rawGet(`/proof/${proofToken}`)).status).toBe(200);
  expect((await rawGet(`/proof/${proofToken}/fiel`)).status).toBe(404);
  expect((await rawGet(`/proof/${proofToken}/record/x?token=${proofToken}`)).status).toBe(404);
  const ended = await postForm(server, `/desk/quotes/${reference}`, { intent: "end-link", link: "1" }, cookie);
  expect(ended.status).toBe(302);
  expect((await rawGet(`/proof/${proofToken}`)).status).toBe(410);

  // A wrong password, and a forged session.
  await postForm(server, "/desk/sign-in", { email, password: "not-the-password-0xDEADBEEF" });
  await rawGet("/desk/no-such-page", { Cookie: cookie });

  const log = server.output();
  expect(log, "the log has the 404s").toContain("404");
  for (const secret of [setupToken, proofToken, "not-the-password-0xDEADBEEF", password, cookie.split("=")[1]!]) {
    expect(log).not.toContain(secret);
  }
});

test("a buyer's formula reaches the desk's CSV export as text, for every first character a spreadsheet runs", async () => {
  const payloads = [
    "=1+1",
    '+1+HYPERLINK("https://evil.example","x")',
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "\t=1+1",
  ];
  for (const [index, payload] of payloads.entries()) {
    const sent = await fetch(`${server.baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": `=cmd${index}` },
      body: new URLSearchParams({
        name: payload,
        company: payload,
        email: `formula${index}@acme.example`,
        phone: `+92 300 000000${index}`,
        message: payload,
      }),
    });
    expect(sent.status, payload).toBe(200);
  }
  const cookie = await signIn(server, email, password);
  const exported = await fetch(`${server.baseURL}/desk/export/csv?technical=1`, { headers: { Cookie: cookie } });
  const [header, ...rows] = parseCsv((await exported.text()).replace(/^\uFEFF/, ""));
  expect(header![0], "the header is the first row").toBe("id");
  const column = (name: string) => header!.indexOf(name);
  for (const [index, payload] of payloads.entries()) {
    const row = rows.find((cells) => cells[column("email")] === `formula${index}@acme.example`)!;
    for (const field of ["name", "company", "message"]) expect(row[column(field)], field).toBe(`'${payload.trim()}`);
    expect(row[column("phone")]).toBe(`'+92 300 000000${index}`);
    expect(row[column("userAgent")]).toBe(`'=cmd${index}`);
  }
});

/** A GET with the path exactly as given on the request line. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.baseURL);
  return new Promise<{ status: number; location: string | null }>((done, fail) => {
    const req = httpRequest({ hostname, port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => done({ status: res.statusCode ?? 0, location: res.headers.location ?? null }));
    });
    req.on("error", fail);
    req.end();
  });
}

/**
 * Posts a body of `bytes` from this site's origin, declared or in chunks, writing as fast as the
 * server takes it until it answers or closes; says what it answered and how much was written.
 */
function postLarge(path: string, bytes: number, { chunked, type }: { chunked: boolean; type: string }) {
  const { hostname, port } = new URL(server.baseURL);
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise<{ status: number; written: number }>((done) => {
    let written = 0;
    let status = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      req.destroy();
      done({ status, written });
    };
    const req = httpRequest({
      hostname,
      port,
      path,
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": type,
        Origin: server.baseURL,
        ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(bytes) }),
      },
    });
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", finish);
    req.on("close", () => setTimeout(finish, 50));
    // Exactly `bytes`: a multipart body is one file part of "aaaa…", any other body "aaaa…" alone.
    const multipart = type.startsWith("multipart/");
    const head = Buffer.from(
      multipart ? '--x\r\nContent-Disposition: form-data; name="logo"; filename="big.png"\r\n\r\n' : "",
    );
    const tail = Buffer.from(multipart ? "\r\n--x--\r\n" : "");
    const fill = bytes - head.length - tail.length;
    const next = () => {
      if (written === 0 && head.length) return head;
      const left = head.length + fill - written;
      if (left > 0) return left >= chunk.length ? chunk : chunk.subarray(0, left);
      return written < bytes ? tail : null;
    };
    const write = () => {
      for (let part = next(); part && !finished && status === 0; part = next()) {
        written += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (written >= bytes && !finished) req.end();
    };
    write();
  });
}

/** The resident memory of a process, from Linux's /proc. */
function residentBytes(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kilobytes) * 1024;
}
