import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import {
  coveredByFont,
  fontFeatures,
  fontWeights,
  interSource,
  subsetFontFile,
  unicodeRange,
} from "../../scripts/font-ranges";
import { fontFace } from "../../scripts/outline-text";

/** Each glyph's advance and offsets, in font units (2048 to the em), as a browser would lay the text out. */
function layout(face: hb.Face, text: string, weight: number, features: string[] = []) {
  const font = new hb.Font(face);
  font.setVariations([new hb.Variation("wght", weight)]);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(
    font,
    buffer,
    features.map((tag) => new hb.Feature(tag)),
  );
  return buffer.getGlyphPositions().map(({ xAdvance, xOffset, yOffset }) => [xAdvance, xOffset, yOffset]);
}

/**
 * How far two layouts of the same text are apart, in font units. Cutting the weight axis to 400–800
 * rounds some in-between advances by a unit (1/2048 em, invisible); a lost kerning pair or alternate
 * moves a glyph by tens of units.
 */
function largestShift(a: number[][], b: number[][]) {
  expect(a.length, "as many glyphs").toBe(b.length);
  return Math.max(...a.flatMap((glyph, i) => glyph.map((value, j) => Math.abs(value - b[i]![j]!))));
}

describe("the subset Inter font", () => {
  const css = readFileSync("app/fonts.css", "utf8");

  it("is declared in fonts.css with the range and weights it was cut to", () => {
    expect(css).toContain(`unicode-range: ${unicodeRange()};`);
    expect(css).toContain(`font-weight: ${fontWeights.min} ${fontWeights.max};`);
    expect(css).toContain('src: url("./fonts/inter-latin-wght-subset.woff2")');
  });

  it("covers ASCII and the typographic marks the copy uses, not other letters or scripts", () => {
    for (const c of "Aa0~é©–—‘’“”•…€₨") expect(coveredByFont(c.codePointAt(0)!), c).toBe(true);
    for (const c of "üñЖΩ中ا") expect(coveredByFont(c.codePointAt(0)!), c).toBe(false);
  });

  it("keeps only the features it was cut to, and lays text out exactly as the whole font does", async () => {
    const subset = await fontFace(subsetFontFile);
    const whole = await fontFace(interSource);
    const kept = [...subset.getTableFeatureTags("GSUB"), ...subset.getTableFeatureTags("GPOS")];
    expect(kept).toContain("kern");
    for (const tag of kept) expect(fontFeatures, tag).toContain(tag);
    expect(whole.getTableFeatureTags("GSUB")).toContain("frac");

    // Kerning pairs, quotes, dashes, the rupee sign, and what Inter's `calt` changes: "->" and ":" between figures.
    const sample = "AVATAR Te Yo Wa “Office” — 10:30 ₨ 1,250 fi/fl LT-7 -> (A)";
    for (const weight of [fontWeights.min, 600, fontWeights.max]) {
      expect(
        largestShift(layout(subset, sample, weight), layout(whole, sample, weight)),
        `at ${weight}`,
      ).toBeLessThanOrEqual(1);
      const figures = "1 111 000";
      const tabular = largestShift(layout(subset, figures, weight, ["tnum"]), layout(whole, figures, weight, ["tnum"]));
      expect(tabular, `tabular figures at ${weight}`).toBeLessThanOrEqual(1);
    }
  });
});
