import { describe, expect, it } from "vitest";
import { productsIn } from "./catalogue";
import { featuresShown, featuresShownOnPage } from "./product-pages";

describe("features shown on the category pages", () => {
  it("is 2 for pens, 3 for chit pads and office accessories, and all for drinkware", () => {
    expect(featuresShownOnPage).toEqual({ pens: 2, "paper-chit-pads": 3, drinkware: "all", "office-accessories": 3 });
  });

  it("lists the first features of each product in order", () => {
    for (const pen of productsIn("pens")) expect(featuresShown(pen)).toEqual(pen.features.slice(0, 2));
    for (const pad of productsIn("paper-chit-pads")) expect(featuresShown(pad)).toEqual(pad.features.slice(0, 3));
    for (const item of productsIn("office-accessories")) expect(featuresShown(item)).toHaveLength(3);
    for (const mug of productsIn("drinkware")) expect(featuresShown(mug)).toEqual(mug.features);
  });

  it("uses the page's rule when given one", () => {
    const mug = productsIn("drinkware")[0]!;
    expect(featuresShown(mug, "pens")).toEqual(mug.features.slice(0, 2));
  });
});
