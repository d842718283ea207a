import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type Database from "better-sqlite3";
import { backoffDelay } from "~/lib/backoff";
import { pakistanTime } from "~/lib/desk/time";
import { areaFolder, type FileArea, fileAreas, liveStoredFiles } from "~/lib/files/registry.server";
import { Sqlite, sqliteLibrary } from "~/lib/db/database.server";
import { type BackupConfig, type BackupPlace, describePlace } from "./config.server";
import { litestreamBinary, litestreamConfig, writeLitestreamConfig } from "./litestream.server";
import { checkKey, fileKey, LINK_KEY_OBJECT, openBackupObjects } from "./objects.server";

/**
 * Rebuilds a data folder from the backup: the database from Litestream's replica (the newest state or a
 * point in time), checked (integrity, foreign keys), then every stored file the restored database lists,
 * each checked against its recorded SHA-256, and the link key. `npm run restore` and the daily rehearsal
 * both run this.
 */

/** The restored database's name in the data folder (as the server opens it). */
export const RESTORED_DB_FILE = "quotes.db";
/** The link key's name in the data folder. */
export const LINK_KEY_FILE = "link.key";

/** A stored file as the restored database records it. */
export type RecordedFile = { id?: number; area: string; name: string; sha256: string; byteSize: number };
/** Lists the files the database says are stored now: the files module's `liveStoredFiles`. */
export type ListFiles = (db: Database.Database) => RecordedFile[];

const FILE_AREAS = new Set<string>(fileAreas);

export type RestoreSummary = {
  requests: number;
  orders: number;
  invoices: number;
  files: number;
  /** The newest record's time in the restored database, UTC ISO. */
  newestRecordAt: string | null;
  /**
   * Files still waiting in the copy queue when the backup ended (the machine lost seconds after storing
   * them): their rows came back, the files could not. Any other missing file fails the restore.
   */
  notCopied: string[];
  /**
   * When the newest state could not be restored but the one before the backup's last WAL segment could
   * (that segment cut off as the machine was lost while Litestream wrote it over SFTP), the instant before
   * it, UTC ISO: the database is restored to then, a second or so before the end.
   */
  cutShortBefore: string | null;
};

/** What the restored database holds, counted from its own tables. */
type RecordCounts = Omit<RestoreSummary, "files" | "notCopied" | "cutShortBefore">;

/** A restore that could not be done or whose checks failed: the message says which, in words. */
export class RestoreError extends Error {}

export type RestoreOptions = {
  place: BackupPlace;
  /** The data folder to fill: made when missing, refused when not empty. */
  to: string;
  /** Restore the state at this instant instead of the newest. */
  at?: Date | null;
  listFiles?: ListFiles;
  /** The Litestream program (tests give a stand-in that fails on cue). */
  litestream?: string;
};

