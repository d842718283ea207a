/**
 * How a buyer's name and logo share an item's print area, in millimetres: the logo where it was placed,
 * the name in the largest free strip beside it (or above or below it), so the two never overlap.
 * Pure geometry, for the drawing (app/lib/product-art.ts), the brand studio and the print checks.
 */

export const designLayouts = ["beside", "above", "logo", "name"] as const;
/** Logo beside the name, logo above the name, logo only, name only. */
export type DesignLayout = (typeof designLayouts)[number];

export type Box = { x: number; y: number; width: number; height: number };
type Area = { width: number; height: number };
/** The logo's top-left corner and size in the area, in millimetres. */
export type LogoPlacement = { xMm: number; yMm: number; widthMm: number; heightMm: number };

/** A wide area (a pen's barrel, a calendar's strip) puts the logo beside the name; a taller one above it. */
export const defaultLayout = (area: Area): DesignLayout => (area.width / area.height >= 3 ? "beside" : "above");

/** The space kept between the logo and the name. */
const gapOf = (area: Area) => Math.max(0.3, 0.05 * Math.min(area.width, area.height));

/**
 * Advance widths of bold sans capitals and lower case in em (Helvetica Bold, whose metrics Arial and
 * Liberation Sans share): the name is drawn at exactly this width, so its box is the same in every browser.
 */
const widths: Record<string, number> = {};
const table: [string, number][] = [
  [" ", 0.278],
  ["!'.,:;|", 0.3],
  ["()-[]`{}", 0.333],
  ["fjilt", 0.3],
  ["r", 0.389],
  ['z"*', 0.5],
  ["0123456789#$&?_kacesvxy+=<>~^JL", 0.556],
  ["bdghnopqu", 0.611],
  ["EFPSTVXYZ", 0.667],
  ["ABCDHKNRUw", 0.722],
  ["GOQ", 0.778],
  ["M", 0.833],
  ["m%", 0.889],
  ["W@", 0.944],
  ["I/\\", 0.278],
];
for (const [letters, width] of table) for (const letter of letters) widths[letter] = width;

/** How wide `text` is, in em, in bold sans. Letters outside the table count as wide capitals. */
export function textWidthEm(text: string): number {
  let em = 0;
  for (const letter of text) em += widths[letter] ?? 0.722;
  return em;
}

/** How tall a name's box is, in em: the font's ascent and descent, and the band of other colours under it. */
export const nameLineEm = 1.12;
export const bandEm = 0.28;

export type NameLayout = Box & { sizeMm: number; withBand: boolean };

/** Where the logo goes when it is chosen, or the layout changes: as large as the layout leaves it room. */
export function defaultPlacement(aspect: number, area: Area, layout: DesignLayout): LogoPlacement {
  const fit = (maxWidth: number, maxHeight: number) => {
    const heightMm = Math.min(maxHeight, maxWidth / aspect);
    return { widthMm: heightMm * aspect, heightMm };
  };
  if (layout === "beside") {
    const size = fit(area.width * 0.45, area.height);
    return { xMm: 0, yMm: (area.height - size.heightMm) / 2, ...size };
  }
  if (layout === "above") {
    const size = fit(area.width * 0.9, area.height * 0.55);
    return { xMm: (area.width - size.widthMm) / 2, yMm: 0, ...size };
  }
  const size = fit(area.width * 0.9, area.height * 0.9);
  return { xMm: (area.width - size.widthMm) / 2, yMm: (area.height - size.heightMm) / 2, ...size };
}

/** The free strip the name takes beside (or above or below) the logo: the larger one; the whole area without a logo. */
function nameStrip(area: Area, layout: DesignLayout, logo: LogoPlacement | null): Box {
  if (!logo || layout === "name") return { x: 0, y: 0, ...area };
  const gap = gapOf(area);
  if (layout === "beside") {
    const left = Math.max(0, logo.xMm - gap);
    const rightStart = Math.min(area.width, logo.xMm + logo.widthMm + gap);
    const right = area.width - rightStart;
    return right >= left
      ? { x: rightStart, y: 0, width: right, height: area.height }
      : { x: 0, y: 0, width: left, height: area.height };
  }
  const top = Math.max(0, logo.yMm - gap);
  const bottomStart = Math.min(area.height, logo.yMm + logo.heightMm + gap);
  const bottom = area.height - bottomStart;
  return bottom >= top
    ? { x: 0, y: bottomStart, width: area.width, height: bottom }
    : { x: 0, y: 0, width: area.width, height: top };
}

/**
 * Where the name goes and how large it prints: centred in its strip, as large as fits it (the strip's
 * width at the name's exact width, its height at the line's), null when the layout shows no name.
 */
export function layoutName(
  text: string,
  area: Area,
  layout: DesignLayout,
  logo: LogoPlacement | null,
  withBand: boolean,
): NameLayout | null {
  const name = text.trim();
  if (!name || layout === "logo") return null;
  const strip = nameStrip(area, layout, logo);
  const lineEm = nameLineEm + (withBand ? bandEm : 0);
  // A little margin inside the strip: ink never touches the area's edge or the logo's gap.
  const sizeMm = Math.max(0, Math.min((strip.height * 0.92) / lineEm, (strip.width * 0.92) / textWidthEm(text)));
  const width = sizeMm * textWidthEm(text);
  const height = sizeMm * lineEm;
  return {
    x: strip.x + (strip.width - width) / 2,
    y: strip.y + (strip.height - height) / 2,
    width,
    height,
    sizeMm,
    withBand,
  };
}

/** The logo the layout shows: none when it shows only the name. */
export const shownLogo = <T extends LogoPlacement>(layout: DesignLayout, logo: T | null): T | null =>
  layout === "name" ? null : logo;

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
