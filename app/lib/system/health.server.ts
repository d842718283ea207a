import { backupLagSeconds, type BackupStatus, MAX_BACKUP_LAG_SECONDS } from "~/lib/backup/status";

/** A check /healthz makes: each is "ok" or names itself in `failing`. */
export type HealthCheck = "database" | "backup";

/**
 * What /healthz answers, for the process manager and an uptime checker: no personal data, no paths,
 * not where the backup goes; only whether it is set and how far behind it is.
 */
export type HealthReport = {
  status: "ok" | "failing";
  database: "ok" | "failing";
  backup: { configured: boolean; lagSeconds: number | null };
  /** E-mails waiting in the outbox; null when the database did not answer. */
  outboxBacklog: number | null;
  failing: HealthCheck[];
};

export type HealthSources = {
  /** Asks the database something (SELECT 1): throws when it does not answer. */
  pingDatabase: () => void;
  backupStatus: () => BackupStatus;
  outboxBacklog: () => number;
};

/** The report and its HTTP status: 503 when the database does not answer or the backup is over 15 minutes behind. */
export function healthReport(sources: HealthSources, now = Date.now()): { status: 200 | 503; report: HealthReport } {
  const failing: HealthCheck[] = [];
  let database: HealthReport["database"] = "ok";
  let outboxBacklog: number | null = null;
  try {
    sources.pingDatabase();
    outboxBacklog = sources.outboxBacklog();
  } catch {
    database = "failing";
    failing.push("database");
  }
  let backup: HealthReport["backup"] = { configured: false, lagSeconds: null };
  try {
    const status = sources.backupStatus();
    const lagSeconds = backupLagSeconds(status, now);
    backup = { configured: status.place !== null, lagSeconds };
    if (lagSeconds !== null && lagSeconds > MAX_BACKUP_LAG_SECONDS) failing.push("backup");
  } catch {
    // A status that cannot be read is a backup nobody can vouch for.
    backup = { configured: true, lagSeconds: null };
    failing.push("backup");
  }
  const report: HealthReport = {
    status: failing.length ? "failing" : "ok",
    database,
    backup,
    outboxBacklog,
    failing,
  };
  return { status: failing.length ? 503 : 200, report };
}
