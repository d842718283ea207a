/**
 * The inbox: `npm run quotes -- list [--json | --csv] [--since YYYY-MM-DD]`, `export --attachments DIR`
 * and `delete ID`, compiled into build/server/quotes.js by `npm run build`.
 * Reads quotes.db in DATA_DIR (default ./data), the same folder the server writes to.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import {
  exportAttachments,
  inboxUsage,
  parseInboxArgs,
  toCsv,
  toJson,
  toText,
  UsageError,
  withDeskRecords,
} from "~/lib/quotes/inbox.server";
import { DB_FILE } from "~/lib/db/database.server";
import { QuoteStore } from "~/lib/quotes/store.server";

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

  if (command.command === "export") {
    const written = existsSync(file)
      ? withStore(dataDir, (store) => exportAttachments(store, command.attachmentsDir))
      : [];
    console.log(
      `${written.length} file${written.length === 1 ? "" : "s"} written to ${command.attachmentsDir} (${file}).`,
    );
    for (const path of written) console.log(`  ${path}`);
    return 0;
  }
  if (command.command === "delete") {
    let deleted: boolean;
    try {
      deleted = existsSync(file) && withStore(dataDir, (store) => store.delete(command.id));
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    }
    console.log(deleted ? `Deleted request #${command.id} and its files.` : `No request #${command.id} (${file}).`);
    return deleted ? 0 : 1;
  }

  // Nothing stored yet: say so without creating the folder.
  const quotes = existsSync(file)
    ? withStore(dataDir, (store) => withDeskRecords(store, store.list({ since: command.since })))
    : [];

  if (command.format === "json") console.log(toJson(quotes));
  else if (command.format === "csv") process.stdout.write(toCsv(quotes));
  else console.log(toText(quotes, file));
  return 0;
}

function withStore<T>(dataDir: string, use: (store: QuoteStore) => T): T {
  const store = QuoteStore.open(dataDir);
  try {
    return use(store);
  } finally {
    store.close();
  }
}

process.exitCode = main();
