import { describe, expect, it } from "vitest";
import { type Product, products } from "~/content/catalogue";
import { countByCategory, filterOptions, portfolioCards } from "./portfolio-catalogue.server";
import { categoryText, productDialogId } from "./portfolio-filter";

const make = (id: string, category: Product["category"]): Product => ({
  id,
  priceItemId: "metal-ball-pen-pad-print",
  title: id,
  image: `/images/products/${id}.svg`,
  category,
  brand: "Test - BRAND",
  description: "",
  print: [{ name: "Pad print", colours: 1 }],
  features: [],
  colour: "#000000",
});

describe("portfolio filter options", () => {
  it("counts the catalogue's categories: All 27, then the five with products, in order", () => {
    expect(filterOptions(products)).toEqual([
      { value: "all", label: "All", count: 27 },
      { value: "pens", label: "Pens", count: 11 },
      { value: "paper-chit-pads", label: "Paper Chit Pads", count: 7 },
      { value: "drinkware", label: "Drinkware", count: 3 },
      { value: "office-accessories", label: "Office Accessories", count: 5 },
      { value: "games", label: "Games", count: 1 },
    ]);
  });

  it("derives counts from the products it is given and hides empty categories", () => {
    const sample = [make("a", "clocks"), make("b", "clocks"), make("c", "pens")];
    expect(countByCategory(sample)).toMatchObject({ clocks: 2, pens: 1, games: 0, shirts: 0 });
    expect(filterOptions(sample).map((option) => [option.value, option.count])).toEqual([
      ["all", 3],
      ["pens", 1],
      ["clocks", 2],
    ]);
  });

  it("shows only All (0) for an empty catalogue", () => {
    expect(filterOptions([])).toEqual([{ value: "all", label: "All", count: 0 }]);
  });
});

describe("the grid's data", () => {
  it("link cards carry every product in order with what a card shows, and no features", () => {
    const cards = portfolioCards(products);
    expect(cards.map((card) => card.id)).toEqual(products.map((product) => product.id));
    expect(cards.some((card) => "features" in card)).toBe(false);
  });

  it("names each item's dialog after its id, and shows a category with dashes as spaces", () => {
    expect(productDialogId("onset-pen")).toBe("product-onset-pen");
    expect(categoryText("paper-chit-pads")).toBe("paper chit pads");
    expect(categoryText("pens")).toBe("pens");
  });
});
