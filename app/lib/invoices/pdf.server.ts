import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { business } from "~/content/business";
import { longDate } from "~/lib/desk/time";
import { formatPkr, formatRate } from "~/lib/money";
import { pdfBytes } from "~/lib/pdf-bytes";
import { textHeight, writeText } from "~/lib/pdf-text/draw.server";
import { printable } from "~/lib/printable-text";
import type { InvoiceRow, StoredCreditNote, StoredInvoice } from "./invoices.server";
import { bankDetails, paymentReference } from "~/content/buyer-payment";
import { amountInWords } from "./words";

// The printed sales tax invoice and credit note (A4), laid out the way a Pakistani accounts department
// files them: the supplier's registrations at the top, the buyer's beneath, the document's number and
// date, a table with the value excluding sales tax, the rate, the tax and the value including it on
// every line, the totals and the amount in words; further tax, when the buyer is unregistered, in a
// column and a total of its own. Everything comes from the issued rows; what a person typed (names,
// addresses, descriptions, the reason) is written by pdf-text, in Urdu as well as English. Beneath the
// buyer, what FBR's Digital Invoicing made of the document: only an accepted invoice carries FBR's
// number, its QR code and the Digital Invoicing mark; any other says plainly that it is not final.

/** What FBR's Digital Invoicing made of an invoice or credit note, as its PDF shows it. */
export type FbrMark =
  | { status: "accepted"; number: string; dated: string }
  | { status: "not reported" }
  | { status: "waiting" | "refused" };

const PAGE_MARGIN = 40;
const FOOTER_SPACE = 36;
const ink = "#1f2933";
const muted = "#52606d";
const rule = "#cbd2d9";

type Column = { title: string; width: number; align: "start" | "right" };
const salesTaxColumns: Column[] = [
  { title: "Description", width: 140, align: "start" },
  { title: "Quantity", width: 40, align: "right" },
  { title: "Unit price", width: 62, align: "right" },
  { title: "Value excl. sales tax", width: 84, align: "right" },
  { title: "Rate", width: 30, align: "right" },
  { title: "Sales tax", width: 64, align: "right" },
  { title: "Value incl. sales tax", width: 95, align: "right" },
];
// The same table with a further tax column, for a supply to an unregistered buyer: as wide in all.
const furtherTaxColumns: Column[] = [
  { title: "Description", width: 114, align: "start" },
  { title: "Quantity", width: 42, align: "right" },
  { title: "Unit price", width: 58, align: "right" },
  { title: "Value excl. sales tax", width: 74, align: "right" },
  { title: "Rate", width: 28, align: "right" },
  { title: "Sales tax", width: 60, align: "right" },
  { title: "Further tax", width: 56, align: "right" },
  { title: "Value incl. sales tax", width: 83, align: "right" },
];

type Row = string[];

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
    doc.fillColor(ink);
    writeText(doc, value, right - 130, y, { size: 9, bold: true, width: 130, align: "right" });
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
  doc.fillColor(ink);
  const company = printable(invoice.buyerCompany) !== "";
  if (company) writeText(doc, invoice.buyerCompany, x, doc.y, { size: 10, bold: true, width: 320 });
  writeText(doc, invoice.buyerName, x, doc.y, { size: 10, bold: !company, width: 320 });
  writeText(doc, invoice.buyerAddress, x, doc.y, { size: 9, width: 320 });
  if (invoice.buyerNtn) writeText(doc, `NTN: ${invoice.buyerNtn}`, x, doc.y, { size: 9, width: 320 });
  if (invoice.buyerStrn) writeText(doc, `STRN: ${invoice.buyerStrn}`, x, doc.y, { size: 9, width: 320 });
  doc.y += 14;
}

