import createDOMPurify from "dompurify";
import type { JSDOM } from "jsdom";

/**
 * The checked copy of an SVG logo: only what draws the logo itself. DOMPurify's SVG profile removes
 * scripts, event handlers, `foreignObject` and `javascript:` links; this product's own rule on top
 * keeps no reference outside the document (a logo is mailed and printed, it fetches nothing), other
 * than embedded PNG, JPEG or WebP data.
 */
export type SvgCheck =
  | { ok: true; svg: Buffer }
  | { ok: false; reason: "declarations" | "not_svg" | "not_image" | "unreadable" | "too_complex" };

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** What a reference may point at: a fragment of the document, or embedded raster data. */
const allowedReference = /^\s*(#[^\s]*|data:image\/(png|jpeg|webp)[;,][^\s]*)\s*$/i;

/** Attributes that point somewhere, whatever their prefix (`xlink:href`) or case (`HREF`). */
const linkAttributes = new Set(["href", "src"]);

/**
 * What a logo to print never needs, and what keeps its check short: jsdom's parse and DOMPurify's
 * walk grow faster than the file (20,000 empty groups, 80 KB, took them 8 s on this machine under
 * load; 5,000 took 1 s), and a deep tree overflows the serializer's stack.
 */
export const svgStructureLimits = {
  depth: 64,
  elements: 5_000,
  attributesPerElement: 100,
  attributes: 25_000,
  /** Elements the cleaner removes (an editor's own): each removal costs more the larger the document. */
  foreignElements: 200,
} as const;

/**
 * The elements a logo draws with (SVG 1.1 and 2, filters included), by local name in lower case. Any
 * other (an editor's own, like Inkscape's or Illustrator's, or HTML) is removed by the cleaner.
 */
const drawingElements = new Set(
  (
    "svg a animate animatecolor animatemotion animatetransform circle clippath defs desc ellipse filter font g glyph " +
    "glyphref hkern image line lineargradient marker mask metadata mpath path pattern polygon polyline radialgradient " +
    "rect stop style switch symbol text textpath title tref tspan use view vkern feblend fecolormatrix " +
    "fecomponenttransfer fecomposite feconvolvematrix fediffuselighting fedisplacementmap fedistantlight " +
    "fedropshadow feflood fefunca fefuncb fefuncg fefuncr fegaussianblur feimage femerge femergenode femorphology " +
    "feoffset fepointlight fespecularlighting fespotlight fetile feturbulence"
  ).split(" "),
);

let dom: Promise<{ window: JSDOM["window"]; purify: ReturnType<typeof createDOMPurify> }> | undefined;

/** One window for the thread, built at the first SVG or when the checker's thread starts (jsdom costs ~75 MB). */
export function prepareSvg() {
  return getDom().then(() => undefined);
}

function getDom() {
  dom ??= import("jsdom").then(({ JSDOM }) => {
    const { window } = new JSDOM("");
    return { window, purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) };
  });
  return dom;
}

export type MarkupReading =
  { ok: true; text: string } | { ok: false; reason: "declarations" | "not_image" | "unreadable" | "too_complex" };

const space = /[ \t\r\n]/;

/**
 * Reads markup as an XML tokenizer does, in one pass that never looks at a character twice: every
 * element and attribute is counted whatever its name, quoted values are skipped whole (a `>` or `/>`
 * in a value ends nothing), and comments, CDATA and processing instructions are passed over. A
 * DOCTYPE without an internal subset (what many logo tools write) is cut out; one with a subset, or
 * any other declaration (ENTITY, ELEMENT, ATTLIST: entity expansion), is refused. An HTML page is not
 * an image. Text that is not well-formed enough to read this way is unreadable.
 */
