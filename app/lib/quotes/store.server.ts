import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { QuoteFields } from "~/lib/quote-schema";

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
const Sqlite = loadNative(sqliteLibrary) as typeof Database;

/** What happened to the e-mail about a request: waiting in the outbox, sent, or notifications off. */
export type NotifyStatus = "pending" | "sent" | "off";

export type StoredQuote = QuoteFields & {
  id: number;
  /** ISO 8601, UTC. */
  receivedAt: string;
  clientIp: string;
  userAgent: string;
  /** Path (and query) of the page the request was sent from. */
  page: string;
  idempotencyKey: string;
  notifyStatus: NotifyStatus;
  notifyAttempts: number;
  notifiedAt: string | null;
  notifyError: string | null;
};

export type QuoteMeta = { clientIp: string; userAgent: string; page: string; idempotencyKey: string };

export const DB_FILE = "quotes.db";

/**
 * Versioned migrations: entry N brings the schema to version N + 1 (PRAGMA user_version).
 * Append new entries; never edit a shipped one.
 */
const migrations: readonly string[] = [
  `CREATE TABLE quotes (
     id INTEGER PRIMARY KEY,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     company TEXT NOT NULL DEFAULT '',
     email TEXT NOT NULL,
     phone TEXT NOT NULL DEFAULT '',
     product TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     client_ip TEXT NOT NULL,
     user_agent TEXT NOT NULL DEFAULT '',
     page TEXT NOT NULL DEFAULT '',
     idempotency_key TEXT NOT NULL UNIQUE,
     notify_status TEXT NOT NULL CHECK (notify_status IN ('pending', 'sent', 'off')),
     notify_attempts INTEGER NOT NULL DEFAULT 0,
     notify_next_at INTEGER,
     notified_at TEXT,
     notify_error TEXT
   );
   CREATE INDEX quotes_received_at ON quotes (received_at);
   CREATE INDEX quotes_outbox ON quotes (notify_next_at) WHERE notify_status = 'pending';`,
];

export const schemaVersion = migrations.length;

type Row = {
  id: number;
  received_at: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  product: string;
  message: string;
  client_ip: string;
  user_agent: string;
  page: string;
  idempotency_key: string;
  notify_status: NotifyStatus;
  notify_attempts: number;
  notified_at: string | null;
  notify_error: string | null;
};

const fromRow = (row: Row): StoredQuote => ({
  id: row.id,
  receivedAt: row.received_at,
  name: row.name,
  company: row.company,
  email: row.email,
  phone: row.phone,
  product: row.product,
  message: row.message,
  clientIp: row.client_ip,
  userAgent: row.user_agent,
  page: row.page,
  idempotencyKey: row.idempotency_key,
  notifyStatus: row.notify_status,
  notifyAttempts: row.notify_attempts,
  notifiedAt: row.notified_at,
  notifyError: row.notify_error,
});

/** Quote requests in SQLite (`quotes.db` in the data folder), WAL mode, one row per request. */
export class QuoteStore {
  readonly db: Database.Database;

