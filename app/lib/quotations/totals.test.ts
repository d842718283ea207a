import { describe, expect, it } from "vitest";
import { checkChoices, nearestChoices, optionTotals, quotationTotals } from "./totals";

const quotation = {
  deliveryPaisa: 150_000, // PKR 1,500
  taxRateBp: 1_800,
  lines: [
    {
      setupPaisa: 250_000,
      options: [
        { quantity: 250, unitPaisa: 9_550 },
        { quantity: 500, unitPaisa: 8_999 },
      ],
    },
    { setupPaisa: 0, options: [{ quantity: 100, unitPaisa: 33_333 }] },
  ],
};

describe("a quotation's totals", () => {
  it("adds goods, set-up and delivery, and taxes the whole supply once, rounded half up", () => {
    const totals = quotationTotals(quotation, [2, 1]);
    expect(totals.lines.map((line) => line.goodsPaisa)).toEqual([4_499_500, 3_333_300]);
    expect(totals.goodsPaisa).toBe(7_832_800);
    expect(totals.setupPaisa).toBe(250_000);
    expect(totals.taxablePaisa).toBe(8_232_800);
    // 18 % of 82,328.00 = 14,819.04
    expect(totals.taxPaisa).toBe(1_481_904);
    expect(totals.totalPaisa).toBe(9_714_704);
  });

  it("rounds the tax once on the whole, not per line", () => {
    const small = {
      deliveryPaisa: 0,
      taxRateBp: 1_800,
      lines: [
        { setupPaisa: 0, options: [{ quantity: 1, unitPaisa: 25 }] },
        { setupPaisa: 0, options: [{ quantity: 1, unitPaisa: 25 }] },
      ],
    };
    // Per line 4.5 → 5 each would make 10; on the whole, 18 % of 50 is 9.
    expect(quotationTotals(small, [1, 1]).taxPaisa).toBe(9);
  });

  it("refuses choices that do not fit the lines", () => {
    expect(checkChoices(quotation, [1])).toBeNull();
    expect(checkChoices(quotation, [3, 1])).toBeNull();
    expect(checkChoices(quotation, [0, 1])).toBeNull();
    expect(checkChoices(quotation, [1.5, 1])).toBeNull();
    expect(checkChoices(quotation, [2, 1])).toEqual([2, 1]);
    expect(() => quotationTotals(quotation, [2, 2])).toThrow(RangeError);
  });
});

/** Pens at 250, 500 and 1,000 pcs, PKR 12,000 set-up, 18 % sales tax: a quotation as the office sends it. */
const pens = {
  deliveryPaisa: 0,
  taxRateBp: 1_800,
  lines: [
    {
      setupPaisa: 1_200_000,
      options: [
        { quantity: 250, unitPaisa: 22_000 },
        { quantity: 500, unitPaisa: 19_500 },
        { quantity: 1_000, unitPaisa: 17_500 },
      ],
    },
  ],
};

describe("each option's totals and the one nearest the buyer's quantity", () => {
  it("gives every option its own subtotal, set-up, tax and total, the one nearest 500 pcs recommended", () => {
    const options = optionTotals(pens, 500);
    expect(
      options.map(({ option, quantities, totals, nearest }) => [
        option,
        quantities,
        totals.goodsPaisa,
        totals.setupPaisa,
        totals.taxPaisa,
        totals.totalPaisa,
        nearest,
      ]),
    ).toEqual([
      [1, [250], 5_500_000, 1_200_000, 1_206_000, 7_906_000, false], // PKR 79,060
      [2, [500], 9_750_000, 1_200_000, 1_971_000, 12_921_000, true], // PKR 129,210
      [3, [1_000], 17_500_000, 1_200_000, 3_366_000, 22_066_000, false],
    ]);
  });

  it("chooses the nearest quantity, the larger of two as near, and the first when none was asked", () => {
    expect(nearestChoices(pens, 500)).toEqual([2]);
    expect(nearestChoices(pens, 300)).toEqual([1]);
    expect(nearestChoices(pens, 375)).toEqual([2]); // as near to 250 as to 500: 500 covers it
    expect(nearestChoices(pens, 5_000)).toEqual([3]);
    expect(nearestChoices(pens, 1)).toEqual([1]);
    expect(nearestChoices(pens, null)).toEqual([1]);
    expect(nearestChoices(quotation, 480)).toEqual([2, 1]);
  });

  it("takes each line's option of the same number (its last when it has fewer)", () => {
    expect(optionTotals(quotation, 250).map(({ option, choices, nearest }) => [option, choices, nearest])).toEqual([
      [1, [1, 1], true],
      [2, [2, 1], false],
    ]);
  });

  it("adds the nearest options as one more entry when the lines' options do not line up", () => {
    const unaligned = {
      ...pens,
      lines: [
        pens.lines[0]!,
        {
          setupPaisa: 0,
          options: [
            { quantity: 500, unitPaisa: 5_000 },
            { quantity: 1_000, unitPaisa: 4_500 },
          ],
        },
      ],
    };
    const options = optionTotals(unaligned, 500);
    expect(options.map(({ option, choices, nearest }) => [option, choices, nearest])).toEqual([
      [1, [1, 1], false],
      [2, [2, 2], false],
      [3, [3, 2], false],
      [null, [2, 1], true],
    ]);
    expect(options.at(-1)!.totals.totalPaisa).toBe(quotationTotals(unaligned, [2, 1]).totalPaisa);
  });

  it("gives one entry when no line offers a choice", () => {
    const single = { ...pens, lines: [{ ...pens.lines[0]!, options: [pens.lines[0]!.options[1]!] }] };
    expect(optionTotals(single, 250).map(({ option, nearest }) => [option, nearest])).toEqual([[1, true]]);
  });
});
