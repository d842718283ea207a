import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { orders } from "../orders/schema";
import { quotes } from "../quotes/schema";

// Sales tax invoices and credit notes (app/lib/invoices/invoices.server.ts writes them). Everything a
// document shows is copied into its rows when it is issued, so it reads the same years later whatever
// changes elsewhere; an issued row is never changed or removed (triggers in its migration refuse it):
// a correction is a credit note. Money is whole paisa.

/** The last number given in each series ("INV", "CN") and fiscal year ("2026-27"). */
export const invoiceSequences = sqliteTable(
  "invoice_sequences",
  {
    series: text("series").notNull(),
    fiscalYear: text("fiscal_year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.fiscalYear] }),
    check("invoice_sequences_values", sql`series IN ('INV', 'CN') AND last >= 1`),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey(),
    /** INV-2026-27-0001. */
    number: text("number").notNull().unique(),
    fiscalYear: text("fiscal_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** ISO 8601, UTC. */
    issuedAt: text("issued_at").notNull(),
    /** The date of issue in Pakistan (YYYY-MM-DD): the invoice's date. */
    issueDate: text("issue_date").notNull(),
    issuedBy: text("issued_by").notNull(),
    // No cascade: a request whose order was invoiced cannot be removed (tax records are kept).
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id),
    orderReference: text("order_reference").notNull(),
    requestReference: text("request_reference").notNull(),
    poNumber: text("po_number").notNull(),
    quotationVersion: integer("quotation_version").notNull(),
    quotationSha256: text("quotation_sha256").notNull(),
    supplierName: text("supplier_name").notNull(),
    supplierAddress: text("supplier_address").notNull(),
    supplierNtn: text("supplier_ntn").notNull(),
    supplierStrn: text("supplier_strn").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerCompany: text("buyer_company").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    buyerNtn: text("buyer_ntn").notNull(),
    buyerStrn: text("buyer_strn").notNull(),
    /** Basis points (1800 = 18 %), on the whole supply. */
    taxRateBp: integer("tax_rate_bp").notNull(),
    valueExclTaxPaisa: integer("value_excl_tax_paisa").notNull(),
    taxPaisa: integer("tax_paisa").notNull(),
    totalPaisa: integer("total_paisa").notNull(),
    /**
     * Further tax on a supply to an unregistered buyer (app/lib/fbr/rates.ts), on top of the total: what
     * the buyer pays is totalPaisa + furtherTaxPaisa. 0 for a registered buyer and before it existed.
     */
    furtherTaxPaisa: integer("further_tax_paisa").notNull().default(0),
    furtherTaxRateBp: integer("further_tax_rate_bp").notNull().default(0),
  },
  (table) => [
    unique("invoices_sequence").on(table.fiscalYear, table.sequence),
    index("invoices_order").on(table.orderId),
    index("invoices_quote").on(table.quoteId),
    check(
      "invoices_money",
      sql`sequence >= 1 AND tax_rate_bp BETWEEN 0 AND 10000 AND value_excl_tax_paisa >= 0 AND tax_paisa >= 0 AND total_paisa = value_excl_tax_paisa + tax_paisa`,
    ),
  ],
);

/** An invoice's lines: the goods chosen, each set-up charge, the delivery. */
export const invoiceLines = sqliteTable(
  "invoice_lines",
  {
    id: integer("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["goods", "setup", "delivery"] }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPaisa: integer("unit_paisa").notNull(),
    valueExclTaxPaisa: integer("value_excl_tax_paisa").notNull(),
    /** The line's share of the tax on the whole supply: the lines add up to the invoice's tax. */
    taxPaisa: integer("tax_paisa").notNull(),
    valueInclTaxPaisa: integer("value_incl_tax_paisa").notNull(),
    /** The line's share of the invoice's further tax (they add up to it). */
    furtherTaxPaisa: integer("further_tax_paisa").notNull().default(0),
  },
  (table) => [
    unique("invoice_lines_position").on(table.invoiceId, table.position),
    check(
      "invoice_lines_values",
      sql`position >= 1 AND kind IN ('goods', 'setup', 'delivery') AND quantity > 0 AND unit_paisa >= 0 AND value_excl_tax_paisa = quantity * unit_paisa AND tax_paisa >= 0 AND value_incl_tax_paisa = value_excl_tax_paisa + tax_paisa`,
    ),
  ],
);

/** A correction of an invoice, for part or all of what is left of it, with its reason. */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: integer("id").primaryKey(),
    /** CN-2026-27-0001. */
    number: text("number").notNull().unique(),
    fiscalYear: text("fiscal_year").notNull(),
    sequence: integer("sequence").notNull(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    issuedAt: text("issued_at").notNull(),
    issueDate: text("issue_date").notNull(),
    issuedBy: text("issued_by").notNull(),
    reason: text("reason").notNull(),
    valueExclTaxPaisa: integer("value_excl_tax_paisa").notNull(),
    taxPaisa: integer("tax_paisa").notNull(),
    /** What is credited, tax included. */
    amountPaisa: integer("amount_paisa").notNull(),
    /** The further tax credited, on top of amountPaisa (value and sales tax) as on the invoice. */
    furtherTaxPaisa: integer("further_tax_paisa").notNull().default(0),
  },
  (table) => [
    unique("credit_notes_sequence").on(table.fiscalYear, table.sequence),
    index("credit_notes_invoice").on(table.invoiceId),
    check(
      "credit_notes_money",
      sql`sequence >= 1 AND length(trim(reason)) > 0 AND value_excl_tax_paisa >= 0 AND tax_paisa >= 0 AND amount_paisa > 0 AND amount_paisa = value_excl_tax_paisa + tax_paisa`,
    ),
  ],
);
