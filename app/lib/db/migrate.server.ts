import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";

/**
 * The schema version (PRAGMA user_version) of the last release before Drizzle's migrations, November
 * 2026: its databases hold exactly the baseline migration's tables, so they are adopted as they are.
 */
export const LAST_RELEASE_VERSION = 9;

/** Drizzle's own bookkeeping table, as its migrator and drizzle-kit make and read it. */
const BOOKKEEPING = "__drizzle_migrations";

/**
 * The migrations folder (drizzle/ at the project root), found from this module's own place: the
 * sources (Vitest, tsx) and the server build (build/server) both sit below the project root, which
 * `npm run build` leaves in place on the server.
 */
export function migrationsFolder(from = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return join(dir, "drizzle");
    if (dirname(dir) === dir) throw new Error(`No drizzle/meta/_journal.json above ${from}.`);
  }
}

/**
 * Brings a database to the schema of this code: drizzle-kit's migrations in drizzle/, each applied
 * once, in order, in an IMMEDIATE transaction of its own (a second process opening the same file
 * waits, then finds it applied). A database of the last release (user version 9, no bookkeeping) is
 * adopted: its tables checked against the baseline's, the baseline recorded without running it.
 * Anything older, or newer than this code, is refused.
 */
export function migrate(db: Database.Database, file: string, folder = migrationsFolder()) {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const [baseline] = migrations;
  if (!baseline) throw new Error(`${folder} has no migrations.`);
  const known = new Set(migrations.map((migration) => migration.folderMillis));
  const applied = () => {
    if (!tableExists(db, BOOKKEEPING)) return null;
    return new Set(
      (db.prepare(`SELECT created_at FROM ${BOOKKEEPING}`).pluck().all() as (number | string)[]).map(Number),
    );
  };

  const recorded = applied();
  if (recorded) {
    const unknown = [...recorded].filter((millis) => !known.has(millis));
    if (unknown.length > 0)
      throw new Error(
        `${file} has ${unknown.length === 1 ? "a migration" : `${unknown.length} migrations`} this code does not know ` +
          "(it was opened by a newer release): start that release, or restore a backup made for this one.",
      );
  } else {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version === LAST_RELEASE_VERSION) adopt(db, file, baseline);
    else if (version !== 0 || userTables(db).length > 0) {
      throw new Error(
        version > LAST_RELEASE_VERSION
          ? `${file} has schema version ${version}, newer than this code knows (${LAST_RELEASE_VERSION}).`
          : `${file} has schema version ${version}; this code upgrades databases of version ${LAST_RELEASE_VERSION} ` +
              "(the release of November 2026) only: start that release on it once, then this one.",
      );
    }
  }

  // A migration that rebuilds a table (drizzle-kit's way of changing one in SQLite) drops the old one
  // and renames the new one in its place: with foreign keys on, the drop would delete the rows of every
  // table that refers to it, and the rename would refuse the triggers naming the dropped table. Both
  // off during the migrations (neither changes inside a transaction), foreign keys checked before each commits.
  db.pragma("foreign_keys = OFF");
  db.pragma("legacy_alter_table = ON");
  try {
    for (const [index, migration] of migrations.entries()) {
      db.transaction(() => {
        if (applied()?.has(migration.folderMillis)) return;
        for (const statement of migration.sql) if (statement.trim()) db.exec(statement);
        const broken = db.pragma("foreign_key_check") as unknown[];
        if (broken.length > 0) throw new Error(`Migration ${index} leaves ${broken.length} rows without their parent.`);
        record(db, migration);
        // An older release refuses a database its code does not know (user_version above its own).
        db.pragma(`user_version = ${LAST_RELEASE_VERSION + index}`);
      }).immediate();
    }
  } finally {
    db.pragma("legacy_alter_table = OFF");
    db.pragma("foreign_keys = ON");
  }
}

/** A last release's database: its schema must be the baseline's; then the baseline counts as applied. */
function adopt(db: Database.Database, file: string, baseline: MigrationMeta) {
  const expected = new (library(db))(":memory:");
  try {
    for (const statement of baseline.sql) if (statement.trim()) expected.exec(statement);
    const want = JSON.stringify(schemaShape(expected));
    db.transaction(() => {
      if (tableExists(db, BOOKKEEPING)) return; // adopted by another process meanwhile
      if (JSON.stringify(schemaShape(db)) !== want)
        throw new Error(
          `${file} has schema version ${LAST_RELEASE_VERSION} but not its tables (changed by hand?): ` +
            "compare it with drizzle/0000_baseline.sql before starting this release on it.",
        );
      record(db, baseline);
    }).immediate();
  } finally {
    expected.close();
  }
}

