// What the subset Inter font covers (scripts/subset-font.ts makes it; app/app.css declares the range).

/** Code point ranges the subset covers; also the @font-face unicode-range in app/app.css. */
export const fontRanges: [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement: © ® ° · é ü …
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, angle quotes
  [0x20a8, 0x20a8], // Rs (rupee sign)
  [0x20ac, 0x20ac], // euro
  [0x2122, 0x2122], // trade mark
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

/** Weights the site's Tailwind classes use: font-normal (400) to font-extrabold (800). */
export const fontWeights = { min: 400, max: 800 };

export function coveredByFont(codePoint: number) {
  return fontRanges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

export function unicodeRange() {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return fontRanges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}
