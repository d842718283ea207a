import { createContext, useContext, useState } from "react";

/**
 * The site's stylesheet (its fonts and its rules), written into every page's <head> instead of linked:
 * a linked stylesheet blocks the first paint for one more round trip on a weak mobile connection. The
 * build then keeps in each page only the rules its markup uses (scripts/critical-css.ts). The server
 * entry provides the CSS text; the browser never downloads it as JavaScript, it keeps the <style>
 * element the page arrived with.
 */
export const StylesheetContext = createContext<string | undefined>(undefined);

const elementId = "site-css";

export function InlineStylesheet() {
  const serverCss = useContext(StylesheetContext);
  // In the browser, hydrate with the text already in the page, so React changes nothing.
  const [css] = useState(
    () => serverCss ?? (typeof document === "undefined" ? "" : (document.getElementById(elementId)?.textContent ?? "")),
  );
  return <style id={elementId} dangerouslySetInnerHTML={{ __html: css }} />;
}
