/** The words of an item's own page (/portfolio/<id>); the item itself comes from `catalogue.ts`. */
export const itemPageText = {
  crumb: "Portfolio",
  quote: "Request a Quote for This Product",
  /** The link to the item's brand studio, here and in the portfolio dialog. */
  studio: "See Your Brand on It",
  printMethod: "Print method",
  studioTitle: "Your brand on this item",
  studioIntro: (methods: string, area: { width: number; height: number } | null) =>
    `Type your brand name, add your logo and see the mockup before you ask for a quote. Printed by ${methods.charAt(0).toLowerCase()}${methods.slice(1)}${area ? `, on an area of ${area.width} × ${area.height} mm` : ""}.`,
  category: "See all",
  detailsTitle: "Details",
  facts: { brand: "Brand", category: "Category" },
  featuresTitle: "Features",
  /** Search keywords every item page adds to its own title and brand. */
  keywords: ["custom promotional products Pakistan", "pharmaceutical giveaways"],
  relatedTitle: (categoryLabel: string) => `More ${categoryLabel}`,
  relatedIntro: "Other items of the same kind we have made: open one for its details.",
} as const;
