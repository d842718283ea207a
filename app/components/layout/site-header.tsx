import { Menu, X } from "lucide-react";
import { useRef } from "react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { business } from "~/content/business";
import { mainNav, type NavItem } from "~/content/navigation";
import { useNonce } from "~/lib/csp-nonce";
import { usePageHydrates } from "~/lib/route-handle";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

const menuId = "site-menu";

/**
 * Choosing a link in the menu closes it; the browser does not. A link to a place on the page itself
 * (Products → /#products on the home page) only moves the page, with the open popover over it; and a
 * page left for another is kept as it is in the back/forward cache, so Back would show it with its
 * menu still open. Allowed by the server's Content-Security-Policy like every inline script: by its
 * hash in a prerendered page, by the response's nonce in a server-rendered one (the 404 page).
 */
const closeMenuOnLink = `document.getElementById(${JSON.stringify(menuId)}).addEventListener("click",function(e){if(e.target.closest("a"))this.hidePopover()})`;

const linkClass = ({ current, large }: { current: boolean; large?: boolean }) =>
  cn(
    "rounded-md px-3 font-medium transition-colors hover:bg-muted hover:text-primary",
    large ? "block py-3 text-base" : "py-2 text-sm pointer-coarse:py-3",
    current ? "text-primary" : "text-foreground",
  );

/** An in-page anchor (Products → /#products) is never "the current page". */
function NavItemLink({
  item,
  pathname,
  large,
  onClick,
}: {
  item: NavItem;
  pathname: string;
  large?: boolean;
  onClick?: () => void;
}) {
  const current = !item.href.includes("#") && item.href === pathname;
  return (
    <a
      href={item.href}
      aria-current={current ? "page" : undefined}
      className={linkClass({ current, large })}
      onClick={onClick}
    >
      {item.name}
    </a>
  );
}

/**
 * Every page is a document of its own, so the header works without JavaScript: on small screens the
 * menu is a popover that the browser opens from its button (exposing the button's expanded state) and
 * closes on Escape or a tap outside; one line of script closes it when one of its links is chosen.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const nonce = useNonce();
  // A page that runs React closes the menu itself; only the others carry the line of script.
  const hydrates = usePageHydrates();
  const menu = useRef<HTMLElement>(null);
  const closeMenu = () => menu.current?.hidePopover();

  // At 95 % white the header's teal links keep 4.5:1 even over the dark page heroes scrolled beneath it.
  // Navigation is no use on paper: a printed page is its content alone.
  return (
    <header className="group/header sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href="/"
          className="flex min-h-11 items-center rounded-md"
          aria-label={`${business.shortName} Lahore, home page`}
        >
          <Logo />
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.href}>
                <NavItemLink item={item} pathname={pathname} />
              </li>
            ))}
          </ul>
        </nav>
        {/* A visible word, not an icon-only control, so no tooltip. */}
        <button type="button" popoverTarget={menuId} className={cn(buttonVariants({ variant: "ghost" }), "lg:hidden")}>
          <Menu aria-hidden="true" className="size-6! group-has-[:popover-open]/header:hidden" />
          <X aria-hidden="true" className="hidden size-6! group-has-[:popover-open]/header:block" />
          <span>Menu</span>
        </button>
        <nav
          id={menuId}
          popover="auto"
          aria-label="Mobile"
          ref={menu}
          className="inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-b border-border bg-white p-0 text-foreground shadow-lg lg:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {mainNav.map((item) => (
              <li key={item.href}>
                <NavItemLink item={item} pathname={pathname} large onClick={closeMenu} />
              </li>
            ))}
          </ul>
        </nav>
        {!hydrates && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: closeMenuOnLink }} />}
      </div>
    </header>
  );
}
