/**
 * The seven category pages (/products/:category): the words of each and which parts it shows. One route
 * module draws them all (app/routes/products/category.tsx); the catalogue items, option cards, finishes,
 * specifications and use cases come from app/content/catalogue.ts and app/content/product-pages.ts.
 */
import type { CategorySlug } from "./category-slugs";
import {
  apparelOptions,
  awardOptions,
  chitPadFinishes,
  chitPadSpecifications,
  clockOptions,
  drinkwareSpecifications,
  type OptionCard,
  officeUseCases,
  type Specification,
} from "./product-pages";

/** The categories with a page of their own (games live only in the portfolio). */
export type CategoryPageSlug = Exclude<CategorySlug, "games">;

type Heading = { title: string; eyebrow?: string; intro?: string };

/** A band after the main list: cards (finishes, use cases) or a specification table. */
export type CategoryPageExtra =
  | ({ kind: "cards"; cards: readonly OptionCard[] } & Heading)
  | ({ kind: "specifications"; rows: readonly Specification[] } & Heading);

export type CategoryPage = {
  /** The page's h1, title and last breadcrumb. */
  title: string;
  description: string;
  keywords: readonly string[];
  lead: string;
  /** What the page lists first. */
  body:
    | {
        /** The category's catalogue items, each with the features `featuresShownOnPage` allows. */
        kind: "catalogue";
        heading: Heading;
        /** A figure in the hero: the number of items, then these words ('11+ custom pens'). */
        countLabel?: string;
      }
    | {
        /** An introduction, then four option cards, each with 'Inquire Now'. */
        kind: "options";
        introTitle: string;
        intro: string;
        optionsTitle: string;
        options: readonly OptionCard[];
      };
  extras: readonly CategoryPageExtra[];
  ctaTitle: string;
};

const catalogueEyebrow = "From our catalogue";

