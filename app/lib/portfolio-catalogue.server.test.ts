import { describe, expect, it } from "vitest";
import { type Product, products } from "~/content/catalogue";
import { cardsOf, portfolioItemPage, relatedProducts } from "./portfolio-catalogue.server";

const byId = (id: string): Product => {
  const product = products.find((item) => item.id === id);
  if (!product) throw new Error(`no ${id}`);
  return product;
};
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe("relatedProducts", () => {
  it("shows the same product line first, then the rest of the category from the item onwards", () => {
    // The other NAPROX pens, then the pen after the blue one in the catalogue.
    expect(ids(relatedProducts(byId("naprox-pen-blue"), products))).toEqual([
      "naprox-pen-metal",
      "naprox-pen-red",
      "ciplox-pen",
    ]);
  });

  it("prefers the same company over other companies when no other item of the line is in the category", () => {
    // Pharmedic's CIPLOX chit pad has no CIPLOX sibling among chit pads, but AZYTHRA is Pharmedic's too.
    expect(ids(relatedProducts(byId("ciplox-chit-pad"), products))[0]).toBe("azythra-chit-pad");
  });

  it("offers only other items of the same category, at most three", () => {
    for (const product of products) {
      const related = relatedProducts(product, products);
      expect(related.length, product.id).toBeLessThanOrEqual(3);
      expect(ids(related), product.id).not.toContain(product.id);
      for (const other of related) expect(other.category, product.id).toBe(product.category);
      const others = products.filter((item) => item.category === product.category).length - 1;
      expect(related.length, product.id).toBe(Math.min(3, others));
    }
  });

  it("gives neighbouring items different choices instead of the category's first three every time", () => {
    const pens = products.filter((item) => item.category === "pens");
    const choices = new Set(pens.map((pen) => ids(relatedProducts(pen, products)).join()));
    expect(choices.size).toBe(pens.length);
  });

  it("finds nothing beside an item alone in its category", () => {
    expect(relatedProducts(byId("onset-maze-game"), products)).toEqual([]);
  });
});

describe("portfolioItemPage", () => {
  it("gives the item, its category's names and page, and related items as cards", () => {
    const page = portfolioItemPage("onset-cup");
    expect(page?.product).toBe(byId("onset-cup"));
    expect(page?.category).toEqual({
      slug: "drinkware",
      label: "Drinkware",
      title: "Drinkware & Mugs",
      path: "/products/drinkware",
    });
    expect(ids(page?.related ?? [])).toEqual(["marena-mug", "biofer-travel-mug"]);
    expect(page?.related[0]).not.toHaveProperty("features");
  });

  it("knows no unknown or missing id", () => {
    expect(portfolioItemPage("no-such-item")).toBeUndefined();
    expect(portfolioItemPage(undefined)).toBeUndefined();
  });
});

describe("cardsOf", () => {
  it("gives the cards in the order asked, and names an id the catalogue lacks", () => {
    expect(ids(cardsOf(["onset-cup", "acecol-pen"]))).toEqual(["onset-cup", "acecol-pen"]);
    expect(() => cardsOf(["onset-cup", "onset-umbrella"])).toThrow(/onset-umbrella/);
  });
});
