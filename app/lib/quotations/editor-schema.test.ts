import { describe, expect, it } from "vitest";
import {
  blankLine,
  editorField,
  editorMessages,
  type EditorValues,
  readQuotationForm,
  valuesFromForm,
} from "./editor-schema";

// The editor's one schema: what staff type in, the draft in paisa out, or a message at each bad field.

const today = "2026-11-26";

const values = (changes: Partial<EditorValues> = {}): EditorValues => ({
  lines: [
    {
      item: "onset-pen",
      description: "ONSET Signature Pen",
      decoration: "Pad print, 2 colours",
      quantities: ["250", "1,000", ""],
      units: ["Rs 95", "89.50", ""],
      setup: "2,500",
    },
  ],
  delivery: "PKR 1,500",
  taxRate: "18",
  buyerNtn: "1234567-8",
  buyerStrn: "",
  validUntil: "2026-12-10",
  leadTimeDays: "10",
  leadTime: "10 business days after artwork approval",
  paymentTerms: "50 % advance, balance on delivery",
  note: "",
  ...changes,
});

const errorsOf = (input: EditorValues) => {
  const read = readQuotationForm(input, today);
  if (read.ok) throw new Error("expected the form to be refused");
  return read.errors;
};

describe("the quotation editor's form", () => {
  it("makes a draft in paisa from rupees as typed (grouping, Rs, PKR, decimals) and the rate in basis points", () => {
    const read = readQuotationForm(values(), today);
    expect(read).toEqual({
      ok: true,
      draft: {
        lines: [
          {
            itemId: "onset-pen",
            description: "ONSET Signature Pen",
            decoration: "Pad print, 2 colours",
            setupPaisa: 250_000,
            options: [
              { quantity: 250, unitPaisa: 9_500 },
              { quantity: 1_000, unitPaisa: 8_950 },
            ],
          },
        ],
        deliveryPaisa: 150_000,
        taxRateBp: 1_800,
        buyerNtn: "1234567-8",
        buyerStrn: "",
        validUntil: "2026-12-10",
        leadTimeDays: 10,
        leadTime: "10 business days after artwork approval",
        paymentTerms: "50 % advance, balance on delivery",
        note: "",
      },
    });
  });

  it("refuses negative, non-numeric and three-decimal prices at their own fields", () => {
    const line = values().lines[0]!;
    const errors = errorsOf(
      values({
        lines: [{ ...line, units: ["-95", "abc", "1.005"], quantities: ["250", "500", "750"], setup: "1e5" }],
        delivery: "-1",
      }),
    );
    expect(errors).toEqual({
      [editorField.unit(0, 1)]: editorMessages.money,
      [editorField.unit(0, 2)]: editorMessages.money,
      [editorField.unit(0, 3)]: editorMessages.money,
      [editorField.setup(0)]: editorMessages.money,
      [editorField.delivery]: editorMessages.money,
    });
  });

  it("takes each quantity and amount at its limit and refuses one over, at its own field", () => {
    const line = values().lines[0]!;
    // 10,000,000 pcs at PKR 1 and a set-up of PKR 990,000,000 with no tax: PKR 1,000,000,000 in all.
    const atLimit = (changes: Partial<EditorValues["lines"][number]>, terms: Partial<EditorValues> = {}) =>
      values({
        lines: [
          { ...line, quantities: ["10,000,000", "", ""], units: ["1", "", ""], setup: "990,000,000", ...changes },
        ],
        delivery: "",
        taxRate: "0",
        ...terms,
      });
    expect(readQuotationForm(atLimit({}), today)).toMatchObject({ ok: true });
    expect(errorsOf(atLimit({ quantities: ["10,000,001", "", ""] }))).toEqual({
      [editorField.quantity(0, 1)]: editorMessages.quantity,
    });
    expect(errorsOf(atLimit({ setup: "" }, { delivery: "990,000,000.01" }))).toEqual({
      [editorField.form]: editorMessages.totalTooLarge,
    });
    // A price or charge past PKR 1,000,000,000 is no amount the desk takes at all.
    expect(errorsOf(atLimit({ quantities: ["1", "", ""], units: ["1,000,000,000.01", "", ""], setup: "" }))).toEqual({
      [editorField.unit(0, 1)]: editorMessages.money,
    });
    expect(errorsOf(atLimit({ setup: "1,000,000,000.01" }))).toEqual({ [editorField.setup(0)]: editorMessages.money });
  });

  it("asks for a description and one complete quantity with its price, each quantity once", () => {
    const line = values().lines[0]!;
    expect(
      errorsOf(values({ lines: [{ ...line, description: " ", quantities: ["", "", ""], units: ["", "", ""] }] })),
    ).toEqual({
      [editorField.description(0)]: editorMessages.description,
      [editorField.quantity(0, 1)]: editorMessages.noOption,
    });
    expect(
      errorsOf(values({ lines: [{ ...line, quantities: ["500", "", "500"], units: ["90", "80", "85"] }] })),
    ).toEqual({
      [editorField.quantity(0, 2)]: editorMessages.quantityMissing,
      [editorField.quantity(0, 3)]: editorMessages.sameQuantity(1),
    });
    expect(errorsOf(values({ lines: [{ ...line, quantities: ["0", "2.5", ""], units: ["90", "", ""] }] }))).toEqual({
      [editorField.quantity(0, 1)]: editorMessages.quantity,
      [editorField.quantity(0, 2)]: editorMessages.quantity,
      [editorField.unit(0, 2)]: editorMessages.unitMissing,
    });
  });

  it("takes quantity options in any order and keeps them smallest first, each with its own price", () => {
    const line = values().lines[0]!;
    const read = readQuotationForm(
      values({ lines: [{ ...line, quantities: ["500", "250", "1,000"], units: ["85", "90", "78"] }] }),
      today,
    );
    expect(read.ok && read.draft.lines[0]!.options).toEqual([
      { quantity: 250, unitPaisa: 9_000 },
      { quantity: 500, unitPaisa: 8_500 },
      { quantity: 1_000, unitPaisa: 7_800 },
    ]);
  });

  it("drops a wholly blank line (an unused Add line) and asks for at least one line", () => {
    const read = readQuotationForm(values({ lines: [values().lines[0]!, blankLine()] }), today);
    expect(read.ok && read.draft.lines).toHaveLength(1);
    expect(errorsOf(values({ lines: [blankLine()] }))).toEqual({ [editorField.form]: editorMessages.noLines });
  });

  it("takes at most 20 lines", () => {
    const line = values().lines[0]!;
    expect(readQuotationForm(values({ lines: Array(20).fill(line) }), today).ok).toBe(true);
    expect(errorsOf(values({ lines: Array(21).fill(line) }))).toEqual({
      [editorField.form]: editorMessages.tooManyLines,
    });
  });

  it("refuses a validity before today, a bad rate, lead time or tax number", () => {
    expect(
      errorsOf(values({ validUntil: "2026-11-25", taxRate: "101", leadTimeDays: "ten", buyerNtn: "12<script>" })),
    ).toEqual({
      [editorField.validUntil]: editorMessages.validUntil,
      [editorField.taxRate]: editorMessages.taxRate,
      [editorField.leadTimeDays]: editorMessages.leadTimeDays,
      [editorField.buyerNtn]: editorMessages.taxNumber,
    });
    expect(readQuotationForm(values({ validUntil: today, taxRate: "17.5" }), today)).toMatchObject({
      ok: true,
      draft: { validUntil: today, taxRateBp: 1_750 },
    });
  });

  it("reads a post's lines by their count, never more than one past the limit", () => {
    const form = new URLSearchParams({ lineCount: "500", "line-0-description": "Pens", "line-0-quantity-1": "10" });
    const read = valuesFromForm(form);
    expect(read.lines).toHaveLength(21);
    expect(read.lines[0]).toMatchObject({ description: "Pens", quantities: ["10", "", ""] });
    expect(read.lines[1]).toEqual(blankLine());
  });
});
