import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Sqlite } from "~/lib/db/database.server";
import { pakistanTime } from "~/lib/desk/time";
import { QuoteStore } from "~/lib/quotes/store.server";
import { startSftpServer } from "../../../tests/support/sftp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import type { BackupPlace } from "./config.server";
import { litestreamBinary, type LitestreamSupervisor, startLitestream } from "./litestream.server";
import { fileKey, folderObjects, LINK_KEY_OBJECT, openBackupObjects } from "./objects.server";
import { lastRehearsal, rehearseRestore, scheduleRehearsals } from "./rehearsal.server";
import {
  describeRestore,
  parseRestoreTime,
  restoreBackup,
  restoreCheckedDatabase,
  RESTORE_ATTEMPTS,
  RestoreError,
} from "./restore.server";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a write made at `since` is in the replica (Litestream looks at the database each second). */
async function replicated(supervisor: LitestreamSupervisor, since: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { lastCaughtUpAt, lagSeconds } = supervisor.status();
    if (lagSeconds === 0 && lastCaughtUpAt !== null && Date.parse(lastCaughtUpAt) > since + 1_500) return;
    if (Date.now() > deadline) throw new Error("Litestream did not catch up within 15 s");
    await sleep(100);
  }
}

/** A live data folder whose database Litestream replicates to the place, with stored files copied there too. */
async function liveBusiness(place: BackupPlace, objectsRoot: string | null) {
  const dataDir = tempDir("live");
  const store = QuoteStore.open(dataDir);
  stops.push(async () => store.close());
  const supervisor = await startLitestream({ dbFile: store.file, backup: { place, retentionDays: 30 }, log: () => {} });
  stops.push(() => supervisor.stop());
  const objects = objectsRoot ? folderObjects(objectsRoot) : null;
  const linkKey = randomBytes(32);
  await objects?.put(LINK_KEY_OBJECT, linkKey);
  let n = 0;
  return {
    store,
    supervisor,
    linkKey,
    objects,
    /** A request with its logo, copied to the backup as the copy queue does (`copied: false`: still waiting). */
    async addRequest(receivedAt: string, logo?: Buffer, { copied = true } = {}) {
      const { quote } = store.insert(buyerFields, submissionMeta(`restore-${++n}`), {
        notify: false,
        now: new Date(receivedAt),
      });
      if (logo && objects) {
        const { name } = store.files.writeSync("attachments", logo, { extension: "png" });
        if (copied) {
          await objects.put(fileKey("attachments", name), logo);
          store.db
            .prepare(
              `INSERT INTO backup_file_progress (id, copied_through) VALUES (1, (SELECT max(id) FROM stored_files))
                 ON CONFLICT (id) DO UPDATE SET copied_through = excluded.copied_through`,
            )
            .run();
        }
        return { reference: quote.reference, name };
      }
      return { reference: quote.reference, name: null };
    },
  };
}

/** A live business backed up to a folder, with one request and its 100 KB logo, replicated. */
async function folderBackupWithOneRequest() {
  const placeDir = join(tempDir("place"), "promo");
  const place = { kind: "file" as const, path: placeDir };
  const live = await liveBusiness(place, placeDir);
  const request = await live.addRequest("2026-11-28T08:00:00Z", randomBytes(100_000));
  await replicated(live.supervisor, Date.now());
  return { placeDir, place, live, request };
}

const references = (dir: string) => {
  const db = new Sqlite(join(dir, "quotes.db"), { readonly: true });
  try {
    return db.prepare("SELECT reference FROM quotes ORDER BY id").pluck().all();
  } finally {
    db.close();
  }
};

