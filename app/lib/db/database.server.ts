import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { migrate } from "./migrate.server";

/**
 * better-sqlite3 13 (Node-API, prebuilt) on every runtime with Node-API 10: Node 22.14 and later, 24, 26.
 * Node 20 has Node-API 9, which that build cannot load, so it keeps better-sqlite3 12 (compiled at install).
 * 12 must not run on Node 24: built against the headers of Node 24.19 or later, its node::ObjectWrap
 * removes an environment cleanup hook in its destructor, and a garbage collection that frees a statement
 * then aborts the process ("Assertion failed: (env) != nullptr" in Statement::~Statement).
 * Drop better-sqlite3-node20 and this choice with Node 20.
 */
const loadNative = createRequire(import.meta.url);
export const sqliteLibrary = Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-node20";
/** The binding, for what opens a database file other than the data folder's own (a restore, tests). */
export const Sqlite = loadNative(sqliteLibrary) as typeof Database;

/** The database's file in the data folder. */
export const DB_FILE = "quotes.db";

/**
 * The one connection to the data folder's database, every module's tables in it: created with the
 * folder if needed, in WAL mode, foreign keys on, each commit on disk before it returns, and brought to
 * this code's schema (drizzle/, app/lib/db/migrate.server.ts) before anything reads it.
 */
export function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DB_FILE);
  const db = new Sqlite(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("synchronous = FULL"); // acknowledged means on disk, even after a power cut
    db.pragma("busy_timeout = 5000"); // the inbox command or a second process may hold a lock briefly
    migrate(db, file);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
