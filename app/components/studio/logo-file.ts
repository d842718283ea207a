import { studioText as text } from "~/content/studio";
import { countSvgColours, logoFileProblem, sniffLogoType } from "~/lib/design-checks";
import { type LogoType, uploadLimits } from "~/lib/upload-rules";
import { svgAspect } from "./logo-placement";

/** A logo the buyer chose, checked and read for the mockup. */
export type Logo = {
  file: File;
  type: LogoType;
  /** A blob: URL of the file, for the live mockup. */
  url: string;
  /** Width over height. */
  aspect: number;
  /** A raster logo's pixels; null for SVG. */
  pixels: { width: number; height: number } | null;
  /** Counted after the first mockup is drawn; null until then. */
  colours: number | null;
};

/** The file read as a logo (with a raster's bitmap, to count its colours later), or why it cannot be one. */
export async function readLogo(
  file: File,
): Promise<{ logo: Logo; bitmap: ImageBitmap | null; problem?: never } | { problem: string }> {
  const type = sniffLogoType(new Uint8Array(await file.slice(0, 1024).arrayBuffer()));
  const problem = logoFileProblem(type, file.size);
  if (problem || !type) return { problem: problem ?? text.unreadable };
  if (type === "image/svg+xml") {
    const source = await file.text();
    const url = URL.createObjectURL(file);
    const logo = { file, type, url, aspect: svgAspect(source), pixels: null, colours: countSvgColours(source) };
    return { logo, bitmap: null };
  }
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return { problem: text.unreadable };
  if (bitmap.width * bitmap.height > uploadLimits.pixels) {
    bitmap.close();
    return { problem: text.tooManyPixels };
  }
  const url = URL.createObjectURL(file);
  const pixels = { width: bitmap.width, height: bitmap.height };
  return { logo: { file, type, url, aspect: bitmap.width / bitmap.height, pixels, colours: null }, bitmap };
}

/** RGBA pixels of a small copy of the image: enough to count its colours. */
export function sampleRgba(bitmap: ImageBitmap, side = 64): Uint8ClampedArray {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return new Uint8ClampedArray();
  context.drawImage(bitmap, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

/** The file as a data: URL of its checked type: an image drawn to a canvas must carry its logo inside it. */
export function dataUrl(file: File, type: LogoType): Promise<string> {
  return new Promise((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => done(String(reader.result));
    reader.onerror = () => fail(reader.error);
    reader.readAsDataURL(new Blob([file], { type }));
  });
}