describe("restore", { timeout: 60_000 }, () => {
  it("rebuilds a data folder from a folder backup: the newest state, or the state at a time between two writes", async () => {
    const placeDir = join(tempDir("place"), "promo");
    const place = { kind: "file" as const, path: placeDir };
    const live = await liveBusiness(place, placeDir);
    const logo = randomBytes(200_000); // a real-size logo
    const first = await live.addRequest("2026-11-28T08:00:00Z", logo);
    await replicated(live.supervisor, Date.now());
    await sleep(1_000);
    const between = new Date();
    await sleep(1_000);
    const second = await live.addRequest("2026-11-28T09:30:00Z", randomBytes(50_000));
    await replicated(live.supervisor, Date.now());

    const newest = join(tempDir("restored"), "data");
    const summary = await restoreBackup({ place, to: newest });
    expect(summary).toEqual({
      requests: 2,
      orders: 0,
      invoices: 0,
      files: 2,
      newestRecordAt: "2026-11-28T09:30:00.000Z",
      notCopied: [],
      cutShortBefore: null,
    });
    expect(describeRestore(summary)).toBe(
      "2 requests, 0 orders, 0 invoices, 2 files.\nNewest record: 2026-11-28 14:30 PKT.",
    );
    expect(references(newest)).toEqual([first.reference, second.reference]);
    expect(readdirSync(newest).filter((name) => !/^quotes\.db-(wal|shm)$/.test(name))).toEqual([
      "attachments",
      "link.key",
      "quotes.db",
    ]);
    expect(readFileSync(join(newest, "attachments", first.name!))).toEqual(logo);
    expect(readFileSync(join(newest, "link.key"))).toEqual(live.linkKey);
    expect(statSync(join(newest, "link.key")).mode & 0o777).toBe(0o600);

    // The server opens the restored folder as before.
    const reopened = QuoteStore.open(newest);
    expect(reopened.count()).toBe(2);
    reopened.close();

    const earlier = tempDir("restored-earlier");
    const before = await restoreBackup({ place, to: earlier, at: between });
    expect(references(earlier)).toEqual([first.reference]);
    expect(before).toMatchObject({ requests: 1, files: 1, newestRecordAt: "2026-11-28T08:00:00.000Z" });
    expect(existsSync(join(earlier, "attachments", second.name!))).toBe(false);
  });

  it("refuses a folder that is not empty, and reports a stored file whose bytes changed in the backup", async () => {
    const {
      placeDir,
      place,
      request: { name },
    } = await folderBackupWithOneRequest();

    const full = tempDir("full");
    writeFileSync(join(full, "notes.txt"), "the owner's notes");
    await expect(restoreBackup({ place, to: full })).rejects.toThrow(
      new RestoreError(`${full} is not empty: restore into a new or empty folder, nothing is overwritten.`),
    );
    expect(readFileSync(join(full, "notes.txt"), "utf8")).toBe("the owner's notes");

    // One byte changed in the backup's copy.
    const copy = join(placeDir, "files", "attachments", name!);
    const bytes = readFileSync(copy);
    bytes[5_000] = bytes[5_000]! ^ 0xff;
    writeFileSync(copy, bytes);
    const target = join(tempDir("restored"), "data");
    await expect(restoreBackup({ place, to: target })).rejects.toThrow(
      `1 file check failed:\nattachments/${name} in the backup does not match its recorded SHA-256 (changed or damaged).`,
    );
    expect(existsSync(join(target, "attachments", name!))).toBe(false);
  });

  it("says so when there is no backup to restore", async () => {
    const place = { kind: "file" as const, path: join(tempDir("empty-place"), "promo") };
    mkdirSync(place.path);
    await expect(restoreBackup({ place, to: join(tempDir("restored"), "data") })).rejects.toThrow(
      `No backup of the database in Folder ${place.path}.`,
    );
  });

  it("runs Litestream again when it gives up half way, falls back to the state before the last segment, and says how often it tried", async () => {
    const {
      placeDir,
      place,
      live,
      request: { reference },
    } = await folderBackupWithOneRequest();

    // Litestream as an SFTP link lost half way leaves it: its first `failures` restores fail (of the newest
    // state only, when `newest-only` exists, as a cut-off last segment makes them).
    const folder = tempDir("flaky-litestream");
    const litestream = join(folder, "litestream");
    const gaveUp = 'time=2026-11-29T19:44:19.077Z level=ERROR msg="failed to run" error="context canceled"';
    writeFileSync(
      litestream,
      `#!/bin/sh\nif [ "$1" = restore ]; then\n` +
        `  runs=$(($(cat ${folder}/runs 2>/dev/null || echo 0) + 1)); echo $runs > ${folder}/runs\n` +
        `  case "$*" in *-timestamp*) [ -f ${folder}/newest-only ] && exec ${litestreamBinary()} "$@";; esac\n` +
        `  if [ $runs -le $(cat ${folder}/failures) ]; then echo '${gaveUp}' >&2; exit 1; fi\n` +
        `fi\nexec ${litestreamBinary()} "$@"\n`,
      { mode: 0o755 },
    );
    const runs = () => Number(readFileSync(join(folder, "runs"), "utf8"));
    const again = (failures: number) => {
      writeFileSync(join(folder, "failures"), String(failures));
      writeFileSync(join(folder, "runs"), "0");
      return join(tempDir("restored"), "data");
    };

    let target = again(1);
    expect(await restoreBackup({ place, to: target, litestream })).toMatchObject({
      requests: 1,
      files: 1,
      cutShortBefore: null,
    });
    expect(runs()).toBe(2);
    expect(references(target)).toEqual([reference]);

    // Every run fails: three of the newest state, three of the state before the last segment.
    await expect(restoreBackup({ place, to: again(99), litestream })).rejects.toThrow(
      new RestoreError(`Litestream could not restore the database from Folder ${placeDir}: ${gaveUp} (3 attempts)`),
    );
    expect(runs()).toBe(2 * RESTORE_ATTEMPTS);

    // Only the newest state fails, as on a cut-off last segment: the state before it comes back, and says so.
    await sleep(1_000); // the next segment in a second of its own, as Litestream writes one a second
    const writtenAt = Date.now();
    await live.addRequest("2026-11-28T08:00:05Z");
    await replicated(live.supervisor, Date.now());
    writeFileSync(join(folder, "newest-only"), "");
    target = again(99);
    const summary = await restoreBackup({ place, to: target, litestream });
    expect(runs()).toBe(RESTORE_ATTEMPTS + 1);
    expect(references(target)).toEqual([reference]);
    expect(Date.parse(summary.cutShortBefore!)).toBeGreaterThan(writtenAt - 2_000);
    expect(Date.parse(summary.cutShortBefore!)).toBeLessThan(Date.now());
    expect(describeRestore(summary)).toContain(
      `The backup's last piece of the database could not be read (cut off as the machine was lost, or the link dropped each time): restored as it was just before, at ${pakistanTime(summary.cutShortBefore!)}.`,
    );
  });

  it("restores a machine lost while a file waited to be copied, naming the file, and fails on one that was copied", async () => {
    const placeDir = join(tempDir("place"), "promo");
    const place = { kind: "file" as const, path: placeDir };
    const live = await liveBusiness(place, placeDir);
    const copied = await live.addRequest("2026-11-28T08:00:00Z", randomBytes(100_000));
    const waiting = await live.addRequest("2026-11-28T08:00:05Z", randomBytes(100_000), { copied: false });
    await replicated(live.supervisor, Date.now());

    const target = join(tempDir("restored"), "data");
    const summary = await restoreBackup({ place, to: target });
    expect(summary).toMatchObject({ requests: 2, files: 1, notCopied: [`attachments/${waiting.name}`] });
    expect(describeRestore(summary)).toContain(
      `1 file stored in the last seconds before the backup ended had not been copied yet and could not be restored: attachments/${waiting.name}.`,
    );
    expect(existsSync(join(target, "attachments", copied.name!))).toBe(true);

    await live.objects!.remove(fileKey("attachments", copied.name!));
    await expect(restoreBackup({ place, to: join(tempDir("restored-again"), "data") })).rejects.toThrow(
      `1 file check failed:\nattachments/${copied.name} is not in the backup.`,
    );
  });

  it("restores the database from an SFTP replica", async () => {
    const sftp = await startSftpServer();
    stops.push(() => sftp.stop());
    const place = sftp.place("promo");
    const live = await liveBusiness(place, null);
    const { reference } = await live.addRequest("2026-11-28T08:00:00Z");
    await replicated(live.supervisor, Date.now());
    // Stored files reach SFTP through the files' own copy: the database alone here.
    const target = tempDir("restored");
    await restoreCheckedDatabase(place, join(target, "quotes.db"));
    expect(references(target)).toEqual([reference]);
  });

  it("restores an SFTP replica whose last WAL segment was cut off by the machine's loss, to the state before it", async () => {
    const sftp = await startSftpServer();
    stops.push(() => sftp.stop());
    const place = sftp.place("promo");
    const live = await liveBusiness(place, null);
    const first = await live.addRequest("2026-11-28T08:00:00Z");
    await replicated(live.supervisor, Date.now());
    await sleep(1_000); // the next segment in a second of its own, as Litestream writes one a second
    await live.addRequest("2026-11-28T08:00:05Z");
    await replicated(live.supervisor, Date.now());
    await live.supervisor.stop();
    // Litestream writes a segment in place over SFTP: a machine lost half way leaves it cut off.
    const segments = readdirSync(sftp.root, { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".wal.lz4"))
      .map((path) => join(sftp.root, path))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    const last = segments.at(-1)!;
    writeFileSync(last, readFileSync(last).subarray(0, statSync(last).size >> 1));

    const objects = openBackupObjects(place);
    await objects.put(LINK_KEY_OBJECT, live.linkKey);
    await objects.close();

    const target = join(tempDir("restored"), "data");
    const summary = await restoreBackup({ place, to: target, listFiles: () => [] });
    expect(references(target)).toEqual([first.reference]);
    expect(summary.requests).toBe(1);
    expect(Date.parse(summary.cutShortBefore!)).toBeLessThan(statSync(last).mtimeMs);
    expect(describeRestore(summary)).toContain(
      `The backup's last piece of the database could not be read (cut off as the machine was lost, or the link dropped each time): restored as it was just before, at ${pakistanTime(summary.cutShortBefore!)}.`,
    );
  });
});

