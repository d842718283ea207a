import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { quotations } from "../quotations/schema";
import { quotes } from "../quotes/schema";

// Orders (app/lib/orders/orders.server.ts writes them): an accepted quotation becomes one, with its own
// reference, the request's number with an O (Q-2026-0042 → O-2026-0042).

export const orders = sqliteTable("orders", {
  id: integer("id").primaryKey(),
  reference: text("reference").notNull().unique(),
  quoteId: integer("quote_id")
    .notNull()
    .unique()
    .references(() => quotes.id, { onDelete: "cascade" }),
  quotationId: integer("quotation_id")
    .notNull()
    .references(() => quotations.id),
  createdAt: text("created_at").notNull(),
});
