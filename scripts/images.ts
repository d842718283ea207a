/**
 * Every drawn image of the site, by path under public/: one per catalogue item (800x600), one per
 * category card (640x400) and one per case study (800x600), their words outlined in Inter
 * (scripts/outline-text.ts). scripts/make-images.ts writes them.
 */
import { caseStudies } from "../app/content/case-studies";
import { type Product, products } from "../app/content/catalogue";
import { type CategorySlug, categories } from "../app/content/categories";
import type { TextOutliner } from "./outline-text";
import { type Art, artOf, award, clock, frame, itemArt, penArt, productImage, shirt } from "../app/lib/product-art";

const byId = (id: string): Product => {
  const product = products.find((p) => p.id === id);
  if (!product) throw new Error(`No catalogue item '${id}'`);
  return product;
};
const art = (id: string) => itemArt(byId(id));
const generic = (name: string, colour: string, key: string): Art => ({ name, company: "Your Company", colour, key });
const teal = "#0f766e";

type Placed = { art: string; x: number; y: number; scale: number };

const categoryScenes: Record<CategorySlug, { colour: string; items: Placed[] }> = {
  pens: {
    colour: teal,
    items: [
      { art: penArt(artOf(byId("onset-pen")), "single"), x: 0, y: -170, scale: 0.78 },
      { art: penArt(artOf(byId("acecol-pen")), "single"), x: 30, y: -85, scale: 0.78 },
      { art: penArt(artOf(byId("naprox-pen-blue")), "single"), x: 60, y: 0, scale: 0.78 },
    ],
  },
  "paper-chit-pads": {
    colour: byId("azythra-chit-pad").colour,
    items: [
      { art: art("calcivit-chit-pad"), x: 250, y: -20, scale: 0.62 },
      { art: art("azythra-chit-pad"), x: 40, y: 30, scale: 0.62 },
    ],
  },
  drinkware: {
    colour: byId("marena-mug").colour,
    items: [
      { art: art("biofer-travel-mug"), x: 130, y: -10, scale: 0.64 },
      { art: art("marena-mug"), x: -40, y: 40, scale: 0.6 },
      { art: art("onset-cup"), x: 340, y: 70, scale: 0.5 },
    ],
  },
  "office-accessories": {
    colour: byId("gastrol-desk-organiser").colour,
    items: [
      { art: art("gastrol-desk-organiser"), x: 220, y: 0, scale: 0.62 },
      { art: art("onset-pen-holder"), x: 10, y: 40, scale: 0.6 },
    ],
  },
  games: {
    colour: byId("onset-maze-game").colour,
    items: [{ art: art("onset-maze-game"), x: 128, y: 0, scale: 0.6 }],
  },
  shirts: {
    colour: teal,
    items: [
      { art: shirt(generic("BRAND", "#1e3a5f", "shirt-navy")), x: 230, y: -10, scale: 0.62 },
      { art: shirt(generic("BRAND", teal, "shirt-teal")), x: 40, y: 30, scale: 0.62 },
    ],
  },
  acrylic: {
    colour: "#0369a1",
    items: [
      { art: award(generic("EXCELLENCE", "#0369a1", "award-1")), x: 220, y: -10, scale: 0.7 },
      { art: award(generic("TOP TEAM", teal, "award-2")), x: 50, y: 70, scale: 0.55 },
    ],
  },
  clocks: {
    colour: "#b45309",
    items: [
      { art: clock(generic("YOUR BRAND", "#b45309", "clock-1")), x: 40, y: 20, scale: 0.6 },
      { art: clock(generic("PHARMA", teal, "clock-2")), x: 300, y: 70, scale: 0.5 },
    ],
  },
};

const caseStudyScenes: Record<string, { colour: string; items: Placed[]; tag: string }> = {
  "onset-product-line": {
    colour: byId("onset-pen").colour,
    tag: "Pharmedic - ONSET",
    items: [
      { art: art("onset-pen"), x: 0, y: 20, scale: 0.5 },
      { art: art("onset-cup"), x: 400, y: 20, scale: 0.5 },
      { art: art("onset-pen-holder"), x: 0, y: 290, scale: 0.5 },
      { art: art("onset-maze-game"), x: 400, y: 290, scale: 0.5 },
    ],
  },
  "naprox-pens": {
    colour: byId("naprox-pen-red").colour,
    tag: "Healix - NAPROX",
    items: [
      { art: penArt(artOf(byId("naprox-pen-red")), "single"), x: 40, y: -100, scale: 0.9 },
      { art: penArt(artOf(byId("naprox-pen-blue")), "single"), x: 60, y: 0, scale: 0.9 },
      { art: penArt(artOf(byId("naprox-pen-metal")), "metal-single"), x: 80, y: 100, scale: 0.9 },
    ],
  },
  "marena-campaign": {
    colour: byId("marena-mug").colour,
    tag: "Novacare - MARENA",
    items: [
      { art: art("marena-mug"), x: -40, y: 60, scale: 0.85 },
      { art: penArt(artOf(byId("marena-pen")), "single"), x: 330, y: 190, scale: 0.55 },
    ],
  },
  "chit-pad-collection": {
    colour: "#334155",
    tag: "7 brands, 4 companies",
    items: products
      .filter((product) => product.category === "paper-chit-pads")
      .map((product, i) => {
        const row = i < 4 ? 0 : 1;
        const col = row === 0 ? i : i - 4;
        return { art: itemArt(product), x: (row === 0 ? -58 : 37) + col * 190, y: row === 0 ? 50 : 250, scale: 0.42 };
      }),
  },
};

/** path under public/ → SVG text */
export function allImages(outlineText: TextOutliner): Map<string, string> {
  const files = new Map<string, string>();
  for (const product of products) files.set(product.image, productImage(product));
  for (const category of Object.values(categories)) {
    const scene = categoryScenes[category.slug];
    files.set(category.image, frame({ width: 640, height: 400, title: category.imageAlt, ...scene }));
  }
  for (const study of caseStudies) {
    const scene = caseStudyScenes[study.id];
    if (!scene) throw new Error(`No drawing for case study '${study.id}': add it to scripts/images.ts`);
    files.set(
      study.image,
      frame({
        width: 800,
        height: 600,
        title: study.imageAlt,
        colour: scene.colour,
        items: scene.items,
        tag: { text: scene.tag, colour: scene.colour },
      }),
    );
  }
  for (const [path, svg] of files) files.set(path, outlineText(svg));
  return files;
}
