import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

// The backup's own records: how far the copy of stored files to the backup place has come (one row,
// written by app/lib/backup/file-copies.server.ts), and each rehearsed restore with what it found
// (app/lib/backup/rehearsal.server.ts).

export const backupFileProgress = sqliteTable(
  "backup_file_progress",
  {
    /** Always 1: the queue is the stored files after `copied_through`, in the order they were stored. */
    id: integer("id").primaryKey(),
    /** The id (in stored_files) of the last file copied in order: every file up to it is in the backup. */
    copiedThrough: integer("copied_through").notNull().default(0),
    /** UTC ISO. */
    lastCopiedAt: text("last_copied_at"),
    /** Why the last attempt failed, in words; null once a copy succeeds again. */
    lastError: text("last_error"),
    /** UTC ISO. */
    lastErrorAt: text("last_error_at"),
  },
  (table) => [check("backup_file_progress_one_row", sql`${table.id} = 1`)],
);

export const backupRehearsals = sqliteTable("backup_rehearsals", {
  id: integer("id").primaryKey(),
  /** UTC ISO. */
  startedAt: text("started_at").notNull(),
  ok: integer("ok", { mode: "boolean" }).notNull(),
  durationMs: integer("duration_ms").notNull(),
  requests: integer("requests").notNull().default(0),
  orders: integer("orders").notNull().default(0),
  invoices: integer("invoices").notNull().default(0),
  files: integer("files").notNull().default(0),
  /** The newest record's time in the restored database, UTC ISO. */
  newestRecordAt: text("newest_record_at"),
  /** What failed, in words; null when it passed. */
  problem: text("problem"),
});
