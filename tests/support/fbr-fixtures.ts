// Sample documents, reports and mail for the FBR Digital Invoicing tests: one source, so the payload's,
// the client's, the stand-in's and the desk's tests talk about the same invoice.
import { sellerOf } from "../../app/lib/fbr/payload";
import type { DiInvoice, ReportDocument } from "../../app/lib/fbr/di-types";
import type { InvoiceReport } from "../../app/lib/fbr/report-types";
import type { OutgoingMail } from "../../app/lib/messaging/email.server";
import type { TaxFacts } from "../../app/lib/orders/tax-facts-schema";
import type { Mailer } from "../../app/lib/quotes/mailer.server";

const pens = { hsCode: "9608.1000", uom: "Numbers, pieces, units", saleType: "Goods at standard rate (default)" };

/**
 * 500 pens at PKR 85.00, a set-up charge and delivery to an unregistered buyer in Lahore (no CNIC given):
 * 18 % sales tax and 4 % further tax.
 */
export const penInvoice: ReportDocument = {
  kind: "invoice",
  date: "2026-11-26",
  seller: sellerOf(),
  buyer: {
    registrationType: "Unregistered",
    ntnCnic: "",
    businessName: "Ali Medical Store",
    province: "PUNJAB",
    address: "12 Ferozepur Road, Lahore",
  },
  refersTo: null,
  lines: [
    {
      description: "Ball pens, one-colour logo",
      quantity: 500,
      rateBp: 1800,
      valueExclTaxPaisa: 4_250_000,
      salesTaxPaisa: 765_000,
      furtherTaxPaisa: 170_000,
      ...pens,
    },
    {
      description: "Screen set-up",
      quantity: 1,
      rateBp: 1800,
      valueExclTaxPaisa: 350_000,
      salesTaxPaisa: 63_000,
      furtherTaxPaisa: 14_000,
      ...pens,
    },
    {
      description: "Delivery to Lahore",
      quantity: 1,
      rateBp: 1800,
      valueExclTaxPaisa: 125_050,
      salesTaxPaisa: 22_509,
      furtherTaxPaisa: 5_002,
      ...pens,
    },
  ],
};

/** The pens' line of penInvoice as the DI API's JSON: rupees, totals with sales and further tax. */
export const penItem: DiInvoice["items"][number] = {
  hsCode: "9608.1000",
  productDescription: "Ball pens, one-colour logo",
  rate: "18%",
  uoM: "Numbers, pieces, units",
  quantity: 500,
  totalValues: 51_850,
  valueSalesExcludingST: 42_500,
  fixedNotifiedValueOrRetailPrice: 0,
  salesTaxApplicable: 7_650,
  salesTaxWithheldAtSource: 0,
  extraTax: 0,
  furtherTax: 1_700,
  sroScheduleNo: "",
  fedPayable: 0,
  discount: 0,
  saleType: "Goods at standard rate (default)",
  sroItemSerialNo: "",
};

/** The pens and their set-up as the DI API's JSON, written out by hand (not made by diPayload). */
export const penDiInvoice: DiInvoice = {
  invoiceType: "Sale Invoice",
  invoiceDate: "2026-11-26",
  sellerNTNCNIC: "0000000",
  sellerBusinessName: "Lahore Promo Works",
  sellerProvince: "PUNJAB",
  sellerAddress: "Office 12, Example Plaza, Main Boulevard, Gulberg III, Lahore",
  buyerNTNCNIC: "",
  buyerBusinessName: "Ali Medical Store",
  buyerProvince: "PUNJAB",
  buyerAddress: "12 Ferozepur Road, Lahore",
  buyerRegistrationType: "Unregistered",
  invoiceRefNo: "",
  items: [
    penItem,
    {
      ...penItem,
      productDescription: "Screen set-up",
      quantity: 1,
      valueSalesExcludingST: 3_500,
      salesTaxApplicable: 630,
      furtherTax: 140,
      totalValues: 4_270,
    },
  ],
};

/** A registered company buyer in Karachi, as staff enter it on the order. */
export const registeredBuyer: TaxFacts = {
  registrationType: "Registered",
  ntnCnic: "1234567",
  businessName: "Acme Pharma",
  province: "SINDH",
  address: "Plot 5, Sector 24, Korangi Industrial Area, Karachi",
};

/** An invoice's report waiting for FBR after six tries that got no answer. */
export function waitingReport(change: Partial<InvoiceReport> = {}): InvoiceReport {
  return {
    id: 17,
    document: "invoice",
    invoiceId: 4,
    invoiceNumber: "INV-2026-27-0004",
    creditNoteNumber: null,
    status: "waiting",
    queuedAt: "2026-11-24T07:40:00.000Z",
    nextAttemptAt: "2026-11-24T10:05:00.000Z",
    attempts: 6,
    lastProblem: "FBR did not answer within 30 seconds",
    answerLostAt: null,
    refusal: [],
    fbrNumber: null,
    fbrDated: null,
    acceptedAt: null,
    buyer: {
      registrationType: "Registered",
      ntnCnic: "1234567",
      businessName: "Hilal Pharmaceuticals (Pvt) Ltd",
      province: "PUNJAB",
      address: "Plot 42, Sundar Industrial Estate, Lahore",
    },
    lines: [
      {
        position: 1,
        description: "Metal ballpoint pen, 1-colour logo",
        hsCode: "9608.1000",
        uom: "Numbers, pieces, units",
        saleType: "Goods at standard rate (default)",
      },
      {
        position: 2,
        description: "Screen set-up charge",
        hsCode: "9983.9000",
        uom: "Numbers, pieces, units",
        saleType: "Services",
      },
    ],
    ...change,
  };
}

/** That report refused by FBR: an HS code on line 1 and the buyer's NTN. */
export const refusedReport = (change: Partial<InvoiceReport> = {}) =>
  waitingReport({
    status: "refused",
    nextAttemptAt: null,
    refusal: [
      { line: 1, code: "0052", words: "The HS code 9608.1000 is not one FBR knows for this sale type." },
      { line: null, code: "0002", words: "The buyer's NTN is not registered with FBR." },
    ],
    ...change,
  });

/** A mailer that keeps every e-mail it is given. */
export function recordingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    from: "Promo Works <sales@promo.example>",
    to: ["sales@promo.example"],
    send: async (mail) => {
      sent.push(mail);
    },
    close: () => undefined,
  };
  return { mailer, sent };
}
