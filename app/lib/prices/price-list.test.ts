import { describe, expect, it } from "vitest";
import {
  changesBetween,
  describeChange,
  editRows,
  isValidList,
  itemForWords,
  optionsAround,
  type PriceItem,
  type PriceList,
  priceAt,
  priceFormSchema,
  readPriceForm,
  searchItems,
} from "./price-list";

const list: PriceList = {
  itemId: "metal-ball-pen-pad-print",
  name: "Metal ball pen, one-colour pad print",
  category: "pens",
  retiredAt: null,
  updatedAt: "2026-11-24T10:02:00.000Z",
  breaks: [
    { quantity: 100, unitPaisa: 12_000 },
    { quantity: 250, unitPaisa: 10_500 },
    { quantity: 500, unitPaisa: 9_500 },
    { quantity: 1_000, unitPaisa: 8_500 },
  ],
  setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
  leadTimeDays: 10,
};

describe("priceAt (what priceFor answers)", () => {
  it("takes the highest break at or below the quantity", () => {
    expect(priceAt(list, 499)).toEqual({
      itemId: "metal-ball-pen-pad-print",
      quantity: 499,
      unitPaisa: 10_500,
      breakQuantity: 250,
      belowLowestBreak: false,
      leadTimeDays: 10,
      setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
    });
    expect(priceAt(list, 500)).toMatchObject({ unitPaisa: 9_500, breakQuantity: 500 });
    expect(priceAt(list, 100)).toMatchObject({ unitPaisa: 12_000, breakQuantity: 100, belowLowestBreak: false });
  });

  it("keeps the highest break's price for any quantity above it", () => {
    expect(priceAt(list, 25_000)).toMatchObject({ unitPaisa: 8_500, breakQuantity: 1_000 });
  });

  it("gives the lowest break's price below every break, and says so", () => {
    expect(priceAt(list, 40)).toMatchObject({ unitPaisa: 12_000, breakQuantity: 100, belowLowestBreak: true });
  });

  it("reads breaks in any order", () => {
    const shuffled = { ...list, breaks: [...list.breaks].reverse() };
    expect(priceAt(shuffled, 300)).toMatchObject({ unitPaisa: 10_500, breakQuantity: 250 });
    expect(priceAt(shuffled, 1)).toMatchObject({ breakQuantity: 100, belowLowestBreak: true });
  });

  it("is null for a list with no breaks, and refuses a quantity that is not whole pieces from 1", () => {
    expect(priceAt({ ...list, breaks: [] }, 100)).toBeNull();
    for (const quantity of [0, -5, 2.5, Number.NaN]) expect(() => priceAt(list, quantity)).toThrow(RangeError);
  });

  it("hands out a copy of the set-up charges: a caller changing them changes no list", () => {
    const price = priceAt(list, 100)!;
    price.setupCharges[0]!.paisa = 1;
    expect(list.setupCharges[0]!.paisa).toBe(250_000);
  });
});

type Form = {
  quantity?: string[];
  unitPrice?: string[];
  setupLabel?: string[];
  setupAmount?: string[];
  leadTimeDays?: string;
};
const read = (form: Form) =>
  readPriceForm(
    priceFormSchema.parse({
      intent: "save",
      quantity: [],
      unitPrice: [],
      setupLabel: [],
      setupAmount: [],
      leadTimeDays: "10",
      ...form,
    }),
  );
const messages = (form: Form) => {
  const result = read(form);
  if (result.ok) throw new Error("Accepted");
  return result.errors;
};

