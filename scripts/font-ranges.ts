// What the subset Inter font covers (scripts/subset-font.ts makes it; app/fonts.css declares the range).
import { createRequire } from "node:module";

/** The file the subset is cut from: fontsource's variable-weight Latin Inter. */
export const interSource = createRequire(import.meta.url).resolve(
  "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);

/** The subset the site serves (app/fonts.css and app/root.tsx import it). */
export const subsetFontFile = "app/fonts/inter-latin-wght-subset.woff2";

/**
 * Code points the subset covers; also the @font-face unicode-range in app/fonts.css. Basic Latin whole
 * (what visitors type), and beyond it only the few marks the copy uses: each range costs font bytes, and
 * the font is fetched before the first paint of every page (29 KB with all of Latin-1, 20 KB like this).
 * Anything else (an accented name typed into the form) falls back to the metric-matched Arial.
 */
export const fontRanges: [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xae, 0xae], // ®
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0xe9, 0xe9], // é
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20a8, 0x20a8], // ₨ (rupee sign)
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2192, 0x2192], // →
  [0x2212, 0x2212], // minus
];

/**
 * OpenType features the subset keeps: those browsers apply to Latin text unasked, and `tnum` for
 * Tailwind's `tabular-nums`. Fontsource's Inter also has fractions (frac, numr, dnom) and `pnum`: no
 * page asks for them, and their extra figures were an eighth of the file. At 20 KB rather than 23 KB
 * the font comes down one round trip sooner on the connection the document opened, and Lighthouse's
 * LCP (which waits for the font) drops by about 75 ms.
 */
export const fontFeatures = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "clig", "calt", "rlig", "tnum"];

/** Weights the site's Tailwind classes use: font-normal (400) to font-extrabold (800). */
export const fontWeights = { min: 400, max: 800 };

export function coveredByFont(codePoint: number) {
  return fontRanges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

export function unicodeRange() {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return fontRanges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}
