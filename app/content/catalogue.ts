import type { CategorySlug } from "./category-slugs";
import { type PrintMethod, printMethods as by } from "./print-rules";

export type Product = {
  /** URL-safe slug, unique: also the image file name and the portfolio's ?product= value. */
  id: string;
  /**
   * The price-list item this piece is made from (the desk's price list, seeded by drizzle/0022): what
   * a request for it is priced as. Never shown on the website.
   */
  priceItemId: string;
  title: string;
  /** Image path under app/ (800x600), e.g. "/images/products/onset-pen.svg". Replace the file, or point this at a photograph of that size. */
  image: string;
  category: CategorySlug;
  /** "Company - PRODUCT": the pharmaceutical brand the item promotes. */
  brand: string;
  description: string;
  /** 3 to 6 short selling points; category pages show the first 2 or 3. */
  features: string[];
  /** The brand's print colour, used on the item's illustration. */
  colour: string;
  /**
   * How the item was printed, the main method first: what its page says, what the brand studio
   * mocks up and checks a design against.
   */
  print: readonly [PrintMethod, ...PrintMethod[]];
};

/** The catalogue: 27 items the company has produced (pens 11, chit pads 7, drinkware 3, office 5, games 1). */
export const products: Product[] = [
  // Pens
  {
    id: "acecol-pen",
    priceItemId: "plastic-click-pen-pad-print",
    image: "/images/products/acecol-pen.svg",
    title: "ACECOL Retractable Ballpoint Pen",
    category: "pens",
    brand: "Medisure - ACECOL",
    description:
      "A smooth-writing retractable ballpoint in ACECOL red and white, printed with the brand name along the barrel for daily use on prescription pads.",
    features: ["Full-length barrel print", "Soft rubber grip", "Blue ink, 1.0 mm tip", "Chrome clip and plunger"],
    colour: "#c62828",
    print: [by.padPrint(1)],
  },
  {
    id: "biofer-pen",
    priceItemId: "click-pen-gold-foil",
    image: "/images/products/biofer-pen.svg",
    title: "BIOFER Iron Supplement Pen",
    category: "pens",
    brand: "Zenith Pharma - BIOFER",
    description:
      "A deep-maroon click pen for the BIOFER iron supplement launch, with the logo in gold foil and a tagline on the clip.",
    features: ["Gold foil logo", "Tagline printed on clip", "Smooth low-viscosity ink", "Matte finish barrel"],
    colour: "#7b1f3a",
    print: [by.goldFoil, by.padPrint(1)],
  },
  {
    id: "onset-pen",
    priceItemId: "plastic-click-pen-pad-print",
    image: "/images/products/onset-pen.svg",
    title: "ONSET Signature Pen",
    category: "pens",
    brand: "Pharmedic - ONSET",
    description:
      "The pen at the heart of the ONSET line: a white barrel with the ONSET teal band, made to match the cup, pen holder and maze game of the same campaign.",
    features: ["Matches the ONSET campaign set", "Two-colour pad print", "Comfort grip", "Refillable"],
    colour: "#00897b",
    print: [by.padPrint(2)],
  },
  {
    id: "naprox-pen-red",
    priceItemId: "plastic-twist-pen-screen-print",
    image: "/images/products/naprox-pen-red.svg",
    title: "NAPROX Pen, Red Edition",
    category: "pens",
    brand: "Healix - NAPROX",
    description:
      "A bold red twist pen for the NAPROX pain-relief range, printed with the brand name and dosage reminder in white.",
    features: ["Twist mechanism", "White screen print", "Red translucent barrel", "Blue ink"],
    colour: "#d32f2f",
    print: [by.screenPrint(1)],
  },
  {
    id: "naprox-pen-blue",
    priceItemId: "plastic-twist-pen-screen-print",
    image: "/images/products/naprox-pen-blue.svg",
    title: "NAPROX Pen, Blue Edition",
    category: "pens",
    brand: "Healix - NAPROX",
    description:
      "The blue companion to the red NAPROX pen, produced for the field force's second detailing cycle of the year.",
    features: ["Twist mechanism", "White screen print", "Blue translucent barrel", "Black ink option"],
    colour: "#1565c0",
    print: [by.screenPrint(1)],
  },
  {
    id: "naprox-pen-metal",
    priceItemId: "metal-ball-pen-laser",
    image: "/images/products/naprox-pen-metal.svg",
    title: "NAPROX Executive Metal Pen",
    category: "pens",
    brand: "Healix - NAPROX",
    description:
      "A weighted metal ballpoint with the NAPROX logo laser-engraved, given to senior consultants at the brand's annual meeting.",
    features: ["Laser-engraved logo", "Brushed metal body", "Gift box included", "German refill"],
    colour: "#37474f",
    print: [by.laserEngraving],
  },
  {
    id: "ciplox-pen",
    priceItemId: "plastic-click-pen-pad-print",
    image: "/images/products/ciplox-pen.svg",
    title: "CIPLOX Antibiotic Pen",
    category: "pens",
    brand: "Pharmedic - CIPLOX",
    description:
      "A clean blue-and-white click pen for CIPLOX, with the brand name on the barrel and the company mark on the clip.",
    features: ["Brand name on barrel", "Company mark on clip", "Anti-slip grip", "Blue ink"],
    colour: "#0277bd",
    print: [by.padPrint(2)],
  },
  {
    id: "marena-pen",
    priceItemId: "plastic-click-pen-pad-print",
    image: "/images/products/marena-pen.svg",
    title: "MARENA Campaign Pen",
    category: "pens",
    brand: "Novacare - MARENA",
    description:
      "A soft-touch lavender pen made for the MARENA women's health campaign, paired with the campaign's mug.",
    features: ["Soft-touch coating", "Campaign colour match", "Stylus tip", "Single-colour print"],
    colour: "#7e57c2",
    print: [by.padPrint(1)],
  },
  {
    id: "gastrol-pen",
    priceItemId: "gel-pen-screen-print",
    image: "/images/products/gastrol-pen.svg",
    title: "GASTROL Gel Pen",
    category: "pens",
    brand: "Medisure - GASTROL",
    description:
      "A green gel pen for the GASTROL antacid brand, with quick-drying ink that suits busy outpatient clinics.",
    features: ["Quick-drying gel ink", "0.7 mm tip", "Transparent grip", "Wrap-around print"],
    colour: "#2e7d32",
    print: [by.screenPrint(1)],
  },
  {
    id: "lipitrex-pen",
    priceItemId: "metal-ball-pen-pad-print",
    image: "/images/products/lipitrex-pen.svg",
    title: "LIPITREX Cardiology Pen",
    category: "pens",
    brand: "Zenith Pharma - LIPITREX",
    description: "A slim navy ballpoint for LIPITREX, given to cardiologists with the heart-health leave-behind.",
    features: ["Slim barrel", "Navy and silver print", "Metal clip", "Smooth-writing refill"],
    colour: "#1a237e",
    print: [by.padPrint(2)],
  },
  {
    id: "zoltac-pen",
    priceItemId: "highlighter-pad-print",
    image: "/images/products/zoltac-pen.svg",
    title: "ZOLTAC Highlighter Pen",
    category: "pens",
    brand: "Medisure - ZOLTAC",
    description:
      "A two-in-one ballpoint and highlighter for ZOLTAC, useful for doctors marking reports and prescriptions.",
    features: ["Ballpoint and highlighter in one", "Orange highlighter ink", "Logo on both ends"],
    colour: "#ef6c00",
    print: [by.padPrint(1)],
  },

  // Paper chit pads
  {
    id: "azythra-chit-pad",
    priceItemId: "chit-pad-box-3-5-inch",
    image: "/images/products/azythra-chit-pad.svg",
    title: "AZYTHRA Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Pharmedic - AZYTHRA",
    description:
      "A full-colour cube of 500 notes in a printed box, with the AZYTHRA logo on every side and on each sheet.",
    features: ["500 printed sheets", "Four-side box print", "Logo on every sheet", "Refill packs available"],
    colour: "#00838f",
    print: [by.offsetPrint],
  },
  {
    id: "ciplox-chit-pad",
    priceItemId: "chit-pad-box-3-5-inch",
    image: "/images/products/ciplox-chit-pad.svg",
    title: "CIPLOX Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Pharmedic - CIPLOX",
    description:
      "A blue chit pad box for CIPLOX with a pen slot on top, so the CIPLOX pen and notes sit together on the desk.",
    features: ["Built-in pen slot", "Matt laminated box", "400 sheets", "Brand colours on sheet edges"],
    colour: "#0277bd",
    print: [by.offsetPrint],
  },
  {
    id: "dolorex-chit-pad",
    priceItemId: "chit-pad-box-3-5-inch",
    image: "/images/products/dolorex-chit-pad.svg",
    title: "DOLOREX Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Healix - DOLOREX",
    description: "A compact chit pad box for the DOLOREX analgesic, sized for crowded clinic desks.",
    features: ["Compact 8 cm cube", "Gloss UV logo", "Recycled paper sheets", "Printed side pattern"],
    colour: "#c2185b",
    print: [by.offsetPrint],
  },
  {
    id: "glucomet-chit-pad",
    priceItemId: "chit-pad-box-4-inch",
    image: "/images/products/glucomet-chit-pad.svg",
    title: "GLUCOMET Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Medisure - GLUCOMET",
    description:
      "A chit pad box for the GLUCOMET diabetes brand, with a blood-sugar reference chart printed on the side panel.",
    features: ["Reference chart on side panel", "450 sheets", "Matt lamination", "Sturdy rigid box"],
    colour: "#283593",
    print: [by.offsetPrint],
  },
  {
    id: "ventosal-chit-pad",
    priceItemId: "chit-pad-box-3-5-inch",
    image: "/images/products/ventosal-chit-pad.svg",
    title: "VENTOSAL Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Zenith Pharma - VENTOSAL",
    description: "A sky-blue chit pad box for the VENTOSAL inhaler, printed for chest specialists and GPs.",
    features: ["Sky-blue brand print", "500 sheets", "Spot UV logo", "Dust cover lid"],
    colour: "#0288d1",
    print: [by.offsetPrint],
  },
  {
    id: "calcivit-chit-pad",
    priceItemId: "chit-pad-box-4-inch",
    image: "/images/products/calcivit-chit-pad.svg",
    title: "CALCIVIT Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Novacare - CALCIVIT",
    description: "A bright chit pad box for CALCIVIT calcium supplements, with the bottle artwork on the front panel.",
    features: ["Product artwork on front", "400 sheets", "Gloss lamination", "Refillable"],
    colour: "#f9a825",
    print: [by.offsetPrint],
  },
  {
    id: "rabeprol-chit-pad",
    priceItemId: "chit-pad-box-3-5-inch",
    image: "/images/products/rabeprol-chit-pad.svg",
    title: "RABEPROL Chit Pad Box",
    category: "paper-chit-pads",
    brand: "Healix - RABEPROL",
    description: "A purple chit pad box for RABEPROL, delivered with matching refill packs for the whole year.",
    features: ["Year of refill packs", "Purple brand print", "500 sheets", "Rounded corners"],
    colour: "#6a1b9a",
    print: [by.offsetPrint],
  },

  // Drinkware
  {
    id: "onset-cup",
    priceItemId: "ceramic-mug-11-oz",
    image: "/images/products/onset-cup.svg",
    title: "ONSET Ceramic Cup",
    category: "drinkware",
    brand: "Pharmedic - ONSET",
    description: "A white ceramic cup with the ONSET teal band and logo, part of the ONSET campaign set.",
    features: ["Dishwasher-safe print", "330 ml ceramic", "Teal inner glaze", "Individual gift box"],
    colour: "#00897b",
    print: [by.padPrint(2)],
  },
  {
    id: "marena-mug",
    priceItemId: "ceramic-mug-11-oz-wrap",
    image: "/images/products/marena-mug.svg",
    title: "MARENA Campaign Mug",
    category: "drinkware",
    brand: "Novacare - MARENA",
    description: "A lavender mug for the MARENA women's health campaign, printed with the campaign message.",
    features: ["Full-wrap print", "350 ml ceramic", "Lavender handle", "Gift sleeve"],
    colour: "#7e57c2",
    print: [by.sublimation],
  },
  {
    id: "biofer-travel-mug",
    priceItemId: "steel-travel-mug-laser",
    image: "/images/products/biofer-travel-mug.svg",
    title: "BIOFER Travel Mug",
    category: "drinkware",
    brand: "Zenith Pharma - BIOFER",
    description: "A double-walled steel travel mug with the BIOFER logo laser-engraved, for doctors on the move.",
    features: ["Double-walled steel", "Keeps tea hot for 6 hours", "Leak-proof lid", "Laser-engraved logo"],
    colour: "#7b1f3a",
    print: [by.laserEngraving],
  },

  // Office accessories
  {
    id: "onset-pen-holder",
    priceItemId: "pen-holder-uv-print",
    image: "/images/products/onset-pen-holder.svg",
    title: "ONSET Pen Holder",
    category: "office-accessories",
    brand: "Pharmedic - ONSET",
    description: "A round desk pen holder in ONSET teal that keeps the ONSET pens within a prescriber's reach.",
    features: ["Matches the ONSET pen", "Weighted base", "Full-colour wrap", "Holds 12 pens"],
    colour: "#00897b",
    print: [by.uvPrint],
  },
  {
    id: "gastrol-desk-organiser",
    priceItemId: "desk-organiser-screen-print",
    image: "/images/products/gastrol-desk-organiser.svg",
    title: "GASTROL Desk Organiser",
    category: "office-accessories",
    brand: "Medisure - GASTROL",
    description: "A three-compartment desk organiser for cards, pens and notes, printed with the GASTROL logo.",
    features: ["Three compartments", "Card holder slot", "Sturdy MDF build", "Front logo print"],
    colour: "#2e7d32",
    print: [by.screenPrint(4)],
  },
  {
    id: "cardimax-mouse-pad",
    priceItemId: "mouse-pad-full-colour",
    image: "/images/products/cardimax-mouse-pad.svg",
    title: "CARDIMAX Mouse Pad",
    category: "office-accessories",
    brand: "Novacare - CARDIMAX",
    description: "A non-slip mouse pad for CARDIMAX with a blood-pressure reference table printed along the edge.",
    features: ["Non-slip rubber base", "Reference table print", "Stitched edges", "Full-colour sublimation"],
    colour: "#b71c1c",
    print: [by.sublimation],
  },
  {
    id: "ventosal-desk-calendar",
    priceItemId: "desk-calendar-13-sheets",
    image: "/images/products/ventosal-desk-calendar.svg",
    title: "VENTOSAL Desk Calendar",
    category: "office-accessories",
    brand: "Zenith Pharma - VENTOSAL",
    description:
      "A twelve-month tent calendar for VENTOSAL with breathing-health tips on every page and the brand on the stand.",
    features: ["Twelve monthly pages", "Health tip each month", "Printed stand", "Wire-o binding"],
    colour: "#0288d1",
    print: [by.offsetPrint],
  },
  {
    id: "lipitrex-paperweight",
    priceItemId: "acrylic-paperweight-uv",
    image: "/images/products/lipitrex-paperweight.svg",
    title: "LIPITREX Acrylic Paperweight",
    category: "office-accessories",
    brand: "Zenith Pharma - LIPITREX",
    description: "A heart-shaped acrylic paperweight with the LIPITREX logo printed inside, for cardiology desks.",
    features: ["Heart-shaped acrylic", "Logo printed inside", "Felt base", "Gift box"],
    colour: "#1a237e",
    print: [by.uvPrint],
  },

  // Games
  {
    id: "onset-maze-game",
    priceItemId: "maze-game-pad-print",
    image: "/images/products/onset-maze-game.svg",
    title: "ONSET Maze Game",
    category: "games",
    brand: "Pharmedic - ONSET",
    description:
      "A palm-sized ball maze in ONSET colours: a playful leave-behind for paediatric clinics that keeps the brand on the desk.",
    features: ["Palm-sized ball maze", "ONSET colours and logo", "Sealed clear cover", "Safe for waiting rooms"],
    colour: "#00897b",
    print: [by.padPrint(2)],
  },
];

/** The catalogue items of one category, in catalogue order. */
export function productsIn(category: CategorySlug): Product[] {
  return products.filter((product) => product.category === category);
}

/** The items made for one product line, e.g. "ONSET" (matched in the brand, case-sensitive). */
export function productsOfBrand(productName: string): Product[] {
  return products.filter((product) => product.brand.includes(productName));
}

/** "Pharmedic - ONSET" → { company: "Pharmedic", name: "ONSET" }. */
export function splitBrand(brand: string): { company: string; name: string } {
  const at = brand.lastIndexOf(" - ");
  return at === -1 ? { company: "", name: brand } : { company: brand.slice(0, at), name: brand.slice(at + 3) };
}
