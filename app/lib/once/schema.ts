import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Forms that make money or a numbered document, each post's one-time key and what the first post with
// it came to (app/lib/once/once.server.ts writes them): the same key again gets that outcome back,
// never a second record.

export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: integer("id").primaryKey(),
    /** Which form and what it is about, e.g. "payment:O-2026-0042": a key is one post of one form. */
    form: text("form").notNull(),
    key: text("key").notNull(),
    /** The first post's outcome, as JSON. */
    outcome: text("outcome").notNull(),
    /** ISO 8601, UTC. */
    createdAt: text("created_at").notNull(),
  },
  (table) => [uniqueIndex("form_submissions_form_key").on(table.form, table.key)],
);
