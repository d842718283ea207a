import { describe, expect, it } from "vitest";
import { clampPlacement, moveBy, resize, svgAspect } from "./logo-placement";

const pen = { width: 50, height: 6 };
const mug = { width: 95, height: 80 };

describe("logo placement", () => {
  it("keeps the logo inside the area when it is moved past an edge", () => {
    const start = { xMm: 10, yMm: 0, widthMm: 6, heightMm: 6 };
    expect(moveBy(start, -15, 0, pen).xMm).toBe(0);
    expect(moveBy(start, 100, 3, pen)).toEqual({ xMm: 44, yMm: 0, widthMm: 6, heightMm: 6 });
    expect(clampPlacement({ xMm: -5, yMm: -5, widthMm: 100, heightMm: 12 }, pen)).toEqual({
      xMm: 0,
      yMm: 0,
      widthMm: 50,
      heightMm: 6,
    });
  });

  it("scales about the logo's centre, no larger than the area and no smaller than a tenth of that", () => {
    const start = { xMm: 20, yMm: 20, widthMm: 20, heightMm: 20 };
    const larger = resize(start, 1.5, mug);
    expect(larger).toEqual({ xMm: 15, yMm: 15, widthMm: 30, heightMm: 30 });
    expect(resize(start, 100, mug).widthMm).toBe(80);
    expect(resize(start, 0.01, mug).widthMm).toBe(8);
  });

  it("reads an SVG's proportions from its viewBox, else its width and height", () => {
    expect(svgAspect('<svg viewBox="0 0 200 50">')).toBe(4);
    expect(svgAspect('<svg width="30" height="60">')).toBe(0.5);
    expect(svgAspect("<svg>")).toBe(1);
  });
});
