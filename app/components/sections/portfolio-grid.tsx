import { type Ref, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import {
  categoryText,
  type FilterOption,
  filterProducts,
  findProduct,
  type PortfolioCard as Card,
  parseFilter,
} from "~/lib/portfolio-filter";
import { imageUrl } from "~/lib/image-url";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { ProductDialog as ProductDialogComponent } from "./product-dialog";

let dialogModule: Promise<typeof import("./product-dialog")> | undefined;

/**
 * The product dialog (Radix Dialog, focus trap, scroll lock, tooltip) is not part of the first view: its
 * code loads when a card is hovered, focused or opened, or when the page opens with `?product=`.
 * A failed load is forgotten, so the next attempt tries again.
 */
function loadProductDialog() {
  dialogModule ??= import("./product-dialog").catch((error: unknown) => {
    dialogModule = undefined;
    throw error;
  });
  return dialogModule;
}

/** The dialog component once its code has loaded (null until then), and a function that starts loading it. */
function useProductDialog() {
  const [component, setComponent] = useState<typeof ProductDialogComponent | null>(null);
  const prepare = useCallback(() => {
    loadProductDialog().then(
      (module) => setComponent(() => module.ProductDialog),
      () => {},
    );
  }, []);
  return [component, prepare] as const;
}

/**
 * The filterable catalogue. State lives in the URL: `?category=` (a new history entry, so Back undoes a
 * filter) and `?product=` (replaced in place, so a link opens that product and Back never replays dialogs).
 */
export function PortfolioGrid({ products, options }: { products: readonly Card[]; options: readonly FilterOption[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The prerendered HTML has no query string: it shows All and no dialog until the page has hydrated.
  const hydrated = useHydrated();
  const filter = hydrated ? parseFilter(searchParams.get("category"), options) : "all";
  const visible = filterProducts(products, filter);
  const selected = hydrated ? findProduct(products, searchParams.get("product")) : undefined;
  const [ProductDialog, prepareDialog] = useProductDialog();
  // Each card's button, to give focus back to it when its dialog closes. A ref, not an id: 27 ids cost
  // /portfolio about 130 bytes of its first round trip.
  const cards = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (selected) prepareDialog();
  }, [selected, prepareDialog]);

  const update = (change: (params: URLSearchParams) => void, replace: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  return (
    <div>
      <div role="group" aria-label="Filter products by category" className="flex flex-wrap justify-center gap-2">
        {options.map((option) => {
          const pressed = option.value === filter;
          return (
            <Button
              key={option.value}
              type="button"
              variant={pressed ? "default" : "outline"}
              shape="pill"
              aria-pressed={pressed}
              onClick={() =>
                update((params) => {
                  if (option.value === "all") params.delete("category");
                  else params.set("category", option.value);
                  params.delete("product");
                }, false)
              }
            >
              {option.label}{" "}
              <span className={cn("tabular-nums", pressed ? "text-teal-100" : "text-muted-foreground")}>
                ({option.count})
              </span>
            </Button>
          );
        })}
      </div>
      <p aria-live="polite" className="mt-4 text-center text-sm text-muted-foreground">
        Showing {visible.length} of {products.length} products
      </p>

      <ul
        aria-label="Portfolio products"
        className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {visible.map((product) => (
          <li key={product.id}>
            <PortfolioCard
              product={product}
              ref={(button) => {
                if (button) cards.current.set(product.id, button);
                return () => {
                  cards.current.delete(product.id);
                };
              }}
              onPrepare={prepareDialog}
              onOpen={() => {
                prepareDialog();
                update((params) => params.set("product", product.id), true);
              }}
            />
          </li>
        ))}
      </ul>

      {ProductDialog && (
        <ProductDialog
          productId={selected?.id}
          onClose={() => update((params) => params.delete("product"), true)}
          returnFocusTo={(productId) => cards.current.get(productId) ?? null}
        />
      )}
    </div>
  );
}

/**
 * The product's image; category, brand, title and a two-line description appear on hover and focus.
 * The button is named by its content (the image's alt, and the caption while it shows), so its name
 * always contains what it visibly says (WCAG 2.5.3).
 */
function PortfolioCard({
  product,
  ref,
  onPrepare,
  onOpen,
}: {
  product: Card;
  ref: Ref<HTMLButtonElement>;
  onPrepare: () => void;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      ref={ref}
      aria-haspopup="dialog"
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      onClick={onOpen}
      className="render-when-near group relative block w-full overflow-hidden rounded-xl border border-border bg-muted text-left shadow-sm transition-shadow hover:shadow-lg focus-visible:shadow-lg"
    >
      <img
        src={imageUrl(product.image)}
        alt={product.title}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105 group-focus-visible:scale-105 motion-reduce:transition-none"
      />
      <span
        className={cn(
          "absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-navy via-navy/90 to-navy/0 p-4 pt-12 text-white",
          "invisible opacity-0 transition-[opacity,visibility] duration-200 motion-reduce:transition-none",
          "group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100",
          // Touch screens have no hover: show the caption all the time.
          "[@media(hover:none)]:visible [@media(hover:none)]:opacity-100",
        )}
      >
        <span className="text-xs font-semibold uppercase tracking-wider text-teal-300">
          {categoryText(product.category)}
        </span>
        <span className="text-xs text-slate-300">{product.brand}</span>
        <span className="font-semibold leading-snug">{product.title}</span>
        <span className="line-clamp-2 text-sm text-slate-200">{product.description}</span>
      </span>
    </button>
  );
}
