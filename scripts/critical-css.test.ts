import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { reduceInlineStylesheets } from "./critical-css";

const page = (css: string, body: string) =>
  `<!DOCTYPE html><html><head><style id="site-css">${css}</style></head><body>${body}</body></html>`;

async function reduced(css: string, body: string) {
  const dir = tempDir("critical-css");
  writeFileSync(join(dir, "index.html"), page(css, body));
  await reduceInlineStylesheets(dir);
  return /<style id="site-css">([^<]*)<\/style>/.exec(readFileSync(join(dir, "index.html"), "utf8"))?.[1];
}

describe("reduceInlineStylesheets", () => {
  it("keeps the rules the page's markup uses and drops the others", async () => {
    const css = ".used{color:red}.unused{color:blue}@media (min-width:40rem){.used{color:green}.unused{color:pink}}";
    expect(await reduced(css, '<p class="used">x</p>')).toBe(
      ".used{color:red}@media (min-width:40rem){.used{color:green}}",
    );
  });

  it("keeps what Beasties alone would lose: escaped classes, :where()/:is() selectors, [id]", async () => {
    const css =
      ".\\[\\&_svg\\]\\:size-4 svg{width:1rem}:where(.space-y-2>:not(:last-child)){margin:0}[id]{scroll-margin-top:5rem}.gone{color:red}";
    const critical = await reduced(css, '<a class="[&amp;_svg]:size-4 space-y-2" id="x"><svg></svg></a>');
    expect(critical).toContain(".\\[\\&_svg\\]\\:size-4 svg{width:1rem}");
    expect(critical).toContain(":where(.space-y-2>:not(:last-child)){margin:0}");
    expect(critical).toContain("[id]{scroll-margin-top:5rem}");
    expect(critical).not.toContain(".gone");
  });
});
