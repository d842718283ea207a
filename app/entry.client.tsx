import { startTransition, StrictMode } from "react";
import stylesheet from "./app.css?url";

/**
 * A page arrives with only the style rules its own markup uses (scripts/critical-css.ts). What its
 * script shows later (the product dialog, the form's notices) needs the rest: the whole sheet, which
 * does not hold up the first paint when it is asked for here.
 */
function linkWholeStylesheet() {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = stylesheet;
  document.head.append(link);
}

/**
 * React DOM is most of a page's script and is needed only to hydrate: it is fetched once the page has
 * been painted, so the page's text, font and first picture have the connection and the main thread to
 * themselves until then.
 */
async function hydrate() {
  const [{ hydrateRoot }, { HydratedRouter }] = await Promise.all([
    import("react-dom/client"),
    import("react-router/dom"),
  ]);
  if (!import.meta.env.DEV) linkWholeStylesheet();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

function afterFirstPaint(then: () => void) {
  if (!("PerformanceObserver" in window) || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return then();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    then();
  }).observe({ type: "paint", buffered: true });
}

afterFirstPaint(() => void hydrate());
