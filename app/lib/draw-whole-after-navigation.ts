import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Set on <html> once the visitor has followed a link inside the site (app/app.css reads it). */
const navigatedAttribute = "data-navigated";

/**
 * Cards below the first screen are drawn only as they near the viewport (`render-when-near` in
 * app/app.css) and count as 500 px until then: that spares a document's first paint. But Back to a
 * page rendered by a navigation inside the site scrolls to where the reader was, measured on those
 * 500 px guesses, and lands hundreds of pixels off. So from the first such navigation on, pages are
 * drawn whole. Call it before the scroll restoration: its layout effect must run first.
 */
export function useDrawWholeAfterNavigation() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useLayoutEffect(() => {
    if (key !== firstKey.current) document.documentElement.setAttribute(navigatedAttribute, "");
  }, [key]);
}
