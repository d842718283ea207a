import type { Stat } from "~/components/sections/stats-band";

/** The /portfolio page's words and figures. The products themselves come from `catalogue.ts`. */
export const portfolioHero = {
  eyebrow: "Portfolio",
  title: "Our Portfolio",
  lead: "Pens, chit pad boxes, drinkware, office accessories and games we have designed, printed and delivered for pharmaceutical brands. Pick a category, then open any item for its details.",
  image: {
    src: "/images/portfolio-hero.svg",
    width: 720,
    height: 540,
    alt: "A branded pen, chit pad box, mug and pen holder arranged on a desk",
  },
} as const;

export const portfolioStats: readonly Stat[] = [
  { value: "30+", label: "Products" },
  { value: "16+", label: "Pharma Brands" },
  { value: "6", label: "Categories" },
  { value: "100%", label: "Client Satisfaction" },
];

export const exampleBrands = {
  title: "Example brand names",
  /** Twelve names, shown as examples only. */
  names: [
    "ONSET",
    "NAPROX",
    "ACECOL",
    "BIOFER",
    "AZYTHRA",
    "CIPLOX",
    "MARENA",
    "CALCIVIT",
    "CARDIMAX",
    "GLUCOMET",
    "LIPITREX",
    "VENTOSAL",
  ],
  note: "These brand names are examples of the kind of work we do. We are not affiliated with, endorsed by or sponsored by these brands or their owners.",
} as const;

export const portfolioGridHeading = {
  eyebrow: "Our work",
  title: "Browse the catalogue",
  intro: "Filter by category and select a product to see its brand, description and every feature.",
} as const;

export const portfolioCta = {
  title: "Want something like this for your brand?",
  text: "Tell us about your product and your audience. We'll send ideas, a digital mockup and a quotation, usually within 24 hours.",
  quote: { label: "Request a Quote", to: "/contact" },
  process: { label: "See Our Process", to: "/process" },
} as const;
