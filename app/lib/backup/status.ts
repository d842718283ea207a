/**
 * What the backup reports to the System page, `/healthz` and the owners' alerts. The database's part comes
 * from the Litestream supervisor, the files' part from the file copy queue, the rehearsal from its record.
 */
export type BackupStatus = {
  /** Where the backup goes, described without secrets (e.g. "SFTP backup@nas.example:22 /srv/promo"); null when BACKUP_URL is unset. */
  place: string | null;
  database: DatabaseBackupStatus;
  files: FileBackupStatus;
  lastRehearsal: RehearsalRecord | null;
};

export type DatabaseBackupStatus = {
  /** Whether Litestream runs now. */
  running: boolean;
  /** Seconds the replica is behind the database (0 when caught up); null before the first measure. */
  lagSeconds: number | null;
  /** When the replica was last seen caught up, UTC ISO. */
  lastCaughtUpAt: string | null;
  /** The last error Litestream reported, in words, or null. */
  error: string | null;
};

export type FileBackupStatus = {
  /** Stored files not yet copied to the backup place. */
  backlog: number;
  /** When the oldest of them was stored, UTC ISO; null when none waits. */
  oldestWaitingSince: string | null;
  /** When a file was last copied, UTC ISO. */
  lastCopiedAt: string | null;
  /** Why the last copy failed, in words, or null. */
  error: string | null;
};

/** One restore of the backup to a temporary folder and its checks, as recorded. */
export type RehearsalRecord = {
  /** When it started, UTC ISO. */
  at: string;
  ok: boolean;
  durationMs: number;
  requests: number;
  orders: number;
  invoices: number;
  files: number;
  /** The newest record's time in the restored database, UTC ISO. */
  newestRecordAt: string | null;
  /** What failed, in words; null when it passed. */
  problem: string | null;
};

/** How far behind the backup may fall before `/healthz` answers 503 and the owners are e-mailed. */
export const MAX_BACKUP_LAG_SECONDS = 15 * 60;

/** How far behind the backup is overall: the database's lag, or how long the oldest file has waited. */
export function backupLagSeconds(status: BackupStatus, now = Date.now()): number | null {
  if (!status.place) return null;
  const fileLag = status.files.oldestWaitingSince
    ? Math.max(0, Math.round((now - Date.parse(status.files.oldestWaitingSince)) / 1000))
    : 0;
  if (status.database.lagSeconds === null) return status.files.oldestWaitingSince ? fileLag : null;
  return Math.max(status.database.lagSeconds, fileLag);
}
