import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acceptedOrder, invoiceDraft } from "../../../tests/support/invoice-fixture";
import { differenceFromReference, pdfPagePng, qrCodesIn } from "../../../tests/support/pdf-image";
import { pdfPageCount, pdfText, pdfWordBoxes, pdfWords } from "../../../tests/support/pdf-text";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { Invoices } from "./invoices.server";
import { creditNotePdf, invoicePdf } from "./pdf.server";

// The printed documents read back as an accountant checks them: every figure, both parties'
// registrations, the number and the date.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

function issued(options: Partial<Parameters<typeof acceptedOrder>[1]> = {}, buyerAddress?: string) {
  const store = QuoteStore.open(tempDir("invoice-pdf"));
  const invoices = new Invoices(store);
  const order = acceptedOrder(store, { now, ...options });
  const result = invoices.issueInvoice(order.orderId, { buyerAddress, actor: bilal, now });
  if (!result.ok) throw new Error(result.reason);
  return { invoices, order, invoice: result.value };
}

describe("the sales tax invoice PDF", () => {
  it("reads as a Pakistani sales tax invoice: both registrations, number, date, every line with its tax, totals, words", async () => {
    const { invoice, order } = issued({}, "Plot 5, Sector 24, Korangi Industrial Area, Karachi");
    const pdf = await invoicePdf(invoice, { status: "not reported" });
    expect(pdfPageCount(pdf)).toBe(1);
    const lines = pdfText(pdf).split("\n");
    const text = lines.join("\n");

    expect(lines[0]).toBe("Lahore Promo Works Sales Tax Invoice");
    expect(text).toContain("Invoice No. INV-2026-27-0001");
    expect(text).toContain("Date Thursday 26 November 2026");
    expect(text).toContain(`Order ${order.orderReference}`);
    expect(text).toContain(`Request ${order.quote.reference}`);
    expect(text).toContain("Buyer's PO PO-7781");
    // The supplier's registrations, then the buyer's.
    expect(lines.filter((line) => /\bNTN: /.test(line)).map((line) => line.match(/NTN: \S+/)![0])).toEqual([
      "NTN: 0000000-0",
      "NTN: 1234567-8",
    ]);
    expect(lines.filter((line) => /STRN: /.test(line)).map((line) => line.match(/STRN: \S+/)![0])).toEqual([
      "STRN: 00-00-0000-000-00",
      "STRN: 32-77-8761-234-56",
    ]);
    expect(lines.slice(lines.indexOf("BUYER"), lines.indexOf("BUYER") + 4)).toEqual([
      "BUYER",
      "Acme Pharma",
      "Ayesha Khan",
      "Plot 5, Sector 24, Korangi Industrial Area, Karachi",
    ]);

    const table = lines.indexOf(
      "Description Quantity Unit price Value excl. sales tax Rate Sales tax Value incl. sales tax",
    );
    expect(table).toBeGreaterThan(0);
    expect(lines.slice(table + 1, table + 8)).toEqual([
      "Onset pen — Screen print, 1 colour 500 PKR 89 PKR 44,500 18 % PKR 8,010 PKR 52,510",
      "A5 notebook 100 PKR 450.50 PKR 45,050 18 % PKR 8,109 PKR 53,159",
      "Set-up: Onset pen 1 PKR 2,500 PKR 2,500 18 % PKR 450 PKR 2,950",
      "Delivery 1 PKR 1,500 PKR 1,500 18 % PKR 270 PKR 1,770",
      "Value excluding sales tax PKR 93,550",
      "Sales tax at 18 % PKR 16,839",
      "Value including sales tax PKR 110,389",
    ]);
    expect(lines.slice(table + 8, table + 10)).toEqual([
      "Amount in words",
      "Rupees one lakh ten thousand three hundred eighty-nine only",
    ]);
    // Where to pay, with the order's number as the reference.
    expect(lines.slice(table + 10, table + 17)).toEqual([
      "How to pay",
      "Bank Example Bank Limited, Gulberg III branch, Lahore",
      "Account title Lahore Promo Works",
      "Account number 0012345678901234",
      "IBAN PK15 EXMP 0012 3456 7890 1234",
      "Raast ID 03005550100",
      `Quote ${order.orderReference} as the reference.`,
    ]);
    expect(lines.at(-1)).toBe(
      "Lahore Promo Works · Sales Tax Invoice INV-2026-27-0001 · Thursday 26 November 2026 Page 1 of 1",
    );
  });

  it("leaves out the buyer's registrations and address when none were given", async () => {
    const { invoice } = issued({ draft: { ...invoiceDraft(now), buyerNtn: "", buyerStrn: "" }, poNumber: "" });
    const text = pdfText(await invoicePdf(invoice, { status: "not reported" }));
    expect(text.match(/NTN: \S+/g)).toEqual(["NTN: 0000000-0"]);
    expect(text.match(/STRN: \S+/g)).toEqual(["STRN: 00-00-0000-000-00"]);
    expect(text).not.toContain("Buyer's PO");
    const lines = text.split("\n");
    expect(lines[lines.indexOf("BUYER") + 3]).toBe("Not reported to FBR Digital Invoicing");
    expect(lines[lines.indexOf("BUYER") + 4]).toMatch(/^Description /);
  });

  it("runs onto further pages with the table's heading again, every line once and the totals at the end", async () => {
    const draft = invoiceDraft(now);
    const many = Array.from({ length: 45 }, (_, index) => ({
      ...draft.lines[1]!,
      description: `Notebook design ${index + 1}`,
      options: [{ quantity: 10, unitPaisa: 100_000 }],
    }));
    const { invoice } = issued({ draft: { ...draft, lines: many, deliveryPaisa: 0 }, choices: many.map(() => 1) });
    const pdf = await invoicePdf(invoice, { status: "not reported" });
    expect(pdfPageCount(pdf)).toBe(2);
    const lines = pdfText(pdf).split("\n");
    expect(lines.filter((line) => line.startsWith("Description Quantity"))).toHaveLength(2);
    for (let index = 1; index <= 45; index++)
      expect(lines.filter((line) => line.startsWith(`Notebook design ${index} `))).toEqual([
        `Notebook design ${index} 10 PKR 1,000 PKR 10,000 18 % PKR 1,800 PKR 11,800`,
      ]);
    expect(lines).toContain("Value including sales tax PKR 531,000");
    expect(lines).toContain("Rupees five lakh thirty-one thousand only");
    expect(lines.filter((line) => /Page \d of 2$/.test(line))).toHaveLength(2);
  });
});

