import type { Product } from "~/content/catalogue";

// How a catalogue item is named and reached wherever it appears. Type imports only: it runs in the browser.

/** The page of one catalogue item, e.g. /portfolio/naprox-pen-blue: the one rule for that URL. */
export function productPagePath(id: string): string {
  return `/portfolio/${id}`;
}

/** Alt text for a catalogue item's image. */
export function productImageAlt(product: Pick<Product, "title" | "brand">) {
  return `${product.title}, made for ${product.brand}`;
}
