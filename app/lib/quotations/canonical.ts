import { createHash } from "node:crypto";
import type { StoredQuotation } from "./quotations.server";

/** Whom a quotation is from and to, as its documents print them. */
export type QuotationParties = {
  reference: string;
  supplier: { name: string; ntn: string; strn: string };
  buyer: { name: string; company: string; email: string };
};

/**
 * A sent quotation exactly as the buyer is shown it, in one fixed order of keys and values: what its
 * SHA-256 is taken of when it is sent, and again when it is shown or accepted (a changed row, or a
 * document made from other data, no longer matches). Money in paisa, dates as stored.
 */
export function canonicalQuotation(quotation: StoredQuotation, parties: QuotationParties): string {
  if (quotation.version === null) throw new Error("A draft has no canonical form until it is sent");
  return JSON.stringify([
    "quotation/1",
    parties.reference,
    quotation.version,
    [parties.supplier.name, parties.supplier.ntn, parties.supplier.strn],
    [parties.buyer.name, parties.buyer.company, parties.buyer.email, quotation.buyerNtn, quotation.buyerStrn],
    quotation.lines.map((line) => [
      line.position,
      line.itemId ?? "",
      line.description,
      line.decoration,
      line.setupPaisa,
      line.options.map((option) => [option.position, option.quantity, option.unitPaisa]),
    ]),
    quotation.deliveryPaisa,
    quotation.taxRateBp,
    quotation.validUntil,
    quotation.leadTimeDays,
    quotation.leadTime,
    quotation.paymentTerms,
    quotation.note,
  ]);
}

export const quotationSha256 = (quotation: StoredQuotation, parties: QuotationParties) =>
  createHash("sha256").update(canonicalQuotation(quotation, parties)).digest("hex");