describe("the credit note PDF", () => {
  it("names the invoice it corrects with its date, the reason, and the value and tax it takes off", async () => {
    const { invoices, invoice, order } = issued();
    const note = invoices.issueCreditNote(invoice.number, {
      amountPaisa: 1_180_050,
      reason: "100 pens returned damaged",
      actor: bilal,
      now: new Date("2027-07-01T05:00:00Z"),
    });
    if (!note.ok) throw new Error(note.reason);
    const pdf = await creditNotePdf(note.value, { status: "not reported" });
    expect(pdfPageCount(pdf)).toBe(1);
    const lines = pdfText(pdf).split("\n");
    const text = lines.join("\n");
    expect(lines[0]).toBe("Lahore Promo Works Credit Note");
    expect(text).not.toContain("Sales Tax Invoice ");
    expect(text).toContain("Credit Note No. CN-2027-28-0001");
    expect(text).toContain("Date Thursday 1 July 2027");
    expect(text).toContain("Against invoice INV-2026-27-0001");
    expect(text).toContain("Invoice date Thursday 26 November 2026");
    expect(text).toContain(`Order ${order.orderReference}`);
    expect(text.match(/NTN: \S+/g)).toEqual(["NTN: 0000000-0", "NTN: 1234567-8"]);
    expect(text.match(/STRN: \S+/g)).toEqual(["STRN: 00-00-0000-000-00", "STRN: 32-77-8761-234-56"]);
    expect(lines.slice(lines.indexOf("Reason"), lines.indexOf("Reason") + 2)).toEqual([
      "Reason",
      "100 pens returned damaged",
    ]);
    // PKR 11,800.50 tax included at 18 %: PKR 1,800.08 of it is tax.
    const table = lines.findIndex((line) => line.startsWith("Description Quantity"));
    expect(lines.slice(table + 1, table + 7)).toEqual([
      "Credit against INV-2026-27-0001 1 PKR 10,000.42 PKR 10,000.42 18 % PKR 1,800.08 PKR 11,800.50",
      "Value excluding sales tax credited PKR 10,000.42",
      "Sales tax at 18 % credited PKR 1,800.08",
      "Total credited PKR 11,800.50",
      "Amount in words",
      "Rupees eleven thousand eight hundred and fifty paisa only",
    ]);
  });
});

