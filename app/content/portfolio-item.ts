/** The words of an item's own page (/portfolio/<id>); the item itself comes from `catalogue.ts`. */
export const itemPageText = {
  crumb: "Portfolio",
  quote: "Request a Quote for This Product",
  category: "See all",
  detailsTitle: "Details",
  facts: { brand: "Brand", category: "Category" },
  featuresTitle: "Features",
  /** Search keywords every item page adds to its own title and brand. */
  keywords: ["custom promotional products Pakistan", "pharmaceutical giveaways"],
  relatedTitle: (categoryLabel: string) => `More ${categoryLabel}`,
  relatedIntro: "Other items of the same kind we have made: open one for its details.",
} as const;
