import type { Product } from "~/content/catalogue";
import { type CategorySlug, categories, categorySlugs } from "~/content/categories";
import type { FilterOption, PortfolioCard } from "./portfolio-filter";

// The portfolio route's loader data, worked out at build time (prerender): the browser gets only what
// the grid shows, as data in the page, instead of the catalogue and category modules as JavaScript.

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

/** The grid's cards: each product without what only the dialog shows. */
export function portfolioCards(products: readonly Product[]): PortfolioCard[] {
  return products.map(({ id, title, image, category, brand, description }) => ({ id, title, image, category, brand, description }));
}
