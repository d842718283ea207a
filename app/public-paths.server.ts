import { readdirSync } from "node:fs";
import { join } from "node:path";

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

export const articlesDir = join(process.cwd(), "app/content/articles");

/** Article slugs are the Markdown file names in app/content/articles. */
export function articleSlugs(): string[] {
  return readdirSync(articlesDir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .sort();
}

/** Every public URL path: prerendered at build and listed in the sitemap. */
export function publicPaths(): string[] {
  return [...staticPagePaths, ...articleSlugs().map((slug) => `/blog/${slug}`)];
}
