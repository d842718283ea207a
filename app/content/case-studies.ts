import { productsOfBrand } from "./catalogue";
import type { CaseStudy, Testimonial } from "./schema";

export type { CaseStudy, Testimonial } from "./schema";

/** Texts of /case-studies around the studies. */
export const caseStudiesHero = {
  eyebrow: "Our Work",
  title: "Case Studies",
  lead: "How we've helped pharmaceutical brands plan, produce and deliver promotional items: the brief, what stood in the way, what we did and how it turned out.",
} as const;

/** Four campaigns, told for buyers who are planning one. Images are drawn by scripts/make-images.ts. */
export const caseStudies: CaseStudy[] = [
  {
    id: "onset-product-line",
    title: "The ONSET Product Line",
    industry: "Pharmaceutical",
    client: "Pharmedic",
    product: "Pen, ceramic cup, pen holder and maze game",
    image: "/images/case-studies/onset-product-line.svg",
    imageAlt: "The ONSET set: a teal-branded pen, cup, pen holder and maze game",
    overview:
      "Pharmedic wanted every item its field force left behind for ONSET to look like it belonged to one family, so that a doctor who kept the pen would recognise the cup and the pen holder on the next visit.",
    challenge:
      "Four different materials (plastic, ceramic, a weighted holder and a sealed maze) had to carry the same teal exactly, and the whole set had to arrive before the brand's national sales conference.",
    solution:
      "We matched the ONSET teal on every material from one approved colour swatch, produced a digital mockup of the whole set for a single brand-team approval, and staggered production so the pens shipped first for early visits.",
    results:
      "The full set reached all regional offices a week before the conference. Pharmedic's brand team reported that doctors asked reps for the matching pieces by name.",
    icon: "pill",
    productsCount: productsOfBrand("ONSET").length,
  },
  {
    id: "naprox-pens",
    title: "NAPROX Pens in Three Editions",
    industry: "Pharmaceutical",
    client: "Healix",
    product: "Red, blue and executive metal pens",
    image: "/images/case-studies/naprox-pens.svg",
    imageAlt: "Three NAPROX pens: a red twist pen, a blue twist pen and a metal executive pen",
    overview:
      "NAPROX needed pens for a whole year of detailing: an everyday pen for general practitioners and a premium one for senior consultants.",
    challenge:
      "Two detailing cycles called for two colours of the same pen, and the executive edition had to feel like a gift without going over a tight budget.",
    solution:
      "We produced a red edition for the first cycle and a blue one for the second from the same mould, and laser-engraved a brushed metal pen with a gift box for the annual consultants' meeting.",
    results:
      "The field force had the right pen for each cycle on time, and the metal edition became the brand's standard gift for key opinion leaders.",
    icon: "pen-tool",
    productsCount: productsOfBrand("NAPROX").length,
  },
  {
    id: "marena-campaign",
    title: "MARENA Women's Health Campaign",
    industry: "Women's Health",
    product: "Soft-touch pen and campaign mug",
    image: "/images/case-studies/marena-campaign.svg",
    imageAlt: "A lavender MARENA campaign mug beside a matching soft-touch pen",
    overview:
      "A women's health brand launched the MARENA awareness campaign for gynaecologists and family physicians and wanted giveaways that carried the campaign's message, not only its logo.",
    challenge:
      "The campaign's lavender is hard to reproduce on both ceramic and soft-touch plastic, and the message had to stay legible after months of daily use and washing.",
    solution:
      "We proofed the lavender on both materials before the run, printed the mug with a dishwasher-safe full wrap and matched the pen's soft-touch coating to it.",
    results:
      "Two items in one colour story reached clinics across Punjab in time for the campaign month, with no reprints needed.",
    icon: "heart-pulse",
    productsCount: 2,
  },
  {
    id: "chit-pad-collection",
    title: "A Chit Pad Collection for 7 Brands",
    industry: "Pharmaceutical",
    client: "Four pharmaceutical companies",
    product: "Printed chit pad boxes",
    image: "/images/case-studies/chit-pad-collection.svg",
    imageAlt: "Seven branded chit pad boxes in different brand colours",
    overview:
      "Seven pharmaceutical brands from four companies ordered desk chit pad boxes for the same quarter, each with its own colours, artwork and sheet count.",
    challenge:
      "Seven artworks, seven approvals and seven colour palettes had to be managed at once without mixing up boxes, sheets or refill packs.",
    solution:
      "We ran one approval sheet per brand, printed the boxes in batches by colour family, and packed and labelled each brand's boxes and refills separately for its distributor.",
    results:
      "All seven brands received their boxes in the same delivery window, and several have since reordered refill packs for the following year.",
    icon: "notebook-pen",
    productsCount: 7,
  },
];

/** What clients have said; their names stay private, so only their roles are shown. */
export const testimonials: Testimonial[] = [
  {
    quote:
      "They matched our brand colour on a pen, a cup and a maze game, and every piece arrived before our conference. Our reps finally had a set doctors asked for.",
    role: "Product Manager, multinational pharmaceutical company",
  },
  {
    quote:
      "Seven brands, seven artworks and one deadline. The mockups were clear, the approvals were quick and nothing was mixed up at delivery.",
    role: "Marketing Manager, national pharmaceutical company",
  },
];
