import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { type SftpServer, startSftpServer } from "../support/sftp-server";
import { fixtures } from "../support/upload-fixtures";
import { Sqlite } from "../../app/lib/db/database.server";
import { addStaff, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// Every record survives the machine, on the production build with Litestream and the file copies
// running for real: quote requests with logos (one a phone's 4 MB photo), a payment and an invoice
// arrive while the backup runs; the server and Litestream are killed together with requests still
// arriving, the data folder is deleted, and `npm run restore` rebuilds it from a folder replica and from
// an SFTP replica. Every request acknowledged more than 10 s before the kill comes back with its logo
// (same SHA-256), the invoice sequence has no gap and continues, sign-in and the buyer's link work. The
// SFTP place also goes down for a while first: nothing refused, /healthz still 200, the System page says
// what waits, and the backlog drains when it returns.

const password = "lahore-blue-pens-2026";
const owner = "sana.backup@promo.example";
const shots = "/tmp/backup-shots";
const run = promisify(execFile);

type Server = Awaited<ReturnType<typeof startOwnServer>>;
/** A request the site acknowledged: its reference, when, and the logo's SHA-256 as the desk served it then. */
type Acknowledged = { reference: string; at: number; postedSha256: string; storedSha256: string | null };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const todayInPakistan = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);

/** Two accepted quotations (orders) before the server starts, and the first one's buyer link. */
function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const accepted = (key: string, messageId: number) => {
    const { quote, accept } = sentQuotation(store, `backup-${key}`, {
      lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
    });
    accept([1], { name: "Dr. Ayesha Khan", role: "Brand Manager", poNumber: `PO-${messageId}` });
    return {
      order: quote.reference.replace("Q-", "O-"),
      link: `/proof/${new ProofDesk(store).linkForMessage(quote.id, messageId)}`,
    };
  };
  const seeded = { paid: accepted("paid", 3_001), later: accepted("later", 3_002) };
  store.close();
  return seeded;
}

/** Real-size logos: a PNG, a JPEG, a lossless WebP and a phone's photo of about 4 MB. */
async function logos() {
  const phone = await fixtures.phoneJpeg();
  expect(phone.length, "a phone photo's size").toBeGreaterThan(3_000_000);
  return [
    { bytes: await fixtures.png(), type: "image/png", name: "logo.png" },
    { bytes: await fixtures.jpeg(), type: "image/jpeg", name: "logo.jpg" },
    { bytes: phone, type: "image/jpeg", name: "IMG_2041.jpg" },
    { bytes: await fixtures.webp(), type: "image/webp", name: "logo.webp" },
  ];
}
type Logo = Awaited<ReturnType<typeof logos>>[number];

let sequence = 0;
/** A quote request with a logo, posted as the form does without JavaScript; the acknowledged reference or null. */
async function postRequest(server: Server, logo: Logo, cookie: string): Promise<Acknowledged | null> {
  const n = ++sequence;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: `Buyer ${n}`,
    company: "Acme Pharma",
    email: `buyer${n}@acme.example`,
    message: "Pens with our logo, 250 pieces.",
    idempotencyKey: `backup-journey-${String(n).padStart(6, "0")}-${Date.now()}`,
  }))
    form.append(name, value);
  form.append("logo", new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  const response = await fetch(`${server.baseURL}/contact`, { method: "POST", body: form });
  const html = await response.text();
  const at = Date.now();
  expect(response.status, "a quote request is accepted").toBe(200);
  const reference = /<strong class="font-mono[^"]*">(Q-\d{4}-\d{4,})<\/strong>/.exec(html)?.[1];
  expect(reference, "the acknowledgement names the request").toBeTruthy();
  // The logo as stored (the site re-encodes pictures), read back from the desk at once.
  let storedSha256: string | null = null;
  try {
    const file = await fetch(`${server.baseURL}/desk/quotes/${reference}/files/logo`, { headers: { Cookie: cookie } });
    if (file.ok) storedSha256 = sha256(new Uint8Array(await file.arrayBuffer()));
  } catch {
    // The server died between the two: the database's own record is checked instead.
  }
  return { reference: reference!, at, postedSha256: sha256(logo.bytes), storedSha256 };
}

