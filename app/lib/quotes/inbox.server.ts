import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { HistoryLine } from "~/lib/audit/events";
import { pakistanTime } from "~/lib/desk/time";
import { Messaging } from "~/lib/messaging/messaging.server";
import { allReplies, repliesOf, type StoredReply } from "./messages.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { approvedVersion, proofRecord, type ProofRecordVersion } from "~/lib/proofs/record";
import { attachmentFileName, type InboxQuery, type QuoteStore, type StoredQuote } from "./store.server";

/** A request as exported: with what the desk did about it, and its proofs with the buyer's answers. */
export type ExportedQuote = StoredQuote & {
  history?: readonly HistoryLine[];
  replies?: readonly StoredReply[];
  proofs?: readonly ProofRecordVersion[];
};

function byQuote<T extends { quoteId: number }>(items: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item.quoteId);
    if (group) group.push(item);
    else groups.set(item.quoteId, [item]);
  }
  return groups;
}

/**
 * The history (of the requests given only), replies and proof record (the one the desk and the buyer's
 * record page show) of each request given: read in three queries, not three per request.
 */
export function withDeskRecords(store: QuoteStore, quotes: readonly StoredQuote[]): ExportedQuote[] {
  const history = store.audit.requestHistories(quotes.map((quote) => quote.id));
  // A page of the export asks for a few hundred requests: theirs only, by index, not every reply and proof.
  const few = quotes.length <= 1000;
  const messaging = new Messaging(store);
  const desk = new ProofDesk(store);
  const replies = few ? null : byQuote(allReplies(messaging));
  const proofs = few ? null : byQuote(desk.allProofs());
  return quotes.map((quote) => ({
    ...quote,
    history: history.get(quote.id) ?? [],
    replies: replies ? (replies.get(quote.id) ?? []) : repliesOf(messaging, quote.id),
    proofs: proofRecord(quote, proofs ? (proofs.get(quote.id) ?? []) : desk.proofs(quote.id)),
  }));
}

/** The inbox command's logic (server/quotes.ts is the thin shell around it). */

export const inboxUsage = `Usage: npm run quotes -- list [--json | --csv] [--since YYYY-MM-DD]
       npm run quotes -- export --attachments DIR
       npm run quotes -- delete ID

  list                   Stored quote requests, newest first, with their proofs and the buyer's answers
  --json                 Every field of every request, its history, replies and proof record, as JSON
  --csv                  The same as CSV (for a spreadsheet), one row per request, after a README
                         line: a cell a spreadsheet would run as a formula starts with an added '
  --since DATE           Only requests received on or after DATE (UTC), e.g. --since 2026-01-31
  export --attachments DIR
                         Writes every stored file (the checked copies of logos and design mockups)
                         into DIR, named by request: quote-12-logo.png, quote-12-mockup.png, …
  delete ID              Deletes request #ID and its files

Reads quotes.db in DATA_DIR (default ./data), the folder the server writes to.`;

export type InboxCommand =
  | { command: "list"; format: "text" | "json" | "csv"; since?: string }
  | { command: "export"; attachmentsDir: string }
  | { command: "delete"; id: number };

export class UsageError extends Error {
  override name = "UsageError";
}

export function parseInboxArgs(argv: string[]): InboxCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean" },
        csv: { type: "boolean" },
        since: { type: "string" },
        attachments: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") throw new UsageError("");
  if (positionals[0] === "export" && positionals.length === 1) {
    if (!values.attachments)
      throw new UsageError("export needs --attachments DIR, the folder to write the files into.");
    return { command: "export", attachmentsDir: values.attachments };
  }
  if (positionals[0] === "delete" && positionals.length === 2) {
    const id = Number(positionals[1]);
    if (!Number.isInteger(id) || id < 1)
      throw new UsageError(`delete needs a request number, not "${positionals[1]}".`);
    return { command: "delete", id };
  }
  if (positionals.length !== 1 || positionals[0] !== "list") {
    throw new UsageError(
      positionals.length ? `Unknown command: ${positionals.join(" ")}` : "Missing command: list, export or delete",
    );
  }
  if (values.attachments !== undefined) throw new UsageError("--attachments goes with export.");
  if (values.json && values.csv) throw new UsageError("Choose one of --json and --csv.");
  if (values.since !== undefined && !isDate(values.since)) {
    throw new UsageError(`--since needs a date as YYYY-MM-DD, not "${values.since}".`);
  }
  return { command: "list", format: values.json ? "json" : values.csv ? "csv" : "text", since: values.since };
}

/** Copies every stored file into `folder` (created if needed), named by request; returns the paths written. */
export function exportAttachments(store: QuoteStore, folder: string): string[] {
  const target = resolve(folder);
  mkdirSync(target, { recursive: true });
  return store.allAttachments().map((file) => {
    const path = join(target, attachmentFileName(file));
    copyFileSync(file.path, path);
    return path;
  });
}

