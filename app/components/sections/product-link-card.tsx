import type { PortfolioCard } from "~/lib/portfolio-filter";
import { productPagePath } from "~/lib/product-path";
import { CardImage } from "./page-hero";

/** A catalogue item as one link to its page: picture, brand and title. The picture's alt is empty: the link's words already name the item. */
export function ProductLinkCard({ product }: { product: Pick<PortfolioCard, "id" | "title" | "image" | "brand"> }) {
  return (
    <a
      href={productPagePath(product.id)}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md"
    >
      <CardImage src={product.image} alt="" shape="item" />
      <span className="flex flex-col gap-1 p-4 sm:p-5">
        <span className="text-xs font-semibold uppercase tracking-wider text-primary">{product.brand}</span>
        <span className="font-semibold leading-snug group-hover:underline">{product.title}</span>
      </span>
    </a>
  );
}
