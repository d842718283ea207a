import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BackupStatus } from "~/lib/backup/status";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import { loader } from "~/routes/healthz";
import { noBackup } from "./status.server";

// /healthz as the process manager and an uptime checker ask it: the route's own handler on the site's
// service, in each state the backup and the database can be in.

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "healthz-"));
  process.env.DATA_DIR = dataDir;
});

afterEach(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

const place = "SFTP backup@nas.example:22 /srv/promo";

/** A backup to an SFTP place, the database `lagSeconds` behind and the oldest file waiting `fileWaitSeconds`. */
function backupAt(lagSeconds: number | null, fileWaitSeconds: number | null = null): BackupStatus {
  return {
    place,
    database: { running: true, lagSeconds, lastCaughtUpAt: new Date().toISOString(), error: null },
    files: {
      backlog: fileWaitSeconds === null ? 0 : 3,
      oldestWaitingSince: fileWaitSeconds === null ? null : new Date(Date.now() - fileWaitSeconds * 1000).toISOString(),
      lastCopiedAt: null,
      error: fileWaitSeconds === null ? null : "connect ECONNREFUSED 192.0.2.10:22",
    },
    lastRehearsal: null,
  };
}

async function ask() {
  const response = loader();
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

describe("GET /healthz", () => {
  it("answers 200 with the database, the backup's lag and the outbox backlog when all is well, never stored", async () => {
    getQuoteService().system.useBackup({ status: () => backupAt(4) });
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: "ok",
      database: "ok",
      backup: { configured: true, lagSeconds: 4 },
      outboxBacklog: 0,
      failing: [],
    });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    // Where the backup goes, and where the data lives, are not for an uptime checker.
    expect(answer.text).not.toContain("nas.example");
    expect(answer.text).not.toContain(dataDir);
  });

  it("counts the e-mails waiting in the outbox", async () => {
    const service = getQuoteService();
    service.store.insert(
      {
        name: "Ayesha Khan",
        company: "Acme",
        email: "ayesha@acme.example",
        phone: "",
        product: "Pens",
        message: "500",
      },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "healthz-outbox-1" },
      { notify: true },
    );
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.body.outboxBacklog).toBe(2); // the office's notification and the buyer's acknowledgement
    expect(answer.text).not.toContain("ayesha");
  });

  it("answers 200, saying the backup is not configured, when BACKUP_URL is unset", async () => {
    getQuoteService().system.useBackup(noBackup);
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "ok", backup: { configured: false, lagSeconds: null }, failing: [] });
  });

  it("answers 503 naming the backup when it is more than 15 minutes behind, by the database or by a file", async () => {
    const { system } = getQuoteService();
    system.useBackup({ status: () => backupAt(15 * 60) });
    expect((await ask()).status).toBe(200); // exactly 15 minutes is still within

    system.useBackup({ status: () => backupAt(16 * 60) });
    const database = await ask();
    expect(database.status).toBe(503);
    expect(database.body).toMatchObject({
      status: "failing",
      database: "ok",
      backup: { configured: true, lagSeconds: 960 },
      failing: ["backup"],
    });

    system.useBackup({ status: () => backupAt(0, 20 * 60) });
    const files = await ask();
    expect(files.status).toBe(503);
    expect(files.body).toMatchObject({ failing: ["backup"], backup: { configured: true } });
    expect((files.body.backup as { lagSeconds: number }).lagSeconds).toBeGreaterThanOrEqual(1200);
    expect(files.text).not.toContain("192.0.2.10");
  });

  it("answers 503 naming the database when it does not answer", async () => {
    const service = getQuoteService();
    service.system.useBackup({ status: () => backupAt(2) });
    service.db.close();
    const answer = await ask();
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: "failing",
      database: "failing",
      backup: { configured: true, lagSeconds: 2 },
      outboxBacklog: null,
      failing: ["database"],
    });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when the service cannot open its database at all", async () => {
    process.env.DATA_DIR = join(dataDir, "quotes.db", "inside-a-file");
    // A folder that cannot be made: the data folder is a path under a file.
    writeFileSync(join(dataDir, "quotes.db"), "not a folder");
    const answer = await ask();
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: "failing", database: "failing" });
    expect(answer.text).not.toContain(dataDir);
  });
});
