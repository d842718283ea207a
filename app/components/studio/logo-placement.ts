import type { LogoPlacement } from "~/lib/design-layout";

export type { LogoPlacement };
type Area = { width: number; height: number };

/** The smallest the logo gets, as a share of the largest it can be. */
const smallest = 0.1;

/** Keeps the logo whole inside the area: no larger than it, and moved back in where it sticks out. */
export function clampPlacement(placement: LogoPlacement, area: Area): LogoPlacement {
  const shrink = Math.min(1, area.width / placement.widthMm, area.height / placement.heightMm);
  const widthMm = placement.widthMm * shrink;
  const heightMm = placement.heightMm * shrink;
  return {
    widthMm,
    heightMm,
    xMm: Math.min(Math.max(0, placement.xMm), area.width - widthMm),
    yMm: Math.min(Math.max(0, placement.yMm), area.height - heightMm),
  };
}

export function moveBy(placement: LogoPlacement, dxMm: number, dyMm: number, area: Area): LogoPlacement {
  return clampPlacement({ ...placement, xMm: placement.xMm + dxMm, yMm: placement.yMm + dyMm }, area);
}

/** Scales the logo about its centre by `factor`, between a tenth of the largest it can be and the area itself. */
export function resize(placement: LogoPlacement, factor: number, area: Area): LogoPlacement {
  const aspect = placement.widthMm / placement.heightMm;
  const largest = Math.min(area.width, area.height * aspect);
  const widthMm = Math.min(largest, Math.max(largest * smallest, placement.widthMm * factor));
  const heightMm = widthMm / aspect;
  const centreX = placement.xMm + placement.widthMm / 2;
  const centreY = placement.yMm + placement.heightMm / 2;
  return clampPlacement({ widthMm, heightMm, xMm: centreX - widthMm / 2, yMm: centreY - heightMm / 2 }, area);
}

/** An SVG's width over height, from its viewBox or its width and height; 1 when it gives neither. */
export function svgAspect(svg: string): number {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const viewBox = /\bviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(root);
  const fromViewBox = viewBox && Number(viewBox[1]) / Number(viewBox[2]);
  if (fromViewBox && Number.isFinite(fromViewBox) && fromViewBox > 0) return fromViewBox;
  const width = Number.parseFloat(/\bwidth\s*=\s*["']([\d.]+)/i.exec(root)?.[1] ?? "");
  const height = Number.parseFloat(/\bheight\s*=\s*["']([\d.]+)/i.exec(root)?.[1] ?? "");
  return width > 0 && height > 0 ? width / height : 1;
}
