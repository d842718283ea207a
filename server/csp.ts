import { createHash, randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of every response. Scripts: only files from this origin plus the inline
 * scripts React Router writes into a page, each allowed by its hash (prerendered HTML) or by the
 * response's nonce (server-rendered HTML). Never 'unsafe-inline' for scripts. Styles allow inline
 * `style` attributes (Radix positions popovers with them); there is no inline <style> or <script>
 * from anywhere else.
 */
export function contentSecurityPolicy(
  scriptSources: readonly string[],
  { localImages = [] as readonly string[], formTargets = [] as readonly string[] } = {},
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Images, fonts and fetches fall back to default-src 'self' (no blob: or data: URLs on other pages):
    // every page's headers count towards its first round trip.
    ...(localImages.length ? [`img-src 'self' ${localImages.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The image sources beyond this origin a page needs for images made on the visitor's device: the brand
 * studio draws the buyer's logo from a blob: URL, and from a data: URL inside the mockup it turns into a
 * PNG; the quote form shows that PNG, a blob: URL, as the attached design's thumbnail. None elsewhere.
 */
export function localImageSources(path: string): string[] {
  if (/^\/portfolio\/[^/]+\/studio$/.test(path)) return ["blob:", "data:"];
  return path === "/contact" ? ["blob:"] : [];
}

/**
 * Where a page's forms may lead beyond this origin: a request's page on the desk posts "Reply on
 * WhatsApp", which is recorded and then redirected to wa.me (a browser holds the redirect to form-action).
 */
export function formTargets(path: string): string[] {
  return /^\/desk\/quotes\/[^/]+$/.test(path) ? ["https://wa.me"] : [];
}

/**
 * The policy of a file that is not a page (scripts, styles, fonts, images). It governs nothing such a
 * file does, but every response carries one; this short form costs ~80 bytes instead of ~270, which
 * adds up over the twenty-odd files of a first view.
 */
export const assetContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; object-src 'none'; frame-ancestors 'none'";

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/** Inline scripts the browser holds to script-src: code, and speculation rules (app/lib/speculation-rules.tsx). */
const scriptTypesUnderPolicy = new Set(["module", "text/javascript", "application/javascript", "speculationrules"]);

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions ('sha256-…') for every inline script that runs in an HTML document.
 * Scripts with a src, and data blocks such as JSON-LD, need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !scriptTypesUnderPolicy.has(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
