import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    amountPaisa: integer("amount_paisa").notNull(),
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
      sql`amount_paisa > 0 AND kind IN ('advance', 'balance', 'other') AND method IN ('bank_transfer', 'cheque', 'raast', 'cash') AND paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND overpayment IN (0, 1)`,
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
