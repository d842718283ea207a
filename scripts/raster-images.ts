// npm run build: every photograph (JPEG or PNG) under build/client/images gets WebP copies at the
// widths pages offer it at (`rasterWidths`, never enlarged): /images/a.jpg → /images/a-400w.webp,
// /images/a-800w.webp. Pages ask for those (`imageSources` in app/lib/image-loading.ts), never the
// original. Drawings (SVG) are left alone, and so are the share images (images/share), which only link
// previews fetch, whole.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import sharp from "sharp";
import { isRasterImage, rasterCopy, rasterWidths } from "../app/lib/image-loading";
import { shareImagesDir } from "../app/lib/seo";

export async function writeRasterCopies(imagesDir: string): Promise<string[]> {
  const written: string[] = [];
  const shareDir = join(imagesDir, relative("/images", shareImagesDir));
  const isShareImage = (dir: string) => !relative(shareDir, dir).startsWith("..");
  const files = readdirSync(imagesDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && isRasterImage(entry.name) && !isShareImage(entry.parentPath),
  );
  for (const entry of files) {
    const file = join(entry.parentPath, entry.name);
    for (const width of rasterWidths) {
      const copy = rasterCopy(file, width);
      await sharp(file).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(copy);
      written.push(copy);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = await writeRasterCopies(join(process.argv[2] ?? "build/client", "images"));
  console.log(`Raster images: ${written.length} WebP copies written`);
}