/** SHA-256 in slices of 4 MB, letting other work run between them: a large file never holds the thread long. */
async function sha256(data: Buffer): Promise<string> {
  const hash = createHash("sha256");
  const slice = 4 * 1024 * 1024;
  for (let start = 0; start < data.length; start += slice) {
    hash.update(data.subarray(start, start + slice));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest("hex");
}

/** Restores the backup into `to` and checks it; throws RestoreError naming what failed. */
export async function restoreBackup({
  place,
  to,
  at = null,
  listFiles = liveStoredFiles,
  litestream = litestreamBinary(),
}: RestoreOptions): Promise<RestoreSummary> {
  const folder = resolve(to);
  await refuseFull(folder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const dbFile = join(folder, RESTORED_DB_FILE);

  const cutShortBefore = await restoreCheckedDatabase(place, dbFile, at, litestream);

  const db = new Sqlite(dbFile, { readonly: true });
  let recorded: RecordedFile[];
  let counts: RecordCounts;
  let copiedThrough: number;
  try {
    recorded = listFiles(db);
    counts = countRecords(db);
    copiedThrough = copiedThroughOf(db);
  } catch (error) {
    throw new RestoreError(
      `The restored database cannot be read by this release (${(error as Error).message}): ` +
        "restore with the release that made the backup.",
    );
  } finally {
    db.close();
  }

  const objects = openBackupObjects(place);
  const problems: string[] = [];
  const notCopied: string[] = [];
  try {
    for (const file of recorded) {
      const problem = await restoreFile(objects, folder, file);
      if (!problem) continue;
      if (problem.missing && file.id !== undefined && file.id > copiedThrough) notCopied.push(problem.label);
      else problems.push(problem.text);
    }
    const linkKey = await objects.get(LINK_KEY_OBJECT);
    if (!linkKey) problems.push("The link key (keys/link.key) is not in the backup: buyers' links would not open.");
    else await writeFile(join(folder, LINK_KEY_FILE), linkKey, { mode: 0o600, flag: "wx" });
  } finally {
    await objects.close();
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join("\n");
    throw new RestoreError(
      `${problems.length} file check${problems.length === 1 ? "" : "s"} failed:\n${shown}` +
        (problems.length > 10 ? `\n… and ${problems.length - 10} more.` : ""),
    );
  }
  return { ...counts, files: recorded.length - notCopied.length, notCopied, cutShortBefore };
}

/** The last stored file the backup's copy queue had copied (every one up to it is there); 0 if none. */
function copiedThroughOf(db: Database.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'backup_file_progress'").get();
  // A database from before the queue: every recorded file must be there.
  if (!table) return Number.POSITIVE_INFINITY;
  return (db.prepare("SELECT copied_through FROM backup_file_progress WHERE id = 1").pluck().get() as number) ?? 0;
}

/**
 * The database alone: restored by Litestream into `dbFile` (which must not exist) and checked. Returns the
 * instant it was restored to when the newest state could not be, only the state before the last WAL segment.
 */
export async function restoreCheckedDatabase(
  place: BackupPlace,
  dbFile: string,
  at: Date | null = null,
  litestream = litestreamBinary(),
): Promise<string | null> {
  const cutShortBefore = await restoreDatabase(place, dbFile, at, litestream);
  await checkDatabase(dbFile);
  return cutShortBefore;
}

async function refuseFull(folder: string) {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw new RestoreError(`Cannot read ${folder}: ${(error as Error).message}`);
  }
  if (names.length > 0)
    throw new RestoreError(`${folder} is not empty: restore into a new or empty folder, nothing is overwritten.`);
}

/** How often Litestream is run before a restore fails: a link to the place may drop for a moment. */
export const RESTORE_ATTEMPTS = 3;

/**
 * Litestream restores the database file from the replica, given a configuration of its own in a private
 * temporary folder. A failure other than "no backup" is tried again, a second and then two later, as an
 * SFTP or S3 connection lost half way makes Litestream give up. Over SFTP, Litestream writes a WAL segment
 * in place, so a machine lost during a write leaves that last segment cut off, and every restore of the
 * newest state fails on it: in its own words "cannot download wal", or "context canceled" when another
 * download was waited on as that one failed. So when the newest state fails every time, the state just
 * before the last segment is restored instead, and the instant returned.
 */
async function restoreDatabase(
  place: BackupPlace,
  dbFile: string,
  at: Date | null,
  litestream: string,
): Promise<string | null> {
  const scratch = await mkdtemp(join(tmpdir(), "restore-"));
  // Litestream builds the file beside as <name>.tmp, and may leave it and its WAL files when it fails.
  const leftovers = [`${dbFile}.tmp`, `${dbFile}.tmp-wal`, `${dbFile}.tmp-shm`];
  const configFile = join(scratch, "litestream.yml");
  /** Null once restored, else Litestream's last words and whether they mean there is no backup then. */
  const restoreAt = async (instant: Date | null) => {
    const args = ["restore", "-config", configFile, "-o", dbFile];
    if (instant) args.push("-timestamp", instant.toISOString());
    args.push(dbFile);
    for (let attempt = 1; ; attempt++) {
      const { code, output } = await run(litestream, args);
      if (code === 0) return null;
      const reason = output.trim().split("\n").at(-1) ?? "";
      for (const leftover of [dbFile, ...leftovers]) await rm(leftover, { force: true });
      const noBackup = /no matching backups|no snapshots available|no generation/i.test(reason);
      if (noBackup || attempt === RESTORE_ATTEMPTS) return { reason, noBackup };
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt - 1)));
    }
  };
  try {
    const backup: BackupConfig = { place, retentionDays: 1 };
    await writeLitestreamConfig(configFile, litestreamConfig(dbFile, backup, null));
    const failure = await restoreAt(at);
    if (failure === null) return null;
    if (failure.noBackup)
      throw new RestoreError(
        `No backup of the database ${at ? `at ${pakistanTime(at.toISOString())} ` : ""}in ${describePlace(place)}.`,
      );
    const lastSegment = at === null ? await lastSegmentAt() : null;
    if (lastSegment) {
      // Litestream knows a segment's time to the second: everything written from that second on is left out.
      const before = new Date(lastSegment.getTime() - 1);
      if ((await restoreAt(before)) === null) return before.toISOString();
    }
    throw new RestoreError(
      `Litestream could not restore the database from ${describePlace(place)}: ${failure.reason} (${RESTORE_ATTEMPTS} attempts)`,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
    for (const leftover of leftovers) await rm(leftover, { force: true });
  }

  /** When the newest WAL segment was written, of all that `litestream wal` lists (a table under a header). */
  async function lastSegmentAt(): Promise<Date | null> {
    const { code, output } = await run(litestream, ["wal", "-config", configFile, dbFile], true);
    if (code !== 0) return null;
    const times = output
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => Date.parse(line.trim().split(/\s+/).at(-1) ?? ""))
      .filter((time) => !Number.isNaN(time));
    return times.length > 0 ? new Date(Math.max(...times)) : null;
  }
}

