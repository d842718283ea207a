import { createRequire } from "node:module";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { DB_FILE, migrations, sqliteLibrary } from "~/lib/quotes/store.server";

const Sqlite = createRequire(import.meta.url)(sqliteLibrary) as typeof Database;

/** A database as a release with the first `version` migrations left it, for the store to open and migrate. */
export function databaseAtVersion(dir: string, version: number) {
  const db = new Sqlite(join(dir, DB_FILE));
  for (const [index, sql] of migrations.slice(0, version).entries()) {
    db.exec(sql);
    db.pragma(`user_version = ${index + 1}`);
  }
  return db;
}
