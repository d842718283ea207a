import { describe, expect, it } from "vitest";
import { formatPkr, parseRupees, percentOf, rupeesField } from "./money";

describe("money in paisa", () => {
  it("writes rupees one way, with paisa only when there are some", () => {
    expect(formatPkr(12_500_000)).toBe("PKR 125,000");
    expect(formatPkr(125_050)).toBe("PKR 1,250.50");
    expect(formatPkr(5)).toBe("PKR 0.05");
    expect(formatPkr(-50_000)).toBe("-PKR 500");
    expect(() => formatPkr(1.5)).toThrow(RangeError);
  });

  it("reads what a person types in a rupee field, and refuses the rest", () => {
    expect(parseRupees("125000")).toBe(12_500_000);
    expect(parseRupees("1,25,000")).toBe(12_500_000);
    expect(parseRupees(" Rs 1,250.5 ")).toBe(125_050);
    expect(parseRupees("PKR 99.05")).toBe(9_905);
    for (const bad of ["", "-5", "1.234", "12abc", "1e5", "Infinity", "2000000000"])
      expect(parseRupees(bad)).toBeNull();
    // PKR 1,000,000,000 is the most any field takes; a paisa more is refused.
    expect(parseRupees("1,000,000,000")).toBe(100_000_000_000);
    expect(parseRupees("1,000,000,000.01")).toBeNull();
    expect(rupeesField(125_050)).toBe("1250.50");
    expect(rupeesField(12_500_000)).toBe("125000");
  });

  it("rounds a percentage half up to the paisa", () => {
    expect(percentOf(100_000, 1_800)).toBe(18_000);
    expect(percentOf(1_003, 1_800)).toBe(181); // 180.54 → 181
    expect(percentOf(25, 1_800)).toBe(5); // 4.5 → 5
    expect(percentOf(-25, 1_800)).toBe(-5);
  });
});
