import bidiFactory from "bidi-js";

// How a text that may mix Urdu (Arabic script), English and figures is laid out on a page, before any
// font draws it: each typed line is a paragraph whose direction its first strong letter decides
// (Unicode's bidirectional algorithm, rule P2/P3), broken into lines that fit a width, and each line
// cut into runs in the order they are drawn from left to right, each run in one script and one
// direction. Pure: the width of a run comes from the caller, who knows the fonts.

const bidi = bidiFactory();

/** The font a run is drawn in: the document's Latin font, or the embedded Arabic-script one. */
export type Script = "latin" | "arabic";

/** A run of one line: its characters in logical (typed) order, mirrored where they read right to left. */
export type Run = { text: string; script: Script; rtl: boolean };

/** One line as drawn: its runs from left to right, its width, and whether it has Arabic letters. */
export type Line = { runs: Run[]; width: number; arabic: boolean };

/** A typed line, broken into lines; `rtl` when it reads right to left (it starts with an Urdu letter). */
export type Paragraph = { rtl: boolean; lines: Line[] };

/** The width of `text` (logical order) drawn in `script`'s font. */
export type Measure = (text: string, script: Script) => number;

// Arabic-script letters, marks, digits and punctuation (Script_Extensions takes in "،" and "؟", which
// Unicode counts as common to several scripts), and the joiners Urdu uses inside words.
const arabicCharacter = /[\p{Script_Extensions=Arabic}\u200c\u200d]/u;

/** The font a character is drawn in. Spaces are Latin: they never join letters, so they split runs. */
export const scriptOf = (char: string): Script => (arabicCharacter.test(char) ? "arabic" : "latin");

/** The width of text[start, end): each stretch of one script measured whole, as the font shapes it. */
function rangeWidth(text: string, start: number, end: number, measure: Measure): number {
  let width = 0;
  let from = start;
  for (let index = start + 1; index <= end; index++) {
    if (index === end || scriptOf(text[index]!) !== scriptOf(text[from]!)) {
      width += measure(text.slice(from, index), scriptOf(text[from]!));
      from = index;
    }
  }
  return width;
}

/**
 * Where a line may break, in logical order: after a run of spaces, and after a hyphen between letters
 * ("Set-up"); a house number such as "12-بی" stays whole.
 */
function breakPoints(text: string): number[] {
  const points: number[] = [];
  for (const match of text.matchAll(/ +|(?<=\p{L})-(?=\p{L})/gu)) points.push(match.index + match[0].length);
  if (points.at(-1) !== text.length) points.push(text.length);
  return points;
}

/** text[start, end) without its trailing spaces. */
function trimmedEnd(text: string, start: number, end: number): number {
  while (end > start && text[end - 1] === " ") end--;
  return end;
}

/** The logical [start, end) ranges of the lines `text` is broken into to fit `maxWidth`. */
function breakLines(text: string, maxWidth: number, measure: Measure): [number, number][] {
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineEnd = 0; // the end of what the line holds so far, trailing spaces left out
  let from = 0;
  for (const point of breakPoints(text)) {
    const end = trimmedEnd(text, from, point);
    if (lineEnd > lineStart && rangeWidth(text, lineStart, end, measure) > maxWidth) {
      lines.push([lineStart, lineEnd]);
      lineStart = from;
    }
    // A word wider than the whole line is cut between characters where it overflows.
    if (rangeWidth(text, lineStart, end, measure) > maxWidth) {
      for (let index = lineStart + 1; index < end; index++) {
        if (rangeWidth(text, lineStart, index + 1, measure) > maxWidth) {
          lines.push([lineStart, index]);
          lineStart = index;
        }
      }
    }
    lineEnd = end;
    from = point;
  }
  lines.push([lineStart, lineEnd]);
  return lines;
}

/** Line [start, end) of a paragraph, cut into runs in drawing order (rules L1–L4). */
function lineRuns(
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
  measure: Measure,
): Line {
  const order = Array.from({ length: end - start }, (_, index) => start + index);
  if (end - start > 1) {
    for (const [from, to] of bidi.getReorderSegments(text, levels, start, end - 1)) {
      const reversed = order.slice(from! - start, to! - start + 1).reverse();
      order.splice(from! - start, reversed.length, ...reversed);
    }
  }
  const mirrored = end > start ? bidi.getMirroredCharactersMap(text, levels.levels, start, end - 1) : new Map();
  const runs: Run[] = [];
  let width = 0;
  let index = 0;
  while (index < order.length) {
    const first = order[index]!;
    const level = levels.levels[first]!;
    const script = scriptOf(text[first]!);
    const rtl = level % 2 === 1;
    let last = index;
    while (
      last + 1 < order.length &&
      order[last + 1] === order[last]! + (rtl ? -1 : 1) &&
      levels.levels[order[last + 1]!] === level &&
      scriptOf(text[order[last + 1]!]!) === script
    )
      last++;
    const [from, to] = rtl ? [order[last]!, first] : [first, order[last]!];
    let runText = "";
    for (let position = from; position <= to; position++) runText += mirrored.get(position) ?? text[position];
    runs.push({ text: runText, script, rtl });
    width += measure(runText, script);
    index = last + 1;
  }
  return { runs, width, arabic: runs.some((run) => run.script === "arabic") };
}

/**
 * `text` (its lines separated by "\n", as printableWithUrdu makes them) laid out in lines no wider than
 * `maxWidth`: one paragraph per typed line, a blank line kept as a line with no runs; no text, no lines.
 */
export function layoutText(text: string, maxWidth: number, measure: Measure): Paragraph[] {
  if (text === "") return [];
  return text.split("\n").map((paragraph) => {
    if (paragraph === "") return { rtl: false, lines: [{ runs: [], width: 0, arabic: false }] };
    const levels = bidi.getEmbeddingLevels(paragraph, "auto");
    return {
      rtl: levels.paragraphs[0]!.level % 2 === 1,
      lines: breakLines(paragraph, maxWidth, measure).map(([start, end]) =>
        lineRuns(paragraph, levels, start, end, measure),
      ),
    };
  });
}