function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Every stored field, in the order the exports use. */
export const exportColumns = [
  "id",
  "reference",
  "receivedAt",
  "status",
  "statusReason",
  "answeredAt",
  "name",
  "company",
  "email",
  "phone",
  "source",
  "replyChannel",
  "whatsappNumber",
  "product",
  "quantity",
  "neededBy",
  "message",
  "page",
  "clientIp",
  "userAgent",
  "idempotencyKey",
  "notifyStatus",
  "notifyAttempts",
  "notifiedAt",
  "notifyError",
  "design",
  "history",
  "replies",
  "proofs",
] as const satisfies readonly (keyof ExportedQuote)[];

/**
 * How an export is written. The desk's (app/routes/desk/export.ts): Pakistan times, the technical
 * columns only when asked. The inbox command's: every column, times as stored (UTC), as it always was.
 */
export type ExportOptions = { technical: boolean; pakistanTimes: boolean };
const commandExport: ExportOptions = { technical: true, pakistanTimes: false };

/** What the office does not read when it works through requests: how a request came, and its e-mail's state. */
export const technicalColumns = [
  "whatsappNumber",
  "page",
  "clientIp",
  "userAgent",
  "idempotencyKey",
  "notifyStatus",
  "notifyAttempts",
  "notifiedAt",
  "notifyError",
] as const satisfies readonly (typeof exportColumns)[number][];

const timeColumns = new Set<string>(["receivedAt", "answeredAt", "notifiedAt"]);
const isTechnical = (column: string) => (technicalColumns as readonly string[]).includes(column);

/** The same instant in Pakistan time, ISO 8601 with its offset: 2026-11-20T13:05:00+05:00. */
const pakistanIso = (iso: string) => `${new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 19)}+05:00`;

const exported = (quote: ExportedQuote, column: (typeof exportColumns)[number], options: ExportOptions) => {
  if (column === "history" || column === "replies" || column === "proofs") return quote[column] ?? [];
  const value = quote[column];
  return options.pakistanTimes && timeColumns.has(column) && typeof value === "string" ? pakistanIso(value) : value;
};

/** One request as a JSON object, indented as an item of the export's array. */
export function jsonItem(quote: ExportedQuote, options: ExportOptions = commandExport): string {
  const columns = exportColumns.filter((column) => options.technical || !isTechnical(column));
  const item = Object.fromEntries(columns.map((column) => [column, exported(quote, column, options)]));
  return `  ${JSON.stringify(item, null, 2).replace(/\n/g, "\n  ")}`;
}

export function toJson(quotes: readonly ExportedQuote[], options: ExportOptions = commandExport): string {
  return quotes.length === 0 ? "[]" : `[\n${quotes.map((quote) => jsonItem(quote, options)).join(",\n")}\n]`;
}

/** A request's history as lines a spreadsheet cell can show: "2026-11-20 13:05 PKT · Bilal <…> · note: …". */
const historyText = (events: readonly HistoryLine[]) =>
  events.map((event) => `${pakistanTime(event.at)} · ${event.actor} · ${event.kind}: ${event.body}`).join("\n");

const repliesText = (replies: readonly StoredReply[]) =>
  replies
    .map((reply) => `${pakistanTime(reply.createdAt)} · ${reply.staffName} · ${reply.status}: ${reply.body}`)
    .join("\n");

/** Each version on a line: "v2 · sent 2026-01-10 14:00 PKT · Q-2026-0001-proof-v2.png · SHA-256 … · approved …". */
const proofsText = (proofs: readonly ProofRecordVersion[]) =>
  proofs
    .map((proof) => {
      const { answer } = proof;
      const said = !answer
        ? ""
        : answer.kind === "approved"
          ? ` ${answer.at} by ${[answer.name, answer.role].filter(Boolean).join(", ")}`
          : ` ${answer.at}: ${answer.changes ?? ""}`;
      return `v${proof.version} · sent ${proof.sent} · ${proof.fileName} · SHA-256 ${proof.sha256} · ${proof.status}${said}`;
    })
    .join("\n");

/**
 * The CSV keeps one row per request: the whole proof record in the "proofs" cell, and the latest and
 * the approved version in cells of their own, for sorting and filtering in a spreadsheet.
 */
const proofColumns = {
  latestProofVersion: (proofs) => proofs.at(-1)?.version,
  latestProofStatus: (proofs) => proofs.at(-1)?.status,
  approvedVersion: (proofs) => approvedVersion(proofs)?.version,
  approvedBy: (proofs) => approvedVersion(proofs)?.answer?.name,
  approvedRole: (proofs) => approvedVersion(proofs)?.answer?.role,
  approvedAt: (proofs) => approvedVersion(proofs)?.answer?.at,
  approvedFileSha256: (proofs) => approvedVersion(proofs)?.answer?.sha256,
} satisfies Record<string, (proofs: readonly ProofRecordVersion[]) => unknown>;

export const csvColumns = [...exportColumns, ...(Object.keys(proofColumns) as (keyof typeof proofColumns)[])];

