import { articleSlugs } from "./content/articles.server";
import { products } from "./content/catalogue";
import { productPagePath } from "./content/navigation";
import { studioPagePath } from "./lib/studio-path";

/** Public pages with a fixed URL; keep in step with app/routes.ts (a unit test checks it). */
export const staticPagePaths = [
  "/",
  "/portfolio",
  "/process",
  "/case-studies",
  "/about",
  "/blog",
  "/contact",
  "/products/pens",
  "/products/paper-chit-pads",
  "/products/drinkware",
  "/products/office-accessories",
  "/products/shirts",
  "/products/acrylic",
  "/products/clocks",
] as const;

/**
 * Every public URL path: prerendered at build and listed in the sitemap. Article paths come from
 * app/content/articles.server.ts, which validates every article file as it loads them; item pages
 * from the catalogue.
 */
export function publicPaths(): string[] {
  return [
    ...staticPagePaths,
    ...products.map((product) => productPagePath(product.id)),
    ...articleSlugs().map((slug) => `/blog/${slug}`),
  ];
}

/**
 * The brand studio of every catalogue item: prerendered like the item pages, but not in the sitemap
 * (a tool for one item, marked noindex; the item's own page is the one to find).
 */
export function studioPaths(): string[] {
  return products.map((product) => studioPagePath(product.id));
}
