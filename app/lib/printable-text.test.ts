import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { acceptedOrder, invoiceDraft } from "../../tests/support/invoice-fixture";
import { bilal, buyerFields, submissionMeta } from "../../tests/support/request-fixture";
import { pdfWords } from "../../tests/support/pdf-text";
import { tempDir } from "../../tests/support/temp-dir";
import { creditNotePdf, invoicePdf } from "~/lib/invoices/pdf.server";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { Payments } from "~/lib/payments/payments.server";
import { receiptPdf } from "~/lib/payments/receipt-pdf.server";
import { acceptanceRecordPdf, quotationPdf } from "~/lib/quotations/pdf.server";
import { defaultTerms, Quotations, type QuotationDraft } from "~/lib/quotations/quotations.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { printable, printableLines, printableWithUrdu, unknownMarker, urduMarker } from "./printable-text";

// Every PDF the site makes, filled with text as people type it into the desk's and the buyer's forms
// (a textarea sends "\r\n"), read back by poppler's pdftotext: nothing entered is lost or replaced,
// and each typed line is a line of the document.

const now = new Date("2026-11-26T07:00:00Z");

/** The PDF's text as pdftotext gives it without layout: each printed line on its own, in reading order. */
function readBack(pdf: Uint8Array): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf, maxBuffer: 1 << 24 }).toString("utf8");
}

const typed = {
  name: "Zoë D'Souza",
  company: "Müller & D’Souza (Pvt.) Ltd – Gulberg",
  address: "Office 4, 2nd Floor, Siddiq Trade Centre\r\n72 Main Boulevard, Gulberg II\r\nLahore 54660, Pakistan\r\n",
  description: "Metal ball pen “Executive” – navy, 0.7 mm",
  decoration: "Pad print, 1 colour (Pantone 286 C) – logo 40 × 8 mm, ±0.5 mm",
  leadTime: "10–12 working days after artwork approval",
  paymentTerms: "50% advance with the PO; balance within 30 days of delivery – PKR only",
  note:
    "Prices include delivery to one address in Lahore; Karachi and Islamabad at cost.\r\n" +
    "Artwork: vector PDF or AI with fonts outlined – we redraw a JPEG logo for PKR 2,500.\r\n" +
    "\r\n" +
    "Colours may differ slightly from screen; a pre-production sample is sent for sign-off before the run of 500 pcs, and any change after sign-off is charged at cost.",
  role: "Head of Brand – Pharma",
  po: "PO/2026/0451-B",
  reason: "Five pens arrived without ink.\r\nCredit agreed with Zoë on the phone – 5 × PKR 89.",
};

/** The typed lines of `text`, as a reader finds them: blank ones left out. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");

/**
 * True when every typed line of `entered` starts a printed line (the first may follow a label) and its words follow in order, a long
 * line wrapping onto the next printed lines.
 */
function printedAsTyped(read: string, entered: string): boolean {
  const flowing = read.replace(/[ \n]+/g, (gap) => (gap.includes("\n") ? "\n" : " "));
  return linesOf(entered).every((line, index) => {
    const words = line
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    // The first line may follow its label on the same printed line ("Note: ", "1. ").
    const label = index === 0 ? "[^\\n]*" : "";
    return new RegExp(`(^|\\n)${label}${words.join("[ \\n]")}`).test(flowing);
  });
}

function acceptedRequest() {
  const store = QuoteStore.open(tempDir("printable-pdfs"));
  const draft: QuotationDraft = {
    ...invoiceDraft(now),
    leadTime: typed.leadTime,
    paymentTerms: typed.paymentTerms,
    note: typed.note,
    lines: [{ ...invoiceDraft(now).lines[0]!, description: typed.description, decoration: typed.decoration }],
  };
  const order = acceptedOrder(store, { now, draft, choices: [2], poNumber: typed.po, buyer: typed });
  return { store, order };
}

