import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coveredByFont, fontWeights, unicodeRange } from "../../scripts/font-ranges";

describe("the subset Inter font", () => {
  const css = readFileSync("app/app.css", "utf8");

  it("is declared in app.css with the range and weights it was cut to", () => {
    expect(css).toContain(`unicode-range: ${unicodeRange()};`);
    expect(css).toContain(`font-weight: ${fontWeights.min} ${fontWeights.max};`);
    expect(css).toContain('src: url("./fonts/inter-latin-wght-subset.woff2")');
  });

  it("covers ASCII and the typographic marks the copy uses, not other letters or scripts", () => {
    for (const c of "Aa0~é©–—‘’“”•…€₨") expect(coveredByFont(c.codePointAt(0)!), c).toBe(true);
    for (const c of "üñЖΩ中ا") expect(coveredByFont(c.codePointAt(0)!), c).toBe(false);
  });
});
