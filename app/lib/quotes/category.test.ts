import { describe, expect, it } from "vitest";
import { categorySlugs } from "~/content/categories";
import { categoryInWords, comparableWords, requestCategory } from "./category";

// A request's category from the words buyers use, as the office received them (English, Urdu, mixed).

describe("a request's category from its words", () => {
  it.each([
    ["Custom pens with logo", "pens"],
    ["PENS", "pens"],
    ["ball pen with logo", "pens"],
    ["500 ballpoints, blue ink", "pens"],
    ["Chit pad boxes for doctors", "paper-chit-pads"],
    ["sticky notes", "paper-chit-pads"],
    ["Coffee mugs, 11 oz", "drinkware"],
    ["steel water bottles", "drinkware"],
    ["A5 diaries with our logo", "office-accessories"],
    ["Desk calendar 2027", "office-accessories"],
    ["pen holders", "office-accessories"], // the longer name at the same word wins over "pen"
    ["ONSET Pen Holder", "office-accessories"],
    ["maze games for reps", "games"],
    ["Polo shirts, embroidered", "shirts"],
    ["T-shirts for the conference", "shirts"],
    ["Acrylic award shields", "acrylic"],
    ["Trophies", "acrylic"],
    ["Wall clocks with our brand", "clocks"],
    ["Café mugs", "drinkware"], // an accent is no obstacle
  ])("reads %j as %s", (words, category) => {
    expect(categoryInWords(words)).toBe(category);
  });

  it.each([
    ["قلم", "pens"],
    ["۵۰۰ قلم لوگو کے ساتھ", "pens"],
    ["بال پین", "pens"],
    ["پین چاہییں", "pens"],
    ["کپ", "drinkware"],
    ["چائے کے مگ", "drinkware"],
    ["ڈائری", "office-accessories"],
    ["نوٹ بک اور ڈائریاں", "office-accessories"],
    ["گھڑی", "clocks"],
    ["دیوار کی گھڑیاں", "clocks"],
    ["ٹی شرٹ", "shirts"],
    ["ایوارڈ شیلڈ", "acrylic"],
    ["چٹ پیڈ", "paper-chit-pads"],
    ["پزل گیم", "games"],
  ])("reads the Urdu %j as %s", (words, category) => {
    expect(categoryInWords(words)).toBe(category);
  });

  it("ignores Urdu's vowel marks and the Arabic keyboard's letters, as it ignores case and accents", () => {
    expect(categoryInWords("قَلَم")).toBe("pens"); // with zabar
    expect(categoryInWords("گهڑی")).toBe("clocks"); // Arabic heh for do-chashmi heh
    expect(categoryInWords("ڈائري")).toBe("office-accessories"); // Arabic yeh
    expect(comparableWords("Ｐｅｎｓ, Café")).toEqual(["pens", "cafe"]);
  });

  it("matches whole words only, and names nothing in words it does not know", () => {
    expect(categoryInWords("Lanyards for a conference")).toBeNull();
    expect(categoryInWords("Penalty notices")).toBeNull(); // "pen" inside a word
    expect(categoryInWords("Cupboards")).toBeNull();
    expect(categoryInWords("USB pen drives 16 GB")).toBeNull(); // a pen drive is no pen
    expect(categoryInWords("")).toBeNull();
  });

  it("takes the category named first when the words name two", () => {
    expect(categoryInWords("Mugs and pens")).toBe("drinkware");
    expect(categoryInWords("Pens and mugs")).toBe("pens");
    expect(categoryInWords("قلم اور کپ")).toBe("pens");
    expect(categoryInWords("pen drives and mugs")).toBe("drinkware");
  });

  it("knows every category by its label and its page title", () => {
    for (const slug of categorySlugs) expect(requestCategory(slugLabel(slug), null)).toBe(slug);
  });

  it("takes the studio design's item first, then the product's words, then the message's, else Other", () => {
    expect(requestCategory("Mugs", "onset-pen")).toBe("pens");
    expect(requestCategory("", null, "We need 500 diaries with our logo")).toBe("office-accessories");
    expect(requestCategory("Pens", null, "and some mugs")).toBe("pens");
    expect(requestCategory("Giveaways", null, "for our launch")).toBe("other");
    expect(requestCategory("anything", "no-such-item")).toBe("other");
  });
});

function slugLabel(slug: (typeof categorySlugs)[number]) {
  return {
    pens: "Custom Pens",
    "paper-chit-pads": "Paper Chit Pads",
    drinkware: "Drinkware & Mugs",
    "office-accessories": "Office Accessories",
    games: "Games",
    shirts: "Shirts & Apparel",
    acrylic: "Acrylic Awards",
    clocks: "Custom Wall Clocks",
  }[slug];
}