describe("printable", () => {
  it("makes every typed line break a line and keeps what the fonts print", () => {
    expect(printable(typed.address)).toBe(
      "Office 4, 2nd Floor, Siddiq Trade Centre\n72 Main Boulevard, Gulberg II\nLahore 54660, Pakistan",
    );
    expect(printableLines("One\rTwo\u2028Three\n\nFive")).toEqual(["One", "Two", "Three", "", "Five"]);
    for (const text of [typed.name, typed.company, typed.description, typed.leadTime, typed.paymentTerms, "€ 5 … “ok”"])
      expect(printable(text)).toBe(text);
  });

  it("says what it cannot print: Urdu as one marker per run, other scripts as [?], accents the fonts lack dropped from their letter", () => {
    expect(printable("عائشہ خان")).toBe(urduMarker);
    expect(printable("نوٹ بک Notebook")).toBe(`${urduMarker} Notebook`);
    expect(printable("Logo 🙂🙂 please")).toBe(`Logo ${unknownMarker} please`);
    expect(printable("钢笔")).toBe(unknownMarker);
    expect(printable("Şirket Łódź")).toBe("Sirket Lódz");
    expect(printable("logo ≤ 40 mm")).toBe(`logo ${unknownMarker} 40 mm`);
    expect(printable("Ayesha\u202f\u2212\u200f5\ufeff")).toBe("Ayesha -5");
  });
});

describe("printableWithUrdu", () => {
  it("keeps Urdu and the joiners inside its words for the PDFs with an Urdu font, and makes the rest as printable() does", () => {
    expect(printableWithUrdu("ڈاکٹر عائشہ خان،\r\nگلبرگ III، لاہور\r\n")).toBe("ڈاکٹر عائشہ خان،\nگلبرگ III، لاہور");
    expect(printableWithUrdu("نیم\u200cشب \u200fZoë\u202f🙂 Ş")).toBe("نیم\u200cشب Zoë [?] S");
    expect(printableWithUrdu("عائشہ")).not.toContain(urduMarker);
  });
});

