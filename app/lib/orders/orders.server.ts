import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { orders } from "./schema";

export type StoredOrder = typeof orders.$inferSelect;

/** An order's reference: its request's number with an O (Q-2026-0042 → O-2026-0042). */
export const orderReference = (requestReference: string) => requestReference.replace(/^Q-/, "O-");

/** Orders: one per request at most, made when the buyer accepts a quotation (acceptance.server.ts). */
export class Orders {
  private readonly orm;

  constructor(readonly store: QuoteStore) {
    this.orm = drizzle({ client: store.db });
  }

  /** Makes the request's order for an accepted version; call inside the acceptance's transaction. */
  create(quote: { id: number; reference: string }, quotationId: number, now: Date): StoredOrder {
    return this.orm
      .insert(orders)
      .values({
        reference: orderReference(quote.reference),
        quoteId: quote.id,
        quotationId,
        createdAt: now.toISOString(),
      })
      .returning()
      .get();
  }

  /** The request's order, if its quotation was accepted. */
  forRequest(quoteId: number): StoredOrder | null {
    return this.orm.select().from(orders).where(eq(orders.quoteId, quoteId)).get() ?? null;
  }
}