/**
 * The database's own checks, run in a child process: on a large database they take seconds, which the
 * server's request thread must not wait through.
 */
async function checkDatabase(dbFile: string) {
  const library = createRequire(import.meta.url).resolve(sqliteLibrary);
  const script = `
    const Sqlite = require(process.argv[1]);
    const db = new Sqlite(process.argv[2], { readonly: true });
    const integrity = db.pragma("integrity_check").map((row) => row.integrity_check);
    const foreignKeys = db.pragma("foreign_key_check");
    process.stdout.write(JSON.stringify({ integrity, foreignKeys }));
    db.close();`;
  const { code, output } = await run(process.execPath, ["-e", script, library, dbFile], true);
  if (code !== 0) throw new RestoreError(`The restored database could not be checked: ${output.trim()}`);
  const { integrity, foreignKeys } = JSON.parse(output) as {
    integrity: string[];
    foreignKeys: { table: string; rowid: number; parent: string }[];
  };
  if (integrity.length !== 1 || integrity[0] !== "ok")
    throw new RestoreError(`The restored database fails its integrity check:\n${integrity.slice(0, 10).join("\n")}`);
  if (foreignKeys.length > 0) {
    const first = foreignKeys[0]!;
    throw new RestoreError(
      `The restored database has ${foreignKeys.length} row${foreignKeys.length === 1 ? "" : "s"} without their parent ` +
        `(first: ${first.table} row ${first.rowid} → ${first.parent}).`,
    );
  }
}

/** Where each record's time is kept, newest wins; tables a database does not have yet are left out. */
const RECORD_TIMES: [table: string, column: string][] = [
  ["quotes", "received_at"],
  ["audit_events", "at"],
  ["orders", "created_at"],
  ["invoices", "issued_at"],
  ["messages", "created_at"],
];

