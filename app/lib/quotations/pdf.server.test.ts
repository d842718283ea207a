import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pdfPageCount, pdfText, pdfWords } from "../../../tests/support/pdf-text";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { longDate } from "~/lib/desk/time";
import { QuoteStore } from "~/lib/quotes/store.server";
import { urduMarker } from "~/lib/printable-text";
import { acceptanceRecordPdf, quotationPdf } from "./pdf.server";
import { defaultTerms, type QuotationDraft, Quotations, type StoredAcceptance } from "./quotations.server";

// The quotation and acceptance PDFs read back by poppler's pdftotext, as a procurement clerk reads them.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

const twoLines: QuotationDraft["lines"] = [
  {
    itemId: "onset-pen",
    description: "Onset pen",
    decoration: "Screen print, 1 colour",
    setupPaisa: 250_000,
    options: [
      { quantity: 250, unitPaisa: 9_000 },
      { quantity: 500, unitPaisa: 8_900 },
    ],
  },
  {
    itemId: null,
    description: "Notebook A5",
    decoration: "",
    setupPaisa: 0,
    options: [{ quantity: 100, unitPaisa: 45_050 }],
  },
];

function sent(lines = twoLines, fields: Partial<QuotationDraft> = {}, buyer: Partial<typeof buyerFields> = {}) {
  const store = QuoteStore.open(tempDir("quotation-pdf"));
  const quote = store.insert({ ...buyerFields, ...buyer }, submissionMeta("k1"), { notify: false, now }).quote;
  const quotations = new Quotations(store);
  quotations.saveDraft(quote.id, { ...defaultTerms(now), deliveryPaisa: 150_000, ...fields, lines }, null, now);
  return { quote, quotation: quotations.send(quote, bilal, now)! };
}

describe("the quotation PDF", () => {
  it("gives the letterhead, the buyer, every option's figures, the tax on the whole supply, the terms and the hash", async () => {
    const { quote, quotation } = sent(twoLines, {
      buyerNtn: "1234567-8",
      buyerStrn: "32-77-8761-234-56",
      note: "Prices ex-Lahore.",
    });
    const text = pdfText(await quotationPdf(quote, quotation));

    expect(text).toContain("Lahore Promo Works");
    expect(text).toContain("NTN 0000000-0 · STRN 00-00-0000-000-00");
    expect(text).toContain(`Quotation ${quote.reference} v1`);
    expect(text).toContain(`Date: ${longDate("2026-11-26")}`);
    expect(text).toMatch(/Ayesha Khan\nAcme Pharma\nayesha@acme\.example\nNTN 1234567-8\nSTRN 32-77-8761-234-56/);
    expect(text).toContain("1. Onset pen");
    expect(text).toContain("Decoration: Screen print, 1 colour");
    expect(text).toContain("Option 1 250 PKR 90 PKR 22,500");
    expect(text).toContain("Option 2 500 PKR 89 PKR 44,500");
    expect(text).toContain("Set-up charge PKR 2,500");
    expect(text).toContain("100 PKR 450.50 PKR 45,050");
    // Each option its own figures. Option 1: 22,500 + 45,050 goods, 2,500 set-up, 1,500 delivery = 71,550;
    // 18 % = 12,879. Option 2: 44,500 + 45,050, the same set-up and delivery = 93,550; 18 % = 16,839.
    expect(text).toContain(
      "Total of each option\nOption 1: 250 / 100 pcs\nSubtotal (goods) PKR 67,550\nSet-up charges PKR 2,500\nDelivery PKR 1,500\nSales tax 18 % on PKR 71,550 PKR 12,879\nTotal PKR 84,429",
    );
    expect(text).toContain(
      "Option 2: 500 / 100 pcs\nSubtotal (goods) PKR 89,550\nSet-up charges PKR 2,500\nDelivery PKR 1,500\nSales tax 18 % on PKR 93,550 PKR 16,839\nTotal PKR 110,389",
    );
    // The buyer said no quantity: no option is called recommended.
    expect(text).not.toContain("recommended");
    expect(text).toContain(`Valid until: ${longDate("2026-12-10")}`); // "Thursday 10 December 2026"
    expect(text).toContain("Lead time: 10 business days after artwork approval");
    expect(text).toContain("Payment terms: 50 % advance, balance on delivery");
    expect(text).toContain("Note: Prices ex-Lahore.");
    expect(text).toContain(`SHA-256 of this quotation:\n${quotation.sha256}`);
    expect(text).toContain("Page 1 of 1");
  });

  it("gives one set of totals when no line offers a choice, and leaves out the buyer's tax numbers when there are none", async () => {
    const { quote, quotation } = sent([{ ...twoLines[1]! }]);
    const text = pdfText(await quotationPdf(quote, quotation));
    expect(text).not.toContain("Total of each option");
    expect(text).toContain("Goods PKR 45,050");
    expect(text).not.toMatch(/^NTN (?!0000000-0)/m);
    expect(text).toContain("Total PKR 54,929"); // (45,050 + 1,500) × 1.18 = 54,929
  });

  it("runs a long quotation over pages, each line whole and readable, each option's totals once at the end", async () => {
    const lines = Array.from({ length: 20 }, (_, index) => ({
      itemId: null,
      description: `Line item number ${index + 1} with a description long enough to wrap onto a second line in its column`,
      decoration: "Pad print, 2 colours, both sides",
      setupPaisa: 100_000,
      options: [
        { quantity: 100, unitPaisa: 10_000 },
        { quantity: 250, unitPaisa: 9_000 },
        { quantity: 500, unitPaisa: 8_000 },
      ],
    }));
    const { quote, quotation } = sent(lines);
    const pdf = await quotationPdf(quote, quotation);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(pdf);
    for (let number = 1; number <= 20; number++) {
      // Overlapping rows would merge into each other's text; each line reads as written.
      const head = `${number}. ${lines[number - 1]!.description}`.replace(/\./g, "\\.").replace(/ /g, "\\s");
      expect(text).toMatch(new RegExp(`\\n${head}\\nDecoration: Pad print`));
    }
    expect(text.match(/Option 3 500 PKR 80 PKR 40,000/g)).toHaveLength(20);
    expect(text.match(/^Total PKR/gm)).toHaveLength(3); // one for each of the three options
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.indexOf("Line item number 20")).toBeLessThan(text.indexOf("Total PKR"));
  });

  it("prints Urdu as typed beside English: the buyer's name, a line and the note, findable in its text", async () => {
    const { quote, quotation } = sent(
      [{ ...twoLines[1]!, description: "نوٹ بک Notebook", decoration: "Şirket logo – “gold”" }],
      { note: "قیمتوں میں لاہور تک ترسیل شامل ہے۔\nPrices include delivery." },
      { name: "عائشہ خان", company: "Acme Pharma" },
    );
    const pdf = await quotationPdf(quote, quotation);
    const words = pdfWords(pdf);
    for (const word of ["عائشہ", "خان", "نوٹ", "بک", "قیمتوں", "لاہور", "ترسیل", "ہے۔"])
      expect(words, word).toContain(word);
    const text = pdfText(pdf);
    expect(text).toMatch(/^1\. .*Notebook$/m); // the line's number on the left, whatever its script
    expect(text).toContain("Decoration: Sirket logo – “gold”");
    expect(text).toContain("Acme Pharma");
    expect(text).toContain("Prices include delivery.");
    expect(text).not.toContain(urduMarker);
  });
});

