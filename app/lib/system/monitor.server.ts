import type Database from "better-sqlite3";
import type { RehearsalRecord } from "~/lib/backup/status";
import type { Mailer } from "~/lib/quotes/mailer.server";
import { type SystemAlert, SystemAlerts, systemAlertEmail, troublesIn } from "./alerts.server";
import { healthReport } from "./health.server";
import {
  type BackupProvider,
  diskSpace,
  type DiskSpace,
  type MailboxState,
  noBackup,
  type SystemStatus,
  systemStatus,
} from "./status.server";

export type SystemMonitorOptions = {
  db: Database.Database;
  dataDir: string;
  /** E-mails waiting in the outbox (the messaging module counts them). */
  outboxBacklog: () => number;
  /** The mail server the owners' alerts go through; undefined with e-mail off (alerts are then only shown). */
  mailer?: Mailer;
  mailFrom?: string;
  /** The owners' addresses, asked at each alert (the Staff page may change them). */
  owners: () => string[];
  mailbox: () => MailboxState;
  /** The disk's space; by default the data folder's (statfs). */
  disk?: () => DiskSpace | null;
  log?: (message: string) => void;
  intervalMs?: number;
};

export type SystemMonitor = ReturnType<typeof createSystemMonitor>;

/**
 * The server's own watch: what the System page and /healthz show, and a check every minute that opens,
 * mails and clears the owners' alerts. The backup's status comes from a provider the service sets once
 * the backup runs; until then it reports no backup place.
 */
export function createSystemMonitor(options: SystemMonitorOptions) {
  const { db, dataDir, log = (message: string) => console.warn(message), intervalMs = 60_000 } = options;
  const alerts = new SystemAlerts(db);
  const disk = options.disk ?? (() => diskSpace(dataDir));
  let backup: BackupProvider = noBackup;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const status = (now = Date.now()): SystemStatus =>
    systemStatus(
      {
        backup: () => backup.status(),
        outboxBacklog: options.outboxBacklog,
        emailOn: Boolean(options.mailer),
        mailbox: options.mailbox,
        disk,
      },
      now,
    );

  async function mailOwners(pending: SystemAlert[]) {
    const { mailer, mailFrom } = options;
    if (!mailer || !mailFrom || pending.length === 0) return;
    const owners = options.owners();
    if (owners.length === 0) return;
    for (const alert of pending) {
      try {
        await mailer.send(systemAlertEmail(alert, owners, mailFrom));
        alerts.markMailed(alert.id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        alerts.markMailFailed(alert.id, reason);
        log(`The owners' alert "${alert.kind}" was not mailed (tried again in a minute): ${reason}`);
      }
    }
  }

  /** One check: opens and clears incidents from the status now, then mails the owners what is new. */
  async function check(now = Date.now()) {
    const { opened, cleared } = alerts.review(troublesIn(status(now)), new Date(now));
    for (const alert of opened) log(`System alert: ${alert.detail}`);
    for (const alert of cleared) log(`System alert cleared: ${alert.kind}`);
    await mailOwners(alerts.unmailed());
  }

  const tick = () => {
    if (running) return;
    running = check()
      .catch((error: unknown) => log(`System check failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    /** Sets where the backup's status (and a rehearsal now) comes from; the service wires the real one. */
    useBackup(provider: BackupProvider) {
      backup = provider;
    },
    backupStatus: () => backup.status(),
    status,
    /** What /healthz answers. */
    health: (now = Date.now()) =>
      healthReport(
        {
          pingDatabase: () => db.prepare("SELECT 1").get(),
          backupStatus: () => backup.status(),
          outboxBacklog: options.outboxBacklog,
        },
        now,
      ),
    alerts: {
      open: () => alerts.open(),
      recent: (limit?: number) => alerts.recent(limit),
    },
    /** Whether a restore can be rehearsed now (the backup wired and a place set). */
    canRehearse: () => Boolean(backup.rehearseNow) && backup.status().place !== null,
    /** Rehearses a restore now, then checks again so a failure alerts at once; null when none can run. */
    async rehearseNow(): Promise<RehearsalRecord | null> {
      if (!backup.rehearseNow) return null;
      const record = await backup.rehearseNow();
      await check();
      return record;
    },
    check,
    /** Checks at once and then every minute; the timer never keeps a finished process alive. */
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
