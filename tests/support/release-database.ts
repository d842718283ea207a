import type Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DB_FILE, Sqlite } from "../../app/lib/db/database.server";

const fixture = join(import.meta.dirname, "../fixtures/release-2026-11.sql");

/** The secrets of the fixture's rows (stored only as their hashes), for a test to use them. */
export const releaseSecrets = {
  sessionId: /^-- Session id: (\S+)$/m.exec(readFileSync(fixture, "utf8"))![1]!,
  setupToken: /^-- Set-up token of omar@promo\.example: (\S+)$/m.exec(readFileSync(fixture, "utf8"))![1]!,
  password: "correct horse battery staple",
};

/**
 * The database of the last release before Drizzle's migrations (November 2026, schema version 9) in
 * `dir`, with its rows (tests/fixtures/release-2026-11.sql), open for a test to add more before the
 * store opens it. `empty` leaves the rows out.
 */
export function releaseDatabase(dir: string, { empty = false }: { empty?: boolean } = {}): Database.Database {
  const db = new Sqlite(join(dir, DB_FILE));
  db.exec(readFileSync(fixture, "utf8"));
  if (empty) {
    db.pragma("foreign_keys = OFF");
    for (const table of db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]) {
      // The history's triggers keep its rows while their request is there: the requests go first.
      if (table !== "quote_events") db.exec(`DELETE FROM "${table}"`);
    }
    db.exec("DELETE FROM quote_events");
  }
  return db;
}
