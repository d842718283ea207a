import type Database from "better-sqlite3";
import { business } from "~/content/business";
import { MAX_BACKUP_LAG_SECONDS } from "~/lib/backup/status";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import { pakistanTime } from "~/lib/desk/time";
import { publicLink } from "~/lib/site-url";
import type { systemAlertKinds } from "./schema";
import { MIN_FREE_DISK_PERCENT, type SystemStatus } from "./status.server";
import { durationWords, bytesWords } from "./words";

export type SystemAlertKind = (typeof systemAlertKinds)[number];

/** Something the owners must hear about, found by one check. */
export type Trouble = { kind: SystemAlertKind; detail: string };

/** One incident, as recorded. */
export type SystemAlert = {
  id: number;
  kind: SystemAlertKind;
  detail: string;
  openedAt: string;
  clearedAt: string | null;
  mailedAt: string | null;
  mailAttempts: number;
  lastMailError: string | null;
};

/** The troubles a status shows: the backup over 15 minutes behind, the last rehearsal failed, the disk under 10 % free. */
export function troublesIn(status: SystemStatus): Trouble[] {
  const troubles: Trouble[] = [];
  const lag = status.backupLagSeconds;
  if (lag !== null && lag > MAX_BACKUP_LAG_SECONDS) {
    const reasons = [status.backup.database.error, status.backup.files.error].filter(Boolean).join("; ");
    const waiting = status.backup.files.backlog;
    troubles.push({
      kind: "backup-behind",
      detail:
        `The backup is ${durationWords(lag)} behind (${waiting} file${waiting === 1 ? "" : "s"} waiting)` +
        (reasons ? `: ${reasons}` : "."),
    });
  }
  const rehearsal = status.backup.lastRehearsal;
  if (rehearsal && !rehearsal.ok) {
    troubles.push({
      kind: "rehearsal-failed",
      detail: `The rehearsed restore of ${pakistanTime(rehearsal.at)} failed: ${rehearsal.problem ?? "no reason was recorded"}.`,
    });
  }
  if (status.disk && status.disk.freePercent < MIN_FREE_DISK_PERCENT) {
    troubles.push({
      kind: "disk-low",
      detail:
        `The data folder's disk has ${bytesWords(status.disk.freeBytes)} free of ${bytesWords(status.disk.totalBytes)} ` +
        `(${status.disk.freePercent.toFixed(1)} %).`,
    });
  }
  return troubles;
}

const subjects: Record<SystemAlertKind, string> = {
  "backup-behind": "The backup is more than 15 minutes behind",
  "rehearsal-failed": "The rehearsed restore of the backup failed",
  "disk-low": "The server's disk is nearly full",
};

/** The owners' e-mail about an incident: what was found and where to look. */
export function systemAlertEmail(alert: SystemAlert, owners: readonly string[], from: string): OutgoingMail {
  return {
    from,
    to: owners.map((address) => ({ name: "", address })),
    subject: `${subjects[alert.kind]} — ${business.name} desk`,
    text: [
      alert.detail,
      "",
      `The System page shows the backup, the outbox, the mailbox and the disk: ${publicLink("/desk/system")}`,
      "You will hear again only once this has cleared and comes back.",
      "",
      "--",
      `${business.name} quote desk`,
    ].join("\n"),
  };
}

type AlertRow = {
  id: number;
  kind: SystemAlertKind;
  detail: string;
  opened_at: string;
  cleared_at: string | null;
  mailed_at: string | null;
  mail_attempts: number;
  last_mail_error: string | null;
};

const fromRow = (row: AlertRow): SystemAlert => ({
  id: row.id,
  kind: row.kind,
  detail: row.detail,
  openedAt: row.opened_at,
  clearedAt: row.cleared_at,
  mailedAt: row.mailed_at,
  mailAttempts: row.mail_attempts,
  lastMailError: row.last_mail_error,
});

/**
 * The owners' alerts: an incident opens when a check first finds its trouble and clears when a check no
 * longer does, so the owners get one e-mail per incident, not one a minute. The only writer of `system_alerts`.
 */
export class SystemAlerts {
  private readonly sql;

  constructor(private readonly db: Database.Database) {
    this.sql = {
      open: db.prepare("SELECT * FROM system_alerts WHERE cleared_at IS NULL ORDER BY id"),
      recent: db.prepare("SELECT * FROM system_alerts ORDER BY id DESC LIMIT ?"),
      insert: db.prepare(
        `INSERT INTO system_alerts (kind, detail, opened_at) VALUES (@kind, @detail, @openedAt)
         ON CONFLICT (kind) WHERE cleared_at IS NULL DO NOTHING`,
      ),
      clear: db.prepare("UPDATE system_alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL"),
      mailed: db.prepare("UPDATE system_alerts SET mailed_at = ?, mail_attempts = mail_attempts + 1 WHERE id = ?"),
      mailFailed: db.prepare(
        "UPDATE system_alerts SET mail_attempts = mail_attempts + 1, last_mail_error = ? WHERE id = ?",
      ),
    };
  }

  /** The incidents not cleared, oldest first. */
  open(): SystemAlert[] {
    return (this.sql.open.all() as AlertRow[]).map(fromRow);
  }

  /** The latest incidents, open or cleared, newest first. */
  recent(limit = 10): SystemAlert[] {
    return (this.sql.recent.all(limit) as AlertRow[]).map(fromRow);
  }

  /** Opens an incident for each trouble not already open, and clears each open one no longer found. */
  review(troubles: readonly Trouble[], now = new Date()): { opened: SystemAlert[]; cleared: SystemAlert[] } {
    return this.db.transaction(() => {
      const open = this.open();
      const cleared = open.filter((alert) => !troubles.some((trouble) => trouble.kind === alert.kind));
      for (const alert of cleared) this.sql.clear.run(now.toISOString(), alert.id);
      for (const trouble of troubles) this.sql.insert.run({ ...trouble, openedAt: now.toISOString() });
      const opened = this.open().filter((alert) => !open.some((before) => before.id === alert.id));
      return { opened, cleared };
    })();
  }

  /** Open incidents whose owners' mail has not gone yet. */
  unmailed(): SystemAlert[] {
    return this.open().filter((alert) => alert.mailedAt === null);
  }

  markMailed(id: number, now = new Date()) {
    this.sql.mailed.run(now.toISOString(), id);
  }

  markMailFailed(id: number, reason: string) {
    this.sql.mailFailed.run(reason.slice(0, 500), id);
  }
}
