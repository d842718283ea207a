import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { BackupPlace } from "./config.server";
import { type ListFiles, restoreBackup, RestoreError } from "./restore.server";
import { backupRehearsals } from "./schema";
import type { RehearsalRecord } from "./status";

/**
 * The rehearsed restore: the backup restored to a temporary folder by the same code as `npm run restore`,
 * checked the same way, the result recorded, the folder removed. Once a day, and when an owner asks.
 */

const DAY_MS = 24 * 3_600_000;

export type RehearsalOptions = {
  /** The live database, where the result is recorded. */
  db: Database.Database;
  place: BackupPlace;
  /** The files module's `liveStoredFiles` by default. */
  listFiles?: ListFiles;
  /** Where the temporary folder is made; the system's temporary folder by default. */
  scratchDir?: string;
};

/** Restores the backup to a temporary folder, checks it, records and returns the result; never throws for a failed check. */
export async function rehearseRestore({
  db,
  place,
  listFiles,
  scratchDir,
}: RehearsalOptions): Promise<RehearsalRecord> {
  const started = Date.now();
  const scratch = await mkdtemp(join(scratchDir ?? tmpdir(), "rehearsal-"));
  let record: RehearsalRecord;
  try {
    // Files still in the copy queue of a live backup are expected, and so is a WAL segment being written
    // while the rehearsal reads; what was copied is checked.
    const {
      notCopied: _waiting,
      cutShortBefore: _beingWritten,
      ...summary
    } = await restoreBackup({ place, to: join(scratch, "data"), listFiles });
    record = {
      at: new Date(started).toISOString(),
      ok: true,
      durationMs: Date.now() - started,
      ...summary,
      problem: null,
    };
  } catch (error) {
    const problem =
      error instanceof RestoreError
        ? error.message
        : `The restore stopped: ${(error as Error)?.message ?? String(error)}`;
    record = {
      at: new Date(started).toISOString(),
      ok: false,
      durationMs: Date.now() - started,
      requests: 0,
      orders: 0,
      invoices: 0,
      files: 0,
      newestRecordAt: null,
      problem: problem.slice(0, 2_000),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  drizzle({ client: db })
    .insert(backupRehearsals)
    .values({
      startedAt: record.at,
      ok: record.ok,
      durationMs: record.durationMs,
      requests: record.requests,
      orders: record.orders,
      invoices: record.invoices,
      files: record.files,
      newestRecordAt: record.newestRecordAt,
      problem: record.problem,
    })
    .run();
  return record;
}

/** The latest rehearsal, or null before the first. */
export function lastRehearsal(db: Database.Database): RehearsalRecord | null {
  const row = drizzle({ client: db }).select().from(backupRehearsals).orderBy(desc(backupRehearsals.id)).limit(1).get();
  if (!row) return null;
  const { startedAt, id: _id, ...rest } = row;
  return { at: startedAt, ...rest };
}

export type Rehearsals = {
  /** Rehearses now (an owner's button); a rehearsal already running is awaited rather than started twice. */
  runNow(): Promise<RehearsalRecord>;
  stop(): Promise<void>;
};

/**
 * A rehearsal once a day: the first when a day has passed since the last recorded one (so restarts do not
 * repeat it; a minute after start when there is none), then a day after each.
 */
export function scheduleRehearsals(
  options: RehearsalOptions & { everyMs?: number; onResult?: (record: RehearsalRecord) => void },
): Rehearsals {
  const everyMs = options.everyMs ?? DAY_MS;
  let running: Promise<RehearsalRecord> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  // Each rehearsal, daily or pressed, sets the next one a day after it.
  const runNow = () => {
    running ??= rehearseRestore(options)
      .then((record) => {
        options.onResult?.(record);
        return record;
      })
      .finally(() => {
        running = null;
        schedule(everyMs);
      });
    return running;
  };
  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow().catch((error: unknown) => console.error("Backup rehearsal could not be recorded:", error));
    }, delay);
    timer.unref();
  };
  const last = lastRehearsal(options.db);
  schedule(last ? Math.max(0, Date.parse(last.at) + everyMs - Date.now()) : 60_000);

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
