import { statfsSync } from "node:fs";
import { backupLagSeconds, type BackupStatus, type RehearsalRecord } from "~/lib/backup/status";
import type { MailboxReads } from "~/lib/mailbox/reader.server";

/**
 * Where the backup's status comes from: the Litestream supervisor and the file copy worker, wired by
 * the service. `rehearseNow`, when given, restores the backup to a temporary folder now and records it.
 */
export type BackupProvider = {
  status(): BackupStatus;
  rehearseNow?: () => Promise<RehearsalRecord>;
};

/** Before a backup is wired, or with BACKUP_URL unset: nothing is copied anywhere, and it says so. */
export const noBackup: BackupProvider = {
  status: () => ({
    place: null,
    database: { running: false, lagSeconds: null, lastCaughtUpAt: null, error: null },
    files: { backlog: 0, oldestWaitingSince: null, lastCopiedAt: null, error: null },
    lastRehearsal: null,
  }),
};

/** Space on the disk of the data folder. */
export type DiskSpace = { freeBytes: number; totalBytes: number; freePercent: number };

/** Below this share of the data disk free, the owners are e-mailed. */
export const MIN_FREE_DISK_PERCENT = 10;

/** The space left to an unprivileged process on the disk holding `dir`; null when the system cannot say. */
export function diskSpace(dir: string): DiskSpace | null {
  try {
    const stats = statfsSync(dir);
    const totalBytes = stats.blocks * stats.bsize;
    const freeBytes = stats.bavail * stats.bsize;
    if (totalBytes <= 0) return null;
    return { freeBytes, totalBytes, freePercent: (freeBytes / totalBytes) * 100 };
  } catch {
    return null;
  }
}

/** The mailbox reader as the System page shows it: off (IMAP_URL unset) or its last reads. */
export type MailboxState = { read: false } | ({ read: true } & MailboxReads);

/** Everything the System page shows, read at once. */
export type SystemStatus = {
  /** UTC ISO. */
  checkedAt: string;
  backup: BackupStatus;
  /** How far behind the backup is overall (backupLagSeconds); null when there is none or not yet measured. */
  backupLagSeconds: number | null;
  /** Messages (e-mail and WhatsApp) waiting in the outbox. */
  outboxBacklog: number;
  emailOn: boolean;
  mailbox: MailboxState;
  disk: DiskSpace | null;
};

export type SystemSources = {
  backup: () => BackupStatus;
  outboxBacklog: () => number;
  emailOn: boolean;
  mailbox: () => MailboxState;
  disk: () => DiskSpace | null;
};

export function systemStatus(sources: SystemSources, now = Date.now()): SystemStatus {
  const backup = sources.backup();
  return {
    checkedAt: new Date(now).toISOString(),
    backup,
    backupLagSeconds: backupLagSeconds(backup, now),
    outboxBacklog: sources.outboxBacklog(),
    emailOn: sources.emailOn,
    mailbox: sources.mailbox(),
    disk: sources.disk(),
  };
}
