import { ArrowRight } from "lucide-react";
import { useRef } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { type Product, products } from "~/content/catalogue";
import { imageUrl } from "~/lib/image-url";
import { categoryText, findProduct } from "~/lib/portfolio-filter";
import { studioLinkText } from "~/content/studio-link";
import { productPagePath } from "~/lib/product-path";
import { quoteHref } from "~/lib/quote-path";
import { studioPagePath } from "~/lib/studio-path";
import { FeatureList } from "./feature-list";

/**
 * A catalogue product in full (this module, loaded on demand, brings the catalogue with it). `productId`
 * undefined (or unknown) means closed; the last product stays rendered while the dialog closes.
 * `returnFocusTo` names the element that gets focus back (the product's card).
 */
export function ProductDialog({
  productId,
  onClose,
  returnFocusTo,
}: {
  productId: string | undefined;
  onClose: () => void;
  returnFocusTo: (productId: string) => HTMLElement | null;
}) {
  const product = findProduct(products, productId ?? null);
  const lastShown = useRef<Product | undefined>(product);
  if (product) lastShown.current = product;
  const shown = product ?? lastShown.current;
  const contentRef = useRef<HTMLDivElement>(null);

  return (
    <Dialog open={product !== undefined} onOpenChange={(open) => !open && onClose()}>
      {shown && (
        <DialogContent
          ref={contentRef}
          layout="media"
          // Focus the dialog itself, so the close button's tooltip does not pop up on opening.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo(shown.id);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <img
            src={imageUrl(shown.image)}
            alt={shown.title}
            width={800}
            height={600}
            decoding="async"
            className="aspect-[4/3] w-full bg-muted object-cover md:h-full md:rounded-l-xl"
          />
          <div className="flex flex-col gap-4 p-6 sm:p-8">
            <div>
              <DialogTitle size="large" className="pr-8">
                {shown.title}
              </DialogTitle>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="font-medium text-muted-foreground">Category</dt>
                <dd className="font-semibold capitalize text-primary">{categoryText(shown.category)}</dd>
                <dt className="font-medium text-muted-foreground">Brand</dt>
                <dd className="font-semibold">{shown.brand}</dd>
              </dl>
            </div>
            <DialogDescription prominent>{shown.description}</DialogDescription>
            <div>
              <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">Features</h3>
              <FeatureList features={shown.features} className="mt-3" />
            </div>
            <div className="mt-2 flex flex-col gap-3">
              <a href={quoteHref(shown.title)} className={buttonVariants({ size: "lg" })}>
                {/* Wraps on a narrow phone (the button itself does not wrap). */}
                <span className="whitespace-normal">Request Quote for Similar Product</span>
                <ArrowRight aria-hidden="true" />
              </a>
              <a href={studioPagePath(shown.id)} className={buttonVariants({ variant: "secondary", size: "lg" })}>
                <span className="whitespace-normal">{studioLinkText}</span>
              </a>
              <a href={productPagePath(shown.id)} className={buttonVariants({ variant: "outline", size: "lg" })}>
                <span className="whitespace-normal">View Product Page</span>
              </a>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
