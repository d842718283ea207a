import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { creditNotes, invoices } from "../invoices/schema";

// Reporting invoices and credit notes to FBR's Digital Invoicing (app/lib/fbr/reports.server.ts writes
// these). An issued invoice's own rows never change; what FBR is told about it (the buyer's tax
// registration, each line's HS code, unit and sale type) lives here, may be corrected while FBR refuses
// it, and is frozen once FBR accepts it. The table is also the durable queue of posts to FBR.

export const reportStatuses = ["not reported", "waiting", "refused", "accepted"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

const statusList = sql.raw(reportStatuses.map((status) => `'${status}'`).join(", "));

/** One document reported to FBR: a sales tax invoice ("Sale Invoice") or a credit note ("Debit Note"). */
export const invoiceReports = sqliteTable(
  "invoice_reports",
  {
    id: integer("id").primaryKey(),
    /** The invoice, or for a credit note the invoice it corrects (whose FBR number it refers to). */
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** Set for a credit note's report; null for the invoice's own. */
    creditNoteId: integer("credit_note_id")
      .unique()
      .references(() => creditNotes.id),
    /** "not reported" (no FBR token when issued), "waiting" (queued), "refused", "accepted". */
    status: text("status").notNull(),
    buyerRegistrationType: text("buyer_registration_type").notNull(),
    /** 7-digit NTN or 13-digit CNIC, digits only; "" for an unregistered buyer without one. */
    buyerNtnCnic: text("buyer_ntn_cnic").notNull().default(""),
    buyerBusinessName: text("buyer_business_name").notNull(),
    /** A province as FBR's list names it ("PUNJAB"). */
    buyerProvince: text("buyer_province").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    /** ISO 8601, UTC: when it was first queued (what "waiting since" shows). */
    queuedAt: text("queued_at").notNull(),
    /** ISO 8601, UTC: when the queue tries it next; null while refused, accepted or not reported. */
    nextAttemptAt: text("next_attempt_at"),
    /** A worker's claim on it until this time (ISO 8601), so two processes never post it at once. */
    claimedUntil: text("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    /** Why the last try did not reach an answer (timeout, 503 …), in staff's words. */
    lastProblem: text("last_problem"),
    /** ISO 8601, UTC: a post was sent and its answer never came (FBR may hold a record we do not know). */
    answerLostAt: text("answer_lost_at"),
    /** FBR's refusal in staff's words: JSON [{ line: number | null, code: string, words: string }]. */
    refusal: text("refusal"),
    /** The FBR invoice number ("0000000DI1747119701593"): set once, never replaced. */
    fbrNumber: text("fbr_number").unique(),
    /** FBR's "dated" as it sent it ("2025-05-13 12:01:41", Pakistan time). */
    fbrDated: text("fbr_dated"),
    acceptedAt: text("accepted_at"),
    /** ISO 8601: when the owner was told it waited over an hour, or was refused (each once). */
    ownerToldWaitingAt: text("owner_told_waiting_at"),
    ownerToldRefusedAt: text("owner_told_refused_at"),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    index("invoice_reports_invoice").on(table.invoiceId),
    index("invoice_reports_due").on(table.status, table.nextAttemptAt),
    check("invoice_reports_status", sql`status IN (${statusList})`),
    check(
      "invoice_reports_registration",
      sql`buyer_registration_type IN ('Registered', 'Unregistered') AND attempts >= 0`,
    ),
    check("invoice_reports_accepted", sql`(status = 'accepted') = (fbr_number IS NOT NULL)`),
  ],
);

/** What FBR is told of each line of the document (by the invoice line's position). */
export const invoiceReportLines = sqliteTable(
  "invoice_report_lines",
  {
    id: integer("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => invoiceReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** "3926.1000": FBR's HS code format, four digits, a dot, four digits. */
    hsCode: text("hs_code").notNull(),
    /** A unit of measure as FBR's list names it ("Numbers, pieces, units"). */
    uom: text("uom").notNull(),
    /** FBR's sale type ("Goods at standard rate (default)"). */
    saleType: text("sale_type").notNull(),
  },
  (table) => [unique("invoice_report_lines_position").on(table.reportId, table.position)],
);

/** Every request sent to FBR and its answer as it came (or why none came): the record of what FBR said. */
export const fbrExchanges = sqliteTable(
  "fbr_exchanges",
  {
    id: integer("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => invoiceReports.id, { onDelete: "cascade" }),
    /** "validate" or "post". */
    step: text("step").notNull(),
    sentAt: text("sent_at").notNull(),
    /** The JSON sent. */
    request: text("request").notNull(),
    /** HTTP status; null when no answer came (timeout, connection refused). */
    httpStatus: integer("http_status"),
    /** The body as FBR sent it (bounded), or the reason no answer came. */
    answer: text("answer").notNull(),
    answeredAt: text("answered_at"),
  },
  (table) => [
    index("fbr_exchanges_report").on(table.reportId),
    check("fbr_exchanges_step", sql`step IN ('validate', 'post')`),
  ],
);
