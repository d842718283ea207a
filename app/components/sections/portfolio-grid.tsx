import type { Product } from "~/content/catalogue";
import { buttonVariants } from "~/components/ui/button";
import { useNonce } from "~/lib/csp-nonce";
import { imageUrl } from "~/lib/image-url";
import { categoryText, type FilterOption, productDialogId } from "~/lib/portfolio-filter";
import { ProductDialog } from "./product-dialog";

// Invoker commands (a button that opens a dialog without script): not yet in React's types.
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats the interface's type parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}

const filtersId = "filters";

/**
 * The few things the browser does not do by itself, as one inline script (allowed by its hash, like the
 * site menu's): mark the chosen filter `aria-current` (CSS shows it; assistive technology needs the
 * attribute); open the dialog a `?product=<id>` link names, with focus on its card so closing returns
 * there, and drop the parameter on close; take an old `?category=` link to its fragment; and, for
 * browsers of the last two years without invoker commands (Chrome before 135, Safari before 26.2,
 * Firefox before 144) or without `closedby` (Safari, Firefox before 141), open a card's dialog and close
 * one on a click outside.
 */
export const portfolioScript = `{const d=document,q=new URLSearchParams(location.search),L=[...d.querySelectorAll("#${filtersId} a")],s=()=>{const c=L.find(a=>a.hash==location.hash)||L[0];for(const a of L)a==c?a.setAttribute("aria-current","true"):a.removeAttribute("aria-current")},f=L.find(a=>a.id==q.get("category"));f&&!location.hash&&location.replace("#"+f.id);s();addEventListener("hashchange",s);"command"in HTMLButtonElement.prototype||d.addEventListener("click",e=>{const b=e.target.closest("[commandfor]");b&&(b.focus(),d.getElementById(b.getAttribute("commandfor")).showModal())});"closedBy"in HTMLDialogElement.prototype||d.addEventListener("click",e=>{e.target.matches("dialog[open]")&&e.target.close()});const p=d.getElementById(${JSON.stringify(productDialogId(""))}+q.get("product"));p&&(d.querySelector('[commandfor="'+p.id+'"]').focus(),p.showModal(),p.addEventListener("close",()=>history.replaceState(null,"",location.pathname+location.hash),{once:!0}))}`;

/**
 * The filterable catalogue, complete in the HTML: filter links with their counts, every card, and a
 * native dialog per product. The browser filters and opens and closes the dialogs; no framework script
 * runs. A filter is a link to itself (`<a id="pens" href="#pens">`), so the choice is the URL's fragment
 * (/portfolio#pens): the browser keeps it in the history, on reload and in a shared link. While a
 * category's link is the target (`:target`), the other categories' cards are not displayed
 * (`.portfolio-grid` in portfolio.css, one rule per category).
 */
export function PortfolioGrid({
  products,
  options,
}: {
  products: readonly Product[];
  options: readonly FilterOption[];
}) {
  const nonce = useNonce();
  return (
    <div className="portfolio-grid">
      <nav id={filtersId} aria-label="Filter products by category">
        {/* One row, scrolled sideways where it does not fit: every filter link then sits at the same height,
            and choosing one (a jump to its fragment) always brings the row to the same place. */}
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:-mx-6 sm:px-6 lg:mx-0 lg:flex-wrap lg:justify-center lg:px-0">
          {options.map((option) => (
            <li key={option.value} className="shrink-0">
              <a
                id={option.value}
                href={`#${option.value}`}
                aria-current={option.value === "all" ? "true" : undefined}
                data-category-filter={option.value === "all" ? undefined : ""}
                className={buttonVariants({ variant: "outline", shape: "pill" })}
              >
                {`${option.label} `}
                <span>{`(${option.count})`}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ul
        aria-label="Portfolio products"
        className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {products.map((product) => (
          <li key={product.id} data-category={product.category}>
            <PortfolioCard product={product} />
          </li>
        ))}
      </ul>

      {/* Outside the list: a filtered-out card's dialog still shows when a link opens it. */}
      {products.map((product) => (
        <ProductDialog key={product.id} product={product} />
      ))}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: portfolioScript }} />
    </div>
  );
}

/**
 * The product's picture. With a pointer, category, brand, title and a two-line description appear over it
 * on hover (and on keyboard focus); on a touch screen the title sits below it. Either way the card is
 * named by the title alone (`aria-label`: its caption holds more). Its layout is `.portfolio-card` in portfolio.css, written once for the 27.
 */
function PortfolioCard({ product }: { product: Product }) {
  const dialog = productDialogId(product.id);
  return (
    <button
      type="button"
      commandfor={dialog}
      command="show-modal"
      aria-haspopup="dialog"
      aria-label={product.title}
      className="portfolio-card"
    >
      <img src={imageUrl(product.image)} alt="" width={800} height={600} loading="lazy" decoding="async" />
      <span>
        <span>{categoryText(product.category)}</span>
        <span>{product.brand}</span>
        <span>{product.title}</span>
        <span>{product.description}</span>
      </span>
    </button>
  );
}
