import { FbrReports, reportMark, shownToBuyer } from "~/lib/fbr/reports.server";
import { longDate } from "~/lib/desk/time";
import { buyerDocumentMail, type MailEnvelope, type Rendered } from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import type { Message } from "~/lib/messaging/messaging.server";
import { buyerTemplateMessage, type MessageKinds } from "~/lib/messaging/registry.server";
import { formatPkr } from "~/lib/money";
import { proofUrl } from "~/lib/proofs/mail";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { invoiceFileName } from "./files";
import { Invoices } from "./invoices.server";
import { invoicePdf } from "./pdf.server";

/** A sales tax invoice to the buyer, its PDF attached. */
export const invoiceMessageKinds = ["invoice"] as const;
export type InvoiceMessageKind = (typeof invoiceMessageKinds)[number];

/** The approved WhatsApp template of an invoice issued. */
export const invoiceIssuedTemplate = { name: "invoice_issued", label: "Invoice issued" };

/** What the invoice's templates read: the requests, and the buyer's link minted for each message. */
type Deps = { store: QuoteStore; proofs: ProofDesk };

/**
 * A sales tax invoice to the buyer: its number, total and what is still due, the buyer's private link
 * (minted for this attempt) and the invoice's PDF, made now from its issued rows, attached.
 */
export async function invoiceEmail(
  message: Message,
  { store, proofs }: Deps,
  { envelope, now }: { envelope: MailEnvelope; now: Date },
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const number = typeof message.payload.number === "string" ? message.payload.number : "";
  const invoice = quote && number ? new Invoices(store).invoice(number) : null;
  // Only the request's own invoice goes to its buyer.
  if (!quote || !invoice || invoice.quoteId !== quote.id) return null;
  // Mailed once final: FBR's number, date and QR code on it, or "not reported" without FBR configured.
  const mark = reportMark(new FbrReports(store.db).reportOfInvoice(invoice.id));
  const pdf = Buffer.from(await invoicePdf(invoice, mark));
  const link = proofUrl(proofs.linkForMessage(quote.id, message.id, now));
  const name = greetingName(quote.name);
  const lines = [
    `Please find attached our sales tax invoice ${invoice.number} of ${longDate(invoice.issueDate)} for your order ${invoice.orderReference}${invoice.poNumber ? ` (your PO ${invoice.poNumber})` : ""}.`,
    invoice.furtherTaxPaisa > 0
      ? `Total: ${formatPkr(invoice.payablePaisa)} including sales tax and further tax.`
      : `Total: ${formatPkr(invoice.payablePaisa)} including sales tax.`,
    "Your payments so far, what is still due and the invoice are on your private page:",
  ];
  return {
    mail: buyerDocumentMail(message, envelope, {
      name,
      lines,
      link,
      attachment: { filename: invoiceFileName(invoice.number), content: pdf },
    }),
    sentEvent: { type: "invoice.mail_sent", payload: { number: invoice.number, to: message.recipient } },
    label: `Quote request ${quote.reference}: invoice ${invoice.number} e-mail`,
  };
}

/**
 * Registers the invoice's message: its e-mail with the PDF, and by WhatsApp (to a buyer who chose it)
 * its number and the buyer's link. The payload names the invoice ({ number }).
 */
export function registerInvoiceMessages(kinds: MessageKinds, deps: Deps) {
  kinds.register("invoice", {
    audience: "buyer",
    email: (message, context) => invoiceEmail(message, deps, context),
    whatsapp: {
      template: invoiceIssuedTemplate,
      // The request's newest invoice, once the buyer may see it (FBR accepted it, or it is not reported).
      fromDesk: (quoteId) => {
        const invoices = new Invoices(deps.store);
        const number = invoices.newestNumberOf(quoteId);
        const invoice = number ? invoices.invoice(number) : null;
        return invoice && shownToBuyer(new FbrReports(deps.store.db).reportOfInvoice(invoice.id)) ? { number } : null;
      },
      render: (message, { now }) => {
        const quote = deps.store.get(message.quoteId);
        const number = typeof message.payload.number === "string" ? message.payload.number : "";
        const invoice = quote && number ? new Invoices(deps.store).invoice(number) : null;
        // Only the request's own invoice goes to its buyer.
        if (!quote || !invoice || invoice.quoteId !== quote.id) return null;
        return buyerTemplateMessage(
          message,
          invoiceIssuedTemplate,
          {
            name: greetingName(quote.name),
            reference: invoice.number,
            link: proofUrl(deps.proofs.linkForMessage(quote.id, message.id, now)),
          },
          `Quote request ${quote.reference}: invoice ${invoice.number} WhatsApp message`,
        );
      },
    },
  });
}