export function readMarkup(text: string): MarkupReading {
  const length = text.length;
  let depth = 0;
  let elements = 0;
  let foreign = 0;
  let allAttributes = 0;
  let rootSeen = false;
  let doctype: [number, number] | undefined;
  let at = 0;
  const unreadable = { ok: false, reason: "unreadable" } as const;
  const skipTo = (marker: string, from: number) => {
    const found = text.indexOf(marker, from);
    return found < 0 ? -1 : found + marker.length;
  };

  while (at < length) {
    const open = text.indexOf("<", at);
    if (open < 0) break;
    const next = text[open + 1];
    if (next === "?") {
      at = skipTo("?>", open + 2);
    } else if (text.startsWith("<!--", open)) {
      at = skipTo("-->", open + 4);
    } else if (text.startsWith("<![CDATA[", open)) {
      at = skipTo("]]>", open + 9);
    } else if (next === "!") {
      if (!/^<!DOCTYPE[ \t\r\n]/i.test(text.slice(open, open + 10))) return { ok: false, reason: "declarations" };
      if (/^<!DOCTYPE[ \t\r\n]+html[ \t\r\n>]/i.test(text.slice(open, open + 20)))
        return { ok: false, reason: "not_image" };
      if (rootSeen || doctype) return unreadable;
      // To its closing `>`, past quoted identifiers; a `[` outside them opens an internal subset.
      let cursor = open + 9;
      let quote = "";
      for (; cursor < length; cursor++) {
        const char = text[cursor]!;
        if (quote) {
          if (char === quote) quote = "";
        } else if (char === '"' || char === "'") quote = char;
        else if (char === "[" || char === "<") return { ok: false, reason: "declarations" };
        else if (char === ">") break;
      }
      if (cursor >= length) return unreadable;
      doctype = [open, cursor + 1];
      at = cursor + 1;
    } else if (next === "/") {
      at = skipTo(">", open + 2);
      if (--depth < 0) return unreadable;
    } else {
      let cursor = open + 1;
      while (cursor < length && !space.test(text[cursor]!) && text[cursor] !== ">" && text[cursor] !== "/") cursor++;
      const name = text.slice(open + 1, cursor);
      if (!name) return unreadable;
      if (!rootSeen) {
        rootSeen = true;
        if (name.toLowerCase() === "html") return { ok: false, reason: "not_image" };
      } else if (depth === 0) return unreadable; // a second root
      if (++elements > svgStructureLimits.elements) return { ok: false, reason: "too_complex" };
      const localName = name.slice(name.indexOf(":") + 1).toLowerCase();
      if (!drawingElements.has(localName) && ++foreign > svgStructureLimits.foreignElements)
        return { ok: false, reason: "too_complex" };
      let attributes = 0;
      let selfClosing = false;
      for (;;) {
        while (cursor < length && space.test(text[cursor]!)) cursor++;
        if (cursor >= length) return unreadable;
        if (text[cursor] === ">") break;
        if (text.startsWith("/>", cursor)) {
          selfClosing = true;
          cursor++;
          break;
        }
        const nameStart = cursor;
        while (cursor < length && !space.test(text[cursor]!) && !"=>/\"'<".includes(text[cursor]!)) cursor++;
        if (cursor === nameStart) return unreadable;
        if (++attributes > svgStructureLimits.attributesPerElement || ++allAttributes > svgStructureLimits.attributes)
          return { ok: false, reason: "too_complex" };
        while (cursor < length && space.test(text[cursor]!)) cursor++;
        if (text[cursor] !== "=") return unreadable;
        cursor++;
        while (cursor < length && space.test(text[cursor]!)) cursor++;
        const quote = text[cursor];
        if (quote !== '"' && quote !== "'") return unreadable;
        const close = text.indexOf(quote, cursor + 1);
        if (close < 0) return unreadable;
        cursor = close + 1;
      }
      at = cursor + 1;
      if (!selfClosing && ++depth > svgStructureLimits.depth) return { ok: false, reason: "too_complex" };
    }
    if (at < 0) return unreadable;
  }
  if (!rootSeen || depth !== 0) return unreadable;
  return { ok: true, text: doctype ? text.slice(0, doctype[0]) + text.slice(doctype[1]) : text };
}

/** Whether a file's first bytes look like an XML document: UTF-8 (with or without BOM) or UTF-16. */
export function looksLikeXml(head: Uint8Array): boolean {
  const text = decodeText(head.subarray(0, Math.min(head.length, 512)), { partial: true });
  return text !== null && /^[ \t\r\n]*</.test(text);
}

/**
 * Text in the encoding its bytes show: UTF-16 by its byte-order mark or by a `<` as its first
 * character, UTF-8 otherwise. Null when the bytes are not valid in that encoding.
 */
export function decodeText(bytes: Uint8Array, { partial = false } = {}): string | null {
  let encoding = "utf-8";
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0x3c && bytes[1] === 0x00)) encoding = "utf-16le";
  else if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0x00 && bytes[1] === 0x3c)) encoding = "utf-16be";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return null;
  }
}

export async function cleanSvg(bytes: Uint8Array): Promise<SvgCheck> {
  const decoded = decodeText(bytes);
  if (decoded === null) return { ok: false, reason: "unreadable" };
  const markup = readMarkup(decoded);
  if (!markup.ok) return markup;
  const text = markup.text;

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
