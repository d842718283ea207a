/** Texts of /process: how an order runs, and what buyers can count on along the way. */

export const processHero = {
  eyebrow: "How we work",
  title: "Our Process",
  lead: "From your first message to cartons at your warehouse: four clear steps, with a mockup you approve before anything is printed.",
} as const;

export const processStepsIntro = {
  title: "Four steps from idea to delivery",
  intro:
    "Every order, from a few hundred pens to a national launch kit, follows the same path, so you always know what happens next and what we need from you.",
} as const;

export type ProcessStep = {
  title: string;
  text: string;
  /** What the buyer gets or decides at this step. */
  points: readonly string[];
};

export const processSteps: readonly ProcessStep[] = [
  {
    title: "Consultation & Inquiry",
    text: "Tell us about your brand, the audience (doctors, pharmacists, distributors or your own team), the quantities you have in mind and the date you need the goods. We reply within 24 hours with item suggestions that fit your budget per head and your compliance guidelines.",
    points: [
      "Item ideas for your audience and occasion",
      "Quantity and timing options to compare",
      "A written quotation",
    ],
  },
  {
    title: "Design & Digital Mockup",
    text: "Our designers place your logo, product name and brand colours on the chosen items and send you digital mockups, free of charge. Your brand and compliance teams review every word and colour; we revise until you approve, and we only go to production on your written approval.",
    points: [
      "Free mockups on the actual items",
      "Colours matched to your Pantone references",
      "A physical sample for new or colour-critical items",
    ],
  },
  {
    title: "Production & Quality Check",
    text: "We print or engrave your order using the method that suits each surface: pad printing for pens, full-colour printing for chit pad boxes, ceramic printing for mugs, laser engraving for metal. Every run is checked against the approved mockup for spelling, colour, print adhesion and function before it is packed.",
    points: [
      "Checked against your approved mockup",
      "Writing, tearing and finish tests where they apply",
      "Cartons labelled with brand, item and quantity",
    ],
  },
  {
    title: "On-Time Delivery",
    text: "We plan production backwards from your date and tell you early if anything could move it, including Eid holidays and the year-end rush. Orders are delivered to your office, warehouse or event venue in Lahore, or dispatched to Karachi, Islamabad and other cities.",
    points: [
      "A delivery date agreed at the start",
      "Progress updates while your order is in production",
      "Delivery notes that match your order",
    ],
  },
];

export const differentiatorsIntro = {
  title: "What you can count on",
  intro: "The things our pharmaceutical and corporate clients tell us matter most, built into every order.",
} as const;

export const differentiators = [
  {
    icon: "shield-check",
    title: "Quality Assurance",
    text: "Product names, strengths and colours are checked against your approved artwork at every step, so what reaches a doctor is exactly what your team signed off.",
  },
  {
    icon: "message-square",
    title: "Transparent Communication",
    text: "One contact person, clear quotations with each cost listed, and honest updates on timing: you hear about a problem from us first, with a solution.",
  },
  {
    icon: "calendar-clock",
    title: "Flexible Timelines",
    text: "Launch next month or conference next week: we plan around your date, suggest items that can be made in the time you have, and split deliveries when that helps.",
  },
  {
    icon: "headset",
    title: "Professional Support",
    text: "From choosing items within your compliance limits to reorders and refills for your field force, we support your brand team before, during and after every order.",
  },
] as const;

export const processCta = {
  title: "Start with a free consultation",
  text: "Send us your brand, quantities and date. We'll reply within 24 hours with ideas, a mockup plan and a quotation.",
  action: "Request a Quote",
} as const;
