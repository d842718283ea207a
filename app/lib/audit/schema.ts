import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { staff } from "../desk/staff-schema";
import { actorTypes, auditEventTypes, subjectTypes } from "./events";

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The audit trail: one row per thing that happened to a request (later a quotation, an order, an
 * invoice), appended by `AuditLog.record` only. What the schema cannot say is in the migration that
 * made it (drizzle/0001_messages_and_audit.sql): triggers refuse every update and deletion but the
 * staff id's clearing when an account goes and the removal of a deleted request's events.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey(),
    /** ISO 8601, UTC. */
    at: text("at").notNull(),
    subjectType: text("subject_type", { enum: subjectTypes }).notNull(),
    subjectId: integer("subject_id").notNull(),
    type: text("type", { enum: auditEventTypes as [string, ...string[]] }).notNull(),
    actorType: text("actor_type", { enum: actorTypes }).notNull(),
    /** The staff account, while it exists: removing the account leaves the event, with the name below. */
    actorStaffId: integer("actor_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** A staff member as the history showed them then ("Name <e-mail>"); null for the buyer and the website. */
    actorName: text("actor_name"),
    /** JSON, the shape `payloadSchemas[type]` says. */
    payload: text("payload").notNull(),
  },
  (table) => [
    index("audit_events_subject").on(table.subjectType, table.subjectId, table.id),
    index("audit_events_staff")
      .on(table.actorStaffId)
      .where(sql`${table.actorStaffId} IS NOT NULL`),
    // Bare column names: drizzle-kit keeps a table's name in a CHECK when it rebuilds the table, which
    // SQLite then refuses. The event types are the code's closed list (payloadSchemas, checked on every
    // write and read), grown without a rebuild.
    check("audit_events_subject_type", sql`subject_type IN (${oneOf(subjectTypes)})`),
    check("audit_events_type", sql`type GLOB '[a-z]*.[a-z]*'`),
    check("audit_events_actor_type", sql`actor_type IN (${oneOf(actorTypes)})`),
    check(
      "audit_events_actor",
      sql`(actor_type = 'staff') = (actor_name IS NOT NULL) AND (actor_type = 'staff' OR actor_staff_id IS NULL)`,
    ),
    check("audit_events_payload", sql`json_valid(payload)`),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
