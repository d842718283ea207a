import { products } from "~/content/catalogue";
import { categories, categorySlugs } from "~/content/categories";
import { dayAndTime } from "~/lib/desk/time";
import { formatPkr, rupeesField } from "~/lib/money";
import { printMethods } from "~/content/print-rules";
import { fbrSaleTypes, fbrUnits } from "~/lib/fbr/lists";
import { describeChange, formatPieces, type PriceList, type PriceFormValues, searchItems } from "./price-list";
import type { PriceBook } from "./prices.server";
import { categoryTaxDefaults } from "./tax-defaults";

/** What the list shows of an item's prices: its lowest break's unit price, and the lead time. */
export type PriceSummary = { from: string; fromQuantity: string; leadTimeDays: number };

const summaryOf = (list: PriceList): PriceSummary | null => {
  const lowest = list.breaks[0];
  return lowest
    ? {
        from: formatPkr(lowest.unitPaisa),
        fromQuantity: formatPieces(lowest.quantity),
        leadTimeDays: list.leadTimeDays,
      }
    : null;
};

/** The list page: the shop's items by category, each with its prices' summary or none, filtered by a query; retired items last. */
export function priceListPage(book: PriceBook, query: string) {
  const lists = [...book.all().values()];
  const shown = query ? searchItems(lists, query, lists.length) : lists;
  const row = (list: PriceList) => ({
    id: list.itemId,
    name: list.name,
    retired: list.retiredAt !== null,
    prices: summaryOf(list),
    hsCode: book.taxDataOf(list.itemId).hsCode,
  });
  return {
    total: lists.filter((list) => list.retiredAt === null).length,
    priced: lists.filter((list) => list.retiredAt === null && list.breaks.length > 0).length,
    groups: categorySlugs
      .map((slug) => ({
        slug,
        label: categories[slug].label,
        items: shown.filter((list) => list.category === slug && list.retiredAt === null).map(row),
      }))
      .filter((group) => group.items.length > 0),
    retired: shown.filter((list) => list.retiredAt !== null).map(row),
    categories: categorySlugs.map((slug) => ({ slug, label: categories[slug].label })),
  };
}

/** The portfolio pieces made from an item (app/content/catalogue.ts), as its page lists them. */
export const piecesMadeFrom = (itemId: string) =>
  products.filter((product) => product.priceItemId === itemId).map((product) => product.title);

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
  const list = book.list(itemId);
  if (!list) return null;
  const priced = list.breaks.length > 0;
  return {
    item: {
      id: list.itemId,
      name: list.name,
      category: list.category,
      categoryLabel: categories[list.category].label,
      retired: list.retiredAt !== null,
      retiredOn: list.retiredAt ? dayAndTime(list.retiredAt) : null,
      pieces: piecesMadeFrom(list.itemId),
    },
    prices: priced
      ? {
          breaks: list.breaks.map((b) => ({ quantity: formatPieces(b.quantity), unit: formatPkr(b.unitPaisa) })),
          setupCharges: list.setupCharges.map((c) => ({ label: c.label, amount: formatPkr(c.paisa) })),
          leadTimeDays: list.leadTimeDays,
        }
      : null,
    values: formValuesOf(priced ? list : null),
    categories: categorySlugs.map((slug) => ({ slug, label: categories[slug].label })),
    tax: taxDataView(book, list),
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

/**
 * What an item's page shows of its tax data: each field's value in force and whether it is the
 * category's default, the owner's form values (empty: the default), and FBR's lists to choose from.
 */
function taxDataView(book: PriceBook, list: PriceList) {
  const inForce = book.taxDataOf(list.itemId);
  const own = book.ownTaxData(list.itemId)!;
  return {
    hsCode: { value: inForce.hsCode, isDefault: own.hsCode === null },
    uom: { value: inForce.uom, isDefault: own.uom === null },
    saleType: { value: inForce.saleType, isDefault: own.saleType === null },
    values: { hsCode: own.hsCode ?? "", uom: own.uom ?? "", saleType: own.saleType ?? "" },
    defaults: categoryTaxDefaults[list.category],
    units: [...fbrUnits],
    saleTypes: [...fbrSaleTypes],
  };
}
