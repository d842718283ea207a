import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./words";

describe("amounts in words", () => {
  it("read in lakh and crore, as a Pakistani invoice writes them", () => {
    expect(amountInWords(12_500_000)).toBe("Rupees one lakh twenty-five thousand only");
    expect(amountInWords(2_950_000)).toBe("Rupees twenty-nine thousand five hundred only");
    expect(amountInWords(123_456_789_00)).toBe(
      "Rupees twelve crore thirty-four lakh fifty-six thousand seven hundred eighty-nine only",
    );
    expect(numberInWords(1_000_000_000)).toBe("one hundred crore");
  });

  it("say the paisa when there are some, and nothing when there are none", () => {
    expect(amountInWords(125_050)).toBe("Rupees one thousand two hundred fifty and fifty paisa only");
    expect(amountInWords(1)).toBe("Rupees zero and one paisa only");
    expect(amountInWords(0)).toBe("Rupees zero only");
    expect(amountInWords(11_900)).toBe("Rupees one hundred nineteen only");
  });

  it("refuse what is not whole paisa", () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});
