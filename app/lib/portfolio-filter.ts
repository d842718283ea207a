import type { Product } from "~/content/catalogue";
import type { CategorySlug } from "~/content/categories";

// Runs in the browser with the grid: type imports only, so no content module comes along with it.

/** The portfolio filter: every product, or one category. */
export type PortfolioFilter = "all" | CategorySlug;

export type FilterOption = { value: PortfolioFilter; label: string; count: number };

/** What a grid card shows; the dialog loads the rest (features) with its own code. */
export type PortfolioCard = Pick<Product, "id" | "title" | "image" | "category" | "brand" | "description">;

/** Reads `?category=`: a category that has a filter button, else "all" (missing, unknown or empty). */
export function parseFilter(value: string | null, options: readonly FilterOption[]): PortfolioFilter {
  if (!value) return "all";
  const option = options.find((candidate) => candidate.value === value);
  return option ? option.value : "all";
}

export function filterProducts<T extends { category: CategorySlug }>(
  products: readonly T[],
  filter: PortfolioFilter,
): T[] {
  return filter === "all" ? [...products] : products.filter((product) => product.category === filter);
}

/** Reads `?product=`: the product with that id, or undefined (missing or unknown). */
export function findProduct<T extends { id: string }>(products: readonly T[], id: string | null): T | undefined {
  return id ? products.find((product) => product.id === id) : undefined;
}

/** A category slug as the dialog shows it: dashes as spaces ("paper-chit-pads" → "paper chit pads"). */
export function categoryText(slug: string): string {
  return slug.replaceAll("-", " ");
}
