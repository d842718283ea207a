import createDOMPurify from "dompurify";
import type { JSDOM } from "jsdom";

/**
 * The checked copy of an SVG logo: only what draws the logo itself. DOMPurify's SVG profile removes
 * scripts, event handlers, `foreignObject` and `javascript:` links; this product's own rule on top
 * keeps no reference outside the document (a logo is mailed and printed, it fetches nothing), other
 * than embedded PNG, JPEG or WebP data.
 */
export type SvgCheck =
  { ok: true; svg: Buffer } | { ok: false; reason: "declarations" | "not_svg" | "unreadable" | "too_complex" };

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** A DOCTYPE can declare entities (the XML bomb), an ENTITY is one: refused before any parsing. */
const declaration = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i;

/** What a reference may point at: a fragment of the document, or embedded raster data. */
const allowedReference = /^\s*(#[^\s]*|data:image\/(png|jpeg|webp)[;,][^\s]*)\s*$/i;

/** Attributes that point somewhere, whatever their prefix (`xlink:href`) or case (`HREF`). */
const linkAttributes = new Set(["href", "src"]);

/**
 * What a logo never needs: a parse of deeply nested or attribute-laden markup takes jsdom seconds of the
 * one thread that serves every visitor (10,000 nested groups, 70 KB: 26 s).
 */
export const svgStructureLimits = { depth: 64, elements: 20_000, attributesPerElement: 100 } as const;

let dom: Promise<{ window: JSDOM["window"]; purify: ReturnType<typeof createDOMPurify> }> | undefined;

/** One window for the process, built at the first SVG (jsdom costs a server that never sees one ~75 MB). */
function getDom() {
  dom ??= import("jsdom").then(({ JSDOM }) => {
    const { window } = new JSDOM("");
    return { window, purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) };
  });
  return dom;
}

/** Whether markup passes the structure limits, read by a linear scan of its tags before any parser runs. */
export function withinStructureLimits(text: string): boolean {
  let depth = 0;
  let elements = 0;
  for (const [, closing, body, selfClosing] of text.matchAll(/<(\/?)([A-Za-z][^>]*?)(\/?)>/g) as Iterable<string[]>) {
    if (closing) {
      depth--;
      continue;
    }
    elements++;
    if (elements > svgStructureLimits.elements) return false;
    if ((body!.match(/=/g)?.length ?? 0) > svgStructureLimits.attributesPerElement) return false;
    if (!selfClosing && ++depth > svgStructureLimits.depth) return false;
  }
  return true;
}

/** Whether text looks like an XML document (after an optional BOM and white space). */
export function looksLikeXml(head: Uint8Array): boolean {
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start]!)) start++;
  return head[start] === 0x3c; // "<"
}

export async function cleanSvg(bytes: Uint8Array): Promise<SvgCheck> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (declaration.test(text)) return { ok: false, reason: "declarations" };
  if (!withinStructureLimits(text)) return { ok: false, reason: "too_complex" };

  const { window, purify } = await getDom();
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
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.localName.toLowerCase();
        if (linkAttributes.has(name) && !allowedReference.test(attribute.value)) {
          element.removeAttributeNode(attribute);
          continue;
        }
        if (name === "style" || /url\s*\(/i.test(attribute.value)) {
          const css = cleanCss(attribute.value);
          if (css === null) element.removeAttribute(attribute.name);
          else element.setAttribute(attribute.name, css);
        }
      }
      if (element.localName.toLowerCase() === "style") {
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
  const cleaned = withoutImports.replace(
    /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi,
    (whole, _quote: string, target: string) => {
      if (!allowedReference.test(target)) return "none";
      kept++;
      return whole;
    },
  );
  // A url( this reading did not match (unclosed, oddly quoted) may still fetch.
  return (cleaned.match(/url\s*\(/gi)?.length ?? 0) === kept ? cleaned : null;
}
