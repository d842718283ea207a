import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { printableWithUrdu } from "~/lib/printable-text";
import { type Line, layoutText, type Run, type Script } from "./text-runs";
import { unpackWoff } from "./woff";

// Text a person typed, drawn in a pdfkit document: English and figures in the document's Helvetica,
// Urdu in an embedded Noto Naskh Arabic (SIL Open Font License 1.1, from @fontsource), each run in its
// place as the bidirectional algorithm orders it (text-runs.ts). pdfkit shapes an Arabic run with
// fontkit (letters joined, glyphs given right to left) but lays out several words left to right, so
// every line is cut into runs here and each run is drawn at its own x on one baseline. Each Urdu run
// carries its typed letters as the run's ActualText, so the words can be found and copied.

type Doc = PDFKit.PDFDocument;

/** How a text is drawn: its size in points, bold or not (Helvetica-Bold and the bold Naskh). */
export type TextStyle = { size: number; bold?: boolean };

/**
 * A box to write in: its width, and where each line sits in it. "start" is the left for a paragraph
 * that reads left to right and the right for one that reads right to left (a wholly Urdu address).
 */
export type TextBox = TextStyle & { width: number; align?: "start" | "right" | "center" };

/**
 * The Urdu font's file for a weight: WOFF, unpacked here for pdfkit to subset and embed (fontkit reads
 * WOFF2 for layout but fails to subset it for embedding).
 */
export const urduFontFile = (weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(
    `@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff`,
  );

// pdfkit's own fontkit: a font it parsed once serves every document (pdfkit takes a parsed fontkit font
// as registerFont's source, which its types do not list yet), where parsing the font's shaping tables
// again for each document would cost a good part of a second.
type ParsedFont = { layout(text: string): unknown };
const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  create(buffer: Buffer): ParsedFont;
};
let naskh: { regular: ParsedFont; bold: ParsedFont } | undefined;
/** The Urdu font, read, unpacked and parsed once. */
function naskhFonts() {
  naskh ??= {
    regular: fontkit.create(unpackWoff(readFileSync(urduFontFile(400)))),
    bold: fontkit.create(unpackWoff(readFileSync(urduFontFile(700)))),
  };
  return naskh;
}

const urduFont = { regular: "NotoNaskhArabic", bold: "NotoNaskhArabic-Bold" };

// Heights above and below the baseline, in thousandths of the size: Helvetica's (its AFM's Ascender
// and Descender, both weights) and Noto Naskh Arabic's (its hhea ascent and descent, 1000 units an em),
// whose marks above and below the letters need the room.
const metrics: Record<Script, { ascent: number; descent: number }> = {
  latin: { ascent: 718, descent: 207 },
  arabic: { ascent: 1069, descent: 634 },
};

const registered = new WeakSet<Doc>();

function fontName(doc: Doc, script: Script, bold: boolean): string {
  if (script === "latin") return bold ? "Helvetica-Bold" : "Helvetica";
  if (!registered.has(doc)) {
    const files = naskhFonts();
    // Registered, not embedded: pdfkit embeds (a subset of) a font only once a page uses it.
    doc.registerFont(urduFont.regular, files.regular as unknown as Buffer);
    doc.registerFont(urduFont.bold, files.bold as unknown as Buffer);
    registered.add(doc);
  }
  return bold ? urduFont.bold : urduFont.regular;
}

function measurer(doc: Doc, style: TextStyle) {
  return (text: string, script: Script) =>
    doc
      .font(fontName(doc, script, style.bold ?? false))
      .fontSize(style.size)
      .widthOfString(text);
}

/** A line's height and the distance from its top to its baseline; a line without Urdu is as pdfkit sets it. */
function lineMetrics(doc: Doc, line: Line, style: TextStyle) {
  doc.font(fontName(doc, "latin", style.bold ?? false)).fontSize(style.size);
  const latinHeight = doc.currentLineHeight(true);
  if (!line.arabic) return { height: latinHeight, ascent: (metrics.latin.ascent / 1000) * style.size };
  const arabic = metrics.arabic;
  return {
    height: Math.max(latinHeight, ((arabic.ascent + arabic.descent) / 1000) * style.size),
    ascent: (Math.max(metrics.latin.ascent, arabic.ascent) / 1000) * style.size,
  };
}

