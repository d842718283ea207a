export type NavItem = { name: string; href: string };

/** The page of one catalogue item, e.g. /portfolio/naprox-pen-blue: the one rule for that URL. */
export function productPagePath(id: string): string {
  return `/portfolio/${id}`;
}

/** Top navigation, in the order the specification gives. */
export const mainNav: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Products", href: "/#products" },
  { name: "Portfolio", href: "/portfolio" },
  { name: "Our Process", href: "/process" },
  { name: "Our Work", href: "/case-studies" },
  { name: "About", href: "/about" },
  { name: "Blog", href: "/blog" },
  { name: "Contact", href: "/contact" },
];

export const footerQuickLinks: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Portfolio", href: "/portfolio" },
  { name: "About Us", href: "/about" },
  { name: "Our Process", href: "/process" },
  { name: "Our Work", href: "/case-studies" },
];

export const footerProductLinks: NavItem[] = [
  { name: "Custom Pens", href: "/products/pens" },
  { name: "Paper Chit Pads", href: "/products/paper-chit-pads" },
  { name: "Drinkware & Mugs", href: "/products/drinkware" },
  { name: "Office Accessories", href: "/products/office-accessories" },
  { name: "Corporate Apparel", href: "/products/shirts" },
  { name: "Acrylic Awards", href: "/products/acrylic" },
  { name: "Custom Wall Clocks", href: "/products/clocks" },
];
