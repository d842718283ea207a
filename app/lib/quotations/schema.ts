import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { staff } from "../desk/staff-schema";
import { quotes } from "../quotes/schema";

// A request's priced quotations (app/lib/quotations/quotations.server.ts writes them). Money is whole
// paisa. A draft has no version yet; "Send quotation" freezes it as the next version, and a sent
// version is never changed (triggers in its migration refuse it): a change is the next version.

export const quotations = sqliteTable(
  "quotations",
  {
    id: integer("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** 1, 2, … once sent; null while it is the request's draft (one at most). */
    version: integer("version"),
    /** The last day it can be accepted (YYYY-MM-DD, Pakistan time). */
    validUntil: text("valid_until").notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    /** "10 business days after artwork approval": the words the buyer reads. */
    leadTime: text("lead_time").notNull(),
    paymentTerms: text("payment_terms").notNull(),
    note: text("note").notNull().default(""),
    deliveryPaisa: integer("delivery_paisa").notNull().default(0),
    /** Sales tax on the whole supply, in basis points (1800 = 18 %). */
    taxRateBp: integer("tax_rate_bp").notNull(),
    buyerNtn: text("buyer_ntn").notNull().default(""),
    buyerStrn: text("buyer_strn").notNull().default(""),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    updatedBy: integer("updated_by").references(() => staff.id, { onDelete: "set null" }),
    sentAt: text("sent_at"),
    sentBy: integer("sent_by").references(() => staff.id, { onDelete: "set null" }),
    /** SHA-256 of the version's canonical form (canonical.ts), fixed when it is sent. */
    sha256: text("sha256"),
    /**
     * The version's total at the options nearest the buyer's asked quantity (totals.ts, nearestChoices),
     * fixed when it is sent (the owner's reports add these up, or the accepted total once accepted);
     * filled once for versions sent before it was kept.
     */
    quotedTotalPaisa: integer("quoted_total_paisa"),
    /** The buyer's one reminder before it expires. */
    remindedAt: text("reminded_at"),
    /** When it expired unanswered and the request went back to the office. */
    expiredAt: text("expired_at"),
    /** The buyer's "What should change?", with when. */
    changesText: text("changes_text"),
    changesAt: text("changes_at"),
  },
  (table) => [
    unique("quotations_quote_version").on(table.quoteId, table.version),
    uniqueIndex("quotations_one_draft")
      .on(table.quoteId)
      .where(sql`version IS NULL`),
    // The owner's reports read the sent versions of the months shown.
    index("quotations_sent_at")
      .on(table.sentAt)
      .where(sql`version IS NOT NULL`),
    check("quotations_money", sql`delivery_paisa >= 0 AND tax_rate_bp BETWEEN 0 AND 10000 AND lead_time_days >= 0`),
    check("quotations_sent", sql`(version IS NULL) = (sent_at IS NULL) AND (version IS NULL) = (sha256 IS NULL)`),
  ],
);

/** A line of a quotation: an item (or free description), its decoration and set-up charge. */
export const quotationLines = sqliteTable(
  "quotation_lines",
  {
    id: integer("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The catalogue item it prices, if any (app/content/catalogue.ts). */
    itemId: text("item_id"),
    description: text("description").notNull(),
    decoration: text("decoration").notNull().default(""),
    setupPaisa: integer("setup_paisa").notNull().default(0),
  },
  (table) => [
    unique("quotation_lines_position").on(table.quotationId, table.position),
    check("quotation_lines_money", sql`setup_paisa >= 0 AND position >= 1`),
  ],
);

/** One to three quantity options of a line, each with its unit price; the buyer picks one per line. */
export const quotationOptions = sqliteTable(
  "quotation_options",
  {
    id: integer("id").primaryKey(),
    lineId: integer("line_id")
      .notNull()
      .references(() => quotationLines.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
    unitPaisa: integer("unit_paisa").notNull(),
  },
  (table) => [
    unique("quotation_options_position").on(table.lineId, table.position),
    check("quotation_options_values", sql`position BETWEEN 1 AND 3 AND quantity > 0 AND unit_paisa >= 0`),
  ],
);

/**
 * The buyer's acceptance of a version: final (a trigger refuses changes), one per request at most (one
 * order per request). The totals are the server's, from the stored lines and the options chosen.
 */
export const quotationAcceptances = sqliteTable(
  "quotation_acceptances",
  {
    quotationId: integer("quotation_id")
      .primaryKey()
      .references(() => quotations.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "cascade" }),
    acceptedAt: text("accepted_at").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    poNumber: text("po_number").notNull().default(""),
    /** JSON: the option position chosen on each line, in line order, e.g. [2, 1]. */
    choices: text("choices").notNull(),
    goodsPaisa: integer("goods_paisa").notNull(),
    setupPaisa: integer("setup_paisa").notNull(),
    deliveryPaisa: integer("delivery_paisa").notNull(),
    taxPaisa: integer("tax_paisa").notNull(),
    totalPaisa: integer("total_paisa").notNull(),
    /** The quotation's SHA-256 as the buyer saw it when they accepted. */
    quotationSha256: text("quotation_sha256").notNull(),
  },
  (table) => [index("quotation_acceptances_at").on(table.acceptedAt)],
);
