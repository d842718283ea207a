import { productsIn } from "~/content/catalogue";
import { type CategorySlug, categories } from "~/content/categories";
import {
  apparelOptions,
  awardOptions,
  type CataloguePageCategory,
  chitPadFinishes,
  chitPadSpecifications,
  clockOptions,
  drinkwareSpecifications,
  officeUseCases,
} from "~/content/product-pages";

/*
 * What each product page shows from the content, served as the route's loader data (prerendered into
 * the page), so that the catalogue, option cards and specifications stay out of the JavaScript: a pens
 * page does not download the clocks page's options.
 */

/** A catalogue page (pens, chit pads, drinkware, office accessories): its category and products. */
function cataloguePageData(slug: CataloguePageCategory) {
  return { category: categories[slug], products: productsIn(slug) };
}

/** Each product page's loader: `export const loader = productPageData.pens`. */
export const productPageData = {
  pens: () => cataloguePageData("pens"),
  "paper-chit-pads": () => ({
    ...cataloguePageData("paper-chit-pads"),
    finishes: chitPadFinishes,
    specifications: chitPadSpecifications,
  }),
  drinkware: () => ({ ...cataloguePageData("drinkware"), specifications: drinkwareSpecifications }),
  "office-accessories": () => ({ ...cataloguePageData("office-accessories"), useCases: officeUseCases }),
  shirts: () => ({ category: categories.shirts, options: apparelOptions }),
  acrylic: () => ({ category: categories.acrylic, options: awardOptions }),
  clocks: () => ({ category: categories.clocks, options: clockOptions }),
} satisfies Partial<Record<CategorySlug, () => object>>;
