import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

/**
 * The checked copy of an SVG logo: only what draws the logo itself. DOMPurify's SVG profile removes
 * scripts, event handlers, `foreignObject` and `javascript:` links; this product's own rule on top
 * keeps no reference outside the document (a logo is mailed and printed, it fetches nothing), other
 * than embedded PNG, JPEG or WebP data.
 */
export type SvgCheck =
  | { ok: true; svg: Buffer }
  | { ok: false; reason: "declarations" | "not_svg" | "unreadable" };

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** A DOCTYPE can declare entities (the XML bomb), an ENTITY is one: refused before any parsing. */
const declaration = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i;

/** What a reference may point at: a fragment of the document, or embedded raster data. */
const allowedReference = /^\s*(#[^\s]*|data:image\/(png|jpeg|webp)[;,][^\s]*)\s*$/i;

const linkAttributes = ["href", "xlink:href", "src"];

let dom: { window: JSDOM["window"]; purify: ReturnType<typeof createDOMPurify> } | undefined;

/** One window for the process: built once, and the sanitiser holds no state between calls. */
function getDom() {
  if (!dom) {
    const { window } = new JSDOM("");
    dom = { window, purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) };
  }
  return dom;
}

/** Whether text looks like an XML document (after an optional BOM and white space). */
export function looksLikeXml(head: Uint8Array): boolean {
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start]!)) start++;
  return head[start] === 0x3c; // "<"
}

export function cleanSvg(bytes: Uint8Array): SvgCheck {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (declaration.test(text)) return { ok: false, reason: "declarations" };

  const { window, purify } = getDom();
  try {
    const document = new window.DOMParser().parseFromString(text, "image/svg+xml");
    const root = document.documentElement;
    if (document.getElementsByTagName("parsererror").length > 0) return { ok: false, reason: "unreadable" };
    if (root.localName !== "svg" || root.namespaceURI !== SVG_NAMESPACE) return { ok: false, reason: "not_svg" };

    purify.sanitize(root, {
      USE_PROFILES: { svg: true, svgFilters: true },
      // `use` is safe once its reference is checked (below): logos reuse their own shapes.
      ADD_TAGS: ["use"],
      IN_PLACE: true,
    });
    if (root.parentNode !== document) return { ok: false, reason: "not_svg" };

    for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) {
      for (const name of linkAttributes) {
        const value = element.getAttribute(name);
        if (value !== null && !allowedReference.test(value)) element.removeAttribute(name);
      }
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.name === "style" || /url\s*\(/i.test(attribute.value)) {
          const css = cleanCss(attribute.value);
          if (css === null) element.removeAttribute(attribute.name);
          else element.setAttribute(attribute.name, css);
        }
      }
      if (element.localName === "style") {
        const css = cleanCss(element.textContent ?? "");
        if (css === null) element.remove();
        else element.textContent = css;
      }
    }
    // The root alone: processing instructions and comments around it (a stylesheet link) are left out.
    const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}\n`;
    return { ok: true, svg: Buffer.from(svg, "utf8") };
  } catch {
    // A document the parser or serialiser gives up on (e.g. nesting too deep to walk).
    return { ok: false, reason: "unreadable" };
  }
}

/**
 * CSS from a `<style>` element or a presentation attribute: `@import` rules removed and every `url()`
 * outside the document replaced by `none`. Escapes and comments could hide either from this reading,
 * so CSS containing them (or other ways to fetch) is dropped whole: null.
 */
export function cleanCss(css: string): string | null {
  if (/\\|\/\*|image-set\s*\(|expression\s*\(|@font-face/i.test(css)) return null;
  const withoutImports = css.replace(/@import\b[^;]*(;|$)/gi, "");
  if (/@import/i.test(withoutImports)) return null;
  let kept = 0;
  const cleaned = withoutImports.replace(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote: string, target: string) => {
    if (!allowedReference.test(target)) return "none";
    kept++;
    return whole;
  });
  // A url( this reading did not match (unclosed, oddly quoted) may still fetch.
  return (cleaned.match(/url\s*\(/gi)?.length ?? 0) === kept ? cleaned : null;
}
