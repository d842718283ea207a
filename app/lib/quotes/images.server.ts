import { open } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { uploadLimits } from "../upload-rules";

/*
 * Decoding is where an upload costs memory: a 5 MB PNG can hold 25 megapixels, 100 MB once decoded.
 * So images are decoded one at a time (in the file checker's worker, upload-checker.server.ts), each
 * by one libvips thread, and libvips keeps no cache of decoded images between requests.
 */
sharp.cache(false);
sharp.concurrency(1);

/** What a file's first bytes say it is. */
export type SniffedType = "image/png" | "image/jpeg" | "image/webp" | "text" | "other-image" | "other";

/** Pictures in a format a logo is not taken in (a buyer's GIF, TIFF, HEIC, PDF or EPS export). */
const otherImage = /^image\/|^application\/(pdf|postscript|eps|x-eps|illustrator)$/;

/** Bytes enough for the sniffing below (file-type reads at most this many for these formats). */
export const SNIFF_BYTES = 4100;

export async function sniffType(head: Uint8Array): Promise<SniffedType> {
  const detected = await fileTypeFromBuffer(head);
  if (detected?.mime === "image/png" || detected?.mime === "image/jpeg" || detected?.mime === "image/webp")
    return detected.mime;
  // An SVG shows up as XML (with an XML declaration) or as nothing detected; either is read in full later.
  if (detected && detected.mime !== "application/xml" && detected.mime !== "image/svg+xml")
    return otherImage.test(detected.mime) ? "other-image" : "other";
  return "text";
}

export type RasterCheck =
  { ok: true; data: Buffer } | { ok: false; reason: "too_many_pixels" | "unreadable" | "timeout" };

/** libvips gives up on an image after this long (the worker running it is stopped a little later). */
export const RASTER_SECONDS = 4;

/**
 * Decodes and re-encodes a raster image in its own format (a printer gets the kind of file the buyer
 * chose, and a photo-like JPEG does not grow into a PNG several times its size), turned upright and
 * without any metadata (sharp writes none unless asked). An animated WebP keeps its first frame. Refuses images over the pixel limit before
 * decoding them, and truncated or corrupt ones.
 */
export async function reencodeRaster(
  file: string,
  type: "image/png" | "image/jpeg" | "image/webp",
): Promise<RasterCheck> {
  try {
    const image = sharp(file, { limitInputPixels: uploadLimits.pixels, failOn: "error", sequentialRead: true });
    const upright = image.autoOrient().timeout({ seconds: RASTER_SECONDS });
    const encoded =
      type === "image/png"
        ? upright.png()
        : type === "image/jpeg"
          ? upright.jpeg({ quality: 92 })
          : upright.webp({ quality: 92, lossless: await isLosslessWebp(file) });
    return { ok: true, data: await encoded.toBuffer() };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

/** A lossless WebP logo stays lossless (its VP8L chunk); a lossy one is re-encoded lossy. */
async function isLosslessWebp(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes("VP8L");
  } finally {
    await handle.close();
  }
}

export type PhotoCopies =
  { ok: true; large: Buffer; small: Buffer } | { ok: false; reason: "too_many_pixels" | "unreadable" | "timeout" };

/**
 * A photo (JPEG, PNG or WebP) as kept: a JPEG turned upright by its EXIF orientation, without any
 * metadata (sharp writes none unless asked: no location, camera or time), its longest side at most
 * `sides.large`; and a copy at most `sides.small` to show.
 */
export async function photoCopies(
  file: string,
  { pixels, sides }: { pixels: number; sides: { large: number; small: number } },
): Promise<PhotoCopies> {
  const within = (side: number) => ({ width: side, height: side, fit: "inside", withoutEnlargement: true }) as const;
  try {
    const large = await sharp(file, { limitInputPixels: pixels, failOn: "error", sequentialRead: true })
      .autoOrient()
      .resize(within(sides.large))
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .timeout({ seconds: RASTER_SECONDS })
      .toBuffer();
    const small = await sharp(large).resize(within(sides.small)).jpeg({ quality: 80 }).toBuffer();
    return { ok: true, large, small };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

function failureOf(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? "too_many_pixels" : /timeout/i.test(message) ? "timeout" : "unreadable";
}
