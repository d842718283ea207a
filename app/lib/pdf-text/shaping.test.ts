import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { urduFontFile } from "./draw.server";
import { unpackWoff } from "./woff";

// pdfkit shapes Urdu with its own shaper, fontkit. HarfBuzz is the shaper browsers and most of the
// world's software use: for real Urdu names and addresses, fontkit must pick the same glyphs, in the
// same order, with the same advances, from the same font pdfkit embeds, or the printed letters would
// not join as Urdu readers expect.

type FontkitRun = { glyphs: { id: number }[]; positions: { xAdvance: number }[] };
type FontkitFont = { layout(text: string): FontkitRun };
// The fontkit pdfkit itself loads, not another copy.
const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  create(buffer: Buffer): FontkitFont;
};

const samples = [
  "محمد عمران",
  "گلبرگ III، لاہور",
  "ڈاکٹر عائشہ خان، 12-بی، ماڈل ٹاؤن، لاہور",
  "عمران ٹریڈرز",
  "نوٹ بک، ۱۰۰ صفحات",
  "پیشگی ادائیگی",
];

/** Each sample's Arabic-script stretches, as pdf-text hands them to the font: spaces and Latin apart. */
const runsOf = (text: string) => text.match(/[\p{Script_Extensions=Arabic}\u200c\u200d]+/gu) ?? [];

describe("fontkit shapes Urdu as HarfBuzz does", () => {
  for (const weight of [400, 700] as const) {
    it(`in Noto Naskh Arabic ${weight}: the same glyphs in the same order with the same advances`, () => {
      // The very bytes pdfkit embeds, for both shapers.
      const bytes = unpackWoff(readFileSync(urduFontFile(weight)));
      const harfbuzz = new hb.Font(new hb.Face(new hb.Blob(bytes)));
      const font = fontkit.create(bytes);
      let compared = 0;
      for (const sample of samples)
        for (const run of runsOf(sample)) {
          const buffer = new hb.Buffer();
          buffer.addText(run);
          buffer.guessSegmentProperties();
          hb.shape(harfbuzz, buffer);
          const expected = buffer.getGlyphInfos().map((glyph) => glyph.codepoint);
          const expectedAdvances = buffer.getGlyphPositions().map((position) => position.xAdvance);
          const laid = font.layout(run);
          expect(
            laid.glyphs.map((glyph) => glyph.id),
            run,
          ).toEqual(expected);
          expect(
            laid.positions.map((position) => position.xAdvance),
            run,
          ).toEqual(expectedAdvances);
          // Joined letters: a word of several letters is not its letters' isolated forms.
          if ([...run].length > 2) expect(new Set(expected).size, run).toBeGreaterThan(1);
          compared++;
        }
      expect(compared).toBe(samples.flatMap(runsOf).length);
      expect(compared).toBeGreaterThan(15);
    });
  }
});
