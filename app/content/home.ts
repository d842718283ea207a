import type { Stat } from "~/components/sections/stats-band";
import type { CategoryPageSlug } from "./category-pages";

export const homeHero = {
  eyebrow: "Promotional products · Lahore, Pakistan",
  title: "Branded giveaways that keep your brand in every doctor's hand",
  lead: "Custom pens, chit pad boxes, mugs, desk accessories, apparel, acrylic awards and wall clocks for pharmaceutical and corporate brands, designed, printed and delivered on time.",
} as const;

/**
 * The pictures beside the hero's words (below them on a phone): one item we have made for each core
 * product line, each leading to its category page.
 */
export const heroPictures: readonly { category: CategoryPageSlug; product: string }[] = [
  { category: "pens", product: "naprox-pen-blue" },
  { category: "paper-chit-pads", product: "azythra-chit-pad" },
  { category: "drinkware", product: "onset-cup" },
  { category: "office-accessories", product: "onset-pen-holder" },
];

export const homeStats: readonly Stat[] = [
  { value: "27+", label: "Products Delivered" },
  { value: "16+", label: "Pharma Brands" },
  { value: "6", label: "Categories" },
  { value: "100%", label: "Client Satisfaction" },
];

export const portfolioTeaser = {
  title: "See what we've made for pharma brands",
  text: "Browse pens, chit pad boxes, drinkware, office accessories and games we've produced for product launches, conferences and medical-rep visits.",
  /** Catalogue ids of the items shown, one of each kind and none of the hero's, each linking to its page. */
  featured: ["biofer-pen", "glucomet-chit-pad", "ventosal-desk-calendar", "onset-maze-game"],
} as const;

/** Under the four category cards: the other product lines with a page, each with how many items we have made. */
export const moreProductLines = {
  title: "More product lines",
  made: (count: number) => `${count} designs we've made`,
} as const;

export const whyUs = [
  {
    icon: "shield-check",
    title: "Quality you can hand to a doctor",
    text: "Every print run is checked against the approved mockup for colour, spelling and finish before it leaves us.",
  },
  {
    icon: "pen-tool",
    title: "Free design & digital mockups",
    text: "Our designers place your brand, product name and colours on the item, and you approve before production starts.",
  },
  {
    icon: "truck",
    title: "On-time delivery",
    text: "Launches and conferences don't move. We plan production backwards from your date and keep you posted.",
  },
  {
    icon: "handshake",
    title: "Pharma experience",
    text: "Years of work with pharmaceutical marketing teams: we know brand guidelines, approvals and field-force needs.",
  },
] as const;
