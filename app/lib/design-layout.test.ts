import { describe, expect, it } from "vitest";
import { products } from "~/content/catalogue";
import { printRuleOf } from "~/content/print-rules";
import {
  type Box,
  defaultLayout,
  defaultPlacement,
  designLayouts,
  layoutName,
  overlaps,
  shownLogo,
  textWidthEm,
} from "./design-layout";

const inside = (box: Box, area: { width: number; height: number }) =>
  box.x >= -1e-9 &&
  box.y >= -1e-9 &&
  box.x + box.width <= area.width + 1e-9 &&
  box.y + box.height <= area.height + 1e-9;
const logoBox = (p: { xMm: number; yMm: number; widthMm: number; heightMm: number }): Box => ({
  x: p.xMm,
  y: p.yMm,
  width: p.widthMm,
  height: p.heightMm,
});

describe("the layout of name and logo", () => {
  const names = ["ACME", "Zenith Pharma", "PHARMACEUTICAL LABORATORIES OF LAHORE LTD", "W"];
  const aspects = [0.25, 1, 3, 8];

  it("never overlaps them, and keeps both inside the print area, for every item, layout, logo and name", () => {
    for (const product of products) {
      const area = printRuleOf(product.id)!.areaMm;
      for (const layout of designLayouts)
        for (const aspect of aspects)
          for (const name of names)
            for (const withBand of [false, true]) {
              const logo = shownLogo(layout, defaultPlacement(aspect, area, layout));
              const placed = layoutName(name, area, layout, logo, withBand);
              const where = `${product.id} ${layout} ${aspect} ${name}`;
              if (logo) expect(inside(logoBox(logo), area), where).toBe(true);
              if (placed) {
                expect(inside(placed, area), where).toBe(true);
                if (logo) expect(overlaps(placed, logoBox(logo)), where).toBe(false);
              }
              expect(placed === null, where).toBe(layout === "logo");
              expect(logo === null, where).toBe(layout === "name");
            }
    }
  });

  it("gives the name the larger free side wherever the buyer moves the logo, still apart from it", () => {
    const area = { width: 50, height: 6 };
    for (let x = 0; x <= 32; x += 4) {
      const logo = { xMm: x, yMm: 0, widthMm: 18, heightMm: 6 };
      const placed = layoutName("ACME", area, "beside", logo, false)!;
      expect(overlaps(placed, logoBox(logo)), `logo at ${x}`).toBe(false);
      expect(inside(placed, area)).toBe(true);
    }
    const mug = { width: 95, height: 80 };
    const low = { xMm: 20, yMm: 50, widthMm: 30, heightMm: 30 };
    const above = layoutName("ACME", mug, "above", low, true)!;
    expect(above.y + above.height).toBeLessThanOrEqual(low.yMm);
  });

  it("chooses by the area's shape: beside on a long strip (a pen), above on a squarer face (a mug)", () => {
    expect(defaultLayout({ width: 50, height: 6 })).toBe("beside");
    expect(defaultLayout({ width: 95, height: 80 })).toBe("above");
    expect(defaultLayout({ width: 55, height: 27.5 })).toBe("above");
  });

  it("sizes the name to fit its strip by its letters' real widths, smaller when longer", () => {
    expect(textWidthEm("ACME")).toBeCloseTo(0.722 + 0.722 + 0.833 + 0.667, 3);
    expect(textWidthEm("iiii")).toBeLessThan(textWidthEm("MMMM"));
    const area = { width: 50, height: 6 };
    const short = layoutName("ACME", area, "name", null, false)!;
    const long = layoutName("A".repeat(40), area, "name", null, false)!;
    expect(short.sizeMm).toBeCloseTo((6 * 0.92) / 1.12, 5);
    expect(long.sizeMm).toBeLessThan(short.sizeMm);
    expect(long.width).toBeCloseTo(50 * 0.92, 5);
    expect(layoutName("   ", area, "name", null, false)).toBeNull();
  });
});