/** The connection's own library (better-sqlite3 12 or 13, whichever the store loaded). */
const library = (db: Database.Database) => db.constructor as typeof Database;

function record(db: Database.Database, migration: MigrationMeta) {
  db.exec(`CREATE TABLE IF NOT EXISTS ${BOOKKEEPING} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  db.prepare(`INSERT INTO ${BOOKKEEPING} (hash, created_at) VALUES (?, ?)`).run(migration.hash, migration.folderMillis);
}

const tableExists = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** The application's tables: SQLite's own, Drizzle's bookkeeping and Litestream's (_litestream_seq, …) left out. */
export const userTables = (db: Database.Database) =>
  db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> ?
         AND name NOT LIKE '\\_litestream%' ESCAPE '\\'
       ORDER BY name`,
    )
    .pluck()
    .all(BOOKKEEPING) as string[];

/** SQL text compared without its spelling: case, quoting, spacing and a column's table prefix. */
const normalSql = (text: string) =>
  text
    .replace(/[`"[\]]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([(),;=<>])\s*/g, "$1")
    .replace(/\b\w+\.(?=\w)/g, "")
    .trim()
    .toLowerCase();

/** A table definition's parts, split at its top-level commas. */
function tableParts(createSql: string): string[] {
  const body = createSql.slice(createSql.indexOf("(") + 1, createSql.lastIndexOf(")"));
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.map(normalSql);
}

/** The CHECK expressions of a table definition, wherever they are written. */
function checks(createSql: string): string[] {
  const found: string[] = [];
  for (const part of tableParts(createSql)) {
    for (let at = part.indexOf("check("); at >= 0; at = part.indexOf("check(", at + 1)) {
      let depth = 0;
      let end = at + 5;
      do {
        if (part[end] === "(") depth++;
        if (part[end] === ")") depth--;
        end++;
      } while (depth > 0 && end < part.length);
      found.push(part.slice(at + 6, end - 1));
    }
  }
  return found.sort();
}

/**
 * What a database's schema means, its spelling left out: each table's columns (in order, with type,
 * NOT NULL, default, key and collation), foreign keys, CHECKs and indexes, and the triggers. A unique
 * constraint and a unique index on the same columns are the same thing here (SQLite names the first,
 * drizzle-kit writes the second), and so are a primary key with and without NOT NULL (SQLite lets an
 * old TEXT PRIMARY KEY hold NULL; the code never writes one).
 */
export function schemaShape(db: Database.Database) {
  const tables = userTables(db).map((table) => {
    const createSql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
    const parts = tableParts(createSql as string);
    const columns = (
      db.pragma(`table_xinfo("${table}")`) as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[]
    ).map((column) => ({
      name: column.name,
      type: column.type.toLowerCase(),
      notNull: column.notnull === 1 || column.pk > 0,
      default: column.dflt_value,
      primaryKey: column.pk,
      collate:
        /\bcollate (\w+)/.exec(parts.find((part) => part.split(" ")[0] === column.name.toLowerCase()) ?? "")?.[1] ??
        null,
    }));
    const foreignKeys = (
      db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string; to: string; on_delete: string }[]
    ).map((key) => `${key.from} -> ${key.table}(${key.to}) on delete ${key.on_delete.toLowerCase()}`);
    const indexes = (
      db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string; partial: number }[]
    )
      .filter((index) => index.origin !== "pk")
      .map((index) => {
        const keys = (db.pragma(`index_xinfo("${index.name}")`) as { name: string; key: number; coll: string }[])
          .filter((column) => column.key === 1)
          .map((column) => `${column.name} ${column.coll.toLowerCase()}`);
        const sql = db
          .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
          .pluck()
          .get(index.name);
        const where = index.partial ? normalSql(sql as string).replace(/^.*?\)where/, "") : null;
        const name = index.unique && !index.partial ? "unique" : index.name;
        return `${name} ${index.unique ? "unique " : ""}(${keys.join(", ")})${where ? ` where ${where}` : ""}`;
      })
      .sort();
    return { table, columns, foreignKeys: foreignKeys.sort(), checks: checks(createSql as string), indexes };
  });
  const triggers = (
    db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").pluck().all() as string[]
  ).map(normalSql);
  return { tables, triggers };
}