describe("the editor's form", () => {
  it("reads rupees and pieces as people type them, sorts the breaks and drops blank rows", () => {
    const result = read({
      quantity: ["1,000", "", "100", "500 pcs"],
      unitPrice: ["PKR 85", "", "Rs 120.5", "95"],
      setupLabel: ["  Screen print,   per colour ", ""],
      setupAmount: ["2,500", ""],
      leadTimeDays: " 12 ",
    });
    expect(result).toEqual({
      ok: true,
      list: {
        breaks: [
          { quantity: 100, unitPaisa: 12_050 },
          { quantity: 500, unitPaisa: 9_500 },
          { quantity: 1_000, unitPaisa: 8_500 },
        ],
        setupCharges: [{ label: "Screen print, per colour", paisa: 250_000 }],
        leadTimeDays: 12,
      },
    });
    if (result.ok) expect(isValidList(result.list)).toBe(true);
  });

  it("refuses a quantity given twice, on the second one's field", () => {
    expect(messages({ quantity: ["500", "250", "500"], unitPrice: ["95", "105", "92"] })).toEqual([
      { field: "break-2-quantity", message: "Break 3: 500 pcs is already break 1; keep one of them." },
    ]);
  });

  it("names both problems of a row whose quantity is given twice and whose price is wrong", () => {
    expect(messages({ quantity: ["500", "500"], unitPrice: ["95", "-90"] }).map((error) => error.field)).toEqual([
      "break-1-quantity",
      "break-1-price",
    ]);
  });

  it("refuses negative, malformed, zero and missing unit prices, each with its own words", () => {
    expect(
      messages({ quantity: ["100", "250", "500", "1000"], unitPrice: ["-95", "ninety", "0", ""] }).map(
        (error) => `${error.field}: ${error.message}`,
      ),
    ).toEqual([
      "break-0-price: Break 1: an amount cannot be negative.",
      "break-1-price: Break 2: the unit price is not an amount in rupees; write it like 92 or 92.50 (at most two decimals).",
      "break-2-price: Break 3: the unit price must be more than PKR 0.",
      "break-3-price: Break 4: write the unit price in rupees, such as 92 or 92.50.",
    ]);
    expect(messages({ quantity: ["100"], unitPrice: ["92.505"] })[0]?.field).toBe("break-0-price");
  });

  it("takes a break at 1,000,000 pcs and PKR 1,000,000,000 a piece, and refuses one piece or one paisa more", () => {
    expect(read({ quantity: ["1,000,000"], unitPrice: ["1,000,000,000"] }).ok).toBe(true);
    expect(messages({ quantity: ["1,000,001"], unitPrice: ["95"] }).map((error) => error.field)).toEqual([
      "break-0-quantity",
    ]);
    expect(messages({ quantity: ["100"], unitPrice: ["1,000,000,000.01"] }).map((error) => error.field)).toEqual([
      "break-0-price",
    ]);
  });

  it("refuses quantities that are not whole pieces", () => {
    for (const quantity of ["0", "-100", "2.5", "lots", "2000000"]) {
      expect(messages({ quantity: [quantity], unitPrice: ["95"] }), quantity).toEqual([
        {
          field: "break-0-quantity",
          message: "Break 1: write the quantity in pieces, a whole number from 1 to 1,000,000 (such as 500).",
        },
      ]);
    }
  });

  it("refuses a larger quantity that costs more a piece, saying both breaks", () => {
    expect(messages({ quantity: ["500", "100", "1000"], unitPrice: ["92", "120", "95"] })).toEqual([
      {
        field: "break-2-price",
        message:
          "Break 3: 1,000 pcs at PKR 95 a piece costs more than 500 pcs at PKR 92; a larger quantity should not cost more a piece.",
      },
    ]);
  });

  it("needs at least one break, and a lead time of 1 to 365 whole business days", () => {
    expect(messages({ leadTimeDays: "10" })).toEqual([
      { field: "break-0-quantity", message: "Add at least one quantity break with its unit price." },
    ]);
    for (const leadTimeDays of ["", "0", "1.5", "366", "ten"]) {
      expect(messages({ quantity: ["100"], unitPrice: ["95"], leadTimeDays }), leadTimeDays).toEqual([
        { field: "lead-time", message: "Write the lead time as a whole number of business days, from 1 to 365." },
      ]);
    }
  });

  it("refuses a set-up charge without a label or amount, a negative one, and one named twice", () => {
    const errors = messages({
      quantity: ["100"],
      unitPrice: ["95"],
      setupLabel: ["", "Laser engraving", "laser engraving", "Screen print, per colour"],
      setupAmount: ["1,500", "", "1,500", "-2500"],
    });
    expect(errors.map((error) => error.field)).toEqual(["setup-0-label", "setup-1-amount", "setup-3-amount"]);
    expect(errors[2]?.message).toBe("Set-up charge 4: an amount cannot be negative.");
    expect(
      messages({
        quantity: ["100"],
        unitPrice: ["95"],
        setupLabel: ["Laser engraving", "laser engraving"],
        setupAmount: ["1,500", "1,800"],
      }),
    ).toEqual([
      {
        field: "setup-1-label",
        message: 'Set-up charge 2: "laser engraving" is already set-up charge 1; keep one of them.',
      },
    ]);
  });

  it("gives back every field as typed when it refuses, so nothing is lost", () => {
    const result = read({
      quantity: ["500", "500"],
      unitPrice: ["95", "abc"],
      setupLabel: ["Laser engraving"],
      setupAmount: ["1,500"],
      leadTimeDays: "x",
    });
    expect(result).toMatchObject({
      ok: false,
      values: {
        breaks: [
          { quantity: "500", unitPrice: "95" },
          { quantity: "500", unitPrice: "abc" },
        ],
        setupCharges: [{ label: "Laser engraving", amount: "1,500" }],
        leadTimeDays: "x",
      },
    });
  });

  it("caps the number of rows a post may carry", () => {
    const many = Array.from({ length: 21 }, (_, index) => String(index + 1));
    const parsed = priceFormSchema.safeParse({
      intent: "save",
      quantity: many,
      unitPrice: many,
      setupLabel: [],
      setupAmount: [],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("At most 20 quantity breaks.");
  });
});

describe("adding and removing rows (the desk runs no script: each is a post)", () => {
  const values = {
    breaks: [
      { quantity: "100", unitPrice: "120" },
      { quantity: "500", unitPrice: "95" },
    ],
    setupCharges: [{ label: "Laser engraving", amount: "1,500" }],
    leadTimeDays: "10",
  };

  it("adds a blank row at the end, keeping every field as typed", () => {
    expect(editRows(values, "add-break").breaks).toEqual([...values.breaks, { quantity: "", unitPrice: "" }]);
    expect(editRows(values, "add-setup")).toEqual({
      ...values,
      setupCharges: [...values.setupCharges, { label: "", amount: "" }],
    });
  });

  it("removes the row its button stands beside, and no other", () => {
    expect(editRows(values, "remove-break-0").breaks).toEqual([{ quantity: "500", unitPrice: "95" }]);
    expect(editRows(values, "remove-setup-0")).toEqual({ ...values, setupCharges: [] });
    expect(editRows(values, "remove-break-7")).toEqual(values);
  });

  it("adds no row past the limit", () => {
    const full = { ...values, breaks: Array.from({ length: 20 }, () => ({ quantity: "1", unitPrice: "1" })) };
    expect(editRows(full, "add-break").breaks).toHaveLength(20);
  });

  it("takes only the editor's own intents", () => {
    const form = { quantity: [], unitPrice: [], setupLabel: [], setupAmount: [] };
    for (const intent of ["save", "add-break", "add-setup", "remove-break-3", "remove-setup-12"])
      expect(priceFormSchema.safeParse({ ...form, intent }).success, intent).toBe(true);
    for (const intent of ["delete", "remove-break-", "remove-break-1; drop", "", undefined])
      expect(priceFormSchema.safeParse({ ...form, intent }).success, String(intent)).toBe(false);
  });
});

describe("what a save changed", () => {
  const next = {
    breaks: [
      { quantity: 100, unitPaisa: 12_000 },
      { quantity: 500, unitPaisa: 9_200 },
      { quantity: 1_000, unitPaisa: 8_500 },
      { quantity: 5_000, unitPaisa: 7_000 },
    ],
    setupCharges: [
      { label: "Pad print, per colour", paisa: 300_000 },
      { label: "Laser engraving", paisa: 150_000 },
    ],
    leadTimeDays: 12,
  };

  it("lists each old → new, added and removed, in words", () => {
    expect(changesBetween(list, next).map(describeChange)).toEqual([
      "250 pcs removed (was PKR 105)",
      "500 pcs PKR 95 → PKR 92",
      "5,000 pcs PKR 70 (new)",
      "Set-up “Pad print, per colour” PKR 2,500 → PKR 3,000",
      "Set-up “Laser engraving” PKR 1,500 (new)",
      "Lead time 10 → 12 business days",
    ]);
  });

  it("is every price on a first save, and nothing when nothing changed", () => {
    expect(changesBetween(null, { ...list, setupCharges: [] }).map(describeChange)).toEqual([
      "100 pcs PKR 120 (new)",
      "250 pcs PKR 105 (new)",
      "500 pcs PKR 95 (new)",
      "1,000 pcs PKR 85 (new)",
      "Lead time 10 business days",
    ]);
    expect(changesBetween(list, list)).toEqual([]);
  });
});

describe("the options a quotation line starts with", () => {
  const rupees = (options: { quantity: number; unitPaisa: number }[]) =>
    options.map(({ quantity, unitPaisa }) => `${quantity} @ ${unitPaisa / 100}`);

  it("puts the buyer's quantity between its neighbouring breaks, each at its break's unit price", () => {
    // Breaks 100/250/500/1000 at PKR 120/105/95/85.
    expect(rupees(optionsAround(list, 500))).toEqual(["250 @ 105", "500 @ 95", "1000 @ 85"]);
    expect(rupees(optionsAround(list, 600))).toEqual(["500 @ 95", "600 @ 95", "1000 @ 85"]);
    expect(rupees(optionsAround(list, 100))).toEqual(["100 @ 120", "250 @ 105", "500 @ 95"]);
  });

  it("takes more breaks from the side that has them at either end, and the lowest breaks without a quantity", () => {
    expect(rupees(optionsAround(list, 50))).toEqual(["50 @ 120", "100 @ 120", "250 @ 105"]);
    expect(rupees(optionsAround(list, 5_000))).toEqual(["500 @ 95", "1000 @ 85", "5000 @ 85"]);
    expect(rupees(optionsAround(list, null))).toEqual(["100 @ 120", "250 @ 105", "500 @ 95"]);
    expect(optionsAround({ ...list, breaks: [] }, 500)).toEqual([]);
    expect(rupees(optionsAround({ ...list, breaks: [{ quantity: 500, unitPaisa: 9_000 }] }, 200))).toEqual([
      "200 @ 90",
      "500 @ 90",
    ]);
  });
});

describe("finding an item", () => {
  const item = (itemId: string, name: string, category: PriceItem["category"]): PriceItem => ({
    itemId,
    name,
    category,
    retiredAt: null,
  });
  const items = [
    item("metal-ball-pen-pad-print", "Metal ball pen, one-colour pad print", "pens"),
    item("plastic-click-pen", "Plastic click pen, pad print", "pens"),
    item("chit-pad-box", "Chit pad box 3.5 in, 500 sheets, full colour", "paper-chit-pads"),
    item("ceramic-mug-11-oz", "Ceramic mug 11 oz, pad print", "drinkware"),
    item("a5-diary", "A5 diary, PU cover, debossed logo", "office-accessories"),
  ];
  const ids = (found: PriceItem[]) => found.map((each) => each.itemId);

  it("finds items by the beginnings of their words, names first, whatever the case and plural", () => {
    expect(ids(searchItems(items, "metal pen"))).toEqual(["metal-ball-pen-pad-print"]);
    expect(ids(searchItems(items, "MUGS"))).toEqual(["ceramic-mug-11-oz"]);
    expect(ids(searchItems(items, "pad"))).toEqual([
      "metal-ball-pen-pad-print",
      "plastic-click-pen",
      "chit-pad-box",
      "ceramic-mug-11-oz",
    ]);
    expect(ids(searchItems(items, "drinkware"))).toEqual(["ceramic-mug-11-oz"]);
    expect(ids(searchItems(items, "diar"))).toEqual(["a5-diary"]);
    expect(searchItems(items, "umbrella")).toEqual([]);
    expect(searchItems(items, "  ")).toHaveLength(items.length);
  });

  it("takes the item a buyer's words name, else the first of their category, else none", () => {
    expect(itemForWords(items, "Custom pens with logo")?.itemId).toBe("metal-ball-pen-pad-print");
    expect(itemForWords(items, "Plastic click pens for a launch")?.itemId).toBe("plastic-click-pen");
    expect(itemForWords(items, "11 oz mugs")?.itemId).toBe("ceramic-mug-11-oz");
    expect(itemForWords(items, "Chit pads")?.itemId).toBe("chit-pad-box");
    expect(itemForWords(items, "قلم", "pens")?.itemId).toBe("metal-ball-pen-pad-print");
    expect(itemForWords(items, "Something for the conference", "other")).toBeNull();
    expect(itemForWords(items, "Custom branded logo printing")).toBeNull();
  });
});
