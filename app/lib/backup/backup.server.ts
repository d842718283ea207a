import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { readOrCreateKey } from "~/lib/secrets.server";
import { type BackupConfig, describePlace } from "./config.server";
import { fileCopies } from "./file-copies.server";
import { startLitestream, type LitestreamSupervisor } from "./litestream.server";
import { openBackupObjects } from "./objects.server";
import { lastRehearsal, scheduleRehearsals } from "./rehearsal.server";
import { LINK_KEY_FILE } from "./restore.server";
import type { BackupStatus, RehearsalRecord } from "./status";

/** Where rehearsals restore to: the data folder's own disk (a restore can be as large as the data). */
export const REHEARSAL_DIR = "rehearsals";

export type RunningBackup = {
  /** In memory: cheap enough for every `/healthz` and page. */
  status(): BackupStatus;
  /** Restores the backup to a temporary folder now, checks it and records the result. */
  rehearseNow(): Promise<RehearsalRecord>;
  /** A file was stored: copy it now. */
  fileStored(): void;
  stop(): Promise<void>;
};

/**
 * The whole backup of a data folder, started with the server after the database is migrated: Litestream
 * replicating the database, the stored files copied as they are stored (with the link key), and a
 * rehearsed restore once a day. Nothing here refuses or delays a write when the place is down.
 */
export function startBackup({
  db,
  dbFile,
  dataDir,
  config,
  log = console.log,
}: {
  db: Database.Database;
  dbFile: string;
  dataDir: string;
  config: BackupConfig;
  log?: (message: string) => void;
}): RunningBackup {
  // The link key exists from the start, so every restore has one to bring back (buyers' links open after it).
  readOrCreateKey(join(dataDir, LINK_KEY_FILE));
  const place = describePlace(config.place);
  const objects = openBackupObjects(config.place);
  const copies = fileCopies({ db, dataDir, objects, retentionDays: config.retentionDays, log });
  copies.start();

  let litestream: LitestreamSupervisor | null = null;
  let litestreamProblem: string | null = null;
  let stopped = false;
  const litestreamStarted = startLitestream({ dbFile, backup: config }).then(
    (supervisor) => {
      if (stopped) return supervisor.stop();
      litestream = supervisor;
    },
    (error: unknown) => {
      litestreamProblem = `Litestream did not start: ${error instanceof Error ? error.message : String(error)}`;
      log(litestreamProblem);
    },
  );

  const scratchDir = join(dataDir, REHEARSAL_DIR);
  mkdirSync(scratchDir, { recursive: true, mode: 0o700 });
  let rehearsal = lastRehearsal(db);
  const rehearsals = scheduleRehearsals({
    db,
    place: config.place,
    scratchDir,
    onResult: (record) => {
      rehearsal = record;
      if (!record.ok) log(`Backup rehearsal failed: ${record.problem}`);
    },
  });
  log(`Backing up to ${place}.`);

  return {
    status: () => ({
      place,
      database: litestream?.status() ?? {
        running: false,
        lagSeconds: null,
        lastCaughtUpAt: null,
        error: litestreamProblem,
      },
      files: copies.status(),
      lastRehearsal: rehearsal,
    }),
    rehearseNow: () => rehearsals.runNow(),
    fileStored: () => copies.kick(),
    async stop() {
      stopped = true;
      await rehearsals.stop();
      await copies.stop();
      await objects.close();
      await litestreamStarted;
      await litestream?.stop();
    },
  };
}
