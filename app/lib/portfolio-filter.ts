import type { Product } from "~/content/catalogue";
import type { CategorySlug } from "~/content/categories";

/** The portfolio filter: every product, or one category. */
export type PortfolioFilter = "all" | CategorySlug;

export type FilterOption = { value: PortfolioFilter; label: string; count: number };

/** What a card that links to an item shows (the home page's teaser, an item page's related items). */
export type PortfolioCard = Pick<Product, "id" | "title" | "image" | "category" | "brand" | "description">;

/** A category slug as the dialog shows it: dashes as spaces ("paper-chit-pads" → "paper chit pads"). */
export function categoryText(slug: string): string {
  return slug.replaceAll("-", " ");
}

/** The id of an item's dialog: what its card's `commandfor` and a `?product=<id>` link open. */
export const productDialogId = (id: string) => `product-${id}`;