describe("every PDF, filled as typed", () => {
  it("the quotation prints the buyer, the line, the terms and the note exactly, each typed line a line", async () => {
    const { store, order } = acceptedRequest();
    const quotation = new Quotations(store).versions(order.quote.id)[0]!;
    const read = readBack(await quotationPdf(order.quote, quotation));

    expect(read).toMatch(/\nZoë D'Souza\nMüller & D’Souza \(Pvt\.\) Ltd – Gulberg\n/);
    for (const entered of [typed.description, typed.decoration, typed.leadTime, typed.paymentTerms, typed.note])
      expect(printedAsTyped(read, entered), entered).toBe(true);
    expect(read).toContain("Note: Prices include delivery");
    expect(read).not.toMatch(/[\r?ÐÃ\ufffd]/);
  });

  it("the acceptance record prints who accepted, the role and the PO exactly", async () => {
    const { store, order } = acceptedRequest();
    const quotation = new Quotations(store).versions(order.quote.id)[0]!;
    const acceptance = { ...quotation.acceptance!, name: typed.name, role: typed.role };
    const read = readBack(await acceptanceRecordPdf(order.quote, quotation, acceptance));

    expect(read).toContain(`Accepted by: ${typed.name}\n`);
    expect(read).toContain(`Role: ${typed.role}\n`);
    expect(read).toContain(`PO number: ${typed.po}\n`);
    expect(printedAsTyped(read, typed.description)).toBe(true);
    expect(printedAsTyped(read, typed.paymentTerms)).toBe(true);
    expect(read).not.toMatch(/[\r?ÐÃ\ufffd]/);
  });

  it("the invoice prints the address typed in a textarea as its lines, with no stray letter at their ends", async () => {
    const { store, order } = acceptedRequest();
    const issued = new Invoices(store).issueInvoice(order.orderId, { buyerAddress: typed.address, actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    const read = readBack(await invoicePdf(issued.value, { status: "not reported" }));

    expect(read).toContain(
      "BUYER\n\nMüller & D’Souza (Pvt.) Ltd – Gulberg\nZoë D'Souza\n" +
        "Office 4, 2nd Floor, Siddiq Trade Centre\n72 Main Boulevard, Gulberg II\nLahore 54660, Pakistan\n",
    );
    expect(read).toContain(`\n${typed.po}\n`);
    expect(printedAsTyped(read, typed.description)).toBe(true);
    expect(read).not.toMatch(/[\r?ÐÃ\ufffd]/);
  });

  it("the credit note prints its typed reason line by line", async () => {
    const { store, order } = acceptedRequest();
    const invoices = new Invoices(store);
    const issued = invoices.issueInvoice(order.orderId, { buyerAddress: typed.address, actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    const note = invoices.issueCreditNote(issued.value.number, {
      amountPaisa: 44_500,
      reason: typed.reason,
      actor: bilal,
      now,
    });
    if (!note.ok) throw new Error(note.reason);
    const read = readBack(await creditNotePdf(note.value, { status: "not reported" }));

    expect(read).toContain(
      "Reason\nFive pens arrived without ink.\nCredit agreed with Zoë on the phone – 5 × PKR 89.\n",
    );
    expect(read).toContain("Lahore 54660, Pakistan\n");
    expect(read).not.toMatch(/[\r?ÐÃ\ufffd]/);
  });

  it("the receipt prints the buyer, the company and the typed bank reference exactly", async () => {
    const { store, order } = acceptedRequest();
    const recorded = new Payments(store).record(new Orders(store).forRequest(order.quote.id)!, {
      kind: "advance",
      method: "bank_transfer",
      paidOn: "2026-11-26",
      reference: typed.po,
      amountPaisa: 5_000_00,
      actor: bilal,
      now,
    });
    if (!recorded.ok) throw new Error(recorded.reason);
    const read = readBack(await receiptPdf(new Payments(store).receipt(recorded.value.receipt!.number)!));

    expect(read).toContain(`${typed.company}\n${typed.name}\n`);
    expect(read).toContain(typed.po);
    expect(read).not.toMatch(/[\r?ÐÃ\ufffd]/);
  });

  it("a buyer who wrote in Urdu is named in Urdu on the quotation and the receipt, never by stray Latin letters", async () => {
    const store = QuoteStore.open(tempDir("printable-urdu"));
    const quote = store.insert({ ...buyerFields, name: "عائشہ خان", company: "ایکمی فارما" }, submissionMeta("urdu"), {
      notify: false,
      now,
    }).quote;
    const quotations = new Quotations(store);
    quotations.saveDraft(quote.id, { ...defaultTerms(now), lines: invoiceDraft(now).lines }, null, now);
    const quotation = await quotationPdf(quote, quotations.send(quote, bilal, now)!);
    expect(pdfWords(quotation)).toEqual(
      expect.arrayContaining(["عائشہ", "خان", "ایکمی", "فارما", "ayesha@acme.example"]),
    );
    // UTF-8 read as Latin-1, or characters no font could draw, would show as these.
    expect(readBack(quotation)).not.toMatch(/[\u00c0-\u00ff\ufffd?]|\[Urdu text\]/);

    const order = acceptedOrder(store, { now, buyer: { name: "محمد عمران", company: "عمران ٹریڈرز" } });
    const recorded = new Payments(store).record(new Orders(store).forRequest(order.quote.id)!, {
      kind: "advance",
      method: "bank_transfer",
      paidOn: "2026-11-26",
      reference: "میزان بینک 4471",
      amountPaisa: 5_000_00,
      actor: bilal,
      now,
    });
    if (!recorded.ok) throw new Error(recorded.reason);
    const receipt = await receiptPdf(new Payments(store).receipt(recorded.value.receipt!.number)!);
    expect(pdfWords(receipt)).toEqual(expect.arrayContaining(["محمد", "عمران", "ٹریڈرز", "میزان", "بینک", "4471"]));
    expect(readBack(receipt)).not.toMatch(/[\u00c0-\u00ff\ufffd?]|\[Urdu text\]/);
  });
});
