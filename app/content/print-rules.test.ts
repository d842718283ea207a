import { describe, expect, it } from "vitest";
import { products } from "./catalogue";
import { itemPageText } from "./portfolio-item";
import {
  type PrintMethod,
  colourChoices,
  describeMethod,
  describeMethods,
  itemKind,
  itemKinds,
  printMethods,
  printRuleOf,
  printRules,
} from "./print-rules";

type Matrix = [number, number, number, number, number, number];
const multiply = ([a, b, c, d, e, f]: Matrix, [g, h, i, j, k, l]: Matrix): Matrix => [
  a * g + c * h,
  b * g + d * h,
  a * i + c * j,
  b * i + d * j,
  a * k + c * l + e,
  b * k + d * l + f,
];

/** The matrix of an SVG transform list of translate, rotate and matrix steps. */
function transformMatrix(transform = ""): Matrix {
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  for (const [, name, args = ""] of transform.matchAll(/(\w+)\(([^)]*)\)/g)) {
    const n = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (name === "translate") matrix = multiply(matrix, [1, 0, 0, 1, n[0]!, n[1] ?? 0]);
    else if (name === "matrix") matrix = multiply(matrix, n as Matrix);
    else if (name === "rotate") {
      const [angle = 0, cx = 0, cy = 0] = n;
      const r = (angle * Math.PI) / 180;
      matrix = multiply(
        multiply(multiply(matrix, [1, 0, 0, 1, cx, cy]), [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]),
        [1, 0, 0, 1, -cx, -cy],
      );
    } else throw new Error(`Unexpected transform ${name}`);
  }
  return matrix;
}
const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => [a * x + c * y + e, b * x + d * y + f] as const;

describe("print rules", () => {
  it("give every catalogue item a kind and a print area, and every item names how it is printed", () => {
    for (const product of products) {
      const rule = printRuleOf(product.id);
      expect(rule, product.id).toBeDefined();
      expect(rule!.areaMm.width, product.id).toBeGreaterThan(0);
      expect(rule!.areaMm.height, product.id).toBeGreaterThan(0);
      for (const method of product.print)
        expect(method.colours === "full" || (Number.isInteger(method.colours) && method.colours >= 1), product.id).toBe(
          true,
        );
    }
    expect(printRuleOf("onset-umbrella")).toBeUndefined();
  });

  it("tell a pen holder from a pen, and a pen's variants from other items", () => {
    expect(itemKind("onset-pen-holder")).toBe("pen-holder");
    expect(itemKind("naprox-pen-metal")).toBe("pen");
    expect(itemKind("onset-pen")).toBe("pen");
    expect(itemKind("biofer-travel-mug")).toBe("travel-mug");
    expect(itemKind("marena-mug")).toBe("mug");
  });

  it("place each area in its drawing with the proportions of its millimetres, inside the 800x600 drawing", () => {
    for (const kind of itemKinds) {
      const { areaMm, drawing } = printRules[kind];
      expect(drawing.w / drawing.h, kind).toBeCloseTo(areaMm.width / areaMm.height, 2);
      const matrix = transformMatrix(drawing.transform);
      const corners = [
        [drawing.x, drawing.y],
        [drawing.x + drawing.w, drawing.y],
        [drawing.x, drawing.y + drawing.h],
        [drawing.x + drawing.w, drawing.y + drawing.h],
      ].map(([x, y]) => apply(matrix, x!, y!));
      for (const [x, y] of corners) {
        expect(x, kind).toBeGreaterThanOrEqual(0);
        expect(x, kind).toBeLessThanOrEqual(800);
        expect(y, kind).toBeGreaterThanOrEqual(0);
        expect(y, kind).toBeLessThanOrEqual(600);
      }
    }
  });

  it("say how many colours a method prints, and offer a few colours for full-colour methods, none for foil or engraving", () => {
    expect(describeMethod(printMethods.padPrint(1))).toBe("Pad print, 1 colour");
    expect(describeMethod(printMethods.screenPrint(4))).toBe("Screen print, up to 4 colours");
    expect(describeMethod(printMethods.sublimation)).toBe("Full-colour wrap (sublimation)");
    expect(describeMethods([printMethods.goldFoil, printMethods.padPrint(1)])).toBe(
      "Gold foil stamping; Pad print, 1 colour",
    );
    expect(colourChoices(printMethods.padPrint(1))).toBe(1);
    expect(colourChoices(printMethods.sublimation)).toBe(4);
    expect(colourChoices(printMethods.laserEngraving)).toBe(0);
  });
});

/** What an item's page says of it besides the print method line: its description and features. */
const pageText = (product: (typeof products)[number]) => [product.description, ...product.features].join(" \n ");

/** Words on a page that name a print method, and whether one of the item's methods is that. */
const namedOnPage: [RegExp, (method: PrintMethod) => boolean][] = [
  [/pad[- ]print/i, (method) => method.name === "Pad print"],
  [/screen[- ]print/i, (method) => method.name === "Screen print"],
  [/laser[- ]engrav/i, (method) => method === printMethods.laserEngraving],
  [/\bfoil\b/i, (method) => method === printMethods.goldFoil],
  [/sublimation/i, (method) => method === printMethods.sublimation],
  [/\bUV print/i, (method) => method === printMethods.uvPrint],
  [/\boffset\b/i, (method) => method === printMethods.offsetPrint],
  [/full[- ](colour|wrap)/i, (method) => method.colours === "full"],
  [/two-colour/i, (method) => typeof method.colours === "number" && method.colours >= 2],
  [/single-colour|one-colour/i, (method) => method.colours === 1],
];

describe("how an item is printed, said once", () => {
  it("agrees with everything the item's page says of its printing", () => {
    for (const product of products) {
      const text = pageText(product);
      for (const [words, isMethod] of namedOnPage)
        if (words.test(text))
          expect(
            product.print.some(isMethod),
            `${product.id} says "${words.source}" but is printed by ${describeMethods(product.print)}`,
          ).toBe(true);
    }
  });

  it("reads the same on the item's page and in its studio: one value, one wording", async () => {
    const { loader: itemLoader } = await import("~/routes/portfolio-item");
    const { loader: studioLoader } = await import("~/routes/portfolio-studio");
    for (const product of products) {
      const args = { params: { id: product.id } } as never;
      const page = await itemLoader(args);
      const studio = await studioLoader(args);
      expect(page.printing.methods, product.id).toBe(describeMethods(product.print));
      expect(studio.item.print, product.id).toBe(product.print);
      expect(page.printing.area, product.id).toEqual(studio.rule.areaMm);
    }
    expect(itemPageText.printMethod).toBe("Print method");
  });

  it("corrects what the studio used to contradict: the ONSET pen, the NAPROX metal pen, the BIOFER pen and travel mug", () => {
    const printing = (id: string) => describeMethods(products.find((product) => product.id === id)!.print);
    expect(printing("onset-pen")).toBe("Pad print, up to 2 colours");
    expect(printing("naprox-pen-metal")).toBe("Laser engraving");
    expect(printing("biofer-pen")).toMatch(/^Gold foil stamping/);
    expect(printing("biofer-travel-mug")).toBe("Laser engraving");
  });
});
