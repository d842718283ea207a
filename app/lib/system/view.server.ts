import { MAX_BACKUP_LAG_SECONDS } from "~/lib/backup/status";
import { dayAndTime, pakistanTime } from "~/lib/desk/time";
import type { FbrDeskSources, PendingReport } from "~/lib/fbr/desk.server";
import type { SystemAlert } from "./alerts.server";
import { MIN_FREE_DISK_PERCENT, type SystemStatus } from "./status.server";
import { bytesWords, durationWords } from "./words";

/** A line of the System page: what it says, whether it needs the owners' attention, where to act on it. */
export type SystemLine = { label: string; value: string; tone: "ok" | "warn" | "plain"; href?: string };

export type SystemCard = { id: string; title: string; tone: "ok" | "warn"; summary: string; lines: SystemLine[] };

const since = (iso: string | null, now: number, none: string) =>
  iso ? `${pakistanTime(iso)} (${durationWords((now - Date.parse(iso)) / 1000)} ago)` : none;

/** The backup in one sentence: up to date only when nothing waits and nothing failed. */
function backupSummary({ backup, backupLagSeconds: lag }: SystemStatus): string {
  const waiting = backup.files.backlog;
  const failing = backup.database.error !== null || backup.files.error !== null;
  if (lag === null && waiting === 0 && !failing) return "Not measured yet since the start.";
  if (!lag && waiting === 0 && !failing) return "Up to date.";
  return [
    lag
      ? `${durationWords(lag)} behind`
      : waiting > 0
        ? `${waiting} file${waiting === 1 ? "" : "s"} waiting`
        : "Up to date",
    failing && "the last copy failed (below): nothing is lost here, and what waits is sent once the place answers",
    lag !== null && lag > MAX_BACKUP_LAG_SECONDS && "more than 15 minutes: the owners are e-mailed",
  ]
    .filter(Boolean)
    .join(" — ")
    .concat(".");
}

/** What the System page's FBR card reads: whether the server reports to FBR, and what waits or was refused. */
export type FbrWatch = Pick<FbrDeskSources, "connection" | "pending">;

/** The FBR card lists at most this many documents of each kind; the rest are counted. */
const FBR_LISTED = 20;
/** A report waiting longer than this needs the owners (they are e-mailed past it too). */
const FBR_WAIT_WARN_MS = 3_600_000;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const documentOf = ({ report }: PendingReport) =>
  report.document === "invoice" ? report.invoiceNumber : (report.creditNoteNumber ?? report.invoiceNumber);

