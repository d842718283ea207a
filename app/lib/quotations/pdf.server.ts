import PDFDocument from "pdfkit";
import sharp from "sharp";
import { business, fullAddress } from "~/content/business";
import { longDate, pakistanDate, pakistanTime } from "~/lib/desk/time";
import { formatPkr, formatRate } from "~/lib/money";
import { textHeight, writeText } from "~/lib/pdf-text/draw.server";
import { printable } from "~/lib/printable-text";
import type { ProofType } from "~/lib/proofs/rules";
import type { StoredQuote } from "~/lib/quotes/store.server";
import type { StoredAcceptance, StoredLine, StoredQuotation } from "./quotations.server";
import { orderReference } from "~/lib/orders/orders.server";
import { optionHeading } from "./option-words";
import { type OptionTotals, optionTotals } from "./totals";

// A quotation and its acceptance as documents a procurement office files: A4, the business's
// letterhead facts, figures written as everywhere else (formatPkr), dates in Pakistan time, and the
// SHA-256 that ties the paper to the version the buyer was sent. Helvetica for the document's own
// words; what a person typed (the buyer, the lines, the terms, the note, who accepted) is written by
// pdf-text, which draws Urdu in an embedded Noto Naskh Arabic in its place beside English and figures.

/** The proof the buyer approved, as the acceptance record shows it. */
export type ApprovedProofPicture = { version: number; sha256: string; imagePath?: string; mediaType: ProofType };

const A4 = { width: 595.28, height: 841.89 };
const margin = 50;
const contentWidth = A4.width - 2 * margin;
const bottom = A4.height - margin - 20; // room for the page footer
const columns = {
  item: { x: margin, width: 215 },
  quantity: { x: margin + 220, width: 70 },
  unit: { x: margin + 295, width: 90 },
  amount: { x: margin + 390, width: contentWidth - 390 },
};

type Doc = PDFKit.PDFDocument;

function newDocument(title: string, createdAt: string): Doc {
  return new PDFDocument({
    size: "A4",
    margin,
    bufferPages: true,
    info: { Title: printable(title), Author: business.name, CreationDate: new Date(createdAt) },
  });
}

