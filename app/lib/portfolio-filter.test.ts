import { describe, expect, it } from "vitest";
import { type Product, products } from "~/content/catalogue";
import { countByCategory, filterOptions, portfolioCards } from "./portfolio-catalogue.server";
import { categoryText, filterProducts, findProduct, parseFilter } from "./portfolio-filter";

const make = (id: string, category: Product["category"]): Product => ({
  id,
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

describe("filtering", () => {
  it("keeps only the chosen category, and everything for All", () => {
    const pens = filterProducts(products, "pens");
    expect(pens).toHaveLength(11);
    expect(pens.every((product) => product.category === "pens")).toBe(true);
    expect(filterProducts(products, "games").map((product) => product.id)).toEqual(["onset-maze-game"]);
    expect(filterProducts(products, "all")).toEqual(products);
    expect(filterProducts(products, "clocks")).toEqual([]);
  });

  it("reads ?category= as a category with products, else All", () => {
    const options = filterOptions(products);
    expect(parseFilter("pens", options)).toBe("pens");
    expect(parseFilter("paper-chit-pads", options)).toBe("paper-chit-pads");
    expect(parseFilter(null, options)).toBe("all");
    expect(parseFilter("", options)).toBe("all");
    expect(parseFilter("clocks", options)).toBe("all");
    expect(parseFilter("no-such-thing", options)).toBe("all");
  });
});

describe("the grid's cards", () => {
  it("carry every product in order with what a card shows, and no features", () => {
    const cards = portfolioCards(products);
    expect(cards.map((card) => card.id)).toEqual(products.map((product) => product.id));
    expect(cards[0]).toEqual({
      id: products[0]!.id,
      title: products[0]!.title,
      image: products[0]!.image,
      category: products[0]!.category,
      brand: products[0]!.brand,
      description: products[0]!.description,
    });
    expect(cards.some((card) => "features" in card)).toBe(false);
  });
});

describe("the product in the URL", () => {
  it("finds a product by id and ignores unknown or missing ids", () => {
    expect(findProduct(products, "onset-maze-game")?.title).toBe("ONSET Maze Game");
    expect(findProduct(products, "no-such-product")).toBeUndefined();
    expect(findProduct(products, null)).toBeUndefined();
  });

  it("shows a category with dashes as spaces", () => {
    expect(categoryText("paper-chit-pads")).toBe("paper chit pads");
    expect(categoryText("pens")).toBe("pens");
  });
});
