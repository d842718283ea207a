import PDFDocument from "pdfkit";
import { business } from "~/content/business";
import { longDate } from "~/lib/desk/time";
import { formatPkr, formatRate } from "~/lib/money";
import { pdfBytes } from "~/lib/pdf-bytes";
import { printable } from "~/lib/printable-text";
import type { InvoiceRow, StoredCreditNote, StoredInvoice } from "./invoices.server";
import { bankDetails, paymentReference } from "~/content/buyer-payment";
import { amountInWords } from "./words";

// The printed sales tax invoice and credit note (A4), laid out the way a Pakistani accounts department
// files them: the supplier's registrations at the top, the buyer's beneath, the document's number and
// date, a table with the value excluding sales tax, the rate, the tax and the value including it on
// every line, the totals and the amount in words. Everything comes from the issued rows, and every
// text goes through printable() on its way in: typed line breaks become lines, not stray letters.

const PAGE_MARGIN = 40;
const FOOTER_SPACE = 36;
const ink = "#1f2933";
const muted = "#52606d";
const rule = "#cbd2d9";

type Column = { title: string; width: number; align: "left" | "right" };
const columns: Column[] = [
  { title: "Description", width: 140, align: "left" },
  { title: "Quantity", width: 40, align: "right" },
  { title: "Unit price", width: 62, align: "right" },
  { title: "Value excl. sales tax", width: 84, align: "right" },
  { title: "Rate", width: 30, align: "right" },
  { title: "Sales tax", width: 64, align: "right" },
  { title: "Value incl. sales tax", width: 95, align: "right" },
];

type Row = [string, string, string, string, string, string, string];

type Document = InstanceType<typeof PDFDocument>;

function newDocument(title: string, issuedAt: string): Document {
  return new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: { Title: title, Author: business.name, CreationDate: new Date(issuedAt) },
  });
}

const bottom = (doc: Document) => doc.page.height - PAGE_MARGIN - FOOTER_SPACE;

/** The supplier on the left, the document's title, number and references on the right. */
function header(doc: Document, invoice: InvoiceRow, title: string, facts: [string, string][]) {
  const top = PAGE_MARGIN;
  const right = doc.page.width - PAGE_MARGIN;
  doc
    .fillColor(ink)
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(printable(invoice.supplierName), PAGE_MARGIN, top, { width: 260 });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(muted)
    .text(printable(invoice.supplierAddress), { width: 260 })
    .text(printable(`${business.phone.display} · ${business.email}`), { width: 260 })
    .moveDown(0.3)
    .fillColor(ink)
    .font("Helvetica-Bold")
    .text(printable(`NTN: ${invoice.supplierNtn}`), { width: 260 })
    .text(printable(`STRN: ${invoice.supplierStrn}`), { width: 260 });
  const supplierEnd = doc.y;

  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(title, right - 230, top, { width: 230, align: "right" });
  doc.moveDown(0.4).fontSize(9);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font("Helvetica")
      .fillColor(muted)
      .text(label, right - 230, y, { width: 100 });
    doc
      .font("Helvetica-Bold")
      .fillColor(ink)
      .text(printable(value), right - 130, y, { width: 130, align: "right" });
  }
  doc.y = Math.max(doc.y, supplierEnd) + 14;
}