describe("the acceptance record PDF", () => {
  const acceptance = (quotationId: number, quoteId: number, sha256: string): StoredAcceptance => ({
    quotationId,
    quoteId,
    acceptedAt: "2026-11-27T09:30:00.000Z",
    name: "Dr. Ayesha Khan",
    role: "Brand Manager",
    poNumber: "PO-7781",
    choices: "[2,1]",
    goodsPaisa: 8_955_000,
    setupPaisa: 250_000,
    deliveryPaisa: 150_000,
    taxPaisa: 1_683_900,
    totalPaisa: 11_038_900,
    quotationSha256: sha256,
  });

  it("names who accepted, when in PKT, the option chosen per line, the stored totals and both fingerprints, with the proof's picture", async () => {
    const { quote, quotation } = sent();
    const dir = tempDir("proof-picture");
    const imagePath = join(dir, "proof.webp");
    writeFileSync(imagePath, await fixtures.webp());
    const proofSha = "a".repeat(64);
    const pdf = await acceptanceRecordPdf(quote, quotation, acceptance(quotation.id, quote.id, quotation.sha256!), {
      version: 2,
      sha256: proofSha,
      imagePath,
      mediaType: "image/webp",
    });
    const text = pdfText(pdf);
    expect(text).toContain(`Acceptance of quotation ${quote.reference} v1`);
    expect(text).toContain(`Order: ${quote.reference.replace("Q-", "O-")}`);
    expect(text).toContain("Accepted by: Dr. Ayesha Khan");
    expect(text).toContain("Role: Brand Manager");
    expect(text).toContain("PO number: PO-7781");
    expect(text).toContain("Accepted at: 2026-11-27 14:30 PKT");
    expect(text).toContain("Option 2 chosen 500 PKR 89 PKR 44,500");
    expect(text).not.toContain("Option 1 chosen 250");
    expect(text).toContain("Option 1 chosen 100 PKR 450.50 PKR 45,050");
    expect(text).toContain("Goods PKR 89,550");
    expect(text).toContain("Sales tax 18 % on PKR 93,550 PKR 16,839");
    expect(text).toContain("Total PKR 110,389");
    expect(text).toContain(`SHA-256 of the quotation accepted:\n${quotation.sha256}`);
    expect(text).toContain("Approved proof v2");
    expect(text).toContain(`SHA-256 of the approved proof:\n${proofSha}`);
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
  });

  it("names an SVG proof and its hash without a picture", async () => {
    const { quote, quotation } = sent();
    const pdf = await acceptanceRecordPdf(quote, quotation, acceptance(quotation.id, quote.id, quotation.sha256!), {
      version: 1,
      sha256: "b".repeat(64),
      mediaType: "image/svg+xml",
    });
    const text = pdfText(pdf);
    expect(text).toContain("The proof is a SVG file; its picture is not reproduced here.");
    expect(text).toContain("b".repeat(64));
    expect(pdf.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });

  it("prints who accepted, the role and the PO in Urdu as they were typed", async () => {
    const { quote, quotation } = sent();
    const pdf = await acceptanceRecordPdf(quote, quotation, {
      ...acceptance(quotation.id, quote.id, quotation.sha256!),
      name: "ڈاکٹر عائشہ خان",
      role: "برانڈ مینیجر",
      poNumber: "خریداری آرڈر 7781",
    });
    const words = pdfWords(pdf);
    for (const word of ["ڈاکٹر", "عائشہ", "خان", "برانڈ", "مینیجر", "خریداری", "آرڈر", "7781"])
      expect(words, word).toContain(word);
    const text = pdfText(pdf);
    expect(text).toMatch(/^Accepted by:/m);
    expect(text).toMatch(/^PO number:/m);
    expect(text).not.toContain(urduMarker);
  });
});