  private constructor(readonly file: string) {
    this.db = new Sqlite(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL"); // acknowledged means on disk, even after a power cut
    this.db.pragma("busy_timeout = 5000"); // the inbox command or a second process may hold a lock briefly
    this.migrate();
  }

  /** Opens (creating the folder and the file if needed) and migrates the store in `dataDir`. */
  static open(dataDir: string): QuoteStore {
    mkdirSync(dataDir, { recursive: true });
    return new QuoteStore(join(dataDir, DB_FILE));
  }

  private migrate() {
    const current = this.db.pragma("user_version", { simple: true }) as number;
    if (current > migrations.length) {
      throw new Error(`${this.file} has schema version ${current}, newer than this code knows (${migrations.length}).`);
    }
    for (let version = current; version < migrations.length; version++) {
      this.db.transaction(() => {
        this.db.exec(migrations[version]!);
        this.db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    }
  }

  /**
   * Stores a request, committed before it returns. A second insert with the same idempotency key
   * stores nothing and returns the first request (`created: false`).
   */
  insert(
    quote: QuoteFields,
    meta: QuoteMeta,
    { notify, now = new Date() }: { notify: boolean; now?: Date },
  ): { quote: StoredQuote; created: boolean } {
    const result = this.db
      .prepare(
        `INSERT INTO quotes (received_at, name, company, email, phone, product, message, client_ip, user_agent, page,
           idempotency_key, notify_status, notify_next_at)
         VALUES (@receivedAt, @name, @company, @email, @phone, @product, @message, @clientIp, @userAgent, @page,
           @idempotencyKey, @notifyStatus, @notifyNextAt)
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .run({
        ...quote,
        ...meta,
        receivedAt: now.toISOString(),
        notifyStatus: notify ? "pending" : "off",
        notifyNextAt: notify ? now.getTime() : null,
      });
    const stored = this.findByKey(meta.idempotencyKey);
    if (!stored) throw new Error("Quote request not found right after storing it.");
    return { quote: stored, created: result.changes === 1 };
  }

  findByKey(idempotencyKey: string): StoredQuote | undefined {
    const row = this.db.prepare("SELECT * FROM quotes WHERE idempotency_key = ?").get(idempotencyKey) as Row | undefined;
    return row && fromRow(row);
  }

  get(id: number): StoredQuote | undefined {
    const row = this.db.prepare("SELECT * FROM quotes WHERE id = ?").get(id) as Row | undefined;
    return row && fromRow(row);
  }

  /** Newest first; `since` (ISO date or time) keeps requests received at or after it. */
  list({ since }: { since?: string } = {}): StoredQuote[] {
    const rows = since
      ? this.db.prepare("SELECT * FROM quotes WHERE received_at >= ? ORDER BY received_at DESC, id DESC").all(since)
      : this.db.prepare("SELECT * FROM quotes ORDER BY received_at DESC, id DESC").all();
    return (rows as Row[]).map(fromRow);
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM quotes").get() as { n: number }).n;
  }

  /**
   * Takes up to `limit` notifications that are due, leasing each for `leaseMs` so that no other
   * worker (another process on the same data folder) sends it meanwhile.
   */
  claimDue({ now = Date.now(), leaseMs, limit = 10 }: { now?: number; leaseMs: number; limit?: number }): StoredQuote[] {
    return this.db
      .transaction(() => {
        const rows = this.db
          .prepare(
            `SELECT * FROM quotes WHERE notify_status = 'pending' AND notify_next_at <= ? ORDER BY notify_next_at, id LIMIT ?`,
          )
          .all(now, limit) as Row[];
        const lease = this.db.prepare("UPDATE quotes SET notify_next_at = ? WHERE id = ?");
        for (const row of rows) lease.run(now + leaseMs, row.id);
        return rows.map(fromRow);
      })
      .immediate();
  }

  markSent(id: number, now = new Date()) {
    this.db
      .prepare(
        `UPDATE quotes SET notify_status = 'sent', notified_at = ?, notify_next_at = NULL, notify_error = NULL,
           notify_attempts = notify_attempts + 1 WHERE id = ?`,
      )
      .run(now.toISOString(), id);
  }

  /** Records a failed attempt; the next one is due at `nextAt` (ms since the epoch). */
  markFailed(id: number, error: string, nextAt: number) {
    this.db
      .prepare(
        "UPDATE quotes SET notify_attempts = notify_attempts + 1, notify_error = ?, notify_next_at = ? WHERE id = ?",
      )
      .run(error.slice(0, 1000), nextAt, id);
  }

  /** When the next pending notification is due (ms since the epoch), or null if none is waiting. */
  nextDueAt(): number | null {
    const row = this.db
      .prepare("SELECT min(notify_next_at) AS next FROM quotes WHERE notify_status = 'pending'")
      .get() as { next: number | null };
    return row.next;
  }

  close() {
    if (this.db.open) this.db.close();
  }
}
