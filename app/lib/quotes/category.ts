import { products } from "~/content/catalogue";
import { type CategorySlug, categories, categorySlugs } from "~/content/categories";

/** A category of the catalogue, or "other" for a product typed in words the catalogue does not know. */
export type RequestCategory = CategorySlug | "other";

const categoryByWords = new Map<string, CategorySlug>([
  ...categorySlugs.map((slug) => [categories[slug].label.toLowerCase(), slug] as const),
  ...products.flatMap((product) => [
    [product.title.toLowerCase(), product.category] as const,
    [product.id, product.category] as const,
  ]),
]);
const categoryById = new Map(products.map((product) => [product.id, product.category]));

/**
 * A request's category: its studio design's item's, else its product's if the words name an item or a
 * category. Kept on the request when it arrives (quotes.category), so the reports count it in SQL.
 */
export function requestCategory(product: string, designItemId: string | null): RequestCategory {
  const fromDesign = designItemId === null ? undefined : categoryById.get(designItemId);
  return fromDesign ?? categoryByWords.get(product.trim().toLowerCase()) ?? "other";
}