/** The document's bytes, each page footed with its title and "Page 1 of 2". */
function finish(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    doc.page.margins.bottom = 0; // writing below the bottom margin would otherwise start a page
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#555555")
      .text(printable(`${footer} · Page ${index + 1} of ${count}`), margin, A4.height - margin, {
        width: contentWidth,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

/** Starts a new page when `height` points would not fit on this one; true when it did. */
function room(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom) return false;
  doc.addPage();
  return true;
}

function letterhead(doc: Doc) {
  doc.fillColor("#000000").font("Helvetica-Bold").fontSize(16).text(printable(business.name), margin, margin);
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(printable(fullAddress), { width: contentWidth })
    .text(printable(`${business.phone.display} · ${business.email}`))
    .text(`NTN ${business.ntn} · STRN ${business.strn}`);
  doc.moveDown(1.2);
}

function heading(doc: Doc, text: string) {
  doc.font("Helvetica-Bold").fontSize(14).fillColor("#000000").text(printable(text), margin, doc.y);
  doc.moveDown(0.3);
}

function buyerBlock(doc: Doc, quote: StoredQuote, quotation: StoredQuotation) {
  doc.font("Helvetica-Bold").fontSize(10).text("To", margin, doc.y);
  const lines = [
    quote.name,
    quote.company,
    quote.email,
    quotation.buyerNtn ? `NTN ${quotation.buyerNtn}` : "",
    quotation.buyerStrn ? `STRN ${quotation.buyerStrn}` : "",
  ].filter(Boolean);
  // A column of its own, so a name in Urdu sits right-aligned under "To", not at the page's far edge.
  for (const line of lines) writeText(doc, line, margin, doc.y, { size: 10, width: 260 });
  doc.moveDown(0.8);
}

/** One row of the table; its height is its tallest cell's, and it moves to a new page whole. */
function row(
  doc: Doc,
  cells: { item?: string; quantity?: string; unit?: string; amount?: string },
  options: { bold?: boolean; size?: number; direction?: "ltr" } = {},
) {
  const box = { ...options, size: options.size ?? 9.5, width: columns.item.width };
  const item = cells.item ?? "";
  const height = Math.max(textHeight(doc, item, box), doc.currentLineHeight(true));
  room(doc, height + 2);
  const y = doc.y;
  writeText(doc, item, columns.item.x, y, box);
  for (const key of ["quantity", "unit", "amount"] as const) {
    const text = cells[key];
    if (text) doc.text(printable(text), columns[key].x, y, { width: columns[key].width, align: "right" });
  }
  doc.x = margin;
  doc.y = y + height + 2;
}

function rule(doc: Doc) {
  room(doc, 6);
  doc
    .moveTo(margin, doc.y + 1)
    .lineTo(margin + contentWidth, doc.y + 1)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke();
  doc.y += 4;
}

function tableHead(doc: Doc) {
  room(doc, 40);
  row(doc, { item: "Item", quantity: "Quantity", unit: "Unit price", amount: "Amount" }, { bold: true });
  rule(doc);
}

const quantityText = (quantity: number) => quantity.toLocaleString("en-US");

function lineRows(doc: Doc, line: StoredLine, chosen?: number) {
  // Keep a line's head with its first figures: move it whole when its head would sit at a page's foot.
  room(doc, 48);
  // The line's number stays on the left, whatever the description's script.
  row(doc, { item: `${line.position}. ${line.description}` }, { bold: true, direction: "ltr" });
  if (line.decoration) row(doc, { item: `Decoration: ${line.decoration}` });
  const options = chosen ? line.options.filter((option) => option.position === chosen) : line.options;
  for (const option of options) {
    const label = chosen
      ? `Option ${option.position} chosen`
      : line.options.length > 1
        ? `Option ${option.position}`
        : "";
    row(doc, {
      item: label,
      quantity: quantityText(option.quantity),
      unit: formatPkr(option.unitPaisa),
      amount: formatPkr(option.quantity * option.unitPaisa),
    });
  }
  row(doc, { item: "Set-up charge", amount: formatPkr(line.setupPaisa) });
  doc.y += 4;
}

function totalsRows(
  doc: Doc,
  totals: { goodsPaisa: number; setupPaisa: number; deliveryPaisa: number; taxPaisa: number; totalPaisa: number },
  taxRateBp: number,
) {
  room(doc, 90);
  rule(doc);
  row(doc, { item: "Goods", amount: formatPkr(totals.goodsPaisa) });
  row(doc, { item: "Set-up charges", amount: formatPkr(totals.setupPaisa) });
  row(doc, { item: "Delivery", amount: formatPkr(totals.deliveryPaisa) });
  const taxable = totals.goodsPaisa + totals.setupPaisa + totals.deliveryPaisa;
  row(doc, {
    item: `Sales tax ${formatRate(taxRateBp)} on ${formatPkr(taxable)}`,
    amount: formatPkr(totals.taxPaisa),
  });
  row(doc, { item: "Total", amount: formatPkr(totals.totalPaisa) }, { bold: true, size: 11 });
  doc.moveDown(0.8);
}

/**
 * Each option's own figures (subtotal, set-up, delivery when there is any, tax and total), the one
 * nearest the buyer's quantity marked recommended, each block kept whole on its page.
 */
function optionTotalsRows(doc: Doc, entries: readonly OptionTotals[], asked: number | null, taxRateBp: number) {
  room(doc, 40);
  rule(doc);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("#000000")
    .text("Total of each option", margin, doc.y, { width: contentWidth });
  doc.moveDown(0.4);
  for (const entry of entries) {
    const { totals } = entry;
    room(doc, 95);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(printable(optionHeading(entry, asked)), margin, doc.y, { width: contentWidth });
    doc.moveDown(0.2);
    row(doc, { item: "Subtotal (goods)", amount: formatPkr(totals.goodsPaisa) });
    row(doc, { item: "Set-up charges", amount: formatPkr(totals.setupPaisa) });
    if (totals.deliveryPaisa) row(doc, { item: "Delivery", amount: formatPkr(totals.deliveryPaisa) });
    row(doc, {
      item: `Sales tax ${formatRate(taxRateBp)} on ${formatPkr(totals.taxablePaisa)}`,
      amount: formatPkr(totals.taxPaisa),
    });
    row(doc, { item: "Total", amount: formatPkr(totals.totalPaisa) }, { bold: true, size: 10.5 });
    doc.moveDown(0.6);
  }
  doc.moveDown(0.2);
}

/** "Label: value" lines, the label bold, a value of several lines held to the right of its label. */
function facts(doc: Doc, entries: [string, string][]) {
  for (const [label, value] of entries) {
    if (!value) continue;
    const lead = doc.font("Helvetica-Bold").fontSize(9.5).widthOfString(`${label}: `);
    const box = { size: 9.5, width: contentWidth - lead, align: "left" } as const;
    room(doc, textHeight(doc, value, box) + 2);
    const y = doc.y;
    doc.font("Helvetica-Bold").fontSize(9.5).text(`${label}: `, margin, y, { lineBreak: false });
    writeText(doc, value, margin + lead, y, box);
  }
}

function fingerprint(doc: Doc, label: string, sha256: string) {
  room(doc, 30);
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(8.5).fillColor("#000000").text(`${label}: `, margin, doc.y, { width: contentWidth });
  doc.font("Courier").fontSize(8.5).text(sha256, { width: contentWidth });
  doc.font("Helvetica");
}

const quotationTitle = (quote: StoredQuote, quotation: StoredQuotation) =>
  quotation.version === null
    ? `Draft quotation ${quote.reference}`
    : `Quotation ${quote.reference} v${quotation.version}`;

/**
 * The quotation as the buyer is sent it: every line and option, then each option's own totals, the one
 * nearest the quantity the buyer asked for recommended.
 */
export function quotationPdf(quote: StoredQuote, quotation: StoredQuotation): Promise<Buffer> {
  const issuedAt = quotation.sentAt ?? quotation.updatedAt;
  const title = quotationTitle(quote, quotation);
  const doc = newDocument(title, issuedAt);
  letterhead(doc);
  heading(doc, title);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Date: ${longDate(pakistanDate(Date.parse(issuedAt)))}`);
  doc.moveDown(0.8);
  buyerBlock(doc, quote, quotation);

  tableHead(doc);
  for (const line of quotation.lines) lineRows(doc, line);
  if (quotation.lines.length > 0) {
    const entries = optionTotals(quotation, quote.quantity);
    if (entries.length === 1) totalsRows(doc, entries[0]!.totals, quotation.taxRateBp);
    else optionTotalsRows(doc, entries, quote.quantity, quotation.taxRateBp);
  }
  facts(doc, [
    ["Valid until", longDate(quotation.validUntil)],
    ["Lead time", quotation.leadTime],
    ["Payment terms", quotation.paymentTerms],
    ["Note", quotation.note],
  ]);
  if (quotation.sha256) fingerprint(doc, "SHA-256 of this quotation", quotation.sha256);
  return finish(doc, title);
}

async function proofPicture(doc: Doc, proof: ApprovedProofPicture) {
  const kind = proof.mediaType === "image/svg+xml" ? "SVG" : proof.mediaType === "application/pdf" ? "PDF" : null;
  room(doc, 40);
  doc.moveDown(0.5);
  doc.font("Helvetica-Bold").fontSize(11).text(`Approved proof v${proof.version}`, margin, doc.y);
  if (proof.imagePath && !kind) {
    const picture =
      proof.mediaType === "image/webp"
        ? await sharp(proof.imagePath).png().toBuffer()
        : proof.mediaType === "image/png" || proof.mediaType === "image/jpeg"
          ? proof.imagePath
          : null;
    if (picture) {
      const size = 240;
      room(doc, size + 10);
      const y = doc.y + 4;
      doc.image(picture, margin, y, { fit: [contentWidth, size] });
      doc.x = margin;
      doc.y = y + size + 6;
    }
  } else if (kind) {
    doc.font("Helvetica").fontSize(9.5).text(`The proof is a ${kind} file; its picture is not reproduced here.`);
  }
  fingerprint(doc, "SHA-256 of the approved proof", proof.sha256);
}

/**
 * The buyer's acceptance as the office files it: who accepted, when (PKT), the option chosen on each
 * line, the totals stored with the acceptance, and the fingerprints of the quotation and the proof.
 */
export async function acceptanceRecordPdf(
  quote: StoredQuote,
  quotation: StoredQuotation,
  acceptance: StoredAcceptance,
  approvedProof?: ApprovedProofPicture,
): Promise<Buffer> {
  const title = `Acceptance of quotation ${quote.reference} v${quotation.version ?? "?"}`;
  const doc = newDocument(title, acceptance.acceptedAt);
  letterhead(doc);
  heading(doc, title);
  buyerBlock(doc, quote, quotation);
  facts(doc, [
    ["Order", orderReference(quote.reference)],
    ["Accepted by", acceptance.name],
    ["Role", acceptance.role],
    ["PO number", acceptance.poNumber],
    ["Accepted at", pakistanTime(acceptance.acceptedAt)],
  ]);
  doc.moveDown(0.8);

  const choices = JSON.parse(acceptance.choices) as number[];
  tableHead(doc);
  quotation.lines.forEach((line, index) => lineRows(doc, line, choices[index] ?? 1));
  totalsRows(doc, acceptance, quotation.taxRateBp);
  facts(doc, [
    ["Valid until", longDate(quotation.validUntil)],
    ["Lead time", quotation.leadTime],
    ["Payment terms", quotation.paymentTerms],
  ]);
  fingerprint(doc, "SHA-256 of the quotation accepted", acceptance.quotationSha256);
  if (approvedProof) await proofPicture(doc, approvedProof);
  return finish(doc, title);
}
