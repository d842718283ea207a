import { describe, expect, it } from "vitest";
import { checkChoices, quotationTotals, totalsAtEachQuantity } from "./totals";

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

  it("gives the total at each quantity when one line offers several, and none when two lines do or none does", () => {
    expect(
      totalsAtEachQuantity(quotation)?.map(({ line, quantity, totals }) => [line, quantity, totals.totalPaisa]),
    ).toEqual([
      [1, 250, quotationTotals(quotation, [1, 1]).totalPaisa],
      [1, 500, quotationTotals(quotation, [2, 1]).totalPaisa],
    ]);
    const twoChoices = { ...quotation, lines: [quotation.lines[0]!, quotation.lines[0]!] };
    expect(totalsAtEachQuantity(twoChoices)).toBeNull();
    expect(totalsAtEachQuantity({ ...quotation, lines: [quotation.lines[1]!] })).toBeNull();
  });
});
