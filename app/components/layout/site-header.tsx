import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { mainNav, type NavItem } from "~/content/navigation";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";

const linkClass = ({ isActive, large }: { isActive: boolean; large?: boolean }) =>
  cn(
    "rounded-md px-3 font-medium transition-colors hover:bg-muted hover:text-primary",
    large ? "block py-3 text-base" : "py-2 text-sm",
    isActive ? "text-primary" : "text-foreground",
  );

/** In-page anchors (Products → /#products) are never "the current page". */
function NavItemLink({ item, onNavigate, large }: { item: NavItem; onNavigate?: () => void; large?: boolean }) {
  if (item.href.includes("#")) {
    return (
      <Link to={item.href} onClick={onNavigate} className={linkClass({ isActive: false, large })}>
        {item.name}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.href}
      end={item.href === "/"}
      onClick={onNavigate}
      className={({ isActive }) => linkClass({ isActive, large })}
    >
      {item.name}
    </NavLink>
  );
}

export function SiteHeader() {
  const menuId = useId();
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation (Back included) closes it. Not an
  // effect that closes it, which would also run on hydration and undo a tap made just before.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.key : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const menuLabel = menuOpen ? "Close menu" : "Open menu";

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md" aria-label={`${business.shortName} Lahore, home page`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.href}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        {/* A visible word, not an icon-only control, so no tooltip (and none of Radix Tooltip's code on every page). */}
        <Button
          variant="ghost"
          className="lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuLabel}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6!" /> : <Menu aria-hidden="true" className="size-6!" />}
          <span>Menu</span>
        </Button>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-border bg-white lg:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {mainNav.map((item) => (
            <li key={item.href}>
              <NavItemLink item={item} onNavigate={() => setMenuOpen(false)} large />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
