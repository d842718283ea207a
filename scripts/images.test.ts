import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "../app/content/case-studies";
import { products } from "../app/content/catalogue";
import { categories } from "../app/content/categories";
import { allImages } from "./images";
import { textOutliner } from "./outline-text";
import { ink, itemArt, productImage } from "../app/lib/product-art";

const sourceFile = (path: string) => join(process.cwd(), "app", path);
const images = [
  ...products.map((product) => product.image),
  ...Object.values(categories).map((category) => category.image),
  ...caseStudies.map((study) => study.image),
];

describe("images", () => {
  // Drawn once: outlining every word with HarfBuzz is the slow part.
  let drawn: Map<string, string>;
  beforeAll(async () => {
    drawn = allImages(await textOutliner());
  });

  it("exist under app/ for every product, category and case study", () => {
    const missing = images.filter((path) => !existsSync(sourceFile(path)));
    expect(missing).toEqual([]);
  });

  it("are up to date with the data (run `npx tsx scripts/make-images.ts` after changing it)", () => {
    const stale = [...drawn]
      .filter(([path]) => path.endsWith(".svg"))
      .filter(([path, svg]) => !existsSync(sourceFile(path)) || readFileSync(sourceFile(path), "utf8") !== svg)
      .map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it("carry no text for the browser to lay out: every word is outlined, the <title> names the picture", () => {
    for (const [path, svg] of drawn) {
      expect(svg, path).not.toContain("<text");
      expect(svg, path).toMatch(/<title>[^<]+<\/title>/);
      expect(brotliCompressSync(svg).length, `${path} stays small`).toBeLessThan(10_000);
    }
  });

  it("print each item's product name and brand colour, stay small and give their size", () => {
    for (const product of products) {
      const svg = productImage(product);
      const name = product.brand.split(" - ").at(-1)!;
      expect(svg, product.id).toContain(`>${name}<`);
      expect(svg, product.id).toContain(product.colour);
      expect(svg).toMatch(/^<svg [^>]*width="800" height="600"/);
      expect(svg.length, product.id).toBeLessThan(8_000);
    }
  });

  it("has a drawing for every kind of catalogue item", () => {
    for (const product of products) expect(() => itemArt(product), product.id).not.toThrow();
    expect(() => itemArt({ ...products[0]!, id: "onset-umbrella" })).toThrow(/No drawing for 'onset-umbrella'/);
  });

  it("chooses legible ink on light and dark brand colours", () => {
    expect(ink("#f9a825")).toBe("#1e293b");
    expect(ink("#1a237e")).toBe("#ffffff");
  });
});
