import { describe, expect, it } from "vitest";
import { business } from "~/content/business";
import { groupedIban, ibanCheckDigits, isValidIban } from "./iban";

describe("an IBAN", () => {
  it("takes the business's own, Pakistani in form, with the check digits its account gives", () => {
    expect(isValidIban(business.bank.iban)).toBe(true);
    expect(business.bank.iban).toMatch(/^PK\d{2}[A-Z]{4}\d{16}$/);
    expect(business.bank.iban.endsWith(business.bank.accountNumber)).toBe(true);
    expect(ibanCheckDigits("PK", business.bank.iban.slice(4))).toBe(business.bank.iban.slice(2, 4));
  });

  it("takes published examples and refuses a changed digit, swapped digits or a wrong length", () => {
    expect(isValidIban("PK36SCBL0000001123456702")).toBe(true); // the State Bank's example
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(isValidIban("PK36SCBL0000001123456703")).toBe(false);
    expect(isValidIban("PK36SCBL0000001123456720")).toBe(false);
    expect(isValidIban("PK36SCBL000000112345670")).toBe(false);
    expect(isValidIban("PK36SCB10000001123456702")).toBe(false);
    expect(ibanCheckDigits("PK", "SCBL0000001123456702")).toBe("36");
  });

  it("is printed in groups of four", () => {
    expect(groupedIban("PK15EXMP0012345678901234")).toBe("PK15 EXMP 0012 3456 7890 1234");
  });
});
