import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import type { PrintRule } from "~/content/print-rules";
import { type ArtDesign, cylinderCurve, printedDesign, printedName } from "~/lib/product-art";

/**
 * The live mockup: the item is drawn once (`drawing`); an edit rewrites only the flat art in its print
 * area (`[data-art]`, which a cylinder's strips show round its curve) and the mockup's title, and a logo
 * that stays keeps its element (and its decoded picture). The logo is dragged by pointer anywhere on
 * the print area, in the area's own millimetres whatever the drawing turns, skews or curves.
 */
export function useMockup(
  ref: RefObject<HTMLDivElement | null>,
  drawing: string,
  art: ArtDesign,
  rule: PrintRule,
  mockupName: string,
  move: (dxMm: number, dyMm: number) => void,
) {
  const area = rule.areaMm;

  useLayoutEffect(() => {
    const mockup = ref.current;
    const title = mockup?.querySelector("svg > title");
    if (title) title.textContent = mockupName;
    const printArea = mockup?.querySelector("svg[data-print-area]");
    const flat = printArea?.querySelector("[data-art]");
    if (!printArea || !flat) return;
    // A finger on the print area drags the logo instead of scrolling the page.
    printArea.setAttribute("style", art.logo ? "cursor:move;touch-action:none" : "");
    const logoElement = flat.querySelector("image[data-logo]");
    if (art.logo && logoElement?.getAttribute("href") === art.logo.href && art.layout !== "name") {
      for (const node of [...flat.childNodes]) if (node !== logoElement) node.remove();
      const { xMm, yMm, widthMm, heightMm } = art.logo;
      for (const [attribute, value] of Object.entries({ x: xMm, y: yMm, width: widthMm, height: heightMm }))
        logoElement.setAttribute(attribute, String(Math.round(value * 100) / 100));
      flat.insertAdjacentHTML("beforeend", printedName(art, area));
    } else {
      flat.innerHTML = printedDesign(art, area);
    }
  }, [ref, drawing, art, area, mockupName]);

  // The first mockup with a new logo is drawn once its image has loaded: marked for the bench.
  const logoHref = art.logo?.href;
  useEffect(() => {
    const image = ref.current?.querySelector("image[data-logo]");
    if (!logoHref || !image) return;
    const drawn = () => requestAnimationFrame(() => performance.mark("studio:logo-drawn"));
    image.addEventListener("load", drawn, { once: true });
    return () => image.removeEventListener("load", drawn);
  }, [ref, logoHref]);

  const drag = useRef<{ pointer: number; lastMm: { x: number; y: number } } | null>(null);

  /** Where the pointer is on the flat art, in mm; null off the print area. */
  function areaPoint(event: React.PointerEvent): { x: number; y: number } | null {
    const areaSvg = ref.current?.querySelector<SVGSVGElement>("svg[data-print-area]");
    const matrix = areaSvg?.getScreenCTM();
    if (!matrix) return null;
    const seen = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const point = { x: seen.x, y: seen.y };
    if (rule.cylinder?.axis === "x") point.x = cylinderCurve(area.width, rule.cylinder).from(seen.x);
    if (rule.cylinder?.axis === "y") point.y = cylinderCurve(area.height, rule.cylinder).from(seen.y);
    return point;
  }

  const pointer = {
    onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
      if (!art.logo || art.layout === "name") return;
      const point = areaPoint(event);
      if (!point || point.x < 0 || point.y < 0 || point.x > area.width || point.y > area.height) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointer: event.pointerId, lastMm: point };
      event.preventDefault();
    },
    onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
      if (drag.current?.pointer !== event.pointerId) return;
      const point = areaPoint(event);
      if (!point) return;
      const { lastMm } = drag.current;
      drag.current.lastMm = point;
      move(point.x - lastMm.x, point.y - lastMm.y);
    },
    onPointerUp() {
      drag.current = null;
    },
    onPointerCancel() {
      drag.current = null;
    },
  };

  return pointer;
}
