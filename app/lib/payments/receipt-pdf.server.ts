import PDFDocument from "pdfkit";
import { business, fullAddress } from "~/content/business";
import { longDate, pakistanDate } from "~/lib/desk/time";
import { amountInWords } from "~/lib/invoices/words";
import { formatPkr } from "~/lib/money";
import { pdfBytes } from "~/lib/pdf-bytes";
import { writeText } from "~/lib/pdf-text/draw.server";
import { printable } from "~/lib/printable-text";
import { paymentKindLabel, paymentMethodLabel } from "./labels";
import { settledBy, type StoredReceipt } from "./payments.server";

// The printed receipt (A4) the buyer gets for each payment: who received what from whom, for which
// order, when, how and with which reference; the tax the buyer withheld for us with each
// certificate's number; the amount in figures and in words; and what the order still owed once the
// payment was counted. Everything comes from the stored payment and its receipt; a reversed payment's
// receipt keeps its number and says it is cancelled. What a person typed (the buyer, the company, a
// reference, a certificate's number) is written by pdf-text, in Urdu as well as English.

const MARGIN = 40;
const ink = "#1f2933";
const muted = "#52606d";
const rule = "#cbd2d9";

type Document = InstanceType<typeof PDFDocument>;

/** The receipt's PDF file name: "R-2026-0001.pdf". */
export const receiptFileName = (number: string) => `${number}.pdf`;

/** Label and value on one line, the value on the right. */
function row(doc: Document, label: string, value: string, { bold = false, x = MARGIN, width = 515 } = {}) {
  const y = doc.y;
  doc.fillColor(muted);
  writeText(doc, label, x, y, { size: 10, width: width - 170 });
  const labelEnd = doc.y;
  doc.fillColor(ink);
  writeText(doc, value, x + width - 170, y, { size: 10, bold, width: 170, align: "right" });
  doc.y = Math.max(doc.y, labelEnd) + 3;
}

function ruleLine(doc: Document) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor(rule)
    .lineWidth(0.5)
    .stroke();
  doc.y += 8;
}

/** The receipt of a payment as a PDF (A4). */
export function receiptPdf(receipt: StoredReceipt): Promise<Uint8Array> {
  const { payment } = receipt;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Receipt ${receipt.number}`, Author: business.name, CreationDate: new Date(receipt.issuedAt) },
  });
  const done = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const right = doc.page.width - MARGIN;

  doc.fillColor(ink).font("Helvetica-Bold").fontSize(14).text(business.name, MARGIN, MARGIN, { width: 260 });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(muted)
    .text(printable(fullAddress), { width: 260 })
    .text(`${business.phone.display} · ${business.email}`, { width: 260 })
    .fillColor(ink)
    .text(`NTN: ${business.ntn} · STRN: ${business.strn}`, { width: 260 });
  const supplierEnd = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text("Payment Receipt", right - 230, MARGIN, { width: 230, align: "right" });
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    ["Receipt No.", receipt.number],
    ["Date", longDate(receipt.issueDate)],
    ["Order", receipt.orderReference],
    ...(receipt.poNumber ? ([["Buyer's PO", receipt.poNumber]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(muted)
      .text(printable(label), right - 230, y, { width: 100 });
    doc.fillColor(ink);
    writeText(doc, value, right - 130, y, { size: 9, bold: true, width: 130, align: "right" });
  }
  doc.y = Math.max(doc.y, supplierEnd) + 16;

  if (payment.reversal) {
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor("#9b1c1c")
      .text(
        `CANCELLED: this payment was reversed on ${longDate(pakistanDate(Date.parse(payment.reversal.reversedAt)))}; it no longer counts towards the order.`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.moveDown(0.8);
  }

  ruleLine(doc);
  doc.font("Helvetica").fontSize(8).fillColor(muted).text("RECEIVED FROM", MARGIN);
  doc.fillColor(ink);
  // A column of its own, so a name in Urdu sits right-aligned under the heading, not at the page's edge.
  const company = printable(receipt.buyerCompany) !== "";
  const column = 320;
  if (company) writeText(doc, receipt.buyerCompany, MARGIN, doc.y, { size: 11, bold: true, width: column });
  writeText(doc, receipt.buyerName, MARGIN, doc.y, { size: 11, bold: !company, width: column });
  doc.moveDown(0.8);

  ruleLine(doc);
  const received = payment.amountPaisa > 0;
  row(doc, "Paid on", longDate(payment.paidOn));
  if (received) row(doc, "Method", paymentMethodLabel[payment.method]);
  row(doc, "For", `${paymentKindLabel[payment.kind]} of order ${receipt.orderReference}`);
  if (payment.reference) row(doc, "Reference", payment.reference);
  doc.moveDown(0.5);
  ruleLine(doc);

  row(doc, "Amount received", formatPkr(payment.amountPaisa), { bold: true });
  if (payment.incomeTaxWithheldPaisa > 0)
    row(
      doc,
      `Income tax withheld at source (certificate ${payment.incomeTaxCertificate})`,
      formatPkr(payment.incomeTaxWithheldPaisa),
    );
  if (payment.salesTaxWithheldPaisa > 0)
    row(
      doc,
      `Sales tax withheld at source (certificate ${payment.salesTaxCertificate})`,
      formatPkr(payment.salesTaxWithheldPaisa),
    );
  const settles = settledBy(payment);
  const withheld = settles !== payment.amountPaisa;
  if (withheld) row(doc, "Settled by this payment", formatPkr(settles), { bold: true });
  doc.moveDown(0.6);
  doc.font("Helvetica").fontSize(9).fillColor(muted).text("Amount received in words", MARGIN, doc.y);
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(ink)
    .text(amountInWords(payment.amountPaisa), MARGIN, doc.y, { width });
  if (withheld) {
    doc.moveDown(0.4);
    doc.font("Helvetica").fontSize(9).fillColor(muted).text("Settled by this payment in words", MARGIN, doc.y);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(ink).text(amountInWords(settles), MARGIN, doc.y, { width });
  }
  doc.moveDown(1);

  ruleLine(doc);
  doc.font("Helvetica").fontSize(8).fillColor(muted).text(`ORDER ${receipt.orderReference}`, MARGIN);
  doc.moveDown(0.3);
  row(doc, "Order total", formatPkr(receipt.orderTotalPaisa));
  row(doc, "Settled before this payment", formatPkr(receipt.settledBeforePaisa));
  row(doc, "Settled by this payment", formatPkr(settles));
  row(doc, "Still due after this payment", formatPkr(receipt.dueAfterPaisa), { bold: true });
  doc.moveDown(1.5);

  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(muted)
    .text(
      `Recorded by ${business.name} on ${longDate(receipt.issueDate)}. This receipt acknowledges the payment above; the sales tax invoice is the tax document.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
