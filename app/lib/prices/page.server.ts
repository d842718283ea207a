import { products } from "~/content/catalogue";
import { categories, categorySlugs } from "~/content/categories";
import { dayAndTime } from "~/lib/desk/time";
import { formatPkr, rupeesField } from "~/lib/money";
import { printMethods } from "~/content/print-rules";
import { describeChange, formatPieces, type PriceList, type PriceFormValues } from "./price-list";
import type { PriceBook } from "./prices.server";

/** What the list shows of an item's prices: its lowest break's unit price, and the lead time. */
export type PriceSummary = { from: string; fromQuantity: string; leadTimeDays: number };

const summaryOf = (list: PriceList | undefined): PriceSummary | null => {
  const lowest = list?.breaks[0];
  return list && lowest
    ? {
        from: formatPkr(lowest.unitPaisa),
        fromQuantity: formatPieces(lowest.quantity),
        leadTimeDays: list.leadTimeDays,
      }
    : null;
};

const matches = (query: string, ...texts: string[]) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
};

/** The list page: the catalogue by category, each item with its prices' summary or none, filtered by a query. */
export function priceListPage(book: PriceBook, query: string) {
  const lists = book.all();
  const shown = products.filter((product) => !query || matches(query, product.title, product.brand, product.id));
  return {
    total: products.length,
    priced: products.filter((product) => lists.has(product.id)).length,
    groups: categorySlugs
      .map((slug) => ({
        slug,
        label: categories[slug].label,
        items: shown
          .filter((product) => product.category === slug)
          .map((product) => ({
            id: product.id,
            title: product.title,
            brand: product.brand,
            prices: summaryOf(lists.get(product.id)),
          })),
      }))
      .filter((group) => group.items.length > 0),
  };
}

/** The catalogue item with this id, or undefined. */
export const catalogueItem = (itemId: string) => products.find((product) => product.id === itemId);

/** The set-up charges the studio's print methods suggest, named as the catalogue names them. */
export const setupLabelSuggestions: string[] = [
  ...new Set(
    Object.values(printMethods).map((method) =>
      typeof method === "function" ? `${method(1).name}, per colour` : method.name,
    ),
  ),
];

/** A saved list as the editor's fields show it (amounts in rupees, as a person types them). */
export function formValuesOf(list: PriceList | null): PriceFormValues {
  return {
    breaks: list?.breaks.map((b) => ({ quantity: String(b.quantity), unitPrice: rupeesField(b.unitPaisa) })) ?? [],
    setupCharges: list?.setupCharges.map((c) => ({ label: c.label, amount: rupeesField(c.paisa) })) ?? [],
    leadTimeDays: list ? String(list.leadTimeDays) : "",
  };
}

/** An item's page: the item, its prices (read-only words and the editor's fields), and its recent history. */
export function priceItemPage(book: PriceBook, itemId: string) {
  const product = catalogueItem(itemId);
  if (!product) return null;
  const list = book.list(itemId);
  return {
    item: {
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: categories[product.category].label,
      printedWith: product.print.map((method) => method.name).join(", "),
    },
    prices: list && {
      breaks: list.breaks.map((b) => ({ quantity: formatPieces(b.quantity), unit: formatPkr(b.unitPaisa) })),
      setupCharges: list.setupCharges.map((c) => ({ label: c.label, amount: formatPkr(c.paisa) })),
      leadTimeDays: list.leadTimeDays,
    },
    values: formValuesOf(list),
    history: book.history(itemId).map((entry) => ({
      id: entry.id,
      by: entry.by,
      when: dayAndTime(entry.at),
      at: entry.at,
      changes: entry.changes.map(describeChange),
    })),
    suggestions: setupLabelSuggestions,
  };
}