export const categoryPages: Record<CategoryPageSlug, CategoryPage> = {
  pens: {
    title: "Custom Pens",
    description:
      "Custom branded pens for pharmaceutical and corporate promotion: ballpoint, gel and metal pens printed with your product name.",
    keywords: [
      "custom pens",
      "branded pens Pakistan",
      "pharma pens",
      "printed ballpoint pens",
      "promotional pens Lahore",
    ],
    lead: "The giveaway a doctor uses every day. Ballpoint, gel, twist and metal pens printed or engraved with your product's name and colours, with a digital mockup before production.",
    body: {
      kind: "catalogue",
      heading: {
        eyebrow: catalogueEyebrow,
        title: "Pens we've made for pharma brands",
        intro:
          "Each one was designed with the brand team and printed in its colours. Like one? Ask for a similar design for your product.",
      },
      countLabel: "custom pens",
    },
    extras: [],
    ctaTitle: "Need pens for your next campaign?",
  },
  "paper-chit-pads": {
    title: "Paper Chit Pads",
    description:
      "Printed paper chit pad boxes for doctors' desks: full-colour branding, refillable boxes and a range of finishes.",
    keywords: ["paper chit pads", "chit pad box printing", "memo cube printing Lahore", "pharma desk notes"],
    lead: "Chit pad boxes sit beside the prescription pad all year. We print your brand on every side of the box and on every sheet, and supply refills when they run out.",
    body: { kind: "catalogue", heading: { eyebrow: catalogueEyebrow, title: "Chit pad boxes we've produced" } },
    extras: [
      {
        kind: "cards",
        title: "Finishes",
        intro: "Choose the finish that suits your brand and budget.",
        cards: chitPadFinishes,
      },
      { kind: "specifications", title: "Specifications", rows: chitPadSpecifications },
    ],
    ctaTitle: "Put your brand on every note a doctor writes",
  },
  drinkware: {
    title: "Drinkware & Mugs",
    description:
      "Branded mugs, cups and tumblers for pharmaceutical and corporate giveaways, printed in your brand colours.",
    keywords: ["custom mugs", "branded drinkware Pakistan", "printed ceramic mugs", "travel mugs with logo"],
    lead: "A mug is used every morning, in the clinic and at home. Ceramic mugs, cups and steel travel mugs printed or engraved in your brand colours.",
    body: { kind: "catalogue", heading: { eyebrow: catalogueEyebrow, title: "Drinkware we've produced" } },
    extras: [{ kind: "specifications", title: "Specifications", rows: drinkwareSpecifications }],
    ctaTitle: "Start your branded drinkware order",
  },
  "office-accessories": {
    title: "Office Accessories",
    description:
      "Branded desk accessories for clinics and offices: pen holders, organisers, mouse pads, calendars and paperweights.",
    keywords: [
      "office accessories branding",
      "desk promotional items",
      "branded pen holders",
      "custom mouse pads Pakistan",
    ],
    lead: "Desk items that stay in front of prescribers, pharmacists and buyers for months: pen holders, organisers, mouse pads, calendars and paperweights in your brand.",
    body: { kind: "catalogue", heading: { eyebrow: catalogueEyebrow, title: "Office accessories we've produced" } },
    extras: [
      {
        kind: "cards",
        title: "Use cases",
        intro: "Where branded desk items work hardest for you.",
        cards: officeUseCases,
      },
    ],
    ctaTitle: "Put your brand on every desk",
  },
  shirts: {
    title: "Corporate Apparel",
    description:
      "Custom polo shirts, T-shirts, caps and jackets for field forces, conferences and launch events, printed or embroidered.",
    keywords: ["corporate apparel", "custom polo shirts Lahore", "embroidered shirts Pakistan", "branded caps"],
    lead: "Polo shirts, T-shirts, caps and jackets that make your field force and event teams look like one brand.",
    body: {
      kind: "options",
      introTitle: "Apparel your team will wear",
      intro:
        "We embroider or print your logo and product names on quality fabrics in your brand colours, sized for the whole team and delivered before your launch or conference.",
      optionsTitle: "Apparel options",
      options: apparelOptions,
    },
    extras: [],
    ctaTitle: "Dress your team in your brand",
  },
  acrylic: {
    title: "Acrylic Awards",
    description: "Custom acrylic awards, shields, trophies and plaques for sales conferences and recognition events.",
    keywords: ["acrylic awards", "custom shields Pakistan", "acrylic trophies Lahore", "sales conference awards"],
    lead: "Crystal-clear shields, trophies and plaques that recognise your top performers at sales conferences and annual meetings.",
    body: {
      kind: "options",
      introTitle: "Awards worth keeping on the desk",
      intro:
        "Laser-cut acrylic with polished edges, engraved or UV-printed with your logo, the award title and each winner's name, on a printed or wooden base.",
      optionsTitle: "Award options",
      options: awardOptions,
    },
    extras: [],
    ctaTitle: "Plan the awards for your next conference",
  },
  clocks: {
    title: "Custom Wall Clocks",
    description: "Custom wall clocks with your brand on the dial for clinics, pharmacies and offices.",
    keywords: ["custom wall clocks", "branded clocks", "promotional wall clocks Pakistan", "pharmacy clocks"],
    lead: "A clock on a clinic or pharmacy wall shows your brand to every patient, every hour of the day.",
    body: {
      kind: "options",
      introTitle: "Your brand, seen every hour",
      intro:
        "We print your logo, product name and a short message on the dial, fit a reliable quartz or silent sweep movement, and pack each clock in a branded box.",
      optionsTitle: "Clock options",
      options: clockOptions,
    },
    extras: [],
    ctaTitle: "Put your brand on the wall",
  },
};

export const categoryPageSlugs = Object.keys(categoryPages) as CategoryPageSlug[];

/** A category page's URL: /products/pens. */
export const categoryPagePath = (slug: CategoryPageSlug) => `/products/${slug}` as const;

export function isCategoryPageSlug(slug: string | undefined): slug is CategoryPageSlug {
  return slug !== undefined && Object.hasOwn(categoryPages, slug);
}
