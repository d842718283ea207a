// After `react-router build`, before compression: every prerendered page keeps in its inline
// <style id="site-css"> only the rules that apply to its own markup (Beasties matches each selector
// against the page), and the whole stylesheet becomes one hashed file the page fetches before it
// hydrates and applies on the visitor's first interaction (app/lib/defer-hydration.ts), for what only
// appears later: menus, dialogs, other pages.
// The page's HTML then fits, with its headers, in the first round trip of a new connection (~14 KB).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Beasties from "beasties";
import { files } from "./compress";

const siteStyle = /<style id="site-css">([^<]*)<\/style>/;
const fontFaces = /@font-face\{[^}]*\}/g;

/**
 * The page's own rules: Beasties reduces the page's <style> elements; this one is taken back out.
 * The @font-face rules always stay: the theme names its fonts through custom properties, which
 * Beasties can't follow.
 */
export async function criticalCss(html: string, beasties = pageBeasties()): Promise<string> {
  const full = siteStyle.exec(html)?.[1] ?? "";
  const reduced = siteStyle.exec(await beasties.process(withPlainClassNames(html)))?.[1];
  if (reduced === undefined) throw new Error("Beasties removed the site stylesheet");
  return reduced.replace(fontFaces, "") + (full.match(fontFaces) ?? []).join("");
}

/**
 * Beasties reads attributes without decoding them, so a class such as `[&_svg]:size-4`, which React
 * writes as `[&amp;_svg]:size-4`, would match no selector. These are the characters React escapes.
 */
function withPlainClassNames(html: string) {
  const characters: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&#x27;": "'" };
  return html.replace(/ class="[^"]*"/g, (attribute) => attribute.replace(/&(?:amp|lt|gt|#x27);/g, (entity) => characters[entity]!));
}

function pageBeasties() {
  return new Beasties({
    reduceInlineStyles: true,
    // Selectors Beasties can't match against the page, kept whole: Tailwind's :where()/:is() forms
    // (space-y, divide-y, group-hover), whose pseudo-class stripping leaves nothing to match, and
    // [id], which it mistakes for an id selector.
    allowRules: [/:where\(|:is\(/, "[id]"],
    // The page preloads its one font itself.
    inlineFonts: false,
    preloadFonts: false,
    logLevel: "warn",
  });
}

/** Rewrites every page under clientDir; returns the URL of the whole stylesheet. */
export async function splitStylesheets(clientDir: string) {
  const beasties = pageBeasties();
  let fullCss: string | undefined;
  let href = "";
  let before = 0;
  let after = 0;
  for (const file of [...files(clientDir)].filter((path) => path.endsWith(".html"))) {
    const html = readFileSync(file, "utf8");
    const css = siteStyle.exec(html)?.[1];
    if (css === undefined) continue;
    if (fullCss === undefined) {
      fullCss = css;
      // Without the @font-face rules, which every page keeps inline: declaring a font face again makes
      // the browser lay the whole page out again when the sheet arrives, a long task on a phone.
      const sheet = css.replace(fontFaces, "");
      href = `/assets/site-${createHash("sha256").update(sheet).digest("base64url").slice(0, 8)}.css`;
      writeFileSync(join(clientDir, href), sheet);
    } else if (css !== fullCss) {
      throw new Error(`${relative(clientDir, file)} carries a different stylesheet from the other pages`);
    }
    const critical = await criticalCss(html, beasties);
    const page = html.replace(siteStyle, () => `<style id="site-css" data-href="${href}">${critical}</style>`);
    writeFileSync(file, page);
    before += css.length;
    after += critical.length;
  }
  return { href, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? "build/client");
  const { href, before, after } = await splitStylesheets(dir);
  if (!href) throw new Error(`No page in ${dir} carries the site stylesheet`);
  console.log(`Critical CSS: ${Math.round(before / 1024)} KB of inline stylesheets → ${Math.round(after / 1024)} KB; the rest loads from ${href}`);
}
