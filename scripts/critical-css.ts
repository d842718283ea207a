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
import { type Selector, transform } from "lightningcss";
import { files } from "./compress";
import { isTailwindVariable } from "./portable-custom-properties";

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
  return withOnlyReadVariableDefaults(reduced.replace(fontFaces, "")) + (full.match(fontFaces) ?? []).join("");
}

const pseudoElementOf = (selector: Selector) => selector.find((component) => component.type === "pseudo-element")?.kind;

/**
 * Tailwind's helper variables get their initial values on every element and pseudo-element
 * (`*, :before, :after, ::backdrop { --tw-shadow: 0 0 #0000; … }`, see portable-custom-properties.ts):
 * some 70 declarations the browser applies to each element on the page's first style pass. A page
 * keeps those its own rules read, on the pseudo-elements its own rules style with them: its first
 * style pass is a few milliseconds shorter. The whole sheet keeps them all.
 */
export function withOnlyReadVariableDefaults(css: string): string {
  const read = new Set<string>();
  const styledPseudoElements = new Set<string>();
  transform({
    filename: "page.css",
    code: Buffer.from(css),
    visitor: {
      Variable(variable) {
        if (isTailwindVariable(variable.name.ident)) read.add(variable.name.ident);
      },
      Rule: {
        style(rule) {
          // Reads one of them: a var() reference, unlike a declaration's own name, is an `ident`.
          if (!JSON.stringify(rule.value.declarations ?? {}).includes('"ident":"--tw-')) return;
          for (const selector of rule.value.selectors) {
            const kind = pseudoElementOf(selector);
            if (kind) styledPseudoElements.add(`:${kind}`);
          }
        },
      },
    },
  });
  // Rewritten as text, so every other rule stays exactly as written.
  return css.replace(variableDefaults, (_rule, before: string, selectorList: string, body: string) => {
    const selectors = selectorList.split(",").filter((selector) => selector === "*" || styledPseudoElements.has(selector.replace(/^::?/, ":")));
    const declarations = body.split(";").filter((declaration) => read.has(declaration.slice(0, declaration.indexOf(":"))));
    return declarations.length && selectors.length ? `${before}${selectors.join(",")}{${declarations.join(";")}}` : before;
  });
}

/** A minified rule that only gives Tailwind's variables a value on every element and pseudo-element. */
const variableDefaults = /(^|[{};])((?:\*|::?before|::?after|::backdrop)(?:,(?:\*|::?before|::?after|::backdrop))*)\{((?:--tw-[\w-]+:[^;{}]*;?)+)\}/g;

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
