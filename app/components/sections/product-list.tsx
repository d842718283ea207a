import { ArrowRight } from "lucide-react";
import { quoteHref } from "~/lib/quote-path";
import { buttonVariants } from "~/components/ui/button";
import type { Product } from "~/content/catalogue";
import { featuresShown } from "~/content/product-pages";
import { productPagePath } from "~/lib/product-path";
import { FeatureList } from "./feature-list";
import { CardImage } from "./page-hero";

/** Alt text for a catalogue item's image. */
export function productImageAlt(product: Pick<Product, "title" | "brand">) {
  return `${product.title}, made for ${product.brand}`;
}

/**
 * One catalogue item on a category page: image, title (a link to the item's page), brand, description,
 * features and a quote link.
 * Its image loads lazily: the page's hero picture is the one that loads first.
 */
export function ProductCard({ product, features }: { product: Product; features: readonly string[] }) {
  const headingId = `product-${product.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="render-when-near flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <CardImage src={product.image} alt={productImageAlt(product)} shape="item" />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-wider text-primary">{product.brand}</p>
        <h3 id={headingId} className="mt-1 text-lg font-semibold">
          <a
            href={productPagePath(product.id)}
            className="hover:text-primary hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
          >
            {product.title}
          </a>
        </h3>
        <p className="mt-2 text-sm text-muted-foreground">{product.description}</p>
        <FeatureList features={features} className="mt-4 flex-1" />
        <a
          href={quoteHref(product.title)}
          aria-label={`Request Similar Design: ${product.title}`}
          className={buttonVariants({ variant: "outline", className: "mt-6 self-start" })}
        >
          Request Similar Design
          <ArrowRight aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}

/**
 * The catalogue items of a category page, each with as many features as its category's page lists
 * (see `featuresShownOnPage`).
 */
export function ProductList({ products }: { products: readonly Product[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} features={featuresShown(product)} />
      ))}
    </div>
  );
}
