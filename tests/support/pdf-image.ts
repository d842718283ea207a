import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";

// A PDF's page as a person sees it: rendered by poppler's pdftoppm, compared with a reference picture
// a person looked at, and its QR codes read back by zbar (Debian's poppler-utils and zbar-tools).

/** A part of a page, in pixels at the rendering's resolution from the page's top left. */
export type Crop = { x: number; y: number; width: number; height: number };

/** Page `page` of a PDF (or the `crop` of it) as a greyscale PNG at `dpi`. */
export function pdfPagePng(
  pdf: Uint8Array,
  { page = 1, dpi = 100, crop }: { page?: number; dpi?: number; crop?: Crop } = {},
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "pdf-page-"));
  try {
    writeFileSync(join(dir, "document.pdf"), pdf);
    const pages = ["-f", String(page), "-l", String(page), "-singlefile"];
    if (crop)
      pages.push("-x", String(crop.x), "-y", String(crop.y), "-W", String(crop.width), "-H", String(crop.height));
    execFileSync("pdftoppm", ["-png", "-gray", "-r", String(dpi), ...pages, "document.pdf", "page"], { cwd: dir });
    return readFileSync(join(dir, "page.png"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What zbarimg reads from the QR codes in a picture, one text a line ("" when it finds none). */
export function qrCodesIn(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "qr-"));
  try {
    const file = join(dir, "page.png");
    writeFileSync(file, png);
    return execFileSync("zbarimg", ["--raw", "-q", file], { stdio: ["ignore", "pipe", "ignore"] })
      .toString("utf8")
      .trim();
  } catch (error) {
    // zbarimg exits 4 when the picture holds no code it can read.
    if ((error as { status?: number }).status === 4) return "";
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How far a picture is from its reference: the share of the pixels inked in either (darker than
 * mid-grey) whose grey differs by more than a quarter of the scale. On any difference the picture is
 * written beside the reference as "<name>.actual.png" for a person to compare; a missing reference is
 * written there only when UPDATE_REFERENCE=1, and otherwise counts as wholly different.
 */
export async function differenceFromReference(png: Buffer, reference: string): Promise<number> {
  const actualPath = reference.replace(/\.png$/, ".actual.png");
  if (!existsSync(reference)) {
    if (process.env.UPDATE_REFERENCE === "1") writeFileSync(reference, png);
    else writeFileSync(actualPath, png);
    return process.env.UPDATE_REFERENCE === "1" ? 0 : 1;
  }
  const grey = (input: Buffer | string) => sharp(input).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [actual, expected] = await Promise.all([grey(png), grey(reference)]);
  if (actual.info.width !== expected.info.width || actual.info.height !== expected.info.height) {
    writeFileSync(actualPath, png);
    return 1;
  }
  let inked = 0;
  let differing = 0;
  for (let index = 0; index < actual.data.length; index++) {
    const a = actual.data[index]!;
    const b = expected.data[index]!;
    if (a < 128 || b < 128) inked++;
    if (Math.abs(a - b) > 64) differing++;
  }
  const share = inked === 0 ? 0 : differing / inked;
  if (differing > 0) writeFileSync(actualPath, png);
  else if (existsSync(actualPath)) rmSync(actualPath);
  return share;
}
