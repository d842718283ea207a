/**
 * The inbox: `npm run quotes -- list [--json | --csv] [--since YYYY-MM-DD]`, compiled into
 * build/server/quotes.js by `npm run build`.
 * Reads quotes.db in DATA_DIR (default ./data), the same folder the server writes to.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { inboxUsage, parseInboxArgs, toCsv, toJson, toText, UsageError } from "~/lib/quotes/inbox.server";
import { DB_FILE, QuoteStore } from "~/lib/quotes/store.server";

function main(): number {
  let command;
  try {
    command = parseInboxArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(error.message);
    console.error(inboxUsage);
    return error.message ? 2 : 0;
  }

  const { dataDir } = readQuoteConfig();
  const file = join(dataDir, DB_FILE);
  // Nothing stored yet: say so without creating the folder.
  const quotes = existsSync(file) ? readAll(dataDir, command.since) : [];

  if (command.format === "json") console.log(toJson(quotes));
  else if (command.format === "csv") process.stdout.write(toCsv(quotes));
  else console.log(toText(quotes, file));
  return 0;
}

function readAll(dataDir: string, since?: string) {
  const store = QuoteStore.open(dataDir);
  try {
    return store.list({ since });
  } finally {
    store.close();
  }
}

process.exitCode = main();
