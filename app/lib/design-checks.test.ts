import { describe, expect, it } from "vitest";
import { printMethods } from "~/content/print-rules";
import {
  countRasterColours,
  countSvgColours,
  designWarnings,
  logoFileProblem,
  ppiAt,
  sniffLogoType,
  textSizePt,
} from "./design-checks";
import { uploadLimits } from "./upload-rules";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

/** RGBA pixels: `count` pixels of each colour given. */
function pixels(colours: [number, number, number, number][], count: number): Uint8Array {
  const data = new Uint8Array(colours.length * count * 4);
  colours.forEach((colour, c) => {
    for (let p = 0; p < count; p++) data.set(colour, (c * count + p) * 4);
  });
  return data;
}

describe("logo type from the file's bytes", () => {
  it("recognises PNG, JPEG, WebP and SVG whatever the file is called", () => {
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("image/png");
    expect(sniffLogoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffLogoType(text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
    expect(sniffLogoType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("image/svg+xml");
    expect(sniffLogoType(text('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg viewBox="0 0 1 1"></svg>'))).toBe(
      "image/svg+xml",
    );
  });

  it("refuses anything else: an executable, a GIF, HTML, a RIFF that is not WebP", () => {
    expect(sniffLogoType(text("MZ\u0090\u0000"))).toBeNull();
    expect(sniffLogoType(text("GIF89a"))).toBeNull();
    expect(sniffLogoType(text("<html><svg></svg></html>"))).toBeNull();
    expect(sniffLogoType(text("RIFF\u0000\u0000\u0000\u0000WAVE"))).toBeNull();
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });

  it("says in words why a file cannot be a logo: its type, or its size against the upload limits", () => {
    expect(logoFileProblem(null, 10)).toMatch(/not a PNG, JPEG, WebP or SVG/);
    expect(logoFileProblem("image/png", uploadLimits.logoBytes)).toBeNull();
    expect(logoFileProblem("image/png", uploadLimits.logoBytes + 1)).toMatch(/larger than 5 MB/);
    expect(logoFileProblem("image/svg+xml", uploadLimits.svgBytes + 1)).toMatch(/SVG is larger than 1 MB/);
    expect(logoFileProblem("image/jpeg", 0)).toMatch(/empty/);
  });
});

describe("colour counting", () => {
  it("counts an SVG's distinct fills, strokes and gradient stops, in attributes and styles", () => {
    const svg = `<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#FF0000"/><stop offset="1" style="stop-color: rgb(0, 0, 255)"/></linearGradient></defs>
      <rect fill="url(#g)" width="10" height="10"/><path fill="#f00" stroke="#00ff00" stroke-width="2" fill-opacity=".5"/><circle style="fill:#123456;stroke:none"/></svg>`;
    // #ff0000 (twice), #0000ff, #00ff00, #123456
    expect(countSvgColours(svg)).toBe(4);
  });

  it("counts an SVG that names no colour as one (black), and one that paints nothing as none", () => {
    expect(countSvgColours('<svg viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>')).toBe(1);
    expect(countSvgColours('<svg viewBox="0 0 1 1"><path fill="none" d="M0 0h1v1z"/></svg>')).toBe(0);
  });

  it("counts a raster's colours after quantising, skipping transparency and the blends along edges", () => {
    const opaque = 255;
    const logo = pixels(
      [
        [200, 20, 20, opaque],
        [20, 20, 200, opaque],
        [250, 250, 250, opaque],
        [0, 0, 0, 0], // transparent background
      ],
      300,
    );
    // Near-duplicates of red (JPEG noise) and a few edge pixels of a blend.
    const noisy = pixels([[205, 25, 18, opaque]], 50);
    const edge = pixels([[110, 20, 110, opaque]], 3);
    expect(countRasterColours(new Uint8Array([...logo, ...noisy, ...edge]))).toBe(3);
    expect(countRasterColours(pixels([[0, 0, 0, 0]], 10))).toBe(0);
  });
});

describe("design warnings", () => {
  const pen = printMethods.padPrint(1);
  const mug = printMethods.sublimation;
  const clean = { logoColours: null, raster: null, text: "ACME", textSizeMm: 3 };

  it("works out pixels an inch at the printed size", () => {
    expect(ppiAt(600, 25.4)).toBe(600);
    expect(ppiAt(300, 50.8)).toBe(150);
    expect(textSizePt(25.4 / 72)).toBeCloseTo(1);
  });

  it("warn when the logo has more colours than the method prints, but not for full-colour methods", () => {
    expect(designWarnings({ ...clean, method: pen, logoColours: 3 })).toEqual([
      "Your logo has 3 colours, but pad print prints 1 colour: we will suggest a 1 colour version of it, or another print method.",
    ]);
    expect(designWarnings({ ...clean, method: pen, logoColours: 1 })).toEqual([]);
    expect(designWarnings({ ...clean, method: mug, logoColours: 12 })).toEqual([]);
  });

  it("warn when a raster logo is below 300 ppi at its printed size", () => {
    const raster = { widthPx: 60, heightPx: 60, widthMm: 6, heightMm: 6 }; // 254 ppi
    const [warning] = designWarnings({ ...clean, method: mug, raster });
    expect(warning).toMatch(/^Your logo is 254 ppi at its printed size, below the 300 ppi/);
    expect(designWarnings({ ...clean, method: mug, raster: { ...raster, widthPx: 80, heightPx: 80 } })).toEqual([]);
  });

  it("warn when the name prints below 6 pt, and say nothing of a name left empty", () => {
    const [warning] = designWarnings({ ...clean, method: pen, textSizeMm: 1.7 });
    expect(warning).toMatch(/^Your name would print 4\.8 pt high, too small to read below 6 pt/);
    expect(designWarnings({ ...clean, method: pen, textSizeMm: 2.2 })).toEqual([]);
    expect(designWarnings({ ...clean, method: pen, text: " ", textSizeMm: 0.1 })).toEqual([]);
  });
});