describe("the --at time", () => {
  it("is Pakistan time unless it carries a zone", () => {
    expect(parseRestoreTime("2026-11-28 14:00").toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(parseRestoreTime("2026-11-28T14:00:30").toISOString()).toBe("2026-11-28T09:00:30.000Z");
    expect(parseRestoreTime("2026-11-28 14:00Z").toISOString()).toBe("2026-11-28T14:00:00.000Z");
    expect(parseRestoreTime("2026-11-28T14:00+0100").toISOString()).toBe("2026-11-28T13:00:00.000Z");
    expect(() => parseRestoreTime("yesterday")).toThrow(RestoreError);
    expect(() => parseRestoreTime("2026-11-28")).toThrow(RestoreError);
  });
});

describe("rehearsal", { timeout: 60_000 }, () => {
  it("restores to a temporary folder, records what it found, and records a failure with its reason", async () => {
    const {
      place,
      live,
      request: { name },
    } = await folderBackupWithOneRequest();
    expect(lastRehearsal(live.store.db)).toBeNull();

    const scratchDir = tempDir("scratch");
    const passed = await rehearseRestore({ db: live.store.db, place, scratchDir });
    expect(passed).toMatchObject({
      ok: true,
      requests: 1,
      files: 1,
      newestRecordAt: "2026-11-28T08:00:00.000Z",
      problem: null,
    });
    expect(lastRehearsal(live.store.db)).toEqual(passed);

    await live.objects!.remove(fileKey("attachments", name!));
    const failed = await rehearseRestore({ db: live.store.db, place, scratchDir });
    expect(failed).toMatchObject({
      ok: false,
      problem: `1 file check failed:\nattachments/${name} is not in the backup.`,
    });
    expect(lastRehearsal(live.store.db)).toEqual(failed);
    expect(readdirCount(scratchDir)).toBe(0); // nothing left behind
  });

  it("runs again a day after the last one (here 3 s), and a press while one runs waits for that one", async () => {
    const placeDir = join(tempDir("place"), "promo");
    const place = { kind: "file" as const, path: placeDir };
    const live = await liveBusiness(place, placeDir);
    await live.addRequest("2026-11-28T08:00:00Z");
    await replicated(live.supervisor, Date.now());
    const results: boolean[] = [];
    const rehearsals = scheduleRehearsals({
      db: live.store.db,
      place,
      everyMs: 3_000,
      onResult: (record) => results.push(record.ok),
    });
    stops.push(() => rehearsals.stop());
    const pressed = [rehearsals.runNow(), rehearsals.runNow()];
    expect(pressed[0]).toBe(pressed[1]);
    expect((await pressed[0])!.ok).toBe(true);
    expect(results).toEqual([true]);
    const deadline = Date.now() + 10_000;
    while (results.length < 2 && Date.now() < deadline) await sleep(100);
    expect(results).toEqual([true, true]);
    const count = live.store.db.prepare("SELECT count(*) FROM backup_rehearsals").pluck().get();
    expect(count).toBe(2);
  });
});

const readdirCount = (dir: string) => readdirSync(dir).length;