/** The buyer: company, name, address, registrations when given. */
function buyer(doc: Document, invoice: InvoiceRow) {
  const x = PAGE_MARGIN;
  const y = doc.y;
  doc
    .moveTo(x, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  doc.y = y + 8;
  doc.font("Helvetica").fontSize(8).fillColor(muted).text("BUYER", x);
  doc.fillColor(ink).fontSize(10);
  const company = printable(invoice.buyerCompany);
  if (company) doc.font("Helvetica-Bold").text(company, x, doc.y, { width: 320 });
  doc.font(company ? "Helvetica" : "Helvetica-Bold").text(printable(invoice.buyerName), x, doc.y, { width: 320 });
  doc.font("Helvetica").fontSize(9);
  const address = printable(invoice.buyerAddress);
  if (address) doc.text(address, x, doc.y, { width: 320 });
  if (invoice.buyerNtn) doc.text(printable(`NTN: ${invoice.buyerNtn}`), x, doc.y, { width: 320 });
  if (invoice.buyerStrn) doc.text(printable(`STRN: ${invoice.buyerStrn}`), x, doc.y, { width: 320 });
  doc.y += 14;
}

function tableRow(doc: Document, texts: readonly string[], { bold = false, shade = false } = {}) {
  const cells = texts.map(printable);
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
  const heights = cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width - 6 }));
  const height = Math.max(...heights) + 8;
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    if (!shade)
      tableRow(
        doc,
        columns.map((column) => column.title),
        { bold: true, shade: true },
      );
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
  }
  const y = doc.y;
  if (shade) doc.rect(PAGE_MARGIN, y, doc.page.width - 2 * PAGE_MARGIN, height).fill("#eef2f5");
  let x = PAGE_MARGIN;
  cells.forEach((cell, index) => {
    const column = columns[index]!;
    doc.fillColor(ink).text(cell, x + 3, y + 4, { width: column.width - 6, align: column.align });
    x += column.width;
  });
  doc
    .moveTo(PAGE_MARGIN, y + height)
    .lineTo(doc.page.width - PAGE_MARGIN, y + height)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  doc.x = PAGE_MARGIN;
  doc.y = y + height;
}

function table(doc: Document, rows: readonly Row[]) {
  tableRow(
    doc,
    columns.map((column) => column.title),
    { bold: true, shade: true },
  );
  for (const row of rows) tableRow(doc, row);
  doc.y += 10;
}

/** The totals, right-aligned under the table, the last one bold; then the amount in words. */
function totals(doc: Document, lines: [string, string][], words: string) {
  const needed = lines.length * 16 + 50;
  if (doc.y + needed > bottom(doc)) doc.addPage();
  const right = doc.page.width - PAGE_MARGIN;
  lines.forEach(([label, amount], index) => {
    const last = index === lines.length - 1;
    const y = doc.y;
    doc
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(last ? 11 : 9)
      .fillColor(ink);
    doc.text(printable(label), right - 300, y, { width: 190, align: "right" });
    doc.text(printable(amount), right - 110, y, { width: 110, align: "right" });
    doc.y += 4;
  });
  doc.moveDown(0.8);
  doc.font("Helvetica").fontSize(9).fillColor(muted).text("Amount in words", PAGE_MARGIN, doc.y);
  doc
    .font("Helvetica-Bold")
    .fillColor(ink)
    .text(printable(words), PAGE_MARGIN, doc.y, { width: doc.page.width - 2 * PAGE_MARGIN });
  doc.moveDown(1);
}

/** Where to pay, under the totals: the business's bank details and the order's number as the reference. */
function paymentDetails(doc: Document, order: string) {
  const lines = bankDetails.length + 2;
  if (doc.y + lines * 13 + 20 > bottom(doc)) doc.addPage();
  const width = doc.page.width - 2 * PAGE_MARGIN;
  doc.font("Helvetica").fontSize(9).fillColor(muted).text("How to pay", PAGE_MARGIN, doc.y, { width });
  doc.moveDown(0.2);
  for (const [label, value] of bankDetails) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(9).fillColor(muted).text(label, PAGE_MARGIN, y, { width: 100 });
    doc
      .font("Helvetica-Bold")
      .fillColor(ink)
      .text(value, PAGE_MARGIN + 100, y, { width: width - 100 });
  }
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(9).fillColor(ink).text(paymentReference(order), PAGE_MARGIN, doc.y, { width });
  doc.moveDown(1);
}

