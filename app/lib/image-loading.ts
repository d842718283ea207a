/**
 * How an <img> loads. A page gives `priority` to one image: the one that can be its Largest Contentful
 * Paint in the first screen on phones and on desktops alike (the hero picture beside or below the <h1>,
 * or the first case study on a page without one). It loads eagerly at high fetch priority. Every other
 * image loads lazily, so nothing below the fold competes with it.
 */
export function imageLoading(priority = false) {
  return priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
}

/** The widths the build writes a raster image at, as WebP (scripts/raster-images.ts). */
export const rasterWidths = [400, 800] as const;

const rasterImage = /^(.+)\.(?:jpe?g|png)(\?.*)?$/i;

/** Whether an image path (or file name) is a photograph (JPEG or PNG) rather than a drawing. */
export const isRasterImage = (path: string) => rasterImage.test(path);

/** The WebP copy of a raster image at one of `rasterWidths`: /images/a.jpg?v=1 → /images/a-400w.webp?v=1. */
export function rasterCopy(src: string, width: (typeof rasterWidths)[number]): string {
  const match = rasterImage.exec(src);
  if (!match) throw new Error(`${src} is not a JPEG or PNG`);
  return `${match[1]}-${width}w.webp${match[2] ?? ""}`;
}

/** Whether an image path (or file name) is one of the WebP copies `rasterCopy` names. */
export function isRasterCopy(path: string): boolean {
  const file = path.replace(/\?.*$/, "");
  return rasterWidths.some((width) => file.endsWith(`-${width}w.webp`));
}

/**
 * An <img>'s src, plus srcSet and sizes for a photograph: the browser picks the WebP copy nearest the
 * width it shows the image at (`sizes`, CSS pixels at each breakpoint). A drawing (SVG) has one file.
 */
export function imageSources(src: string, sizes: string) {
  if (!isRasterImage(src)) return { src };
  return {
    src: rasterCopy(src, 800),
    srcSet: rasterWidths.map((width) => `${rasterCopy(src, width)} ${width}w`).join(", "),
    sizes,
  };
}
