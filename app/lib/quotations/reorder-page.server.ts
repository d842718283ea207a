import { quotationPageText as text } from "~/content/quotation-page";
import { longDeadline } from "~/lib/desk/time";
import type { StoredQuote } from "~/lib/quotes/store.server";
import type { Reorders } from "./reorder.server";

/**
 * What the buyer's page shows of "Order again": the offer while the request's order is delivered, and
 * after the post, the repeat order's reference and when the office answers it.
 */
export function reorderPageData(reorders: Reorders, quote: StoredQuote, justReordered: boolean, now = Date.now()) {
  const made = justReordered ? reorders.lastReorder(quote.id) : null;
  return {
    offer: reorders.offer(quote.id),
    reordered: made ? text.reordered(made.reference, longDeadline(made.replyBy, now)) : null,
  };
}

export type OrderAgainPost =
  { ok: true; created: boolean; reference: string } | { ok: false; status: 400 | 409; error: string };

/** The buyer's "Order again" post from the page of `quote`: the order it names must be this request's. */
export function orderAgain(
  reorders: Reorders,
  quote: StoredQuote,
  form: Record<string, FormDataEntryValue>,
  now = new Date(),
): OrderAgainPost {
  const order = typeof form.order === "string" ? form.order.trim().slice(0, 40) : "";
  if (!order) return { ok: false, status: 400, error: text.reorderRefused.other_order };
  const result = reorders.orderAgain(quote.id, order, now);
  if (!result.ok) return { ok: false, status: 409, error: text.reorderRefused[result.reason] };
  return { ok: true, created: result.created, reference: result.quote.reference };
}
