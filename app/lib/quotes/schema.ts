import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { QuoteStatus } from "~/lib/quote-status";
import type { LogoType } from "~/lib/upload-rules";
import { staff } from "../desk/staff-schema";

// The tables of quote requests (app/lib/quotes/store.server.ts writes them). Columns are in the order
// the databases of earlier releases have them, so that a `SELECT *` reads alike in both.

/**
 * The Monday (Pakistan date, "2026-11-23") of the week a request arrived in, as SQL: Pakistan keeps
 * UTC+5 all year, 'weekday 0' moves on to the Sunday ending the week. The reports' queries use this
 * very text so that SQLite reads it from the indexes below.
 */
export const pakistanWeekOfArrival = "date(received_at, '+5 hours', 'weekday 0', '-6 days')";

export const quotes = sqliteTable(
  "quotes",
  {
    id: integer("id").primaryKey(),
    receivedAt: text("received_at").notNull(),
    name: text("name").notNull(),
    company: text("company").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    product: text("product").notNull().default(""),
    message: text("message").notNull(),
    clientIp: text("client_ip").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    page: text("page").notNull().default(""),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The buyer's design from the brand studio, as JSON. */
    design: text("design"),
    /** Given by the store to every request; nullable as the column was added to a table with rows. */
    reference: text("reference"),
    status: text("status").$type<QuoteStatus>().notNull().default("new"),
    statusReason: text("status_reason").notNull().default(""),
    answeredAt: text("answered_at"),
    /** The member of staff who owns the request, if anyone does yet. */
    ownerStaffId: integer("owner_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** When the answer is due (ms since the epoch): 24 business hours after it arrived (app/lib/desk/time.ts). */
    replyBy: integer("reply_by"),
    // Added columns, checked by the quote schema (app/lib/quote-schema.ts): a CHECK here would make
    // drizzle-kit rebuild the table, its search triggers and rows with it.
    /** How many pieces the buyer asks for, if they said (1 to 1,000,000); null on requests from before. */
    quantity: integer("quantity"),
    /** The day the buyer needs the goods in hand, YYYY-MM-DD (Pakistan), if they said. */
    neededBy: text("needed_by"),
    // What the owner's reports read, kept on the request when it happens so that they count in SQL.
    /** When the request was first answered (ISO UTC); kept when the buyer writes back, unlike answered_at. */
    firstAnsweredAt: text("first_answered_at"),
    /** How long that first answer took, in business ms (app/lib/desk/time.ts), worked out then. */
    firstAnswerBusinessMs: integer("first_answer_business_ms"),
    /** The catalogue category the request is for (app/lib/quotes/category.ts), or "other". */
    category: text("category"),
    /** Where the request came from: "website" (the quote form, or staff) or "whatsapp" (an unknown number wrote). */
    source: text("source", { enum: ["website", "whatsapp"] })
      .notNull()
      .default("website"),
    /** How the buyer asked to be answered: "email", or "whatsapp" (the office's mails go by WhatsApp too). */
    replyChannel: text("reply_channel", { enum: ["email", "whatsapp"] })
      .notNull()
      .default("email"),
    /** The phone as WhatsApp names it (E.164 digits, "923001234567"), when it is a number WhatsApp reaches. */
    whatsappNumber: text("whatsapp_number"),
  },
  (table) => [
    // The statuses are the state machine's (app/lib/requests/status.ts), its only writer.
    check("quotes_status", sql`status GLOB '[a-z]*'`),
    // A buyer's WhatsApp message finds their newest request by number.
    index("quotes_whatsapp_number")
      .on(table.whatsappNumber, table.receivedAt)
      .where(sql`${table.whatsappNumber} IS NOT NULL`),
    index("quotes_received_at").on(table.receivedAt),
    uniqueIndex("quotes_reference").on(table.reference),
    index("quotes_status").on(table.status, table.receivedAt),
    index("quotes_owner").on(table.ownerStaffId, table.status),
    index("quotes_reply_by")
      .on(table.replyBy)
      .where(sql`answered_at IS NULL`),
    // Mine and Unassigned: a member's (or nobody's) unanswered requests in reply-by order, and their count.
    index("quotes_owner_reply_by")
      .on(table.ownerStaffId, table.replyBy)
      .where(sql`answered_at IS NULL`),
    // Mine's answered part: a member's answered requests newest first, read in order, never sorted.
    index("quotes_owner_answered")
      .on(table.ownerStaffId, table.receivedAt)
      .where(sql`answered_at IS NOT NULL`),
    // The owner's weekly reports, each week a range of these (its requests in the order of their first
    // answer's time, the median read at its middle): counted in the index, never sorted.
    index("quotes_report_answers").on(sql.raw(pakistanWeekOfArrival), table.firstAnswerBusinessMs, table.receivedAt),
    index("quotes_report_categories").on(sql.raw(pakistanWeekOfArrival), table.category),
    // The owner's outcomes report: the decided requests by outcome and reason, read from the index alone.
    index("quotes_outcomes")
      .on(table.status, table.statusReason, table.receivedAt)
      .where(sql`status IN ('won', 'lost')`),
    // Rows the store still has to fill in code when it opens (none once done): an index lookup, not a scan.
    index("quotes_category_missing")
      .on(table.id)
      .where(sql`category IS NULL`),
    index("quotes_first_answer_unmeasured")
      .on(table.id)
      .where(sql`first_answered_at IS NOT NULL AND first_answer_business_ms IS NULL`),
  ],
);

export const quoteAttachments = sqliteTable(
  "quote_attachments",
  {
    id: integer("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    role: text("role").$type<"logo" | "mockup">().notNull(),
    mediaType: text("media_type").$type<LogoType>().notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull().default(""),
  },
  (table) => [
    check("quote_attachments_role", sql`${table.role} IN ('logo', 'mockup')`),
    check(
      "quote_attachments_media_type",
      sql`${table.mediaType} IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')`,
    ),
    unique("quote_attachments_quote_role").on(table.quoteId, table.role),
  ],
);

/** The last reference number given in each year (Pakistan time). */
export const quoteReferences = sqliteTable("quote_references", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});
