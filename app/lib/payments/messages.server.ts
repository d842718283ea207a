import { longDate } from "~/lib/desk/time";
import { buyerDocumentMail, type MailEnvelope, type Rendered } from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import type { Message } from "~/lib/messaging/messaging.server";
import type { MessageKinds } from "~/lib/messaging/registry.server";
import { formatPkr } from "~/lib/money";
import { proofUrl } from "~/lib/proofs/mail";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { paymentMethodLabel } from "./labels";
import { Payments } from "./payments.server";
import { receiptFileName, receiptPdf } from "./receipt-pdf.server";

/** A payment's receipt to the buyer, its PDF attached. */
export const paymentMessageKinds = ["receipt"] as const;
export type PaymentMessageKind = (typeof paymentMessageKinds)[number];

/** What the receipt's template reads: the requests, and the buyer's link minted for each message. */
type Deps = { store: QuoteStore; proofs: ProofDesk };

/**
 * A payment's receipt to the buyer: what was received (and withheld), for which order, what is still
 * due, the buyer's private link (minted for this attempt) and the receipt's PDF, made now from its
 * stored rows, attached.
 */
export async function receiptEmail(
  message: Message,
  { store, proofs }: Deps,
  { envelope, now }: { envelope: MailEnvelope; now: Date },
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const number = typeof message.payload.receipt === "string" ? message.payload.receipt : "";
  const receipt = quote && number ? new Payments(store).receipt(number) : null;
  // Only the request's own receipt goes to its buyer.
  if (!quote || !receipt || receipt.payment.quoteId !== quote.id) return null;
  const pdf = Buffer.from(await receiptPdf(receipt));
  const link = proofUrl(proofs.linkForMessage(quote.id, message.id, now));
  const { payment } = receipt;
  const how = [
    payment.amountPaisa > 0 ? `by ${paymentMethodLabel[payment.method].toLowerCase()}` : "",
    payment.reference ? `(ref. ${payment.reference})` : "",
  ].filter(Boolean);
  const withheld = [
    payment.incomeTaxWithheldPaisa > 0
      ? `income tax ${formatPkr(payment.incomeTaxWithheldPaisa)} (certificate ${payment.incomeTaxCertificate})`
      : "",
    payment.salesTaxWithheldPaisa > 0
      ? `sales tax ${formatPkr(payment.salesTaxWithheldPaisa)} (certificate ${payment.salesTaxCertificate})`
      : "",
  ].filter(Boolean);
  const lines = [
    `Thank you: we received ${formatPkr(payment.amountPaisa)} on ${longDate(payment.paidOn)}${how.length ? ` ${how.join(" ")}` : ""} for your order ${receipt.orderReference}. Our receipt ${receipt.number} is attached as a PDF.`,
    ...(withheld.length ? [`Tax you withheld at source, counted as paid: ${withheld.join("; ")}.`] : []),
    receipt.dueAfterPaisa > 0
      ? `Still due on the order: ${formatPkr(receipt.dueAfterPaisa)}.`
      : "Your order is now paid in full.",
    "Your payments, receipts and invoices are on your private page:",
  ];
  return {
    mail: buyerDocumentMail(message, envelope, {
      name: greetingName(quote.name),
      lines,
      link,
      attachment: { filename: receiptFileName(receipt.number), content: pdf },
    }),
    sentEvent: { type: "payment.receipt_mailed", payload: { number: receipt.number, to: message.recipient } },
    label: `Quote request ${quote.reference}: receipt ${receipt.number} e-mail`,
  };
}

/** Registers the payments' message: a receipt's e-mail with its PDF (the payload names it: { receipt }). */
export function registerPaymentMessages(kinds: MessageKinds, deps: Deps) {
  kinds.register("receipt", { audience: "buyer", email: (message, context) => receiptEmail(message, deps, context) });
}
