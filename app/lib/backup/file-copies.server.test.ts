import { createHash, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { startSftpServer, type SftpServer } from "../../../tests/support/sftp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import type { FileArea } from "~/lib/files/registry.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { type FileCopiesOptions, fileCopies } from "./file-copies.server";
import { type BackupObjects, fileKey, folderObjects, LINK_KEY_OBJECT } from "./objects.server";
import { sftpObjects } from "./objects-sftp.server";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A data folder with its database, its files stored through the files module as every module stores them. */
function dataFolder() {
  const dir = tempDir("copies");
  const store = QuoteStore.open(dir);
  onTestFinished(() => store.close());
  const db = store.db;
  function storeFile(area: FileArea, data: Buffer) {
    const { name } = store.files.writeSync(area, data, { extension: "bin" });
    return { area, name, data, key: fileKey(area, name) };
  }
  const remove = (file: { area: FileArea; name: string }, at = new Date()) =>
    store.files.remove(file.area, [file.name], at);
  const copiedThrough = () => db.prepare("SELECT copied_through FROM backup_file_progress").pluck().get() as number;
  return { dir, db, store: storeFile, remove, copiedThrough };
}

/** A place that can be taken down, counting what is sent to it. */
function switchable(inner: BackupObjects) {
  let down = false;
  const puts: string[] = [];
  const guard = () => {
    if (down) throw new Error("Cannot reach the backup place: connection refused");
  };
  const objects: BackupObjects = {
    async put(key, data) {
      guard();
      puts.push(key);
      await inner.put(key, data);
    },
    async get(key) {
      guard();
      return inner.get(key);
    },
    async list(prefix) {
      guard();
      return inner.list(prefix);
    },
    async remove(key) {
      guard();
      await inner.remove(key);
    },
    close: () => inner.close(),
  };
  return { objects, puts, setDown: (value: boolean) => (down = value) };
}

function worker(options: Omit<FileCopiesOptions, "retentionDays" | "log"> & Partial<FileCopiesOptions>) {
  const logged: string[] = [];
  const copies = fileCopies({ retentionDays: 30, log: (line) => logged.push(line), ...options });
  onTestFinished(() => copies.stop());
  return { copies, logged };
}

const until = (check: () => unknown | Promise<unknown>, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

describe("the file copies to a folder", () => {
  it("copy the backlog and each newly stored file byte for byte, with the link key, within seconds", async () => {
    const data = dataFolder();
    writeFileSync(join(data.dir, "link.key"), randomBytes(32));
    const photo = data.store("attachments", randomBytes(4 * 1024 * 1024));
    const mail = data.store("mail-quarantine", randomBytes(20_000));
    const place = folderObjects(join(tempDir("place"), "backup"));
    const { copies } = worker({ db: data.db, dataDir: data.dir, objects: place, pollMs: 60_000 });
    expect(copies.status().backlog).toBe(2);
    copies.start();
    await until(async () => expect(copies.status().backlog).toBe(0));
    expect((await place.get(photo.key))!.equals(photo.data)).toBe(true);
    expect((await place.get(mail.key))!.equals(mail.data)).toBe(true);
    expect(sha256((await place.get(LINK_KEY_OBJECT))!)).toBe(sha256(readFileSync(join(data.dir, "link.key"))));

    const logo = data.store("attachments", randomBytes(150_000));
    copies.kick();
    // Copied on the kick, long before the next look a minute away (a busy machine may take seconds).
    await until(async () => expect((await place.get(logo.key))?.equals(logo.data)).toBe(true), 30_000);
    const status = copies.status();
    expect(status).toMatchObject({ backlog: 0, oldestWaitingSince: null, error: null });
    expect(Date.now() - Date.parse(status.lastCopiedAt!)).toBeLessThan(10_000);
  });

  it("find a file stored without a kick at the next look, within 10 seconds", async () => {
    const data = dataFolder();
    const place = folderObjects(join(tempDir("place"), "backup"));
    const { copies } = worker({ db: data.db, dataDir: data.dir, objects: place });
    copies.start();
    await until(() => expect(data.copiedThrough()).toBe(0));
    const proof = data.store("attachments", randomBytes(1000));
    await until(async () => expect(await place.get(proof.key)).not.toBeNull(), 10_000);
  });

  it("send the link key again when it changes, and only then", async () => {
    const data = dataFolder();
    writeFileSync(join(data.dir, "link.key"), randomBytes(32));
    const place = switchable(folderObjects(join(tempDir("place"), "backup")));
    const { copies } = worker({
      db: data.db,
      dataDir: data.dir,
      objects: place.objects,
      pollMs: 100,
    });
    copies.start();
    await until(() => expect(place.puts).toEqual([LINK_KEY_OBJECT]));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(place.puts).toEqual([LINK_KEY_OBJECT]);
    const newKey = randomBytes(32);
    writeFileSync(join(data.dir, "link.key"), newKey);
    await until(async () => expect((await place.objects.get(LINK_KEY_OBJECT))!.equals(newKey)).toBe(true));
  });

  it("hold a file whose bytes do not match its recorded SHA-256, and still copy the ones after it at once", async () => {
    const data = dataFolder();
    const good = data.store("attachments", randomBytes(5000));
    const tampered = data.store("attachments", randomBytes(5000));
    writeFileSync(join(data.dir, "attachments", tampered.name), randomBytes(5000));
    const later = data.store("attachments", randomBytes(5000));
    const place = folderObjects(join(tempDir("place"), "backup"));
    const { copies, logged } = worker({
      db: data.db,
      dataDir: data.dir,
      objects: place,
      pollMs: 60_000,
    });
    copies.start();
    await until(async () => expect(await place.get(later.key)).not.toBeNull());
    await until(() => expect(copies.status().error).toMatch(/does not match its recorded SHA-256/));
    expect(await place.get(tampered.key)).toBeNull();
    expect(await place.get(good.key)).not.toBeNull();
    expect(data.copiedThrough()).toBe(1);
    expect(copies.status().backlog).toBe(2);

    const next = data.store("attachments", randomBytes(5000));
    copies.kick();
    await until(async () => expect(await place.get(next.key)).not.toBeNull(), 30_000);
    expect(copies.status().error).toMatch(/does not match its recorded SHA-256/);
    expect(logged.filter((line) => line.includes(tampered.name))).toHaveLength(1);
  });

  it("skip a file removed before it was copied, and go past it", async () => {
    const data = dataFolder();
    const gone = data.store("attachments", randomBytes(100));
    const kept = data.store("attachments", randomBytes(100));
    data.remove(gone);
    const place = folderObjects(join(tempDir("place"), "backup"));
    const { copies } = worker({ db: data.db, dataDir: data.dir, objects: place });
    copies.start();
    await until(() => expect(data.copiedThrough()).toBe(2));
    expect(await place.get(gone.key)).toBeNull();
    expect(await place.get(kept.key)).not.toBeNull();
    expect(copies.status()).toMatchObject({ backlog: 0, error: null });
  });

  it("refuse nothing and lose nothing while the place is down, and drain the backlog when it returns", async () => {
    const data = dataFolder();
    const place = switchable(folderObjects(join(tempDir("place"), "backup")));
    const { copies } = worker({
      db: data.db,
      dataDir: data.dir,
      objects: place.objects,
      maxRetryMs: 500,
    });
    copies.start();
    place.setDown(true);
    const stored = Array.from({ length: 12 }, () => data.store("attachments", randomBytes(30_000)));
    for (let index = 0; index < 5; index++) copies.kick();
    await until(() => expect(copies.status().error).toMatch(/Cannot reach the backup place/));
    expect(copies.status()).toMatchObject({ backlog: 12, oldestWaitingSince: expect.any(String) });
    expect(data.copiedThrough()).toBe(0);

    place.setDown(false);
    await until(() => expect(copies.status()).toMatchObject({ backlog: 0, error: null }));
    for (const file of stored) expect((await place.objects.get(file.key))!.equals(file.data)).toBe(true);
  });

  it("continue after a restart where the last worker stopped, sending nothing twice", async () => {
    const data = dataFolder();
    const place = switchable(folderObjects(join(tempDir("place"), "backup")));
    const first = data.store("attachments", randomBytes(100));
    const second = data.store("attachments", randomBytes(100));
    const before = worker({ db: data.db, dataDir: data.dir, objects: place.objects });
    before.copies.start();
    await until(() => expect(data.copiedThrough()).toBe(2));
    await before.copies.stop();

    const third = data.store("mail-quarantine", randomBytes(100));
    const after = worker({ db: data.db, dataDir: data.dir, objects: place.objects });
    expect(after.copies.status().backlog).toBe(1);
    after.copies.start();
    await until(() => expect(data.copiedThrough()).toBe(3));
    expect(place.puts).toEqual([first.key, second.key, third.key]);
  });

  it("keep a removed file in the backup for the retention, then remove it there", async () => {
    const data = dataFolder();
    const place = folderObjects(join(tempDir("place"), "backup"));
    const old = data.store("attachments", randomBytes(100));
    const recent = data.store("attachments", randomBytes(100));
    const kept = data.store("attachments", randomBytes(100));
    const first = worker({ db: data.db, dataDir: data.dir, objects: place });
    first.copies.start();
    await until(() => expect(data.copiedThrough()).toBe(3));
    await first.copies.stop();
    const day = 24 * 60 * 60 * 1000;
    data.remove(old, new Date(Date.now() - 31 * day));
    data.remove(recent, new Date(Date.now() - 29 * day));

    const next = worker({ db: data.db, dataDir: data.dir, objects: place, retentionDays: 30 });
    next.copies.start();
    await until(async () => expect(await place.get(old.key)).toBeNull());
    expect(await place.get(recent.key)).not.toBeNull();
    expect(await place.get(kept.key)).not.toBeNull();
  });
});

describe("the file copies to an SFTP server", () => {
  let sftp: SftpServer;
  beforeAll(async () => {
    sftp = await startSftpServer();
  }, 30_000);
  afterAll(() => sftp?.stop());

  it("wait while the server is down and drain the backlog on the same connection's successor when it is back", async () => {
    const data = dataFolder();
    const place = sftpObjects(sftp.place(`copies-${randomBytes(4).toString("hex")}`));
    onTestFinished(() => place.close());
    const { copies } = worker({
      db: data.db,
      dataDir: data.dir,
      objects: place,
      maxRetryMs: 1_000,
    });
    const photo = data.store("attachments", randomBytes(4 * 1024 * 1024));
    copies.start();
    await until(() => expect(data.copiedThrough()).toBe(1));

    await sftp.pause();
    let resumed = false;
    try {
      const during = Array.from({ length: 5 }, () => data.store("attachments", randomBytes(50_000)));
      copies.kick();
      await until(() => expect(copies.status().error).toMatch(/SFTP server/));
      expect(copies.status().backlog).toBe(5);
      await sftp.resume();
      resumed = true;
      await until(() => expect(copies.status()).toMatchObject({ backlog: 0, error: null }), 15_000);
      for (const file of [photo, ...during]) expect((await place.get(file.key))!.equals(file.data)).toBe(true);
    } finally {
      if (!resumed) await sftp.resume();
    }
  }, 40_000);
});
