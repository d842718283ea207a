import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { criticalCss, splitStylesheets, withOnlyReadVariableDefaults } from "./critical-css";

const page = (css: string, body: string) => `<!DOCTYPE html><html><head><style id="site-css">${css}</style></head><body>${body}</body></html>`;

describe("criticalCss", () => {
  it("keeps the rules the page's markup uses and drops the others", async () => {
    const css = ".used{color:red}.unused{color:blue}@media (min-width:40rem){.used{color:green}.unused{color:pink}}";
    expect(await criticalCss(page(css, '<p class="used">x</p>'))).toBe(".used{color:red}@media (min-width:40rem){.used{color:green}}");
  });

  it("keeps what Beasties alone would lose: escaped classes, :where()/:is() selectors, [id], the fonts", async () => {
    const css =
      '@font-face{font-family:Inter;src:url(/a.woff2)}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}:where(.space-y-2>:not(:last-child)){margin:0}[id]{scroll-margin-top:5rem}.gone{color:red}';
    const critical = await criticalCss(page(css, '<a class="[&amp;_svg]:size-4 space-y-2" id="x"><svg></svg></a>'));
    expect(critical).toContain(".\\[\\&_svg\\]\\:size-4 svg{width:1rem}");
    expect(critical).toContain(":where(.space-y-2>:not(:last-child)){margin:0}");
    expect(critical).toContain("[id]{scroll-margin-top:5rem}");
    expect(critical).toContain("@font-face{font-family:Inter;src:url(/a.woff2)}");
    expect(critical).not.toContain(".gone");
  });
});

describe("withOnlyReadVariableDefaults", () => {
  const defaults = "@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000;--tw-translate-x:0}}";

  it("keeps the initial values of the variables the page's rules read, on elements only", () => {
    const css = `${defaults}.shadow{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}`;
    expect(withOnlyReadVariableDefaults(css)).toBe(
      "@layer properties{*{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000}}.shadow{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}",
    );
  });

  it("keeps them on a pseudo-element the page's rules style with them", () => {
    const css = `${defaults}.a:before{translate:var(--tw-translate-x) 0}.b{color:red}`;
    expect(withOnlyReadVariableDefaults(css)).toBe("@layer properties{*,:before{--tw-translate-x:0}}.a:before{translate:var(--tw-translate-x) 0}.b{color:red}");
  });

  it("drops them all when no rule reads them, and leaves every other rule alone", () => {
    const css = `${defaults}*,:after,:before{box-sizing:border-box}.a{color:red}`;
    expect(withOnlyReadVariableDefaults(css)).toBe("@layer properties{}*,:after,:before{box-sizing:border-box}.a{color:red}");
  });
});

describe("splitStylesheets", () => {
  it("gives each page its own rules and the fonts, and writes the rest once, named by every page", async () => {
    const css = "@font-face{font-family:Inter;src:url(/a.woff2)}.a{color:red}.b{color:blue}";
    const dir = tempDir("critical-css");
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "about"));
    writeFileSync(join(dir, "index.html"), page(css, '<p class="a">x</p>'));
    writeFileSync(join(dir, "about", "index.html"), page(css, '<p class="b">x</p>'));

    const { href } = await splitStylesheets(dir);

    const home = readFileSync(join(dir, "index.html"), "utf8");
    const about = readFileSync(join(dir, "about", "index.html"), "utf8");
    expect(home).toContain(`<style id="site-css" data-href="${href}">.a{color:red}@font-face{font-family:Inter;src:url(/a.woff2)}</style>`);
    expect(about).toContain(`<style id="site-css" data-href="${href}">.b{color:blue}@font-face{font-family:Inter;src:url(/a.woff2)}</style>`);
    // The fonts are already declared inline; declaring them again would lay the page out again.
    expect(readFileSync(join(dir, href), "utf8")).toBe(".a{color:red}.b{color:blue}");
  });
});
