import { products } from "~/content/catalogue";
import { quotationTerms } from "~/content/quotation-terms";
import { itemForWords, optionsAround, type PriceList } from "~/lib/prices/price-list";
import type { PriceBook } from "~/lib/prices/prices.server";
import { requestCategory } from "~/lib/quotes/category";
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
 * colour when the charge says so ("Pad print, per colour" × 2 colours); the item's whole set-up when
 * no charge is named for the method.
 */
function designSetup(list: PriceList, method: string | undefined, colours: number): number {
  const charge = method
    ? list.setupCharges.find((setup) => setup.label.toLowerCase().startsWith(method.toLowerCase()))
    : undefined;
  if (!charge) return setupOf(list);
  return /per colou?r/i.test(charge.label) ? charge.paisa * Math.max(1, colours) : charge.paisa;
}

/** What the editor needs of the price list: the items offered, and an item's prices. */
export type PriceLookup = Pick<PriceBook, "offered" | "list">;

const noPrices: PriceLookup = { offered: () => [], list: () => null };

/**
 * The price-list item a request is for: the one its studio design's piece is made from, else the one
 * the buyer's product words name ("Custom pens with logo": a pen), else the first of the category the
 * words name; none when nothing matches or the item is retired.
 */
export function requestedItem(quote: StoredQuote, prices: PriceLookup): PriceList | null {
  const piece = quote.design ? products.find((product) => product.id === quote.design!.itemId) : undefined;
  const offered = prices.offered();
  const itemId = piece
    ? piece.priceItemId
    : itemForWords(offered, quote.product, requestCategory(quote.product, null))?.itemId;
  const list = itemId ? prices.list(itemId) : null;
  return list && list.retiredAt === null ? list : null;
}

/**
 * A line priced from a price-list item for a request: options around the buyer's quantity (else
 * `quantity`, else the item's lowest breaks) at its breaks; its set-up (a studio design's print
 * method per colour, else all of the item's); named as the studio piece the buyer designed when the
 * item is the one it is made from, else as the item.
 */
export function lineFromItem(list: PriceList, quote: StoredQuote, quantity: number | null = null) {
  const piece = quote.design ? products.find((product) => product.id === quote.design!.itemId) : undefined;
  const forPiece = piece?.priceItemId === list.itemId ? piece : undefined;
  return {
    itemId: list.itemId,
    description: forPiece?.title ?? list.name,
    setupPaisa: forPiece
      ? designSetup(list, forPiece.print[0]?.name, quote.design?.colours.length ?? 0)
      : setupOf(list),
    options: optionsAround(list, quote.quantity ?? quantity),
  };
}

/**
 * A request's first draft: one line for what the buyer asked for, priced from the price-list item it
 * is made from when one is found (see requestedItem and lineFromItem), with the item's lead time;
 * else named in the buyer's words, for staff to price. The terms from app/content/quotation-terms.ts.
 */
export function prefillDraft(quote: StoredQuote, now: Date, prices: PriceLookup = noPrices): QuotationDraft {
  const piece = quote.design ? products.find((product) => product.id === quote.design!.itemId) : undefined;
  const method = piece?.print[0];
  const list = requestedItem(quote, prices);
  const priced = list && list.breaks.length > 0 ? lineFromItem(list, quote) : null;
  const terms = defaultTerms(now);
  return {
    ...terms,
    ...(priced && { leadTimeDays: list!.leadTimeDays, leadTime: quotationTerms.leadTime(list!.leadTimeDays) }),
    lines: [
      {
        itemId: priced?.itemId ?? piece?.priceItemId ?? null,
        description: priced?.description ?? piece?.title ?? quote.product.trim(),
        decoration: quote.design ? designDecoration(quote.design, method) : "",
        setupPaisa: priced?.setupPaisa ?? 0,
        options: priced?.options ?? [],
      },
    ],
  };
}

/** An item's whole set-up: each charge once (a per-colour charge for one colour). */
export const setupOf = (list: PriceList) => list.setupCharges.reduce((sum, charge) => sum + charge.paisa, 0);

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
