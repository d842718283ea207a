import { type CategorySlug, categories, categorySlugs } from "~/content/categories";
import type { Product } from "~/content/catalogue";

/** The portfolio filter: every product, or one category. */
export type PortfolioFilter = "all" | CategorySlug;

export type FilterOption = { value: PortfolioFilter; label: string; count: number };

/** How many products each category holds (every category listed, zero included). */
export function countByCategory(products: readonly Product[]): Record<CategorySlug, number> {
  const counts = Object.fromEntries(categorySlugs.map((slug) => [slug, 0])) as Record<CategorySlug, number>;
  for (const product of products) counts[product.category] += 1;
  return counts;
}

/** The filter buttons: All first, then each category that has products, in category order. */
export function filterOptions(products: readonly Product[]): FilterOption[] {
  const counts = countByCategory(products);
  return [
    { value: "all", label: "All", count: products.length },
    ...categorySlugs
      .filter((slug) => counts[slug] > 0)
      .map((slug) => ({ value: slug, label: categories[slug].label, count: counts[slug] })),
  ];
}

/** Reads `?category=`: a category with products, else "all" (missing, unknown or empty). */
export function parseFilter(value: string | null, products: readonly Product[]): PortfolioFilter {
  if (!value) return "all";
  const option = filterOptions(products).find((candidate) => candidate.value === value);
  return option ? option.value : "all";
}

export function filterProducts(products: readonly Product[], filter: PortfolioFilter): Product[] {
  return filter === "all" ? [...products] : products.filter((product) => product.category === filter);
}

/** Reads `?product=`: the product with that id, or undefined (missing or unknown). */
export function findProduct(products: readonly Product[], id: string | null): Product | undefined {
  return id ? products.find((product) => product.id === id) : undefined;
}

/** A category slug as the dialog shows it: dashes as spaces ("paper-chit-pads" → "paper chit pads"). */
export function categoryText(slug: string): string {
  return slug.replaceAll("-", " ");
}
