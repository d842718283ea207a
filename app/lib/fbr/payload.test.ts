import { describe, expect, it } from "vitest";

import { business, fullAddress } from "~/content/business";
import { penInvoice, penItem } from "../../../tests/support/fbr-fixtures";

import type { ReportDocument } from "./di-types";
import { diPayload, rupees, sellerOf } from "./payload";

/** The pens' invoice (tests/support/fbr-fixtures.ts) to a buyer with a CNIC: 18 % sales tax and 4 % further tax. */
const invoice: ReportDocument = { ...penInvoice, buyer: { ...penInvoice.buyer, ntnCnic: "35202-1234567-1" } };

describe("the DI body of a document", () => {
  it("carries each line in rupees with two decimals, its total including sales and further tax", () => {
    const body = diPayload(invoice, { sandbox: false });
    expect(body).toEqual({
      invoiceType: "Sale Invoice",
      invoiceDate: "2026-11-26",
      sellerNTNCNIC: "0000000",
      sellerBusinessName: "Lahore Promo Works",
      sellerProvince: "PUNJAB",
      sellerAddress: fullAddress,
      buyerNTNCNIC: "3520212345671",
      buyerBusinessName: "Ali Medical Store",
      buyerProvince: "PUNJAB",
      buyerAddress: "12 Ferozepur Road, Lahore",
      buyerRegistrationType: "Unregistered",
      invoiceRefNo: "",
      items: [
        expect.objectContaining({
          hsCode: "9608.1000",
          productDescription: "Ball pens, one-colour logo",
          rate: "18%",
          uoM: "Numbers, pieces, units",
          quantity: 500,
          valueSalesExcludingST: 42_500,
          salesTaxApplicable: 7_650,
          furtherTax: 1_700,
          totalValues: 51_850,
        }),
        expect.objectContaining({
          valueSalesExcludingST: 3_500,
          salesTaxApplicable: 630,
          furtherTax: 140,
          totalValues: 4_270,
        }),
        expect.objectContaining({
          valueSalesExcludingST: 1_250.5,
          salesTaxApplicable: 225.09,
          furtherTax: 50.02,
          totalValues: 1_525.61,
        }),
      ],
    });
    expect(body.items[0]).toEqual(penItem);
    expect("scenarioId" in body).toBe(false);
  });

  it("adds each line's amounts in paisa before turning them into rupees, so no float error shows", () => {
    const small = {
      ...invoice,
      lines: [{ ...invoice.lines[0]!, valueExclTaxPaisa: 10, salesTaxPaisa: 20, furtherTaxPaisa: 0, quantity: 1 }],
    };
    // 0.10 + 0.20 added as rupees is 0.30000000000000004.
    expect(JSON.stringify(diPayload(small, { sandbox: false }).items[0]!.totalValues)).toBe("0.3");
    const odd = {
      ...small,
      lines: [{ ...small.lines[0]!, valueExclTaxPaisa: 100_007, salesTaxPaisa: 18_001, furtherTaxPaisa: 4_000 }],
    };
    expect(JSON.stringify(diPayload(odd, { sandbox: false }).items[0])).toContain('"totalValues":1220.08');
  });

  it("refuses an amount that is not whole paisa rather than send a wrong figure", () => {
    expect(() => rupees(12.5)).toThrow(/whole paisa/);
    expect(() =>
      diPayload({ ...invoice, lines: [{ ...invoice.lines[0]!, salesTaxPaisa: 7650.4 }] }, { sandbox: false }),
    ).toThrow(/whole paisa/);
  });

  it("names the sandbox scenario by the buyer's registration", () => {
    expect(diPayload(invoice, { sandbox: true }).scenarioId).toBe("SN002");
    const registered = {
      ...invoice,
      buyer: { ...invoice.buyer, registrationType: "Registered" as const, ntnCnic: "1234567-8" },
      lines: invoice.lines.map((line) => ({ ...line, furtherTaxPaisa: 0 })),
    };
    const body = diPayload(registered, { sandbox: true });
    expect(body.scenarioId).toBe("SN001");
    expect(body.buyerNTNCNIC).toBe("1234567");
    expect(body.items[0]!.totalValues).toBe(50_150);
  });

  it("reports a credit note as FBR's Debit Note naming the invoice's FBR number", () => {
    const note: ReportDocument = { ...invoice, kind: "credit note", refersTo: "0000000DI1764134400000" };
    const body = diPayload(note, { sandbox: false });
    expect(body.invoiceType).toBe("Debit Note");
    expect(body.invoiceRefNo).toBe("0000000DI1764134400000");
    expect(() => diPayload({ ...note, refersTo: null }, { sandbox: false })).toThrow(/FBR number/);
  });
});

describe("the seller as FBR knows it", () => {
  it("comes from the business's facts: NTN digits, name, province in FBR's spelling, full address", () => {
    expect(sellerOf()).toEqual({
      ntnCnic: "0000000",
      businessName: business.name,
      province: "PUNJAB",
      address: fullAddress,
    });
  });

  it("refuses facts FBR would refuse", () => {
    expect(() => sellerOf({ ...business, ntn: "12-34" })).toThrow(/NTN/);
    expect(() => sellerOf({ ...business, address: { ...business.address, region: "Lahore Division" } })).toThrow(
      /province/,
    );
  });
});
