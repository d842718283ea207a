/**
 * Turns the <text> of a drawing into <path> outlines of Inter, the drawings' typeface. A browser renders an
 * SVG <img> as a document of its own, without the page's fonts: text in it means a font lookup,
 * shaping and layout on the main thread for every image (the largest part of a product page's
 * rendering work), and a look that depends on the fonts of the visitor's device. Outlines look the
 * same everywhere and cost only their paint. The image's <title> keeps the words for assistive
 * technology and search engines.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as hb from "harfbuzzjs";
import wawoff2 from "wawoff2";

/** Fontsource's variable-weight Latin Inter: the drawings' lettering, outlined at build time. */
const interSource = createRequire(import.meta.url).resolve(
  "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);

export type TextOutliner = ((svg: string) => string) & {
  /** The width in pixels of one line of text as the outliner draws it: for laying text out before drawing it. */
  width: (text: string, style: { size: number; weight: number; spacing?: number }) => number;
};

const textElement = /<text\b([^>]*)>([^<]*)<\/text>/g;
const attribute = /([\w-]+)="([^"]*)"/g;
// What only the text layout reads; everything else (fill, opacity, transform, …) stays on the path.
const layoutAttributes = new Set([
  "x",
  "y",
  "font-family",
  "font-size",
  "font-weight",
  "letter-spacing",
  "text-anchor",
]);

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_entity, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!,
  );
const tenths = (value: number) => Math.round(value * 10);
/** A length in tenths of a pixel, written short: 15 → "1.5", -5 → "-.5". */
const number = (value: number) => String(value / 10).replace(/^(-?)0\./, "$1.");

/**
 * A glyph's outline (font units, y up, absolute) as path data in the drawing's pixels (y down) from
 * `origin` (tenths of a pixel): an absolute move, then relative steps between points rounded to a
 * tenth. The same letter at the same size is then the same text wherever it appears, which Brotli
 * stores once.
 */
function relativePath(glyphPath: string, origin: readonly [number, number], scale: number) {
  let out = "";
  let current: [number, number] = [0, 0];
  let subpathStart = current;
  for (const [, command = "", numbers = ""] of glyphPath.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const values = (numbers.match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
    const points: [number, number][] = [];
    for (let i = 0; i + 1 < values.length; i += 2)
      points.push([tenths(values[i]! * scale), -tenths(values[i + 1]! * scale)]);
    if (command === "Z") {
      out += "z";
      current = subpathStart;
      continue;
    }
    if (command === "M") subpathStart = points[0]!;
    if (command === "M" && out === "") {
      out += `M${number(origin[0] + points[0]![0])} ${number(origin[1] + points[0]![1])}`;
      current = points[0]!;
      continue;
    }
    // Every coordinate of a relative command counts from the point where the command starts.
    const start = current;
    out +=
      command.toLowerCase() +
      points
        .map(([px, py]) => `${number(px - start[0])} ${number(py - start[1])}`)
        .join(" ")
        .replace(/ -/g, "-");
    current = points.at(-1)!;
  }
  return out;
}

/** A woff2 font file, unpacked for HarfBuzz to shape text with. */
export async function fontFace(woff2Path: string) {
  return new hb.Face(new hb.Blob(await wawoff2.decompress(readFileSync(woff2Path))));
}

/** Loads Inter once; the outliner is synchronous. */
export async function textOutliner(): Promise<TextOutliner> {
  const face = await fontFace(interSource);
  const font = new hb.Font(face);

  function shape(text: string, size: number, weight: number, spacing: number) {
    font.setVariations([new hb.Variation("wght", weight)]);
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const glyphs = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    const scale = size / face.upem;
    const advances = positions.map((position) => position.xAdvance * scale + spacing);
    const width = advances.reduce((sum, advance) => sum + advance, 0) - (advances.length > 0 ? spacing : 0);
    return { glyphs, positions, scale, advances, width };
  }

  function outline(
    text: string,
    {
      x,
      y,
      size,
      weight,
      spacing,
      anchor,
    }: { x: number; y: number; size: number; weight: number; spacing: number; anchor: string },
  ) {
    const { glyphs, positions, scale, advances, width } = shape(text, size, weight, spacing);
    let penX = x - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
    const parts: string[] = [];
    glyphs.forEach((glyph, index) => {
      const position = positions[index]!;
      const origin = [tenths(penX + position.xOffset * scale), tenths(y - position.yOffset * scale)] as const;
      parts.push(relativePath(font.glyphToPath(glyph.codepoint), origin, scale));
      penX += advances[index]!;
    });
    return parts.join("");
  }

  const outlineSvg = (svg: string) =>
    svg.replace(textElement, (_element, attributes: string, content: string) => {
      const read = Object.fromEntries([...attributes.matchAll(attribute)].map(([, name, value]) => [name!, value!]));
      const d = outline(unescapeXml(content), {
        x: Number(read.x ?? 0),
        y: Number(read.y ?? 0),
        size: Number(read["font-size"] ?? 16),
        weight: Number(read["font-weight"] ?? 400),
        spacing: Number(read["letter-spacing"] ?? 0),
        anchor: read["text-anchor"] ?? "start",
      });
      const kept = Object.entries(read)
        .filter(([name]) => !layoutAttributes.has(name))
        .map(([name, value]) => ` ${name}="${value}"`)
        .join("");
      return `<path d="${d}"${kept}/>`;
    });
  const width: TextOutliner["width"] = (text, { size, weight, spacing = 0 }) =>
    shape(text, size, weight, spacing).width;
  return Object.assign(outlineSvg, { width });
}