const laidOut = (doc: Doc, text: string, box: TextBox) =>
  layoutText(printableWithUrdu(text), box.width, measurer(doc, box));

/** The height `text` takes when written in `box` (the same lines writeText draws). */
export function textHeight(doc: Doc, text: string, box: TextBox): number {
  let height = 0;
  for (const paragraph of laidOut(doc, text, box))
    for (const line of paragraph.lines) height += lineMetrics(doc, line, box).height;
  doc.font(fontName(doc, "latin", box.bold ?? false)).fontSize(box.size);
  return height;
}

/** The width of the widest line of `text` written without a width limit. */
export function textWidth(doc: Doc, text: string, style: TextStyle): number {
  const widths = laidOut(doc, text, { ...style, width: Infinity }).flatMap((paragraph) =>
    paragraph.lines.map((line) => line.width),
  );
  doc.font(fontName(doc, "latin", style.bold ?? false)).fontSize(style.size);
  return Math.max(0, ...widths);
}

/** Draws one run with its left edge at x on the baseline; the characters reach the page left to right. */
function drawRun(doc: Doc, run: Run, x: number, baseline: number, style: TextStyle): number {
  const width = measurer(doc, style)(run.text, run.script);
  const options = { lineBreak: false, baseline: "alphabetic" } as const;
  const characters = [...run.text];
  // fontkit shapes an Arabic-script run and gives its glyphs right to left itself; anything else it
  // keeps in the order given, so a right-to-left run of it is handed over reversed, one piece at a time
  // where the font would otherwise reorder it (Urdu figures inside a right-to-left line).
  if (run.script === "arabic" && run.rtl && /\p{Script=Arabic}/u.test(run.text)) {
    // The font draws several letters as one shape plus dots, so its glyphs alone cannot say which letters
    // they are: the run is marked with its typed letters (ActualText). pdfkit turns each page's
    // coordinates upside down and turns them back around each text it draws; the mark opens and closes
    // where they are turned back too, or poppler would place the marked letters mirrored down the page.
    const unflipped = [1, 0, 0, -1, 0, doc.page.height] as const;
    doc.save().transform(...unflipped);
    doc.markContent("Span", { actual: run.text, lang: "ur" });
    doc.save().transform(...unflipped);
    doc.text(run.text, x, baseline, options);
    doc.restore();
    doc.endMarkedContent();
    doc.restore();
  } else if (run.script === "latin") {
    doc.text(run.rtl ? characters.reverse().join("") : run.text, x, baseline, options);
  } else {
    let at = x;
    for (const character of run.rtl ? characters.reverse() : characters) {
      doc.text(character, at, baseline, options);
      at += doc.widthOfString(character);
    }
  }
  return width;
}

/**
 * Writes `text` (typed by a person: any line breaks, Urdu, English, figures) in `box` from (x, y),
 * wrapping to the box's width and starting a new page where a line would pass the bottom margin as
 * pdfkit does; then doc.x is x, doc.y is below the text, and the font is the box's Helvetica.
 */
export function writeText(doc: Doc, text: string, x: number, y: number, box: TextBox): void {
  let top = y;
  for (const paragraph of laidOut(doc, text, box)) {
    for (const line of paragraph.lines) {
      const { height, ascent } = lineMetrics(doc, line, box);
      if (top + height > doc.page.height - doc.page.margins.bottom && top > doc.page.margins.top) {
        doc.addPage();
        top = doc.page.margins.top;
      }
      const align = box.align ?? "start";
      const spare = box.width - line.width;
      let left = x;
      if (align === "right" || (align === "start" && paragraph.rtl)) left += spare;
      else if (align === "center") left += spare / 2;
      for (const run of line.runs) left += drawRun(doc, run, left, top + ascent, box);
      top += height;
    }
  }
  doc.font(fontName(doc, "latin", box.bold ?? false)).fontSize(box.size);
  doc.x = x;
  doc.y = top;
}
