import { parseArgs } from "node:util";
import type { StoredQuote } from "./store.server";

/** The inbox command's logic (server/quotes.ts is the thin shell around it). */

export const inboxUsage = `Usage: npm run quotes -- list [--json | --csv] [--since YYYY-MM-DD]

  list            Stored quote requests, newest first
  --json          Every field of every request, as JSON
  --csv           Every field of every request, as CSV (for a spreadsheet)
  --since DATE    Only requests received on or after DATE (UTC), e.g. --since 2026-01-31

Reads quotes.db in DATA_DIR (default ./data), the folder the server writes to.`;

export type InboxCommand = { format: "text" | "json" | "csv"; since?: string };

export class UsageError extends Error {
  override name = "UsageError";
}

export function parseInboxArgs(argv: string[]): InboxCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: "boolean" }, csv: { type: "boolean" }, since: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") throw new UsageError("");
  if (positionals.length !== 1 || positionals[0] !== "list") {
    throw new UsageError(positionals.length ? `Unknown command: ${positionals.join(" ")}` : "Missing command: list");
  }
  if (values.json && values.csv) throw new UsageError("Choose one of --json and --csv.");
  if (values.since !== undefined && !isDate(values.since)) {
    throw new UsageError(`--since needs a date as YYYY-MM-DD, not "${values.since}".`);
  }
  return { format: values.json ? "json" : values.csv ? "csv" : "text", since: values.since };
}

function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Every stored field, in the order the exports use. */
export const exportColumns = [
  "id",
  "receivedAt",
  "name",
  "company",
  "email",
  "phone",
  "product",
  "message",
  "page",
  "clientIp",
  "userAgent",
  "idempotencyKey",
  "notifyStatus",
  "notifyAttempts",
  "notifiedAt",
  "notifyError",
] as const satisfies readonly (keyof StoredQuote)[];

export function toJson(quotes: StoredQuote[]): string {
  return JSON.stringify(
    quotes.map((quote) => Object.fromEntries(exportColumns.map((column) => [column, quote[column]]))),
    null,
    2,
  );
}

/**
 * RFC 4180 CSV. A cell a spreadsheet would run as a formula (starting with =, @, a tab, or + or -
 * not followed by a digit or space, so phone numbers stay as typed) gets a leading apostrophe.
 */
export function toCsv(quotes: StoredQuote[]): string {
  const cell = (value: unknown) => {
    let text = value === null || value === undefined ? "" : String(value);
    if (/^[=@\t\r]|^[+-][^\d\s]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [exportColumns.join(","), ...quotes.map((quote) => exportColumns.map((column) => cell(quote[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function toText(quotes: StoredQuote[], source: string): string {
  if (quotes.length === 0) return `No quote requests (${source}).`;
  const blocks = quotes.map((quote) => {
    const when = `${quote.receivedAt.slice(0, 16).replace("T", " ")} UTC`;
    const who = `${quote.name}${quote.company ? ` (${quote.company})` : ""} <${quote.email}>${quote.phone ? `  ${quote.phone}` : ""}`;
    const lines = [`#${quote.id}  ${when}  ${who}`];
    if (quote.product) lines.push(`    Products: ${oneLine(quote.product, 100)}`);
    lines.push(`    ${oneLine(quote.message, 200)}`);
    lines.push(`    E-mail notification: ${quote.notifyStatus}${quote.notifyError && quote.notifyStatus === "pending" ? ` (last error: ${oneLine(quote.notifyError, 80)})` : ""}`);
    return lines.join("\n");
  });
  return `${quotes.length} quote request${quotes.length === 1 ? "" : "s"}, newest first (${source}):\n\n${blocks.join("\n\n")}`;
}
