import { describe, expect, it } from "vitest";
import { products } from "./catalogue";
import { exampleBrands, portfolioStats } from "./portfolio";

describe("portfolio content", () => {
  it("shows the four figures from the specification", () => {
    expect(portfolioStats.map((stat) => stat.value)).toEqual(["30+", "16+", "6", "100%"]);
  });

  it("lists twelve distinct example brands, each one the catalogue promotes, with the not-affiliated note", () => {
    expect(new Set(exampleBrands.names).size).toBe(12);
    const catalogueBrands = new Set(products.map((product) => product.brand.split(" - ").at(-1)));
    for (const name of exampleBrands.names) expect(catalogueBrands).toContain(name);
    expect(exampleBrands.note).toMatch(/examples/);
    expect(exampleBrands.note).toMatch(/not affiliated/);
    // The heading says no more than the note: examples, not clients.
    expect(exampleBrands.title).toMatch(/example/i);
    expect(exampleBrands.title).not.toMatch(/printed for|clients|worked with/i);
  });
});
