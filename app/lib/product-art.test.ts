import { describe, expect, it } from "vitest";
import { products } from "~/content/catalogue";
import { printRules } from "~/content/print-rules";
import { type ArtDesign, designTextSizeMm, itemArt, productImage } from "./product-art";

const pen = products.find((product) => product.id === "onset-pen")!;
const mug = products.find((product) => product.id === "marena-mug")!;
const design: ArtDesign = {
  text: 'A&B <Pharma> "Rx"',
  colours: ["#112233", "#445566"],
  logo: { href: "blob:http://localhost/1234", xMm: 3, yMm: 1.5, widthMm: 8, heightMm: 4 },
};

describe("a drawing with a buyer's design", () => {
  it("draws the catalogue item as before when there is no design: its brand, no print area", () => {
    for (const product of products) {
      const svg = productImage(product);
      expect(svg, product.id).not.toContain("data-print-area");
      expect(svg, product.id).toContain(`>${product.brand}<`);
      expect(itemArt(product, undefined)).toBe(itemArt(product));
    }
  });

  it("escapes the buyer's name and draws it in their first colour instead of the item's own brand", () => {
    const svg = productImage(pen, { art: design, title: "Mockup of the pen with your brand A&B" });
    expect(svg).toContain('fill="#112233">A&amp;B &lt;Pharma&gt; &quot;Rx&quot;</text>');
    expect(svg).not.toContain(">ONSET<");
    expect(svg).not.toContain(">Pharmedic - ONSET<");
    expect(svg).toContain("<title>Mockup of the pen with your brand A&amp;B</title>");
    expect(svg).toContain('fill="#445566"');
  });

  it("places the logo in the item's print area, whose units are the area's millimetres", () => {
    const { drawing, areaMm } = printRules.pen;
    const svg = itemArt(pen, design);
    expect(svg).toContain(
      `<g transform="${drawing.transform}"><svg data-print-area="" x="${drawing.x}" y="${drawing.y}" width="${drawing.w}" height="${drawing.h}" viewBox="0 0 ${areaMm.width} ${areaMm.height}" overflow="hidden">`,
    );
    expect(svg).toMatch(/<image data-logo="" href="blob:http:\/\/localhost\/1234" x="3" y="1.5" width="8" height="4"/);
    // No transform on a mug's side: the area sits in the drawing as it is.
    expect(itemArt(mug, design)).toContain(`<svg data-print-area="" x="${printRules.mug.drawing.x}"`);
  });

  it("fits the name to the area: as large as reads well, smaller as it gets longer", () => {
    expect(designTextSizeMm("ACME", printRules.pen.areaMm)).toBeCloseTo(3.3);
    expect(designTextSizeMm("A".repeat(40), printRules.pen.areaMm)).toBeCloseTo((50 * 0.92) / (0.7 * 40));
  });
});
