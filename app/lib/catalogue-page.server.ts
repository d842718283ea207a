import { productsIn } from "~/content/catalogue";
import { categories } from "~/content/categories";
import type { CataloguePageCategory } from "~/content/product-pages";

/**
 * What a catalogue page (pens, chit pads, drinkware, office accessories) shows from the catalogue.
 * Served as the route's loader data (prerendered into the page), so the catalogue itself stays out
 * of the page's JavaScript.
 */
export function cataloguePageData(slug: CataloguePageCategory) {
  return { category: categories[slug], products: productsIn(slug) };
}
