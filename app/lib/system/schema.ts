import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** What the owners are e-mailed about: the backup behind, a rehearsal failed, the data disk nearly full. */
export const systemAlertKinds = ["backup-behind", "rehearsal-failed", "disk-low"] as const;

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The owners' alerts, one row per incident: opened when the check first finds the trouble, mailed to the
 * owners once (retried each minute until the mail server takes it), cleared when the trouble is gone; the
 * next time it comes back is a new incident and a new mail. Written by app/lib/system/alerts.server.ts only.
 */
export const systemAlerts = sqliteTable(
  "system_alerts",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: systemAlertKinds }).notNull(),
    /** What was found, in words for the owners (no path, no secret). */
    detail: text("detail").notNull(),
    /** UTC ISO. */
    openedAt: text("opened_at").notNull(),
    /** UTC ISO; null while the trouble lasts. */
    clearedAt: text("cleared_at"),
    /** UTC ISO: when the owners' mail was taken by the mail server; null until then (or with e-mail off). */
    mailedAt: text("mailed_at"),
    mailAttempts: integer("mail_attempts").notNull().default(0),
    lastMailError: text("last_mail_error"),
  },
  (table) => [
    check("system_alerts_kind", sql`kind IN (${list(systemAlertKinds)})`),
    // One open incident of a kind at a time.
    uniqueIndex("system_alerts_open")
      .on(table.kind)
      .where(sql`${table.clearedAt} IS NULL`),
    index("system_alerts_opened").on(table.openedAt),
  ],
);
