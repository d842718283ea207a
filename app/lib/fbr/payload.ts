import { business } from "~/content/business";

import type { DiInvoice, DiItem, ReportDocument } from "./di-types";
import { isFbrProvince, ntnCnicDigits } from "./lists";
import { diRate } from "./rates";

// The DI API's request body for one document. The only place whole paisa become rupees: each amount is
// summed in paisa first and divided once, so no float error accumulates.

/** Whole paisa as the DI API's two-decimal rupees (12345 → 123.45). */
export function rupees(paisa: number): number {
  if (!Number.isSafeInteger(paisa)) throw new Error(`An amount for FBR must be whole paisa, not ${paisa}.`);
  return paisa / 100;
}

/** Sandbox scenarios (specification section 9) for what this business sells: goods at the standard rate. */
export const scenarioFor = (registrationType: "Registered" | "Unregistered") =>
  registrationType === "Registered" ? "SN001" : "SN002";

export function diPayload(doc: ReportDocument, { sandbox }: { sandbox: boolean }): DiInvoice {
  if (doc.lines.length === 0) throw new Error("A document reported to FBR needs at least one line.");
  if (doc.kind === "credit note" && !doc.refersTo)
    throw new Error("A credit note is reported only once its invoice has an FBR number.");
  return {
    invoiceType: doc.kind === "credit note" ? "Debit Note" : "Sale Invoice",
    invoiceDate: doc.date,
    sellerNTNCNIC: asDigits(doc.seller.ntnCnic),
    sellerBusinessName: doc.seller.businessName.trim(),
    sellerProvince: doc.seller.province,
    sellerAddress: doc.seller.address.trim(),
    buyerNTNCNIC: asDigits(doc.buyer.ntnCnic),
    buyerBusinessName: doc.buyer.businessName.trim(),
    buyerProvince: doc.buyer.province,
    buyerAddress: doc.buyer.address.trim(),
    buyerRegistrationType: doc.buyer.registrationType,
    invoiceRefNo: doc.kind === "credit note" ? doc.refersTo! : "",
    ...(sandbox ? { scenarioId: scenarioFor(doc.buyer.registrationType) } : {}),
    items: doc.lines.map(diItem),
  };
}

function diItem(line: ReportDocument["lines"][number]): DiItem {
  return {
    hsCode: line.hsCode,
    productDescription: line.description.trim(),
    rate: diRate(line.rateBp),
    uoM: line.uom,
    quantity: line.quantity,
    totalValues: rupees(line.valueExclTaxPaisa + line.salesTaxPaisa + line.furtherTaxPaisa),
    valueSalesExcludingST: rupees(line.valueExclTaxPaisa),
    fixedNotifiedValueOrRetailPrice: 0,
    salesTaxApplicable: rupees(line.salesTaxPaisa),
    salesTaxWithheldAtSource: 0,
    extraTax: 0,
    furtherTax: rupees(line.furtherTaxPaisa),
    sroScheduleNo: "",
    fedPayable: 0,
    discount: 0,
    saleType: line.saleType,
    sroItemSerialNo: "",
  };
}

// A number typed with dashes goes as its digits; anything else goes as it is, for FBR to refuse and staff
// to correct (an unregistered buyer's may be empty).
const asDigits = (typed: string) => ntnCnicDigits(typed) ?? typed.trim();

type SellerFacts = {
  name: string;
  ntn: string;
  address: { street: string; city: string; region: string; postalCode: string; countryName: string };
};

/** The seller as FBR knows it, from the business's own facts; a fact FBR would refuse throws at once. */
export function sellerOf(facts: SellerFacts = business): ReportDocument["seller"] {
  const ntnCnic = ntnCnicDigits(facts.ntn);
  if (!ntnCnic) throw new Error(`The business's NTN "${facts.ntn}" is not a 7-digit NTN or a 13-digit CNIC.`);
  const province = facts.address.region.trim().toUpperCase();
  if (!isFbrProvince(province))
    throw new Error(`The business's region "${facts.address.region}" is not a province FBR lists.`);
  const { street, city, region, postalCode, countryName } = facts.address;
  return {
    ntnCnic,
    businessName: facts.name,
    province,
    address: `${street}, ${city}, ${region} ${postalCode}, ${countryName}`,
  };
}
