import { describe, expect, it } from "vitest";
import { fbrProvinces } from "~/lib/fbr/lists";
import {
  optionalTaxFactsSchema,
  provinceChoices,
  taxFactsErrors,
  taxFactsSchema,
  taxFactsText,
  taxFactsValuesOf,
} from "./tax-facts-schema";

const registered = {
  registrationType: "Registered",
  ntnCnic: "1234567-8",
  businessName: "  Acme   Pharma (Pvt) Ltd ",
  province: "PUNJAB",
  address: "Plot 12, Sundar Industrial Estate,\r\nRaiwind Road\n\nLahore",
};

const errorsOf = (input: unknown) => {
  const parsed = taxFactsSchema.safeParse(input);
  if (parsed.success) throw new Error("accepted");
  return taxFactsErrors(parsed.error);
};

describe("the buyer's tax registration form", () => {
  it("keeps an NTN as its 7 digits, a CNIC typed with dashes as its 13, and the address on one line", () => {
    expect(taxFactsSchema.parse(registered)).toEqual({
      registrationType: "Registered",
      ntnCnic: "1234567",
      businessName: "Acme Pharma (Pvt) Ltd",
      province: "PUNJAB",
      address: "Plot 12, Sundar Industrial Estate, Raiwind Road, Lahore",
    });
    expect(taxFactsSchema.parse({ ...registered, ntnCnic: "35202-1234567-1" }).ntnCnic).toBe("3520212345671");
    expect(taxFactsSchema.parse({ ...registered, ntnCnic: " 35202 1234567 1 " }).ntnCnic).toBe("3520212345671");
  });

  it("refuses a number that is neither an NTN nor a CNIC, saying how to write one", () => {
    for (const bad of ["123456", "12345678", "1234567-89", "NTN-1234567", "35202-1234567", "3520212345671234"])
      expect(errorsOf({ ...registered, ntnCnic: bad }), bad).toEqual({ ntnCnic: taxFactsText.ntnCnic });
  });

  it("asks a registered buyer for their NTN, and lets an unregistered one leave it out or give a CNIC", () => {
    expect(errorsOf({ ...registered, ntnCnic: "  " })).toEqual({ ntnCnic: taxFactsText.ntnNeeded });
    expect(errorsOf({ ...registered, ntnCnic: undefined })).toEqual({ ntnCnic: taxFactsText.ntnNeeded });
    const unregistered = { ...registered, registrationType: "Unregistered" };
    expect(taxFactsSchema.parse({ ...unregistered, ntnCnic: "" }).ntnCnic).toBe("");
    expect(taxFactsSchema.parse({ ...unregistered, ntnCnic: "35202-1234567-1" }).ntnCnic).toBe("3520212345671");
  });

  it("refuses a province not on FBR's list, an unknown registration type, and empty names and addresses, each on its field", () => {
    expect(errorsOf({ ...registered, province: "Punjab" })).toEqual({ province: taxFactsText.province });
    expect(errorsOf({ ...registered, province: "LAHORE" })).toEqual({ province: taxFactsText.province });
    expect(
      errorsOf({ registrationType: "Filer", ntnCnic: "x", businessName: " ", province: "", address: "\n \n" }),
    ).toEqual({
      registrationType: taxFactsText.registrationType,
      ntnCnic: taxFactsText.ntnCnic,
      businessName: taxFactsText.businessName,
      province: taxFactsText.province,
      address: taxFactsText.address,
    });
    expect(errorsOf({ ...registered, businessName: "Acme\u202EPharma" }).businessName).toMatch(/one line/);
    expect(errorsOf({ ...registered, businessName: "A".repeat(201) })).toEqual({
      businessName: taxFactsText.businessNameLong,
    });
    expect(errorsOf({ ...registered, address: "Lahore ".repeat(60) })).toEqual({ address: taxFactsText.addressLong });
  });

  it("offers every province of FBR's list once", () => {
    expect(provinceChoices.map((choice) => choice.value).sort()).toEqual(fbrProvinces.map((p) => p.name).sort());
  });

  it("as the acceptance's optional section: nothing when left empty, the whole form checked once anything is typed", () => {
    const empty = taxFactsValuesOf(new FormData());
    expect(optionalTaxFactsSchema.parse(empty)).toBeNull();
    expect(optionalTaxFactsSchema.parse({ ...empty, address: "   " })).toBeNull();
    const some = optionalTaxFactsSchema.safeParse({ ...empty, ntnCnic: "1234567" });
    expect(some.success).toBe(false);
    expect(taxFactsErrors(some.error!)).toMatchObject({
      registrationType: taxFactsText.registrationType,
      province: taxFactsText.province,
    });
    expect(optionalTaxFactsSchema.parse(registered)).toMatchObject({ ntnCnic: "1234567" });
  });
});