function countRecords(db: Database.Database): RecordCounts {
  const columns = (table: string) =>
    new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name));
  const count = (table: string) =>
    columns(table).size > 0 ? (db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number) : 0;
  let newest: string | null = null;
  for (const [table, column] of RECORD_TIMES) {
    if (!columns(table).has(column)) continue;
    const value = db.prepare(`SELECT max("${column}") FROM "${table}"`).pluck().get() as string | null;
    if (value && !Number.isNaN(Date.parse(value)) && (!newest || Date.parse(value) > Date.parse(newest)))
      newest = new Date(Date.parse(value)).toISOString();
  }
  return { requests: count("quotes"), orders: count("orders"), invoices: count("invoices"), newestRecordAt: newest };
}

/** What is wrong with one stored file of the backup: missing, or not what was recorded. */
type FileProblem = { label: string; text: string; missing: boolean };

/** Fetches one stored file from the backup, checks it, writes it; returns what is wrong, or null. */
async function restoreFile(
  objects: ReturnType<typeof openBackupObjects>,
  folder: string,
  file: RecordedFile,
): Promise<FileProblem | null> {
  const label = `${file.area}/${file.name}`;
  const wrong = (text: string, missing = false) => ({ label, text, missing });
  let key: string;
  try {
    if (!FILE_AREAS.has(file.area)) throw new Error();
    key = checkKey(fileKey(file.area, file.name));
  } catch {
    return wrong(`${JSON.stringify(label)} is not a stored file's name.`);
  }
  const data = await objects.get(key);
  if (!data) return wrong(`${label} is not in the backup.`, true);
  // A row the registry's migration recorded is hashed when the server next opens; until then "" (unchecked).
  if (file.sha256 !== "" && (data.length !== file.byteSize || (await sha256(data)) !== file.sha256))
    return wrong(`${label} in the backup does not match its recorded SHA-256 (changed or damaged).`);
  const path = join(areaFolder(folder, file.area as FileArea), file.name);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, data, { mode: 0o600, flag: "wx" });
  return null;
}

/** Runs a program to its end, with its output (stdout, or stdout and stderr together). */
function run(file: string, args: string[], stdoutOnly = false): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      done({ code, output: stdoutOnly && code === 0 ? stdout : `${stdout}${stderr}` });
    });
  });
}

/**
 * The `--at` time: "2026-11-28 14:00" (or with seconds, or ISO with "T") in Pakistan time unless it
 * carries its own zone ("Z" or "+05:00").
 */
export function parseRestoreTime(text: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    text.trim(),
  );
  const instant = match ? Date.parse(`${match[1]}T${match[2]}${normaliseZone(match[3] ?? "+05:00")}`) : NaN;
  if (Number.isNaN(instant))
    throw new RestoreError(`--at must be a time like "2026-11-28 14:00" (Pakistan time) or "2026-11-28T09:00Z".`);
  return new Date(instant);
}

const normaliseZone = (zone: string) =>
  zone.toUpperCase() === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;

/** What was restored, in words, for the command and the logs. */
export function describeRestore(summary: RestoreSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return [
    `${plural(summary.requests, "request")}, ${plural(summary.orders, "order")}, ${plural(summary.invoices, "invoice")}, ${plural(summary.files, "file")}.`,
    `Newest record: ${summary.newestRecordAt ? pakistanTime(summary.newestRecordAt) : "none"}.`,
    ...(summary.cutShortBefore
      ? [
          `The backup's last piece of the database could not be read (cut off as the machine was lost, or the link dropped each time): restored as it was just before, at ${pakistanTime(summary.cutShortBefore)}.`,
        ]
      : []),
    ...(summary.notCopied.length
      ? [
          `${plural(summary.notCopied.length, "file")} stored in the last seconds before the backup ended had not been copied yet and could not be restored: ${summary.notCopied.slice(0, 10).join(", ")}${summary.notCopied.length > 10 ? " …" : ""}.`,
        ]
      : []),
  ].join("\n");
}
