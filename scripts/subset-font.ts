// Makes app/fonts/inter-latin-wght-subset.woff2: Inter (variable weight) cut down to the characters,
// weights and OpenType features this site uses, so preloading it costs under half of fontsource's file.
// Run after changing them in scripts/font-ranges.ts: npx tsx scripts/subset-font.ts
// The browser tests check that every character on every page is one the font covers.
import { readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";
import { fontFeatures, fontRanges, fontWeights, interSource, subsetFontFile, unicodeRange } from "./font-ranges";

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = readFileSync(interSource);
  const text = fontRanges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");
  const subset = await subsetFont(source, text, {
    targetFormat: "woff2",
    variationAxes: { wght: fontWeights },
    keepFeatures: fontFeatures,
  });
  writeFileSync(subsetFontFile, subset);
  console.log(`${subsetFontFile}: ${source.length} → ${subset.length} bytes`);
  console.log(`unicode-range: ${unicodeRange()}`);
}
