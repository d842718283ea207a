import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { FileStore } from "./files.server";
import { areaFolder, liveStoredFiles, storedFilesAfter, storedFilesWaiting } from "./registry.server";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

let opened: QuoteStore[] = [];
afterEach(() => {
  for (const store of opened) store.close();
  opened = [];
});

/** A data folder with its database migrated, and the files module over it. */
function dataFolder(prefix: string) {
  const dir = tempDir(prefix);
  const store = QuoteStore.open(dir);
  opened.push(store);
  return { dir, db: store.db, files: FileStore.open(store.db, dir) };
}

describe("a file stored through the files module", () => {
  it("is on disk under a generated name and recorded with its real SHA-256 and size", async () => {
    const { dir, db, files } = dataFolder("files-write");
    const logo = randomBytes(4 * 1024 * 1024);
    const mail = randomBytes(3 * 1024 * 1024 + 17);
    const before = new Date().toISOString();
    const first = files.writeSync("attachments", logo, { extension: "png" });
    const second = await files.write("mail-quarantine", mail, { extension: "eml", prefix: "mail-" });

    expect(first.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(second.name).toMatch(/^mail-[0-9a-f-]{36}\.eml$/);
    expect(readFileSync(join(dir, "attachments", first.name)).equals(logo)).toBe(true);
    expect(readFileSync(files.path("mail-quarantine", second.name)).equals(mail)).toBe(true);
    expect(files.path("mail-quarantine", second.name)).toBe(join(areaFolder(dir, "mail-quarantine"), second.name));

    const records = liveStoredFiles(db);
    expect(records).toEqual([
      {
        id: expect.any(Number),
        area: "attachments",
        name: first.name,
        sha256: sha256(logo),
        byteSize: logo.length,
        storedAt: expect.any(String),
        removedAt: null,
      },
      {
        id: expect.any(Number),
        area: "mail-quarantine",
        name: second.name,
        sha256: sha256(mail),
        byteSize: mail.length,
        storedAt: expect.any(String),
        removedAt: null,
      },
    ]);
    expect(records[0]!.storedAt >= before).toBe(true);
    expect(records[1]!.id).toBeGreaterThan(records[0]!.id);
    expect(storedFilesWaiting(db, 0)).toEqual({ count: 2, oldestStoredAt: records[0]!.storedAt });
    expect(storedFilesWaiting(db, records[0]!.id)).toEqual({ count: 1, oldestStoredAt: records[1]!.storedAt });
    expect(storedFilesAfter(db, records[0]!.id, 10).map((file) => file.name)).toEqual([second.name]);
    expect(storedFilesAfter(db, 0, 1).map((file) => file.name)).toEqual([first.name]);
  });

  it("when removed, is gone from the disk and recorded removed, still listed in order for the backup", () => {
    const { dir, db, files } = dataFolder("files-remove");
    const kept = files.writeSync("attachments", randomBytes(2 * 1024 * 1024), { extension: "jpg" });
    const removed = files.writeSync("attachments", randomBytes(2 * 1024 * 1024), { extension: "jpg" });
    files.remove("attachments", [removed.name], new Date("2026-11-29T07:00:00.000Z"));

    expect(readdirSync(join(dir, "attachments")).sort()).toEqual([kept.name]);
    expect(liveStoredFiles(db).map((file) => file.name)).toEqual([kept.name]);
    expect(storedFilesAfter(db, 0, 10).map((file) => [file.name, file.removedAt])).toEqual([
      [kept.name, null],
      [removed.name, "2026-11-29T07:00:00.000Z"],
    ]);
    expect(storedFilesWaiting(db, 0).count).toBe(1);
  });
});

describe("the clean-up at start", () => {
  const hoursAgo = (path: string, hours: number) => {
    const at = new Date(Date.now() - hours * 3_600_000);
    utimesSync(path, at, at);
  };

  it("removes old files the registry does not keep or no row names, and uploads left half-checked", () => {
    const { dir, db, files } = dataFolder("files-stray");
    const attachments = join(dir, "attachments");
    // A file its row names (a request's logo), stored through the module and recorded.
    const logo = files.writeSync("attachments", randomBytes(1024 * 1024), { extension: "png" });
    db.prepare(
      `INSERT INTO quotes (received_at, name, email, message, client_ip, idempotency_key, reference)
       VALUES ('2026-11-28T10:00:00.000Z', 'Sana', 'sana@x.example', 'Mugs', '203.0.113.1', 'k1', 'Q-2026-0001')`,
    ).run();
    db.prepare(
      `INSERT INTO quote_attachments (quote_id, role, media_type, byte_size, sha256, stored_name)
       VALUES (1, 'logo', 'image/png', ?, ?, ?)`,
    ).run(logo.byteSize, logo.sha256, logo.name);
    // Recorded, but its request was never committed (the process stopped in between).
    const orphan = files.writeSync("attachments", randomBytes(1024), { extension: "png" });
    // On disk and never recorded (stopped before the record); and one written a minute ago.
    writeFileSync(join(attachments, "unrecorded.png"), "x");
    writeFileSync(join(attachments, "fresh.png"), "x");
    mkdirSync(join(attachments, "incoming"));
    writeFileSync(join(attachments, "incoming", "check-1"), "half");
    for (const name of [logo.name, orphan.name, "unrecorded.png"]) hoursAgo(join(attachments, name), 2);

    files.removeStrayFiles();

    expect(readdirSync(attachments).sort()).toEqual([logo.name, "fresh.png"].sort());
    expect(existsSync(join(attachments, "incoming"))).toBe(false);
    expect(liveStoredFiles(db).map((file) => file.name)).toEqual([logo.name]);
    expect(storedFilesAfter(db, 0, 10).find((file) => file.name === orphan.name)?.removedAt).toEqual(
      expect.any(String),
    );
  });
});
