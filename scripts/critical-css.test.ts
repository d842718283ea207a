import { describe, expect, it } from "vitest";
import { criticalCss } from "./critical-css";

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
