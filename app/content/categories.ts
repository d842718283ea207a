import { type CategorySlug, categorySlugs } from "./category-slugs";
import type { Category } from "./schema";

export { type Category, type CategorySlug, categorySlugs };

export const categories: Record<CategorySlug, Category> = {
  pens: {
    slug: "pens",
    label: "Pens",
    title: "Custom Pens",
    description:
      "Ballpoint, gel and metal pens printed or engraved with your product's name: the giveaway a doctor uses every day.",
    path: "/products/pens",
    image: "/images/categories/pens.svg",
    imageAlt: "Three branded ballpoint pens with printed product names",
  },
  "paper-chit-pads": {
    slug: "paper-chit-pads",
    label: "Paper Chit Pads",
    title: "Paper Chit Pads",
    description: "Desk chit pad boxes in full colour, refillable and printed on every side with your brand.",
    path: "/products/paper-chit-pads",
    image: "/images/categories/paper-chit-pads.svg",
    imageAlt: "A printed paper chit pad box with loose notes",
  },
  drinkware: {
    slug: "drinkware",
    label: "Drinkware",
    title: "Drinkware & Mugs",
    description: "Ceramic mugs, travel cups and tumblers that keep your brand on the desk and in the clinic.",
    path: "/products/drinkware",
    image: "/images/categories/drinkware.svg",
    imageAlt: "A branded ceramic mug and a travel cup",
  },
  "office-accessories": {
    slug: "office-accessories",
    label: "Office Accessories",
    title: "Office Accessories",
    description: "Pen holders, desk organisers, mouse pads and calendars that sit in front of prescribers all year.",
    path: "/products/office-accessories",
    image: "/images/categories/office-accessories.svg",
    imageAlt: "A branded pen holder and desk organiser",
  },
  games: {
    slug: "games",
    label: "Games",
    title: "Games",
    description: "Small branded puzzles and maze games that make a medical rep's visit memorable.",
    image: "/images/categories/games.svg",
    imageAlt: "A handheld branded maze game",
  },
  shirts: {
    slug: "shirts",
    label: "Apparel",
    title: "Shirts & Apparel",
    description: "Polo shirts, T-shirts and caps for field forces, conferences and launch events.",
    path: "/products/shirts",
    image: "/images/categories/shirts.svg",
    imageAlt: "A polo shirt with an embroidered brand logo",
  },
  acrylic: {
    slug: "acrylic",
    label: "Acrylic Awards",
    title: "Acrylic Awards",
    description: "Crystal-clear acrylic shields, trophies and plaques for sales conferences and recognitions.",
    path: "/products/acrylic",
    image: "/images/categories/acrylic.svg",
    imageAlt: "A clear acrylic award shield with an engraved star",
  },
  clocks: {
    slug: "clocks",
    label: "Wall Clocks",
    title: "Custom Wall Clocks",
    description: "Wall clocks with your brand on the dial: seen in every clinic and pharmacy, every hour of the day.",
    path: "/products/clocks",
    image: "/images/categories/clocks.svg",
    imageAlt: "A round wall clock with a branded dial",
  },
};

/** The four categories the home page features. */
export const featuredCategories: Category[] = [
  categories.pens,
  categories.shirts,
  categories.acrylic,
  categories.clocks,
];

/** The other product lines with a page, offered under the featured four so that every line is one tap away. */
export const moreCategories: Category[] = [
  categories["paper-chit-pads"],
  categories.drinkware,
  categories["office-accessories"],
];
