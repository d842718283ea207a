import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { urduFontFile } from "./draw.server";
import { unpackWoff } from "./woff";

type Font = { numGlyphs: number; layout(text: string): { glyphs: { id: number; advanceWidth: number }[] } };
const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  create(buffer: Buffer): Font;
};

describe("unpacking the Urdu font's WOFF file", () => {
  it("gives the font the WOFF file holds: the same glyphs, laid out the same", () => {
    const woff = readFileSync(urduFontFile(400));
    const unpacked = unpackWoff(woff);
    expect(unpacked.toString("latin1", 0, 4)).toBe("\0\u0001\0\0"); // TrueType outlines
    const [fromWoff, fromUnpacked] = [fontkit.create(woff), fontkit.create(unpacked)];
    expect(fromUnpacked.numGlyphs).toBe(fromWoff.numGlyphs);
    const glyphs = (font: Font) =>
      font.layout("ڈاکٹر عائشہ خان، ماڈل ٹاؤن").glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
    expect(glyphs(fromUnpacked)).toEqual(glyphs(fromWoff));
  });

  it("refuses a file that is not WOFF 1.0", () => {
    expect(() => unpackWoff(Buffer.from("wOF2 and more bytes than a header"))).toThrow("Not a WOFF 1.0 font file");
  });
});
