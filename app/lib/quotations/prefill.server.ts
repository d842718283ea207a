import { products } from "~/content/catalogue";
import { quotationTerms } from "~/content/quotation-terms";
import type { ItemPrice, PriceFor } from "~/lib/prices/price-list";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { defaultTerms, type QuotationDraft, type StoredQuotation } from "./quotations.server";

// What a new quotation starts from, before staff price it.

/** The decoration a studio design asks for: the item's main print method and the design's colours. */
function designDecoration(design: NonNullable<StoredQuote["design"]>, method: { name: string } | undefined): string {
  const colours = design.colours.length;
  const inks = colours === 0 ? "" : `${colours} colour${colours === 1 ? "" : "s"} (${design.colours.join(", ")})`;
  return [method?.name, inks].filter(Boolean).join(", ");
}

/**
 * The set-up a design needs from an item's price list: the charge named for its print method, per
 * colour when the charge says so ("Pad print, per colour" × 2 colours).
 */
function designSetup(price: ItemPrice, method: string | undefined, colours: number): number {
  if (!method) return 0;
  const charge = price.setupCharges.find((setup) => setup.label.toLowerCase().startsWith(method.toLowerCase()));
  if (!charge) return 0;
  return /per colou?r/i.test(charge.label) ? charge.paisa * Math.max(1, colours) : charge.paisa;
}

/**
 * A request's first draft: one line for what the buyer asked for (the studio design's catalogue item
 * when there is one, else the product they named), its decoration from the design; priced from the
 * price list when the item has prices and the buyer gave a quantity (unit price of that break, the
 * design's set-up, the item's lead time); the terms from app/content/quotation-terms.ts.
 */
export function prefillDraft(quote: StoredQuote, now: Date, priceFor: PriceFor = () => null): QuotationDraft {
  const item = quote.design ? products.find((product) => product.id === quote.design!.itemId) : undefined;
  const method = item?.print[0];
  const price = item && quote.quantity ? priceFor(item.id, quote.quantity) : null;
  const terms = defaultTerms(now);
  return {
    ...terms,
    ...(price && { leadTimeDays: price.leadTimeDays, leadTime: quotationTerms.leadTime(price.leadTimeDays) }),
    lines: [
      {
        itemId: item?.id ?? null,
        description: item?.title ?? quote.product.trim(),
        decoration: quote.design ? designDecoration(quote.design, method) : "",
        setupPaisa: price ? designSetup(price, method?.name, quote.design?.colours.length ?? 0) : 0,
        options: price ? [{ quantity: price.quantity, unitPaisa: price.unitPaisa }] : [],
      },
    ],
  };
}

/** The next version's draft: the latest version as sent, valid again from today. */
export function draftFromVersion(version: StoredQuotation, now: Date): QuotationDraft {
  const { validUntil } = defaultTerms(now);
  return {
    validUntil,
    leadTimeDays: version.leadTimeDays,
    leadTime: version.leadTime,
    paymentTerms: version.paymentTerms,
    note: version.note,
    deliveryPaisa: version.deliveryPaisa,
    taxRateBp: version.taxRateBp,
    buyerNtn: version.buyerNtn,
    buyerStrn: version.buyerStrn,
    lines: version.lines.map((line) => ({
      itemId: line.itemId,
      description: line.description,
      decoration: line.decoration,
      setupPaisa: line.setupPaisa,
      options: line.options.map(({ quantity, unitPaisa }) => ({ quantity, unitPaisa })),
    })),
  };
}
