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
 * script in any browser), and gives focus back to the card.
 */
export function ProductDialog({ product }: { product: Product }) {
  const id = productDialogId(product.id);
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      closedby="any"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl overflow-hidden rounded-xl border-0 bg-background p-0 text-foreground shadow-2xl backdrop:bg-navy/70 backdrop:backdrop-blur-sm"
    >
      <form method="dialog" className="absolute right-3 top-3 z-10">
        {/* A visible word beside the icon: no tooltip needed, and a full touch target. */}
        <button
          type="submit"
          className={cn(buttonVariants({ variant: "outline", shape: "pill" }), "shadow-sm pointer-coarse:h-11")}
        >
          <X aria-hidden="true" />
          Close
        </button>
      </form>
      {/* The content scrolls under the close button; it fills the box, so a click on the box is never "outside". */}
      <div className="grid max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain md:grid-cols-2">
        {/* The whole 4:3 picture at every width: the box takes the picture's shape, never the column's height. */}
        <div className="bg-muted p-4 pt-[4.25rem] md:flex md:items-center md:p-6">
          <img
            src={imageUrl(product.image)}
            alt={product.title}
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] h-auto w-full rounded-lg bg-white object-contain shadow-sm"
          />
        </div>
        <div className="flex flex-col gap-4 p-6 sm:p-8">
          <div>
            <h2 id={`${id}-title`} className="text-2xl font-bold leading-tight tracking-tight md:pr-28">
              {product.title}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-muted-foreground">Category</dt>
              <dd className="font-semibold capitalize text-primary">{categoryText(product.category)}</dd>
              <dt className="font-medium text-muted-foreground">Brand</dt>
              <dd className="font-semibold">{product.brand}</dd>
            </dl>
          </div>
          <p className="text-base text-foreground/80">{product.description}</p>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">Features</h3>
            <FeatureList features={product.features} className="mt-3" />
          </div>
          <div className="mt-2 flex flex-col gap-3">
            <a href={quoteHref(product.title)} className={buttonVariants({ size: "lg" })}>
              {/* Wraps on a narrow phone (the button itself does not wrap). */}
              <span className="whitespace-normal">Request Quote for Similar Product</span>
              <ArrowRight aria-hidden="true" />
            </a>
            <a href={studioPagePath(product.id)} className={buttonVariants({ variant: "secondary", size: "lg" })}>
              <span className="whitespace-normal">{itemPageText.studio}</span>
            </a>
            <a href={productPagePath(product.id)} className={buttonVariants({ variant: "outline", size: "lg" })}>
              <span className="whitespace-normal">View Product Page</span>
            </a>
          </div>
        </div>
      </div>
    </dialog>
  );
}
