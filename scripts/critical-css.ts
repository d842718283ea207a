// After `react-router build`, before compression: every prerendered page keeps in its inline
// <style id="site-css"> (app/lib/inline-stylesheet.tsx) only the rules its own markup uses, which
// Beasties finds by matching each selector against the page. The page's HTML then fits, with its
// headers, in the first round trip of a new connection (~14 KB) and paints without waiting for a
// stylesheet. A page whose script shows more later loads the whole sheet then (app/entry.client.tsx).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import Beasties from "beasties";
import { files } from "./compress";

function pageBeasties() {
  return new Beasties({
    reduceInlineStyles: true,
    // Selectors Beasties can't match against the page, kept whole: Tailwind's :where()/:is() forms
    // (space-y, divide-y, group-hover), whose pseudo-class stripping leaves nothing to match; [id],
    // which it mistakes for an id selector; the `[&_svg]` and `[&>svg]` classes, which it compares
    // undecoded with the page's `[&amp;_svg]` and `[&amp;&gt;svg]`; and the `file:` variants, whose
    // ::file-selector-button it cannot match; and the scroll lock under an open modal dialog, a state
    // no prerendered page is in.
    allowRules: [/:where\(|:is\(/, "[id]", /\\\[\\&/, /::file-selector-button/, /dialog:modal/],
    logLevel: "warn",
  });
}

/** Reduces the inline stylesheet of every page under clientDir; returns the sizes before and after. */
export async function reduceInlineStylesheets(clientDir: string, beasties = pageBeasties()) {
  let pages = 0;
  for (const file of [...files(clientDir)].filter((path) => path.endsWith(".html"))) {
    writeFileSync(file, await beasties.process(readFileSync(file, "utf8")));
    pages++;
  }
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? "build/client");
  const pages = await reduceInlineStylesheets(dir);
  if (pages === 0) throw new Error(`No page in ${dir}`);
  console.log(`Critical CSS: ${pages} pages carry only the rules they use`);
}
