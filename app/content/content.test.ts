import { describe, expect, it } from "vitest";
import { caseStudies, testimonials } from "./case-studies";
import { products, productsIn, productsOfBrand, splitBrand } from "./catalogue";
import { categories, categorySlugs } from "./categories";
import { apparelOptions, awardOptions, chitPadFinishes, clockOptions, officeUseCases } from "./product-pages";
import { catalogueSchema, fourOptionCardsSchema, parseContent, productSchema } from "./schema";
import { validateContent } from "./validate.server";

describe("catalogue", () => {
  it("holds 27 products: pens 11, chit pads 7, drinkware 3, office accessories 5, games 1, and none for shirts, acrylic or clocks", () => {
    expect(products).toHaveLength(27);
    const counts = Object.fromEntries(categorySlugs.map((slug) => [slug, productsIn(slug).length]));
    expect(counts).toEqual({
      pens: 11,
      "paper-chit-pads": 7,
      drinkware: 3,
      "office-accessories": 5,
      games: 1,
      shirts: 0,
      acrylic: 0,
      clocks: 0,
    });
  });

  it("includes the specification's sample ids and brands written 'Company - PRODUCT'", () => {
    const ids = products.map((product) => product.id);
    for (const id of [
      "acecol-pen",
      "biofer-pen",
      "onset-pen",
      "naprox-pen-red",
      "azythra-chit-pad",
      "onset-cup",
      "onset-maze-game",
    ]) {
      expect(ids).toContain(id);
    }
    const brands = products.map((product) => product.brand);
    expect(brands).toContain("Pharmedic - ONSET");
    expect(brands).toContain("Pharmedic - CIPLOX");
  });

  it("gives every product a unique id, 3 to 6 features and its own image path", () => {
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    for (const product of products) {
      expect(product.features.length, product.id).toBeGreaterThanOrEqual(3);
      expect(product.features.length, product.id).toBeLessThanOrEqual(6);
      expect(product.image).toBe(`/images/products/${product.id}.svg`);
    }
  });

  it("splits a brand into company and product name", () => {
    expect(splitBrand("Zenith Pharma - BIOFER")).toEqual({ company: "Zenith Pharma", name: "BIOFER" });
  });
});

describe("content schema", () => {
  const valid = products[0]!;

  it("rejects a product with a missing field, too few features, an unknown category or a bad brand", () => {
    const { description: _, ...noDescription } = valid;
    expect(productSchema.safeParse(noDescription).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, features: ["one", "two"] }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, category: "hats" }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, brand: "ONSET" }).success).toBe(false);
    expect(productSchema.safeParse(valid).success).toBe(true);
  });

  it("fails loading with the module's name and the duplicate id", () => {
    expect(() => parseContent(catalogueSchema, [valid, valid], "app/content/catalogue.ts")).toThrow(
      /Invalid content in app\/content\/catalogue\.ts[^]*duplicate product id 'acecol-pen'/,
    );
  });

  it("accepts all of the site's content, as the build does", () => {
    expect(() => validateContent()).not.toThrow();
  });

  it("wants exactly four option cards", () => {
    expect(fourOptionCardsSchema.safeParse(apparelOptions.slice(0, 3)).success).toBe(false);
  });
});

describe("categories", () => {
  it("has all eight, each with a label, and a page for every one but games", () => {
    expect(Object.keys(categories)).toEqual([...categorySlugs]);
    for (const category of Object.values(categories)) expect(category.label).not.toBe("");
    expect(
      Object.values(categories)
        .filter((category) => !category.path)
        .map((category) => category.slug),
    ).toEqual(["games"]);
    expect(categories.pens.path).toBe("/products/pens");
  });
});

describe("case studies", () => {
  const count = (id: string) => caseStudies.find((study) => study.id === id)?.productsCount;

  it("are the ONSET line, NAPROX pens, the Marena campaign and a chit pad collection for 7 brands", () => {
    expect(caseStudies.map((study) => study.title)).toEqual([
      "The ONSET Product Line",
      "NAPROX Pens in Three Editions",
      "MARENA Women's Health Campaign",
      "A Chit Pad Collection for 7 Brands",
    ]);
  });

  it("count ONSET's and NAPROX's products from the catalogue by brand; Marena 2; chit pads 7", () => {
    const byBrand = (name: string) => products.filter((product) => product.brand.includes(name)).length;
    expect(count("onset-product-line")).toBe(byBrand("ONSET"));
    expect(count("onset-product-line")).toBe(4);
    expect(count("naprox-pens")).toBe(byBrand("NAPROX"));
    expect(count("naprox-pens")).toBe(3);
    expect(count("marena-campaign")).toBe(2);
    expect(count("chit-pad-collection")).toBe(7);
    expect(productsOfBrand("ONSET").map((product) => product.id)).toContain("onset-maze-game");
  });

  it("are followed by two testimonials with anonymous roles", () => {
    expect(testimonials).toHaveLength(2);
    for (const testimonial of testimonials) expect(testimonial.role).toMatch(/company/i);
  });
});

describe("option cards", () => {
  it("has four each for apparel, awards and clocks, and finishes and use cases", () => {
    for (const cards of [apparelOptions, awardOptions, clockOptions]) expect(cards).toHaveLength(4);
    expect(chitPadFinishes.length).toBeGreaterThan(0);
    expect(officeUseCases.length).toBeGreaterThan(0);
  });
});