function csvValue(quote: ExportedQuote, column: (typeof csvColumns)[number], options: ExportOptions): unknown {
  if (column in proofColumns) return proofColumns[column as keyof typeof proofColumns](quote.proofs ?? []);
  switch (column) {
    case "history":
      return historyText(quote.history ?? []);
    case "replies":
      return repliesText(quote.replies ?? []);
    case "proofs":
      return proofsText(quote.proofs ?? []);
    default: {
      const value = quote[column as (typeof exportColumns)[number]];
      return options.pakistanTimes && timeColumns.has(column) && typeof value === "string"
        ? pakistanTime(value)
        : value;
    }
  }
}

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (OWASP, CSV injection), phone numbers included. Spaces or quote characters before =, +, - or @ count
 * too: an import that trims them (LibreOffice's "Trim spaces") leaves the formula. A cell that already
 * starts with an apostrophe gets one more, so the rule (one was added; the office's guide says so)
 * reads it back. The header is the file's first row, so a spreadsheet's filters and sorting take it.
 */
const runsAsFormula = /^(?:[\t\r']|[\s"']*[=+\-@])/;

/** One RFC 4180 cell; a cell a spreadsheet would run gets a leading apostrophe, and is quoted. */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const defused = runsAsFormula.test(text);
  const cell = defused ? `'${text}` : text;
  return defused || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const csvColumnsFor = (options: ExportOptions) =>
  csvColumns.filter((column) => options.technical || !isTechnical(column));

/** The CSV's header row: its first line. */
export const csvHead = (options: ExportOptions = commandExport) => `${csvColumnsFor(options).join(",")}\r\n`;

/** Requests as CSV rows, each ended by CRLF. */
export function csvRows(quotes: readonly ExportedQuote[], options: ExportOptions = commandExport): string {
  const columns = csvColumnsFor(options);
  return quotes
    .map((quote) => `${columns.map((column) => csvCell(csvValue(quote, column, options))).join(",")}\r\n`)
    .join("");
}

/** RFC 4180 CSV: the header row, then one row per request. */
export function toCsv(quotes: readonly ExportedQuote[], options: ExportOptions = commandExport): string {
  return csvHead(options) + csvRows(quotes, options);
}

/** Excel reads a CSV as UTF-8 (Urdu intact) only when it starts with the byte order mark. */
export const BOM = "\uFEFF";

/**
 * An export of the requests an inbox query holds (its view, status and search), newest first, as a
 * stream: a page of `pageSize` requests read (by keyset) and written at a time, the event loop given
 * back between pages, so the server answers other requests meanwhile and holds one page at most.
 */
export function exportStream(
  store: QuoteStore,
  query: Omit<InboxQuery, "page" | "perPage">,
  { format, technical, pageSize = 100 }: { format: "csv" | "json"; technical: boolean; pageSize?: number },
): ReadableStream<Uint8Array> {
  const options: ExportOptions = { technical, pakistanTimes: true };
  const pages = store.inboxPages({ ...query, pageSize });
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format === "csv" ? BOM + csvHead(options) : "["));
    },
    async pull(controller) {
      await new Promise((next) => setImmediate(next));
      const page = pages.next();
      if (page.done) {
        controller.enqueue(encoder.encode(format === "csv" ? "" : first ? "]" : "\n]"));
        controller.close();
        return;
      }
      const quotes = withDeskRecords(store, page.value);
      if (format === "csv") controller.enqueue(encoder.encode(csvRows(quotes, options)));
      else if (quotes.length > 0) {
        controller.enqueue(
          encoder.encode(`${first ? "\n" : ",\n"}${quotes.map((quote) => jsonItem(quote, options)).join(",\n")}`),
        );
        first = false;
      }
    },
    cancel() {
      pages.return(undefined);
    },
  });
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const status = (quote: StoredQuote) =>
  `[${quote.status}${quote.statusReason ? `: ${oneLine(quote.statusReason, 60)}` : ""}]`;

export function toText(quotes: readonly ExportedQuote[], source: string): string {
  if (quotes.length === 0) return `No quote requests (${source}).`;
  const blocks = quotes.map((quote) => {
    const when = `${quote.receivedAt.slice(0, 16).replace("T", " ")} UTC`;
    const who = `${quote.name}${quote.company ? ` (${quote.company})` : ""} <${quote.email}>${quote.phone ? `  ${quote.phone}` : ""}`;
    const lines = [`${quote.reference} (#${quote.id})  ${when}  ${status(quote)}  ${who}`];
    if (quote.product) lines.push(`    Products: ${oneLine(quote.product, 100)}`);
    lines.push(`    ${oneLine(quote.message, 200)}`);
    if (quote.design)
      lines.push(
        `    Design: "${quote.design.text}" on ${quote.design.itemId} (files: npm run quotes -- export --attachments DIR)`,
      );
    if (quote.proofs?.length)
      lines.push(
        ...proofsText(quote.proofs)
          .split("\n")
          .map((line) => `    Proof ${line}`),
      );
    lines.push(
      `    E-mail notification: ${quote.notifyStatus}${quote.notifyError && quote.notifyStatus === "pending" ? ` (last error: ${oneLine(quote.notifyError, 80)})` : ""}`,
    );
    return lines.join("\n");
  });
  return `${quotes.length} quote request${quotes.length === 1 ? "" : "s"}, newest first (${source}):\n\n${blocks.join("\n\n")}`;
}
