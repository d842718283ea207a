/** The eight product categories: the catalogue's, the pages', the footer's and the portfolio filter's. */
export const categorySlugs = [
  "pens",
  "paper-chit-pads",
  "drinkware",
  "office-accessories",
  "games",
  "shirts",
  "acrylic",
  "clocks",
] as const;

export type CategorySlug = (typeof categorySlugs)[number];