/** "FBR Digital Invoicing": connected or not (sandbox or production), what waits and since when, what FBR refused. */
export function fbrCard(watch: FbrWatch, now: number): SystemCard {
  const pending = watch.pending();
  const waiting = pending
    .filter(({ report }) => report.status === "waiting")
    .sort((a, b) => Date.parse(a.report.queuedAt) - Date.parse(b.report.queuedAt));
  const refused = pending.filter(({ report }) => report.status === "refused");
  const oldest = waiting[0]?.report.queuedAt ?? null;
  const waitedLong = oldest !== null && now - Date.parse(oldest) > FBR_WAIT_WARN_MS;
  const { connection } = watch;
  const connected = !connection
    ? "Not connected: FBR_DI_TOKEN is not set, so invoices are issued without being reported to FBR and carry no FBR number. Set it as the README says (FBR_DI_SANDBOX=1 to try FBR's sandbox first) and restart the server."
    : connection.sandbox
      ? "Connected to FBR's sandbox (FBR_DI_SANDBOX=1): a test connection, invoices are not reported for real."
      : "Connected to FBR (production): each invoice is reported as it is issued.";
  const state =
    waiting.length === 0 && refused.length === 0
      ? "Nothing waits for FBR and FBR refused nothing."
      : [
          waiting.length > 0 &&
            `${plural(waiting.length, "document")} waiting for FBR, the oldest since ${since(oldest, now, "—")}`,
          refused.length > 0 && `${plural(refused.length, "document")} refused by FBR: correct each on its order`,
        ]
          .filter(Boolean)
          .join("; ")
          .concat(".");
  const link = (entry: PendingReport) => `/desk/orders/${entry.orderReference}#invoices`;
  const more = (count: number, what: string): SystemLine[] =>
    count > FBR_LISTED ? [{ label: `And ${count - FBR_LISTED} more`, value: what, tone: "plain" }] : [];
  return {
    id: "fbr",
    title: "FBR Digital Invoicing",
    tone: !connection || connection.sandbox || refused.length > 0 || waitedLong ? "warn" : "ok",
    summary: `${connected} ${state}`,
    lines: [
      ...refused.slice(0, FBR_LISTED).map((entry): SystemLine => ({
        label: `Refused: ${documentOf(entry)}`,
        value: `${entry.orderReference} — ${entry.report.refusal[0]?.words ?? "FBR gave no reason"}${
          entry.report.refusal.length > 1 ? ` (and ${plural(entry.report.refusal.length - 1, "more reason")})` : ""
        }`,
        tone: "warn",
        href: link(entry),
      })),
      ...more(refused.length, "refused, on their orders' pages"),
      ...waiting.slice(0, FBR_LISTED).map((entry): SystemLine => ({
        label: `Waiting: ${documentOf(entry)}`,
        value: `${entry.orderReference} — since ${dayAndTime(entry.report.queuedAt)} PKT, ${plural(entry.report.attempts, "try", "tries")}${
          entry.report.lastProblem ? `; last problem: ${entry.report.lastProblem}` : ""
        }`,
        tone: now - Date.parse(entry.report.queuedAt) > FBR_WAIT_WARN_MS ? "warn" : "plain",
        href: link(entry),
      })),
      ...more(waiting.length, "waiting, on their orders' pages"),
    ],
  };
}

/**
 * The System page in words and Pakistan time: each part a card, the troubled ones marked. With `fbr`
 * (the FBR reports module's watch), a card for FBR Digital Invoicing too.
 */
