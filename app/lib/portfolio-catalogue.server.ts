import { type Product, products, splitBrand } from "~/content/catalogue";
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
  return products.map(({ id, title, image, category, brand, description }) => ({
    id,
    title,
    image,
    category,
    brand,
    description,
  }));
}

/**
 * Up to `limit` other items of the product's category to show beside it: the same product line first
 * (the other NAPROX pens beside a NAPROX pen), then the same company, then the rest; within each, in
 * catalogue order from the item onwards, so neighbouring items do not all show the same three.
 */
export function relatedProducts(product: Product, catalogue: readonly Product[], limit = 3): Product[] {
  const { company, name } = splitBrand(product.brand);
  const closeness = (other: Product) => {
    const brand = splitBrand(other.brand);
    return brand.name === name ? 0 : brand.company === company ? 1 : 2;
  };
  const start = catalogue.indexOf(product);
  const after = (other: Product) => (catalogue.indexOf(other) - start + catalogue.length) % catalogue.length;
  return catalogue
    .filter((other) => other.category === product.category && other.id !== product.id)
    .sort((a, b) => closeness(a) - closeness(b) || after(a) - after(b))
    .slice(0, limit);
}

/** An item page's loader data: the item, its category and related items; undefined for an unknown id. */
export function portfolioItemPage(id: string | undefined, catalogue: readonly Product[] = products) {
  const product = catalogue.find((candidate) => candidate.id === id);
  if (!product) return undefined;
  const { slug, label, title, path } = categories[product.category];
  return {
    product,
    category: { slug, label, title, path },
    related: portfolioCards(relatedProducts(product, catalogue)),
  };
}

/** The cards of the items with these ids, in that order; an unknown id stops the build, naming it. */
export function cardsOf(ids: readonly string[], catalogue: readonly Product[] = products): PortfolioCard[] {
  return portfolioCards(
    ids.map((id) => {
      const product = catalogue.find((candidate) => candidate.id === id);
      if (!product) throw new Error(`No catalogue item '${id}'`);
      return product;
    }),
  );
}
