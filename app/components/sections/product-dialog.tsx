import { ArrowRight, X } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { Product } from "~/content/catalogue";
import { itemPageText } from "~/content/portfolio-item";
import { imageUrl } from "~/lib/image-url";
import { categoryText, productDialogId } from "~/lib/portfolio-filter";
import { quoteHref } from "~/lib/quote-path";
import { productPagePath, studioPagePath } from "~/lib/product-path";
import { cn } from "~/lib/utils";
import { FeatureList } from "./feature-list";

/**
 * A catalogue item in full, as a native modal <dialog> that its card opens (`command="show-modal"`).
 * The browser moves focus into it (its first control, Close), makes the page behind it inert, closes it
 * on Escape, on a click outside (`closedby="any"`) and on Close (a `method="dialog"` form, which needs no
 * script in any browser), and gives focus back to the card. Its layout is `.product-dialog` in
 * portfolio.css, written once for the page's 27.
 */
export function ProductDialog({ product }: { product: Product }) {
  const id = productDialogId(product.id);
  return (
    <dialog id={id} aria-label={product.title} closedby="any" className="product-dialog">
      <form method="dialog">
        {/* A visible word beside the icon: no tooltip needed, and a full touch target. */}
        <button type="submit" className={cn(buttonVariants({ variant: "outline", shape: "pill" }), "shadow-sm")}>
          <X aria-hidden="true" />
          Close
        </button>
      </form>
      <div>
        <figure>
          <img src={imageUrl(product.image)} alt={product.title} width={800} height={600} loading="lazy" />
        </figure>
        <div>
          <h2>{product.title}</h2>
          <dl>
            <dt>Category</dt>
            <dd>{categoryText(product.category)}</dd>
            <dt>Brand</dt>
            <dd>{product.brand}</dd>
          </dl>
          <p>{product.description}</p>
          <h3>Features</h3>
          <FeatureList features={product.features} />
          <a href={quoteHref(product.title)} className={buttonVariants({ size: "lg" })}>
            <span>Request Quote for Similar Product</span>
            <ArrowRight aria-hidden="true" />
          </a>
          <a href={studioPagePath(product.id)} className={buttonVariants({ variant: "secondary", size: "lg" })}>
            <span>{itemPageText.studio}</span>
          </a>
          <a href={productPagePath(product.id)} className={buttonVariants({ variant: "outline", size: "lg" })}>
            <span>View Product Page</span>
          </a>
        </div>
      </div>
    </dialog>
  );
}
