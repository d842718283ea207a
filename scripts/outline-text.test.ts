import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type TextOutliner, textOutliner } from "./outline-text";

let outline: TextOutliner;
beforeAll(async () => {
  outline = await textOutliner();
});

const drawing = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100"><title>A word</title>${text}</svg>`;

/** The box the drawing's ink covers, in pixels. */
async function inkBox(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * 4 + 3]! < 128) continue;
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x + 1),
        Math.max(bottom, y + 1),
      ];
    }
  return { left, top, right, bottom };
}

describe("textOutliner", () => {
  it("replaces each <text> with a <path> that keeps its paint and drops the font's attributes", () => {
    const svg = outline(
      drawing(
        '<g transform="rotate(-6 200 50)"><text x="200" y="60" font-family="Inter, Arial, sans-serif" font-size="40" font-weight="800" letter-spacing="1" text-anchor="middle" fill="#c62828" opacity=".85">ACECOL</text></g>',
      ),
    );
    expect(svg).not.toContain("<text");
    expect(svg).toMatch(/<g transform="rotate\(-6 200 50\)"><path d="M[^"]+" fill="#c62828" opacity=".85"\/><\/g>/);
    expect(svg).toContain("<title>A word</title>");
  });

  it("draws capitals on the baseline at Inter's cap height, centred on x for text-anchor middle", async () => {
    const box = await inkBox(
      outline(
        drawing('<text x="200" y="70" font-size="40" font-weight="800" text-anchor="middle" fill="#000">HOLM</text>'),
      ),
    );
    // Inter's capitals are 0.727 em tall and sit on the baseline.
    expect(Math.abs(box.bottom - 70)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(70 - box.top - 0.727 * 40)).toBeLessThanOrEqual(1.5);
    expect(Math.abs((box.left + box.right) / 2 - 200)).toBeLessThanOrEqual(1.5);
    expect(box.right - box.left).toBeGreaterThan(100);
  });

  it("starts at x by default and ends at x for text-anchor end; heavier weights are wider", async () => {
    const start = await inkBox(
      outline(drawing('<text x="20" y="70" font-size="30" font-weight="600" fill="#000">Healix</text>')),
    );
    expect(start.left).toBeGreaterThanOrEqual(20);
    expect(start.left).toBeLessThan(24);
    const end = await inkBox(
      outline(
        drawing('<text x="380" y="70" font-size="30" font-weight="600" text-anchor="end" fill="#000">Healix</text>'),
      ),
    );
    expect(end.right).toBeLessThanOrEqual(380);
    expect(end.right).toBeGreaterThan(376);
    const bold = await inkBox(
      outline(drawing('<text x="20" y="70" font-size="30" font-weight="800" fill="#000">Healix</text>')),
    );
    expect(bold.right - bold.left).toBeGreaterThan(start.right - start.left);
  });

  it("measures a line as wide as it draws it", async () => {
    const style = { size: 30, weight: 800 };
    const width = outline.width("Healix", style);
    const box = await inkBox(
      outline(drawing('<text x="20" y="70" font-size="30" font-weight="800" fill="#000">Healix</text>')),
    );
    // The advance includes the side bearings around the ink: a pixel or two each side.
    expect(width - (box.right - box.left)).toBeGreaterThanOrEqual(0);
    expect(width - (box.right - box.left)).toBeLessThan(6);
    expect(outline.width("Healix", { ...style, spacing: 2 })).toBeCloseTo(width + 5 * 2);
  });

  it("outlines the characters escaped in the markup, not their entities", async () => {
    const ampersand = await inkBox(outline(drawing('<text x="20" y="70" font-size="40" fill="#000">&amp;</text>')));
    const entity = await inkBox(outline(drawing('<text x="20" y="70" font-size="40" fill="#000">&amp;amp;</text>')));
    expect(ampersand.right - ampersand.left).toBeLessThan(40);
    expect(entity.right - entity.left).toBeGreaterThan(80);
  });
});
