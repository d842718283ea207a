import { products } from "~/content/catalogue";
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
 * A request's first draft: one line for what the buyer asked for (the studio design's catalogue item
 * when there is one, else the product they named), its decoration from the design, no prices yet; the
 * terms from app/content/quotation-terms.ts.
 */
export function prefillDraft(quote: StoredQuote, now: Date): QuotationDraft {
  const item = quote.design ? products.find((product) => product.id === quote.design!.itemId) : undefined;
  return {
    ...defaultTerms(now),
    lines: [
      {
        itemId: item?.id ?? null,
        description: item?.title ?? quote.product.trim(),
        decoration: quote.design ? designDecoration(quote.design, item?.print[0]) : "",
        setupPaisa: 0,
        options: [],
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