describe("the invoice for a buyer who writes in Urdu, as FBR's Digital Invoicing left it", () => {
  const urdu = {
    name: "محمد عمران",
    company: "عمران ٹریڈرز",
    address: "ڈاکٹر عائشہ خان، 12-بی، ماڈل ٹاؤن، لاہور\r\nگلبرگ III، لاہور",
    line: "نوٹ بک A5، 100 صفحات",
  };
  const accepted = { status: "accepted", number: "7000007DI1747119701593", dated: "2026-11-26 12:04:51" } as const;

  function urduInvoice() {
    const store = QuoteStore.open(tempDir("invoice-pdf-urdu"));
    const draft = invoiceDraft(now);
    const lines = draft.lines.map((line, index) => (index === 1 ? { ...line, description: urdu.line } : line));
    const order = acceptedOrder(store, {
      now,
      draft: { ...draft, lines },
      buyer: { name: urdu.name, company: urdu.company },
    });
    const result = new Invoices(store).issueInvoice(order.orderId, { buyerAddress: urdu.address, actor: bilal, now });
    if (!result.ok) throw new Error(result.reason);
    return result.value;
  }

  it("prints the Urdu name, address and line joined and right to left, as the reference a person checked", async () => {
    const pdf = await invoicePdf(urduInvoice(), accepted);
    const reference = fileURLToPath(new URL("../../../tests/reference/invoice-urdu.png", import.meta.url));
    // A few per cent of the inked pixels may differ (anti-aliasing); a letter out of place or unjoined is more.
    // From the buyer to the end of the table, at 150 dpi: where the Urdu is.
    const png = pdfPagePng(pdf, { dpi: 150, crop: { x: 0, y: 290, width: 1240, height: 600 } });
    expect(await differenceFromReference(png, reference)).toBeLessThan(0.03);
  });

  it("keeps the Urdu words findable in the PDF's text, beside the English and the figures", async () => {
    const pdf = await invoicePdf(urduInvoice(), accepted);
    const words = pdfWords(pdf);
    for (const word of [
      "محمد",
      "عمران",
      "ٹریڈرز",
      "ڈاکٹر",
      "عائشہ",
      "خان،",
      "ماڈل",
      "ٹاؤن،",
      "لاہور",
      "گلبرگ",
      "نوٹ",
      "بک",
      "صفحات",
    ])
      expect(words, word).toContain(word);
    // Right to left: on each line, each word typed sits left of the one typed before it.
    const boxes = pdfWordBoxes(pdf);
    const readsRightToLeft = (...words: string[]) => {
      const line = boxes.find((box) => box.word === words[0])!.bottom;
      const xs = words.map((word) => boxes.find((box) => box.word === word && Math.abs(box.bottom - line) < 6)!.x);
      expect(xs, words.join(" ")).toEqual([...xs].sort((a, b) => b - a));
    };
    readsRightToLeft("محمد", "عمران");
    readsRightToLeft("ڈاکٹر", "عائشہ", "خان،", "بی،", "ماڈل", "ٹاؤن،", "لاہور");
    readsRightToLeft("گلبرگ", "،III", "لاہور");
    const text = pdfText(pdf);
    expect(text).toContain("Onset pen — Screen print, 1 colour 500 PKR 89 PKR 44,500 18 % PKR 8,010 PKR 52,510");
    expect(text).toMatch(/A5، 100 .*100 PKR 450\.50 PKR 45,050 18 % PKR 8,109 PKR 53,159/);
    expect(text).not.toContain("[Urdu text]");
  });

  it("carries FBR's invoice number, its date, the QR code of the number and the Digital Invoicing mark once accepted", async () => {
    const pdf = await invoicePdf(urduInvoice(), accepted);
    const text = pdfText(pdf);
    expect(text).toContain("FBR invoice number");
    expect(text).toContain(accepted.number);
    expect(text).toContain(`Dated by FBR\n${accepted.dated}`);
    // The mark beside the number: "FBR" over "Digital Invoicing System".
    expect(text).toMatch(/^FBR FBR invoice number$/m);
    expect(text).toMatch(/^Digital Invoicing$/m);
    expect(text).toMatch(/^System Dated by FBR$/m);
    expect(text).not.toContain("Not reported");
    expect(text).not.toContain("Not yet accepted");
    expect(qrCodesIn(pdfPagePng(pdf, { dpi: 150 }))).toBe(accepted.number);
  });

  it("says plainly when it was not reported, and that it is not final while FBR has not accepted it", async () => {
    const invoice = urduInvoice();
    const notReported = pdfText(await invoicePdf(invoice, { status: "not reported" }));
    expect(notReported).toContain("Not reported to FBR Digital Invoicing");
    expect(notReported).not.toContain("FBR invoice number");
    for (const status of ["waiting", "refused"] as const) {
      const pdf = await invoicePdf(invoice, { status });
      const text = pdfText(pdf);
      expect(text).toContain("Not yet accepted by FBR: not a valid sales tax invoice");
      expect(text).not.toContain("FBR invoice number");
      expect(qrCodesIn(pdfPagePng(pdf, { dpi: 150 }))).toBe("");
    }
  });

  it("shows further tax in its own column and total, and the amount payable with it, only when there is any", async () => {
    const invoice = urduInvoice();
    const rate = 400;
    const lines = invoice.lines.map((line) => ({ ...line, furtherTaxPaisa: (line.valueExclTaxPaisa * rate) / 10_000 }));
    const furtherTaxPaisa = lines.reduce((sum, line) => sum + line.furtherTaxPaisa, 0);
    const text = pdfText(
      await invoicePdf({ ...invoice, lines, furtherTaxPaisa, furtherTaxRateBp: rate }, { status: "not reported" }),
    );
    expect(text).toContain(
      "Description Quantity Unit price Value excl. sales Rate Sales tax Further tax Value incl. sales tax",
    );
    expect(text).toMatch(/^Onset pen — Screen print, 1 500 PKR 89 PKR 44,500 18 % PKR 8,010 PKR 1,780 PKR 52,510$/m);
    expect(text).toContain("Set-up: Onset pen 1 PKR 2,500 PKR 2,500 18 % PKR 450 PKR 100 PKR 2,950");
    expect(text).toContain("Further tax at 4 % PKR 3,742");
    expect(text).toContain("Amount payable PKR 114,131");
    expect(text).toContain("Rupees one lakh fourteen thousand one hundred thirty-one only");
    const without = pdfText(await invoicePdf(invoice, { status: "not reported" }));
    expect(without).not.toContain("Further tax");
    expect(without).not.toContain("Amount payable");
  });
});