export function systemView(status: SystemStatus, openAlerts: readonly SystemAlert[], fbr: FbrWatch | null = null) {
  const now = Date.parse(status.checkedAt);
  const { backup } = status;
  const lag = status.backupLagSeconds;
  const behind = lag !== null && lag > MAX_BACKUP_LAG_SECONDS;

  const backupCard: SystemCard = backup.place
    ? {
        id: "backup",
        title: "Backup",
        tone: behind || backup.database.error || backup.files.error ? "warn" : "ok",
        summary: backupSummary(status),
        lines: [
          { label: "Place", value: backup.place, tone: "plain" },
          {
            label: "Database",
            value: !backup.database.running
              ? "Not being copied now (the copier is not running)"
              : backup.database.lagSeconds === null
                ? "Copying; not measured yet"
                : backup.database.lagSeconds === 0
                  ? "Up to date"
                  : `${durationWords(backup.database.lagSeconds)} behind`,
            tone: backup.database.running ? "plain" : "warn",
          },
          {
            label: "Database last up to date",
            value: since(backup.database.lastCaughtUpAt, now, "Not yet since the start"),
            tone: "plain",
          },
          ...(backup.database.error
            ? [{ label: "Database copy problem", value: backup.database.error, tone: "warn" as const }]
            : []),
          {
            label: "Files waiting",
            value:
              backup.files.backlog === 0
                ? "None"
                : `${backup.files.backlog}, the oldest waiting since ${since(backup.files.oldestWaitingSince, now, "—")}`,
            tone: backup.files.backlog === 0 ? "plain" : "warn",
          },
          { label: "Last file copied", value: since(backup.files.lastCopiedAt, now, "None yet"), tone: "plain" },
          ...(backup.files.error
            ? [{ label: "File copy problem", value: backup.files.error, tone: "warn" as const }]
            : []),
        ],
      }
    : {
        id: "backup",
        title: "Backup",
        tone: "warn",
        summary:
          "No place is set. Set BACKUP_URL in the server's environment and restart (see docs/operator-guide.md).",
        lines: [],
      };

  const rehearsal = backup.lastRehearsal;
  const rehearsalCard: SystemCard = rehearsal
    ? {
        id: "rehearsal",
        title: "Last rehearsed restore",
        tone: rehearsal.ok ? "ok" : "warn",
        summary: `${rehearsal.ok ? "Passed" : "Failed"} on ${pakistanTime(rehearsal.at)} (${durationWords(rehearsal.durationMs / 1000)}).`,
        lines: [
          ...(rehearsal.problem ? [{ label: "Problem", value: rehearsal.problem, tone: "warn" as const }] : []),
          { label: "Requests", value: rehearsal.requests.toLocaleString("en-US"), tone: "plain" },
          { label: "Orders", value: rehearsal.orders.toLocaleString("en-US"), tone: "plain" },
          { label: "Invoices", value: rehearsal.invoices.toLocaleString("en-US"), tone: "plain" },
          { label: "Files", value: rehearsal.files.toLocaleString("en-US"), tone: "plain" },
          {
            label: "Newest record",
            value: rehearsal.newestRecordAt ? pakistanTime(rehearsal.newestRecordAt) : "None",
            tone: "plain",
          },
        ],
      }
    : {
        id: "rehearsal",
        title: "Last rehearsed restore",
        tone: backup.place ? "warn" : "ok",
        summary: backup.place
          ? "None yet: the server rehearses a restore once a day."
          : "None: there is no backup to restore from.",
        lines: [],
      };

  const outboxCard: SystemCard = {
    id: "outbox",
    title: "Outbox",
    tone: "ok",
    summary: !status.emailOn
      ? "E-mail is off (SMTP_URL and QUOTE_NOTIFY_TO are not both set): nothing is sent."
      : status.outboxBacklog === 0
        ? "No e-mail waiting."
        : `${status.outboxBacklog.toLocaleString("en-US")} e-mail${status.outboxBacklog === 1 ? "" : "s"} waiting to be sent.`,
    lines: [],
  };

  const { mailbox } = status;
  const mailboxCard: SystemCard = !mailbox.read
    ? {
        id: "mailbox",
        title: "Mailbox reader",
        tone: "ok",
        summary: "Not read: IMAP_URL is not set, so buyers' e-mail replies do not reach the desk.",
        lines: [],
      }
    : {
        id: "mailbox",
        title: "Mailbox reader",
        tone: mailbox.lastError ? "warn" : "ok",
        summary: `Last read: ${since(mailbox.lastReadAt, now, "not yet since the start")}.`,
        lines: mailbox.lastError ? [{ label: "Last check failed", value: mailbox.lastError, tone: "warn" }] : [],
      };

  const { disk } = status;
  const low = disk !== null && disk.freePercent < MIN_FREE_DISK_PERCENT;
  const diskCard: SystemCard = disk
    ? {
        id: "disk",
        title: "Disk of the data folder",
        tone: low ? "warn" : "ok",
        summary:
          `${bytesWords(disk.freeBytes)} free of ${bytesWords(disk.totalBytes)} (${disk.freePercent.toFixed(1)} %)` +
          (low ? " — under 10 %: the owners are e-mailed." : "."),
        lines: [],
      }
    : { id: "disk", title: "Disk of the data folder", tone: "warn", summary: "The system did not say.", lines: [] };

  return {
    checkedAt: pakistanTime(status.checkedAt),
    placeSet: backup.place !== null,
    cards: [backupCard, rehearsalCard, outboxCard, mailboxCard, diskCard, ...(fbr ? [fbrCard(fbr, now)] : [])],
    alerts: openAlerts.map((alert) => ({
      id: alert.id,
      detail: alert.detail,
      since: pakistanTime(alert.openedAt),
      mailed: alert.mailedAt ? `owners e-mailed ${pakistanTime(alert.mailedAt)}` : "owners not e-mailed yet",
    })),
  };
}