/** "Page 1 of 2" and who issued it, on every page, below the bottom margin. */
function footers(doc: Document, line: string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not start another page
    const y = doc.page.height - PAGE_MARGIN - 12;
    doc.font("Helvetica").fontSize(7.5).fillColor(muted);
    doc.text(printable(line), PAGE_MARGIN, y, { width: 400, lineBreak: false });
    doc.text(`Page ${index + 1} of ${range.count}`, doc.page.width - PAGE_MARGIN - 100, y, {
      width: 100,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

const references = (invoice: InvoiceRow): [string, string][] => [
  ["Order", invoice.orderReference],
  ["Request", invoice.requestReference],
  ...(invoice.poNumber ? ([["Buyer's PO", invoice.poNumber]] as [string, string][]) : []),
];

/** The sales tax invoice as a PDF (A4). */
export function invoicePdf(invoice: StoredInvoice): Promise<Uint8Array> {
  const doc = newDocument(`Sales Tax Invoice ${invoice.number}`, invoice.issuedAt);
  const done = pdfBytes(doc);
  header(doc, invoice, "Sales Tax Invoice", [
    ["Invoice No.", invoice.number],
    ["Date", longDate(invoice.issueDate)],
    ...references(invoice),
  ]);
  buyer(doc, invoice);
  const rate = formatRate(invoice.taxRateBp);
  table(
    doc,
    invoice.lines.map((line) => [
      line.description,
      line.quantity.toLocaleString("en-US"),
      formatPkr(line.unitPaisa),
      formatPkr(line.valueExclTaxPaisa),
      rate,
      formatPkr(line.taxPaisa),
      formatPkr(line.valueInclTaxPaisa),
    ]),
  );
  totals(
    doc,
    [
      ["Value excluding sales tax", formatPkr(invoice.valueExclTaxPaisa)],
      [`Sales tax at ${rate}`, formatPkr(invoice.taxPaisa)],
      ["Value including sales tax", formatPkr(invoice.totalPaisa)],
    ],
    amountInWords(invoice.totalPaisa),
  );
  paymentDetails(doc, invoice.orderReference);
  footers(doc, `${invoice.supplierName} · Sales Tax Invoice ${invoice.number} · ${longDate(invoice.issueDate)}`);
  doc.end();
  return done;
}

/** A credit note as a PDF (A4): the invoice it corrects, why, and the value and tax it takes off. */
export function creditNotePdf(note: StoredCreditNote): Promise<Uint8Array> {
  const { invoice } = note;
  const doc = newDocument(`Credit Note ${note.number}`, note.issuedAt);
  const done = pdfBytes(doc);
  header(doc, invoice, "Credit Note", [
    ["Credit Note No.", note.number],
    ["Date", longDate(note.issueDate)],
    ["Against invoice", invoice.number],
    ["Invoice date", longDate(invoice.issueDate)],
    ...references(invoice),
  ]);
  buyer(doc, invoice);
  doc.font("Helvetica").fontSize(9).fillColor(muted).text("Reason", PAGE_MARGIN, doc.y);
  doc
    .fillColor(ink)
    .text(printable(note.reason), PAGE_MARGIN, doc.y, { width: doc.page.width - 2 * PAGE_MARGIN })
    .moveDown(1);
  const rate = formatRate(invoice.taxRateBp);
  table(doc, [
    [
      `Credit against ${invoice.number}`,
      "1",
      formatPkr(note.valueExclTaxPaisa),
      formatPkr(note.valueExclTaxPaisa),
      rate,
      formatPkr(note.taxPaisa),
      formatPkr(note.amountPaisa),
    ],
  ]);
  totals(
    doc,
    [
      ["Value excluding sales tax credited", formatPkr(note.valueExclTaxPaisa)],
      [`Sales tax at ${rate} credited`, formatPkr(note.taxPaisa)],
      ["Total credited", formatPkr(note.amountPaisa)],
    ],
    amountInWords(note.amountPaisa),
  );
  footers(doc, `${invoice.supplierName} · Credit Note ${note.number} · ${longDate(note.issueDate)}`);
  doc.end();
  return done;
}
