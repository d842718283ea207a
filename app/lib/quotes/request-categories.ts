import { type CategorySlug, categories, categorySlugs } from "~/content/categories";

// The categories a request can have, light enough for the browser (the desk's select, the reports'
// table); finding one from a request's words is category.ts's.

/** A category of the catalogue, or "other" for a product typed in words the catalogue does not know. */
export type RequestCategory = CategorySlug | "other";

/** Every category a request can have, in the catalogue's order, Other last. */
export const requestCategories = [...categorySlugs, "other"] as const satisfies readonly RequestCategory[];

export const isRequestCategory = (value: unknown): value is RequestCategory =>
  typeof value === "string" && (requestCategories as readonly string[]).includes(value);

export const categoryLabel = (category: RequestCategory) =>
  category === "other" ? "Other" : categories[category].label;
