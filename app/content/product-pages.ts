/**
 * What the product pages show besides the catalogue: how many features each catalogue page lists,
 * the option cards of the apparel, awards and clocks pages, chit pad finishes and specifications,
 * drinkware specifications and office-accessory use cases.
 */
import type { Product } from "./catalogue";
import type { CategorySlug } from "./category-slugs";
import type { OptionCard, Specification } from "./schema";

export type { OptionCard, Specification } from "./schema";

/** The categories with a catalogue page, and how many of each product's features that page lists. */
/** The eyebrow over a category page's title. */
export const categoryPageEyebrow = "Products";

export const featuresShownOnPage = {
  pens: 2,
  "paper-chit-pads": 3,
  drinkware: "all",
  "office-accessories": 3,
} as const satisfies Partial<Record<CategorySlug, number | "all">>;

export type CataloguePageCategory = keyof typeof featuresShownOnPage;

/** The features a category page lists for a product: the first 2 (pens), 3 (chit pads, office) or all (drinkware). */
export function featuresShown(
  product: Product,
  page: CataloguePageCategory = product.category as CataloguePageCategory,
) {
  const count = featuresShownOnPage[page];
  return count === "all" ? [...product.features] : product.features.slice(0, count);
}

export const apparelOptions: OptionCard[] = [
  {
    name: "Polo Shirts",
    description:
      "Pique cotton polos with your logo embroidered on the chest: the field force's uniform for visits and launches.",
  },
  {
    name: "T-Shirts",
    description: "Soft cotton T-shirts screen-printed or heat-pressed for walks, health camps and conference teams.",
  },
  {
    name: "Caps",
    description: "Six-panel caps with an embroidered front logo, for outdoor events and awareness drives.",
  },
  {
    name: "Jackets & Hoodies",
    description: "Fleece jackets and hoodies for winter sales meetings and team rewards, embroidered front and back.",
  },
];

export const awardOptions: OptionCard[] = [
  {
    name: "Acrylic Shields",
    description: "Clear acrylic shields with your logo and the winner's name, laser-cut and engraved or UV-printed.",
  },
  {
    name: "Crystal-Look Trophies",
    description: "Thick acrylic trophies with polished edges that look like crystal at a fraction of the weight.",
  },
  {
    name: "Desk Plaques",
    description: "Free-standing acrylic plaques for milestones, long service and top performers' desks.",
  },
  {
    name: "Custom-Shaped Awards",
    description: "Awards cut in the shape of your product, a capsule, a heart or your logo, with a printed base.",
  },
];

export const clockOptions: OptionCard[] = [
  {
    name: "Round Wall Clocks",
    description: "Classic round clocks with your brand and product name printed on the dial, seen all day in clinics.",
  },
  {
    name: "Square Wall Clocks",
    description: "Square frames with a full-colour dial that carries a product message as well as the logo.",
  },
  {
    name: "Silent Sweep Clocks",
    description: "Quiet sweep movements for consulting rooms and wards, where a ticking clock would disturb patients.",
  },
  {
    name: "Custom-Shaped Clocks",
    description: "Clocks cut in the shape of your logo or product, for pharmacies and special launches.",
  },
];

export const chitPadFinishes: OptionCard[] = [
  { name: "Matt Lamination", description: "A soft, glare-free surface that resists fingerprints on busy desks." },
  { name: "Gloss Lamination", description: "Bright, saturated colours that make product artwork stand out." },
  { name: "Spot UV", description: "A raised gloss layer on the logo alone, so the brand catches the light." },
  { name: "Foil Stamping", description: "Gold or silver foil on the logo for premium and launch editions." },
];

export const chitPadSpecifications: Specification[] = [
  { label: "Box sizes", value: "8 cm, 9 cm and 10 cm cubes" },
  { label: "Sheets", value: "400 to 500 sheets, 70–80 gsm paper" },
  { label: "Printing", value: "Full colour on all four sides and the lid; logo on every sheet" },
  { label: "Extras", value: "Pen slot, dust cover lid, refill packs" },
  { label: "Minimum order", value: "From 500 boxes" },
];

export const drinkwareSpecifications: Specification[] = [
  { label: "Materials", value: "Ceramic, stainless steel, glass" },
  { label: "Capacities", value: "300 ml to 450 ml" },
  { label: "Printing", value: "Sublimation full wrap, screen print or laser engraving" },
  { label: "Packaging", value: "Individual gift boxes or sleeves with your branding" },
  { label: "Minimum order", value: "From 100 pieces" },
];

export const officeUseCases: OptionCard[] = [
  {
    name: "Doctor's Desk",
    description: "Pen holders, organisers and paperweights that keep your brand in front of the prescriber all day.",
  },
  {
    name: "Pharmacy Counters",
    description: "Mouse pads and desk calendars that pharmacists use with every customer they serve.",
  },
  {
    name: "Medical Conferences",
    description: "Compact desk gifts that travel home in a delegate's bag and stay on the desk afterwards.",
  },
  {
    name: "Corporate Gifting",
    description: "Year-round reminders for distributors, hospital buyers and your own teams.",
  },
];
