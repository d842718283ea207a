import { describe, expect, it } from "vitest";
import { products } from "~/content/catalogue";
import { printRules } from "~/content/print-rules";
import { type ArtDesign, cylinderCurve, itemArt, productImage } from "./product-art";

const pen = products.find((product) => product.id === "onset-pen")!;
const mug = products.find((product) => product.id === "marena-mug")!;
const design: ArtDesign = {
  text: 'A&B <Pharma> "Rx"',
  colours: ["#112233", "#445566"],
  layout: "beside",
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
    expect(svg).toMatch(/lengthAdjust="spacingAndGlyphs" fill="#112233">A&amp;B &lt;Pharma&gt; &quot;Rx&quot;<\/text>/);
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

  it("draws a cylinder's art round its curve, in strips narrowing towards the sides, with the item's shading over the ink", () => {
    const svg = itemArt(mug, design);
    // The flat art once, shown by strips; the shading masked by the strips themselves.
    expect(svg.match(/<g id="pa-art" data-art="">/g)).toHaveLength(1);
    expect(svg.match(/<use href="#pa-art"/g)).toHaveLength(32);
    expect(svg).toContain('<mask id="pa-ink" style="mask-type:alpha"><use href="#pa-wrap"/></mask>');
    expect(svg).toContain('fill="url(#cy)" mask="url(#pa-ink)"');
    const scales = [...svg.matchAll(/<use href="#pa-art" transform="matrix\(([\d.]+) 0 0 1 /g)].map((m) =>
      Number(m[1]),
    );
    expect(scales[0]).toBeLessThan(scales[15]!);
    expect(scales[31]).toBeCloseTo(scales[0]!, 3);
    // A flat face (a chit pad's box) shows the art as it is.
    const pad = products.find((product) => product.id.endsWith("-chit-pad"))!;
    expect(itemArt(pad, design)).not.toContain("<use");
  });

  it("keeps a cylinder's print area where it is drawn: edges fixed, wider at the front, narrower at the sides", () => {
    const curve = cylinderCurve(95, printRules.mug.cylinder!);
    expect(curve.at(0)).toBeCloseTo(0, 6);
    expect(curve.at(95)).toBeCloseTo(95, 6);
    expect(curve.at(47.5)).toBeCloseTo(47.5, 6);
    expect(curve.slope(47.5)).toBeGreaterThan(1);
    expect(curve.slope(0)).toBeLessThan(0.7);
    for (const u of [0, 10, 30, 47.5, 80, 95]) expect(curve.from(curve.at(u))).toBeCloseTo(u, 6);
    // Monotonic, so boxes apart on the flat art stay apart on the curve.
    for (let u = 0; u < 95; u += 0.5) expect(curve.at(u + 0.5)).toBeGreaterThan(curve.at(u));
  });

  it("draws one-look processes (engraving, foil) in their tone, the logo included", () => {
    const svg = itemArt(mug, { ...design, colours: ["#3f4650"], tone: "#3f4650" });
    expect(svg).toContain('<filter id="pa-tone"><feFlood flood-color="#3f4650"/>');
    expect(svg).toMatch(/<image data-logo=""[^>]*filter="url\(#pa-tone\)"/);
  });
});
