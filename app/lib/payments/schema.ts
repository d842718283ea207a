import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { orders } from "../orders/schema";
import { quotes } from "../quotes/schema";

// An order's payments (app/lib/payments/payments.server.ts writes them). A payment is never changed
// or removed (triggers in its migration refuse it): a mistaken one is reversed by a reversal row that
// names it and says why, so the history keeps both. Money is whole paisa.

export const paymentKinds = ["advance", "balance", "other"] as const;
export const paymentMethods = ["bank_transfer", "cheque", "raast", "cash"] as const;

export const orderPayments = sqliteTable(
  "order_payments",
  {
    id: integer("id").primaryKey(),
    // No cascade: money received is kept with its order (a request with payments is not removed).
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id),
    kind: text("kind", { enum: paymentKinds }).notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    /** The day it was paid in Pakistan (YYYY-MM-DD). */
    paidOn: text("paid_on").notNull(),
    /** What arrived in the bank or the hand: 0 only when the payment is tax withheld alone (a late certificate). */
    amountPaisa: integer("amount_paisa").notNull(),
    /** Income tax the buyer withheld at source and paid to the government for us, with its certificate's number. */
    incomeTaxWithheldPaisa: integer("income_tax_withheld_paisa").notNull().default(0),
    incomeTaxCertificate: text("income_tax_certificate").notNull().default(""),
    /** Sales tax the buyer withheld at source, with its certificate's number. */
    salesTaxWithheldPaisa: integer("sales_tax_withheld_paisa").notNull().default(0),
    salesTaxCertificate: text("sales_tax_certificate").notNull().default(""),
    /** Cheque or transfer number; "" when none. */
    reference: text("reference").notNull(),
    /** 1 when staff said it was more than due on purpose. */
    overpayment: integer("overpayment", { mode: "boolean" }).notNull(),
    /** ISO 8601, UTC. */
    recordedAt: text("recorded_at").notNull(),
    recordedBy: text("recorded_by").notNull(),
  },
  (table) => [
    index("order_payments_order").on(table.orderId),
    check(
      "order_payments_values",
      sql`amount_paisa >= 0 AND income_tax_withheld_paisa >= 0 AND sales_tax_withheld_paisa >= 0 AND amount_paisa + income_tax_withheld_paisa + sales_tax_withheld_paisa > 0 AND (income_tax_withheld_paisa = 0 OR length(trim(income_tax_certificate)) > 0) AND (sales_tax_withheld_paisa = 0 OR length(trim(sales_tax_certificate)) > 0) AND kind IN ('advance', 'balance', 'other') AND method IN ('bank_transfer', 'cheque', 'raast', 'cash') AND paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND overpayment IN (0, 1)`,
    ),
  ],
);

/** A payment taken back (recorded by mistake), with why: at most one per payment. */
export const paymentReversals = sqliteTable(
  "payment_reversals",
  {
    id: integer("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => orderPayments.id),
    reason: text("reason").notNull(),
    reversedAt: text("reversed_at").notNull(),
    reversedBy: text("reversed_by").notNull(),
  },
  () => [check("payment_reversals_reason", sql`length(trim(reason)) > 0`)],
);

/** The last receipt number given in each calendar year (Pakistan) of the receipts' series. */
export const receiptSequences = sqliteTable(
  "receipt_sequences",
  {
    year: text("year").primaryKey(),
    last: integer("last").notNull(),
  },
  () => [check("receipt_sequences_last", sql`last >= 1`)],
);

/**
 * The receipt a recorded payment sent the buyer: numbered with the payment, in the same transaction,
 * gapless in its year (R-2026-0001), and what it said copied in, so it reads the same later. Never
 * changed or removed (triggers in its migration): a reversed payment keeps its receipt and number,
 * shown as cancelled. Payments recorded before receipts existed have none.
 */
export const paymentReceipts = sqliteTable(
  "payment_receipts",
  {
    id: integer("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => orderPayments.id),
    /** R-2026-0001. */
    number: text("number").notNull().unique(),
    year: text("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** ISO 8601, UTC. */
    issuedAt: text("issued_at").notNull(),
    /** The receipt's date in Pakistan (YYYY-MM-DD). */
    issueDate: text("issue_date").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerCompany: text("buyer_company").notNull(),
    poNumber: text("po_number").notNull(),
    /** What the order cost when the payment was recorded (the acceptance's, less credit notes). */
    orderTotalPaisa: integer("order_total_paisa").notNull(),
    /** Settled by earlier payments (received and withheld), not counting this one. */
    settledBeforePaisa: integer("settled_before_paisa").notNull(),
    /** What was still due once this payment was counted (never below 0). */
    dueAfterPaisa: integer("due_after_paisa").notNull(),
  },
  (table) => [
    unique("payment_receipts_sequence").on(table.year, table.sequence),
    check(
      "payment_receipts_values",
      sql`sequence >= 1 AND order_total_paisa >= 0 AND settled_before_paisa >= 0 AND due_after_paisa >= 0`,
    ),
  ],
);
