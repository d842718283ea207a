import { productsIn } from "~/content/catalogue";
import { categories } from "~/content/categories";
import { categoryPagePath, categoryPages, isCategoryPageSlug } from "~/content/category-pages";

/**
 * A category page's loader data, worked out at build time (the pages are prerendered): its words, its
 * category's picture and, on a catalogue page, the category's items. Undefined for a path segment that
 * names no category page, which the route answers with the 404 page.
 */
export function categoryPageData(slug: string | undefined) {
  if (!isCategoryPageSlug(slug)) return undefined;
  const page = categoryPages[slug];
  return {
    slug,
    path: categoryPagePath(slug),
    category: categories[slug],
    ...page,
    // Only a catalogue page lists items; the option pages (apparel, awards, clocks) have none.
    products: page.body.kind === "catalogue" ? productsIn(slug) : [],
  };
}
