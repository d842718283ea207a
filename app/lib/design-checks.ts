import { type LogoType, uploadLimits } from "./upload-rules";
import type { PrintMethod } from "~/content/print-rules";

/*
 * What the brand studio checks in a buyer's design before it is printed, as pure functions: the logo
 * file's type (from its bytes) and size, how many colours the logo has, its resolution at the printed
 * size and whether the name stays legible. Each warning is a sentence the studio shows and the quote carries.
 */

/** Raster artwork is printed sharp from 300 pixels an inch at its printed size. */
export const minimumPpi = 300;

/**
 * The smallest name we call legible: 6 pt type (2.1 mm; the capitals of a bold sans about 1.5 mm tall),
 * the usual floor for pad and screen printing on promotional items.
 */
export const minimumTextPt = 6;

const mmPerPt = 25.4 / 72;
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** The logo's type as its first bytes say (PNG, JPEG, WebP or SVG), whatever its name; null for anything else. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "");
  // An XML declaration, comments and a DOCTYPE may come before the root element; the root must be <svg>.
  const root = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, "");
  return /^<svg[\s>]/i.test(root) ? "image/svg+xml" : null;
}

/** Why a chosen file cannot be a logo, in words; null when it can. */
export function logoFileProblem(type: LogoType | null, size: number): string | null {
  if (!type) return "This file is not a PNG, JPEG, WebP or SVG image. Choose your logo in one of those formats.";
  const limit = type === "image/svg+xml" ? uploadLimits.svgBytes : uploadLimits.logoBytes;
  if (size > limit)
    return `This ${type === "image/svg+xml" ? "SVG" : "image"} is larger than ${limit / 1024 / 1024} MB. Choose a smaller file.`;
  if (size === 0) return "This file is empty. Choose your logo again.";
  return null;
}

const hex2 = (value: number) =>
  Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, "0");

/** "#abc", "#aabbcc", "rgb(1, 2, 3)" or a keyword → "#aabbcc" or the keyword; null for what paints nothing. */
function normaliseColour(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (
    !value ||
    ["none", "transparent", "inherit", "currentcolor", "context-fill", "context-stroke"].includes(value) ||
    value.startsWith("url(")
  ) {
    return null;
  }
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])(?:[0-9a-f])?$/.exec(value);
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`;
  const long = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/.exec(value);
  if (long) return `#${long[1]}`;
  const rgb = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)/.exec(value);
  if (rgb) {
    const channel = (part: string) =>
      part.endsWith("%") ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part);
    return `#${hex2(channel(rgb[1]!))}${hex2(channel(rgb[2]!))}${hex2(channel(rgb[3]!))}`;
  }
  return value === "black" ? "#000000" : value === "white" ? "#ffffff" : value;
}

/**
 * The distinct colours an SVG logo paints with: its fill, stroke and gradient stop colours, written as
 * attributes or in style. A drawing that names none paints in black, one colour.
 */
export function countSvgColours(svg: string): number {
  const colours = new Set<string>();
  const declared = /(?:^|[\s;"'{])(fill|stroke|stop-color)\s*(?:=\s*["']|:\s*)([^"';}>]+)/gi;
  let named = false;
  for (const [, , value = ""] of svg.matchAll(declared)) {
    named = true;
    const colour = normaliseColour(value);
    if (colour) colours.add(colour);
  }
  return colours.size || (named ? 0 : 1);
}

/**
 * The distinct colours of a raster logo, from RGBA pixels of a small copy of it: each channel is
 * quantised to 8 levels, transparent pixels are skipped, and a colour counts only when it covers at
 * least 1% of the opaque pixels (the blends along anti-aliased edges do not).
 */
export function countRasterColours(rgba: Uint8ClampedArray | Uint8Array): number {
  const buckets = new Map<number, number>();
  let opaque = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue;
    opaque += 1;
    const key = ((rgba[i]! >> 5) << 6) | ((rgba[i + 1]! >> 5) << 3) | (rgba[i + 2]! >> 5);
    buckets.set(key, (buckets.get(key) ?? 0) + 1);
  }
  const floor = Math.max(1, opaque * 0.01);
  let count = 0;
  for (const pixels of buckets.values()) if (pixels >= floor) count += 1;
  return count;
}

/** Pixels an inch of a raster printed `mm` wide. */
export function ppiAt(pixels: number, mm: number): number {
  return pixels / (mm / 25.4);
}

/** The size, in points, the name is printed at. */
export const textSizePt = (textSizeMm: number) => textSizeMm / mmPerPt;

/** What the studio knows of a design when it checks it. */
export type DesignFacts = {
  method: PrintMethod;
  /** Colours counted in the logo; null without a logo. */
  logoColours: number | null;
  /** A raster logo's pixels and its printed size in mm; null for a vector logo or none. */
  raster: { widthPx: number; heightPx: number; widthMm: number; heightMm: number } | null;
  /** The name as typed, and the size it prints at in mm. */
  text: string;
  textSizeMm: number;
};

/** The warnings a design earns, in the words the studio shows (and the quote carries). */
export function designWarnings(facts: DesignFacts): string[] {
  const warnings: string[] = [];
  const { method } = facts;
  if (facts.logoColours !== null && method.colours !== "full" && facts.logoColours > method.colours) {
    const prints = method.colours === 1 ? "1 colour" : `${method.colours} colours`;
    warnings.push(
      `Your logo has ${facts.logoColours} colours, but ${method.name.toLowerCase()} prints ${prints}: we will suggest a ${prints} version of it, or another print method.`,
    );
  }
  if (facts.raster) {
    const ppi = Math.min(
      ppiAt(facts.raster.widthPx, facts.raster.widthMm),
      ppiAt(facts.raster.heightPx, facts.raster.heightMm),
    );
    if (ppi < minimumPpi) {
      warnings.push(
        `Your logo is ${Math.round(ppi)} ppi at its printed size, below the ${minimumPpi} ppi print needs: it may print blurred. A larger file or an SVG prints sharp.`,
      );
    }
  }
  if (facts.text.trim()) {
    const pt = textSizePt(facts.textSizeMm);
    if (pt < minimumTextPt) {
      warnings.push(
        `Your name would print ${pt.toFixed(1)} pt high, too small to read below ${minimumTextPt} pt: shorten it or choose an item with a larger print area.`,
      );
    }
  }
  return warnings;
}