/** Posts requests one after another until stopped, as buyers keep arriving; errors after the kill are expected. */
const writers: { halt: () => Promise<unknown> }[] = [];
function keepPosting(server: Server, logo: Logo, cookie: string, into: Acknowledged[]) {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      try {
        const acknowledged = await postRequest(server, logo, cookie);
        if (acknowledged) into.push(acknowledged);
      } catch (error) {
        if (!stopped) throw error;
      }
    }
  })();
  const writer = {
    stop: async () => {
      stopped = true;
      await done;
    },
    /** Stops asking for more (the server is being killed): a request in flight may fail. */
    halt: () => {
      stopped = true;
      return done.catch(() => undefined);
    },
  };
  writers.push(writer);
  return writer;
}

async function health(server: Server) {
  const response = await fetch(`${server.baseURL}/healthz`);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; backup: { configured: boolean; lagSeconds: number | null } },
  };
}

/** The System page's text as an owner reads it, tags stripped. */
async function systemText(server: Server, cookie: string) {
  const response = await fetch(`${server.baseURL}/desk/system`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.text())
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

/** Polls until `check` passes (short waits, not a fixed sleep), failing with the last reason. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function waitCaughtUp(server: Server, cookie: string, timeoutMs = 30_000) {
  let last = "";
  try {
    await until(
      "the backup caught up",
      async () => {
        const { status, body } = await health(server);
        last = `${status} ${JSON.stringify(body)}`;
        if (status !== 200 || body.backup.lagSeconds !== 0) return false;
        const text = await systemText(server, cookie);
        last += ` ${/Backup .{0,400}/.exec(text)?.[0]}`;
        return text.includes("Files waiting None") && text.includes("Database Up to date");
      },
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last: ${last}\n${server.output().slice(-3000)}`);
  }
}

async function screenshots(page: Page, server: Server, cookie: string, state: string) {
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: server.baseURL }]);
  mkdirSync(shots, { recursive: true });
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseURL}/desk/system`);
    await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest, `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(shots, `system-${state}-${width}.png`), fullPage: true });
  }
}

/** The restored database, opened read-only. */
function openRestored(dir: string) {
  return new Sqlite(join(dir, "quotes.db"), { readonly: true, fileMustExist: true });
}

/** Invoice numbers per fiscal year run 1, 2, 3 … with no gap; the highest sequence. */
function invoiceSequence(dir: string) {
  const db = openRestored(dir);
  try {
    const rows = db
      .prepare("SELECT fiscal_year, sequence, number FROM invoices ORDER BY fiscal_year, sequence")
      .all() as {
      fiscal_year: string;
      sequence: number;
      number: string;
    }[];
    const years = new Map<string, typeof rows>();
    for (const row of rows) years.set(row.fiscal_year, [...(years.get(row.fiscal_year) ?? []), row]);
    for (const [year, list] of years)
      expect(
        list.map((row) => row.sequence),
        `invoices of ${year} without a gap`,
      ).toEqual(list.map((_, i) => i + 1));
    return rows;
  } finally {
    db.close();
  }
}

type Place = {
  label: string;
  url: string;
  env: Record<string, string>;
  /** Where a stored file's copy lies in the place. */
  copyOf: (storedName: string) => string;
  sftp?: SftpServer;
};

async function journey(page: Page, place: Place) {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), `promo-e2e-backup-${place.label}-`));
  const restoredDir = join(mkdtempSync(join(tmpdir(), `promo-e2e-restored-${place.label}-`)), "data");
  const seeded = seed(dataDir);
  const images = await logos();
  let server: Server | null = await startOwnServer(
    { DATA_DIR: dataDir, BACKUP_URL: place.url, QUOTE_RATE_LIMIT: "1000", ...place.env },
    { processGroup: true },
  );
  let restored: Server | null = null;
  try {
    await addStaff(server, owner, password);
    const cookie = await signIn(server, owner, password);
    const acknowledged: Acknowledged[] = [];

    // Load while writing: requests with logos, one after another and side by side with the desk's money.
    const writer = keepPosting(server, images[0]!, cookie, acknowledged);
    for (const logo of images) acknowledged.push((await postRequest(server, logo, cookie))!);
    const paid = await postForm(
      server,
      `/desk/orders/${seeded.paid.order}/payments`,
      {
        intent: "record",
        idempotencyKey: crypto.randomUUID(),
        method: "bank_transfer",
        kind: "advance",
        date: todayInPakistan(),
        amount: "10,000",
        reference: "TT-4471",
      },
      cookie,
    );
    expect(paid.headers.get("location")).not.toContain("error");
    const invoiced = await postForm(
      server,
      `/desk/orders/${seeded.paid.order}/invoices`,
      { intent: "issue", idempotencyKey: crypto.randomUUID(), buyerAddress: "12 Mall Road, Lahore" },
      cookie,
    );
    expect(invoiced.headers.get("location")).toBe(
      `/desk/orders/${seeded.paid.order}?invoices-done=invoice-off#invoices`,
    );
    await writer.stop();
    await waitCaughtUp(server, cookie);
    expect((await health(server)).body).toMatchObject({ status: "ok", backup: { configured: true, lagSeconds: 0 } });
    await screenshots(page, server, cookie, `${place.label}-caught-up`);

    if (place.sftp) {
      // The place down for a while: every request still accepted, /healthz 200, the page says what waits.
      await place.sftp.pause();
      const whileDown: Acknowledged[] = [];
      for (const logo of images.slice(0, 2)) whileDown.push((await postRequest(server, logo, cookie))!);
      let text = "";
      await until(
        "the System page shows the files waiting and the copy problem",
        async () => {
          text = await systemText(server!, cookie);
          return /Files waiting [1-9]\d*, the oldest waiting since/.test(text) && text.includes("File copy problem");
        },
        20_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${text}`);
      });
      whileDown.push((await postRequest(server, images[3]!, cookie))!);
      const down = await health(server);
      expect(down.status, "/healthz within 15 minutes of the place going down").toBe(200);
      expect(down.body.backup.lagSeconds).toBeLessThan(15 * 60);
      await screenshots(page, server, cookie, "sftp-down");
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.getByText("File copy problem")).toBeVisible();
      await place.sftp.resume();
      await waitCaughtUp(server, cookie, 45_000);
      acknowledged.push(...whileDown);
      const live = new Sqlite(join(dataDir, "quotes.db"), { readonly: true });
      try {
        for (const request of whileDown) {
          const file = live
            .prepare(
              "SELECT a.stored_name, a.sha256 FROM quote_attachments a JOIN quotes q ON q.id = a.quote_id WHERE q.reference = ? AND a.role = 'logo'",
            )
            .get(request.reference) as { stored_name: string; sha256: string };
          const copy = place.copyOf(file.stored_name);
          expect(existsSync(copy), `${request.reference}'s logo is in the place`).toBe(true);
          expect(sha256(readFileSync(copy))).toBe(file.sha256);
        }
      } finally {
        live.close();
      }
    }

    // Keep writing past the 10 s line, then the machine dies with requests still arriving.
    const lastWriter = keepPosting(server, images[1]!, cookie, acknowledged);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    acknowledged.push((await postRequest(server, images[2]!, cookie))!);
    // Requests keep arriving past the 10 s line (those acknowledged before it must come back).
    const lineFrom = Date.now();
    await until("11 s more of requests", async () => Date.now() - lineFrom > 11_000, 20_000);
    const beforeKill = JSON.stringify((await health(server)).body);
    const killedAt = Date.now();
    const halted = lastWriter.halt();
    await server.killGroup();
    await halted;
    const output = server.output();
    writeFileSync(join(shots, `server-${place.label}.log`), `${output}\n/healthz before the kill: ${beforeKill}\n`);
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
    const cutoff = killedAt - 10_000;
    const mustSurvive = acknowledged.filter((request) => request.at < cutoff);
    expect(mustSurvive.length, "requests acknowledged more than 10 s before the kill").toBeGreaterThan(8);
    expect(
      acknowledged.filter((request) => request.at >= killedAt - 3_000).length,
      "requests still arriving at the kill",
    ).toBeGreaterThan(0);

    // Restore into a new folder and read its summary.
    const restore = await run(process.execPath, ["build/server/restore.js", "--from", place.url, "--to", restoredDir], {
      env: { ...process.env, ...place.env },
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`restore failed: ${error.message}\n${error.stdout}\n${error.stderr}\n--- server ---\n${output}`);
    });
    const summary =
      /Restored and checked:\n(\d+) requests?, (\d+) orders?, (\d+) invoices?, (\d+) files?\.\nNewest record: (.+)\./.exec(
        restore.stdout,
      );
    expect(summary, restore.stdout).toBeTruthy();
    const [, requests, orders, invoices, files] = summary!.map(Number);
    expect(requests).toBeGreaterThanOrEqual(2 + mustSurvive.length);
    expect(orders).toBe(2);
    expect(invoices).toBe(1);
    expect(files).toBeGreaterThanOrEqual(mustSurvive.length);

    const db = openRestored(restoredDir);
    try {
      const logoOf = db.prepare(
        "SELECT a.stored_name, a.sha256 FROM quote_attachments a JOIN quotes q ON q.id = a.quote_id WHERE q.reference = ? AND a.role = 'logo'",
      );
      for (const request of mustSurvive) {
        const file = logoOf.get(request.reference) as { stored_name: string; sha256: string } | undefined;
        expect(file, `${request.reference} is restored with its logo`).toBeTruthy();
        const path = join(restoredDir, "attachments", file!.stored_name);
        expect(existsSync(path), `${request.reference}'s logo file`).toBe(true);
        const restoredSha = sha256(readFileSync(path));
        expect(restoredSha, `${request.reference}'s logo as recorded`).toBe(file!.sha256);
        if (request.storedSha256)
          expect(restoredSha, `${request.reference}'s logo as served`).toBe(request.storedSha256);
      }
      expect(
        db.prepare("SELECT count(*) FROM order_payments").pluck().get(),
        "the payment recorded under load",
      ).toBeGreaterThanOrEqual(1);
    } finally {
      db.close();
    }
    const beforeRestart = invoiceSequence(restoredDir);
    expect(beforeRestart).toHaveLength(1);

    // The server on the restored folder, backup off: the same password, the buyer's link, a logo, the next invoice.
    restored = await startOwnServer({ DATA_DIR: restoredDir, QUOTE_RATE_LIMIT: "1000" });
    const again = await signIn(restored, owner, password);
    const link = await fetch(`${restored.baseURL}${seeded.paid.link}`, { redirect: "manual" });
    expect(link.status, "the buyer's link opens").toBe(200);
    const logo = await fetch(`${restored.baseURL}/desk/quotes/${mustSurvive[0]!.reference}/files/logo`, {
      headers: { Cookie: again },
    });
    expect(logo.status).toBe(200);
    expect(sha256(new Uint8Array(await logo.arrayBuffer()))).toBe(mustSurvive[0]!.storedSha256);
    const next = await postForm(
      restored,
      `/desk/orders/${seeded.later.order}/invoices`,
      { intent: "issue", idempotencyKey: crypto.randomUUID(), buyerAddress: "12 Mall Road, Lahore" },
      again,
    );
    expect(next.headers.get("location")).toBe(`/desk/orders/${seeded.later.order}?invoices-done=invoice-off#invoices`);
    const afterRestart = invoiceSequence(restoredDir);
    const last = beforeRestart.at(-1)!;
    expect(afterRestart).toHaveLength(2);
    expect(afterRestart[1]).toMatchObject({ fiscal_year: last.fiscal_year, sequence: last.sequence + 1 });
    expect(afterRestart[1]!.number).toBe(
      last.number.replace(/\d+$/, (digits) => String(Number(digits) + 1).padStart(digits.length, "0")),
    );
    const after = await health(restored);
    expect(after).toMatchObject({ status: 200, body: { status: "ok", backup: { configured: false } } });
    await screenshots(page, restored, again, `${place.label}-restored`);
    console.log(
      `Backup journey (${place.label}): ${acknowledged.length} requests acknowledged, ${mustSurvive.length} before the 10 s line, in ${Math.round((Date.now() - started) / 1000)} s${/could not be read/.test(restore.stdout) ? "; restored to just before the last segment" : ""}.`,
    );
  } catch (error) {
    await Promise.all(writers.splice(0).map((writer) => writer.halt()));
    const said = [server, restored].map((one) => one?.output().slice(-4000) ?? "").join("\n--- restored ---\n");
    throw new Error(`${(error as Error).stack}\n--- server ---\n${said}`);
  } finally {
    await server?.stop();
    await restored?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(join(restoredDir, ".."), { recursive: true, force: true });
  }
}

test.describe.configure({ mode: "serial" });

test("a folder replica: killed under load with Litestream, the data folder deleted, restored whole and working", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const place = mkdtempSync(join(tmpdir(), "promo-e2e-backup-place-"));
  try {
    await journey(page, {
      label: "folder",
      url: `file://${place}`,
      env: {},
      copyOf: (name) => join(place, "files", "attachments", name),
    });
  } finally {
    rmSync(place, { recursive: true, force: true });
  }
});

test("an SFTP replica: down for a while without a request refused, then killed under load, restored whole and working", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const sftp = await startSftpServer();
  try {
    await journey(page, {
      label: "sftp",
      url: sftp.url("promo"),
      env: { BACKUP_SSH_KEY: sftp.keyFile },
      copyOf: (name) => join(sftp.root, "promo", "files", "attachments", name),
      sftp,
    });
  } finally {
    await sftp.stop();
  }
});
