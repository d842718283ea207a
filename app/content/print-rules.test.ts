import { describe, expect, it } from "vitest";
import { products } from "./catalogue";
import { colourChoices, describeMethod, itemKind, itemKinds, printRuleOf, printRules } from "./print-rules";

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
  it("give every catalogue item a kind, a print method and a print area", () => {
    for (const product of products) {
      const rule = printRuleOf(product.id);
      expect(rule, product.id).toBeDefined();
      expect(rule!.areaMm.width, product.id).toBeGreaterThan(0);
      expect(rule!.areaMm.height, product.id).toBeGreaterThan(0);
      expect(
        rule!.method.colours === "full" || (Number.isInteger(rule!.method.colours) && rule!.method.colours >= 1),
        product.id,
      ).toBe(true);
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

  it("say how many colours a method prints, and offer a few colours for full-colour methods", () => {
    expect(describeMethod(printRules.pen.method)).toBe("Pad print, 1 colour");
    expect(describeMethod(printRules["chit-pad"].method)).toBe("Screen print, up to 4 colours");
    expect(describeMethod(printRules.mug.method)).toBe("Full-colour wrap (sublimation)");
    expect(colourChoices(printRules.pen.method)).toBe(1);
    expect(colourChoices(printRules.mug.method)).toBe(4);
  });
});
