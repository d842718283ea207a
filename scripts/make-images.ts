/**
 * Draws every product, category and case-study image from the content data into app/images, where
 * content names them ("/images/products/onset-pen.svg" is app/images/products/onset-pen.svg).
 * Run after changing the catalogue, categories or case studies: `npx tsx scripts/make-images.ts`.
 * An item whose `image` field points at a photograph (not a drawn .svg) is left alone.
 * `--png DIR` also writes PNG copies to DIR, to look at them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { allImages } from "./images";
import { textOutliner } from "./outline-text";

const pngDir = process.argv.includes("--png") ? process.argv[process.argv.indexOf("--png") + 1] : undefined;
const sharp = pngDir ? (await import("sharp")).default : undefined;
let total = 0;
const images = allImages(await textOutliner());
for (const [path, svg] of images) {
  if (!path.endsWith(".svg")) continue;
  const file = join("app", path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  total += svg.length;
  if (sharp && pngDir) {
    mkdirSync(pngDir, { recursive: true });
    await sharp(Buffer.from(svg))
      .png()
      .toFile(join(pngDir, `${basename(dirname(path))}-${basename(path, ".svg")}.png`));
  }
}
console.log(`wrote ${images.size} images (${Math.round(total / 1024)} KB) under app/images`);