function tableRow(
  doc: Document,
  columns: readonly Column[],
  cells: readonly string[],
  { bold = false, shade = false } = {},
) {
  const box = (index: number) => ({ size: 8, bold, width: columns[index]!.width - 6, align: columns[index]!.align });
  const heights = cells.map((cell, index) => textHeight(doc, cell, box(index)));
  const height = Math.max(...heights) + 8;
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    if (!shade)
      tableRow(
        doc,
        columns,
        columns.map((column) => column.title),
        { bold: true, shade: true },
      );
  }
  const y = doc.y;
  if (shade) doc.rect(PAGE_MARGIN, y, doc.page.width - 2 * PAGE_MARGIN, height).fill("#eef2f5");
  let x = PAGE_MARGIN;
  cells.forEach((cell, index) => {
    doc.fillColor(ink);
    writeText(doc, cell, x + 3, y + 4, box(index));
    x += columns[index]!.width;
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

function table(doc: Document, columns: readonly Column[], rows: readonly Row[]) {
  tableRow(
    doc,
    columns,
    columns.map((column) => column.title),
    { bold: true, shade: true },
  );
  for (const row of rows) tableRow(doc, columns, row);
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

const QR_SIZE = 72; // one inch

/**
 * FBR's invoice number as a QR code of version 2 (25 × 25 modules, error correction M), as the Digital
 * Invoicing rules ask, drawn as vector squares one inch wide with (x, y) its top left corner; a number
 * too long for version 2 takes the smallest version that holds it, still one inch.
 */
function qrCode(doc: Document, text: string, x: number, y: number) {
  let code: QRCode.QRCode;
  try {
    code = QRCode.create(text, { version: 2, errorCorrectionLevel: "M" });
  } catch {
    code = QRCode.create(text, { errorCorrectionLevel: "M" });
  }
  const { size } = code.modules;
  const module = QR_SIZE / size;
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (code.modules.get(row, column)) doc.rect(x + column * module, y + row * module, module, module);
  doc.fillColor("#000000").fill();
}

/** The Digital Invoicing mark: FBR's system named in a bordered block (no picture of FBR's logo). */
function digitalInvoicingMark(doc: Document, x: number, y: number) {
  const width = 92;
  doc.lineWidth(1.2).strokeColor(ink).rect(x, y, width, QR_SIZE).stroke();
  doc.rect(x, y, width, 20).fill(ink);
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor("#ffffff")
    .text("FBR", x, y + 4, { width, align: "center", lineBreak: false });
  doc.font("Helvetica-Bold").fontSize(9).fillColor(ink);
  doc.text("Digital Invoicing", x + 4, y + 34, { width: width - 8, align: "center" });
  doc.text("System", x + 4, doc.y, { width: width - 8, align: "center" });
}

/**
 * What FBR made of the document, under the buyer: accepted, FBR's number and date with the QR code and
 * the Digital Invoicing mark; not reported, a plain line; waiting or refused, a banner saying it is not
 * yet a valid sales tax invoice.
 */
function fbrBlock(doc: Document, fbr: FbrMark, document: "invoice" | "credit note") {
  const x = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  if (fbr.status === "not reported") {
    doc.font("Helvetica").fontSize(9).fillColor(muted).text("Not reported to FBR Digital Invoicing", x, doc.y, {
      width,
    });
    doc.y += 10;
    return;
  }
  if (fbr.status !== "accepted") {
    const y = doc.y;
    const words =
      document === "invoice"
        ? "Not yet accepted by FBR: not a valid sales tax invoice"
        : "Not yet accepted by FBR: not a valid credit note";
    const reason =
      fbr.status === "waiting"
        ? "Waiting for FBR Digital Invoicing to accept it; the final copy carries FBR's invoice number and QR code."
        : "FBR Digital Invoicing refused it; it is being corrected and submitted again.";
    doc.rect(x, y, width, 42).lineWidth(1.5).strokeColor("#9b1c1c").stroke();
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor("#9b1c1c")
      .text(words, x + 10, y + 8, { width: width - 20 });
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .text(reason, x + 10, doc.y + 2, { width: width - 20 });
    doc.y = y + 42 + 12;
    return;
  }
  const y = doc.y;
  qrCode(doc, fbr.number, x, y);
  digitalInvoicingMark(doc, x + QR_SIZE + 16, y);
  const textX = x + QR_SIZE + 16 + 92 + 20;
  const textWidth = width - (textX - x);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(muted)
    .text("FBR invoice number", textX, y + 4, { width: textWidth });
  doc
    .font("Helvetica-Bold")
    .fontSize(15)
    .fillColor(ink)
    .text(printable(fbr.number), textX, doc.y + 1, { width: textWidth });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(muted)
    .text("Dated by FBR", textX, doc.y + 6, { width: textWidth });
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(ink)
    .text(printable(fbr.dated), textX, doc.y + 1, { width: textWidth });
  doc.x = x;
  doc.y = y + QR_SIZE + 14;
}

/** The sales tax invoice as a PDF (A4), with what FBR's Digital Invoicing made of it. */
export function invoicePdf(invoice: StoredInvoice, fbr: FbrMark): Promise<Uint8Array> {
  const doc = newDocument(`Sales Tax Invoice ${invoice.number}`, invoice.issuedAt);
  const done = pdfBytes(doc);
  header(doc, invoice, "Sales Tax Invoice", [
    ["Invoice No.", invoice.number],
    ["Date", longDate(invoice.issueDate)],
    ...references(invoice),
  ]);
  buyer(doc, invoice);
  fbrBlock(doc, fbr, "invoice");
  const rate = formatRate(invoice.taxRateBp);
  const further = invoice.furtherTaxPaisa > 0;
  table(
    doc,
    further ? furtherTaxColumns : salesTaxColumns,
    invoice.lines.map((line) => [
      line.description,
      line.quantity.toLocaleString("en-US"),
      formatPkr(line.unitPaisa),
      formatPkr(line.valueExclTaxPaisa),
      rate,
      formatPkr(line.taxPaisa),
      ...(further ? [formatPkr(line.furtherTaxPaisa)] : []),
      formatPkr(line.valueInclTaxPaisa),
    ]),
  );
  const payable = invoice.totalPaisa + invoice.furtherTaxPaisa;
  totals(
    doc,
    [
      ["Value excluding sales tax", formatPkr(invoice.valueExclTaxPaisa)],
      [`Sales tax at ${rate}`, formatPkr(invoice.taxPaisa)],
      ["Value including sales tax", formatPkr(invoice.totalPaisa)],
      ...(further
        ? ([
            [`Further tax at ${formatRate(invoice.furtherTaxRateBp)}`, formatPkr(invoice.furtherTaxPaisa)],
            ["Amount payable", formatPkr(payable)],
          ] as [string, string][])
        : []),
    ],
    amountInWords(payable),
  );
  paymentDetails(doc, invoice.orderReference);
  footers(doc, `${invoice.supplierName} · Sales Tax Invoice ${invoice.number} · ${longDate(invoice.issueDate)}`);
  doc.end();
  return done;
}

/**
 * A credit note as a PDF (A4): the invoice it corrects, why, the value and taxes it takes off, and what
 * FBR's Digital Invoicing made of it.
 */
export function creditNotePdf(note: StoredCreditNote, fbr: FbrMark): Promise<Uint8Array> {
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
  fbrBlock(doc, fbr, "credit note");
  const width = doc.page.width - 2 * PAGE_MARGIN;
  doc.font("Helvetica").fontSize(9).fillColor(muted).text("Reason", PAGE_MARGIN, doc.y);
  doc.fillColor(ink);
  writeText(doc, note.reason, PAGE_MARGIN, doc.y, { size: 9, width });
  doc.moveDown(1);
  const rate = formatRate(invoice.taxRateBp);
  const further = note.furtherTaxPaisa > 0;
  table(doc, further ? furtherTaxColumns : salesTaxColumns, [
    [
      `Credit against ${invoice.number}`,
      "1",
      formatPkr(note.valueExclTaxPaisa),
      formatPkr(note.valueExclTaxPaisa),
      rate,
      formatPkr(note.taxPaisa),
      ...(further ? [formatPkr(note.furtherTaxPaisa)] : []),
      formatPkr(note.amountPaisa),
    ],
  ]);
  const credited = note.amountPaisa + note.furtherTaxPaisa;
  totals(
    doc,
    [
      ["Value excluding sales tax credited", formatPkr(note.valueExclTaxPaisa)],
      [`Sales tax at ${rate} credited`, formatPkr(note.taxPaisa)],
      ...(further
        ? ([
            ["Value including sales tax credited", formatPkr(note.amountPaisa)],
            [`Further tax at ${formatRate(invoice.furtherTaxRateBp)} credited`, formatPkr(note.furtherTaxPaisa)],
          ] as [string, string][])
        : []),
      ["Total credited", formatPkr(credited)],
    ],
    amountInWords(credited),
  );
  footers(doc, `${invoice.supplierName} · Credit Note ${note.number} · ${longDate(note.issueDate)}`);
  doc.end();
  return done;
}
