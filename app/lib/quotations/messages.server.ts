import { dueNowLine, howToPayLines } from "~/content/buyer-payment";
import { longDate } from "~/lib/desk/time";
import { buyerDocumentMail, type MailEnvelope, plainMailMessage, type Rendered } from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import type { Message } from "~/lib/messaging/messaging.server";
import { buyerTemplateMessage, type MessageKinds } from "~/lib/messaging/registry.server";
import { formatPkr } from "~/lib/money";
import { type BuyerPayment, buyerPaymentData } from "~/lib/payments/buyer.server";
import { proofUrl, withLink } from "~/lib/proofs/mail";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { acceptancePdfOf } from "./acceptance-pdf.server";
import { quotationFileName } from "./desk.server";
import { optionHeading } from "./option-words";
import { quotationPdf } from "./pdf.server";
import { Quotations } from "./quotations.server";
import { optionTotals } from "./totals";

/** A quotation to the buyer, the buyer's answers and reminders, and the office's mail of an answer. */
export const quotationMessageKinds = [
  "quotation",
  "quotation-accepted",
  "quotation-reminder",
  "quotation-staff",
] as const;
export type QuotationMessageKind = (typeof quotationMessageKinds)[number];

/** The approved WhatsApp template of a quotation sent. */
export const quotationSentTemplate = { name: "quotation_sent", label: "Quotation sent" };

/** What the quotations' templates read: the requests, and the buyer's link minted for each message. */
type Deps = { store: QuoteStore; proofs: ProofDesk };

/**
 * A quotation to the buyer: what it is, its total and until when it stands, the buyer's private link
 * (minted for this attempt, so a failed attempt's link goes with it) and the version's PDF attached.
 */
async function quotationEmail(
  message: Message,
  { store, proofs }: Deps,
  { envelope, now }: { envelope: MailEnvelope; now: Date },
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const version = typeof message.payload.version === "number" ? message.payload.version : null;
  const quotation = quote && version !== null ? new Quotations(store).version(quote.id, version) : null;
  if (!quote || !quotation) return null;
  const pdf = await quotationPdf(quote, quotation);
  const link = proofUrl(proofs.linkForMessage(quote.id, message.id, now));
  const name = greetingName(quote.name);
  // Each option's own figures, so the buyer compares them without opening the PDF; the one nearest the
  // quantity they asked for says so.
  const entries = optionTotals(quotation, quote.quantity);
  const figures = ({
    goodsPaisa,
    setupPaisa,
    deliveryPaisa,
    taxPaisa,
    totalPaisa,
  }: (typeof entries)[number]["totals"]) =>
    [
      `subtotal ${formatPkr(goodsPaisa)}`,
      `set-up ${formatPkr(setupPaisa)}`,
      ...(deliveryPaisa ? [`delivery ${formatPkr(deliveryPaisa)}`] : []),
      `sales tax ${formatPkr(taxPaisa)}`,
      `total ${formatPkr(totalPaisa)}`,
    ].join(", ");
  const totalLines =
    entries.length === 1
      ? [`Total: ${formatPkr(entries[0]!.totals.totalPaisa)} including sales tax (${figures(entries[0]!.totals)}).`]
      : [
          "The total of each option, including sales tax:",
          ...entries.map((entry) => `${optionHeading(entry, quote.quantity)}: ${figures(entry.totals)}.`),
        ];
  const lines = [
    `Thank you for your request ${quote.reference}. Our quotation v${version} is attached as a PDF.`,
    ...totalLines,
    `It is valid until ${longDate(quotation.validUntil)}.`,
    "To see it, choose quantities and accept it, open your private page:",
  ];
  return {
    mail: buyerDocumentMail(message, envelope, {
      name,
      lines,
      link,
      after: ["For any change, simply reply to this e-mail."],
      attachment: { filename: quotationFileName(quote.reference, version!), content: pdf },
    }),
    sentEvent: { type: "quotation.mail_sent", payload: { subject: message.subject, to: message.recipient } },
    label: `Quote request ${quote.reference}: quotation v${version} e-mail`,
  };
}

/**
 * An e-mail about a quotation's answer or follow-up: the staff's to the office's addresses; a buyer's
 * with a link to their page minted for this attempt (a failed attempt's link goes with it).
 */
async function quotationAnswerTemplate(
  message: Message,
  { store, proofs }: Deps,
  { envelope, now }: { envelope: MailEnvelope; now: Date },
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  if (!quote) return null;
  const stored = typeof message.payload.body === "string" ? message.payload.body : "";
  const toStaff = message.kind === "quotation-staff";
  if (toStaff && envelope.to.length === 0) return null;
  // The buyer's acceptance carries its record as a PDF, made now from the stored rows.
  const record = message.kind === "quotation-accepted" ? await acceptancePdfOf(store, quote, proofs) : null;
  const linked = toStaff ? stored : withLink(stored, proofs.linkForMessage(quote.id, message.id, now));
  // The buyer's acceptance says how to pay what is due now, read from the order as it is when it goes.
  const body = message.kind === "quotation-accepted" ? withHowToPay(linked, buyerPaymentData(store, quote)) : linked;
  const mail = plainMailMessage(
    {
      messageId: message.messageId,
      to: toStaff ? envelope.to.map((address) => ({ address })) : [{ address: message.recipient }],
      subject: message.subject,
      body,
    },
    envelope,
  );
  if (record) mail.attachments = [{ filename: record.fileName, content: record.pdf, contentType: "application/pdf" }];
  return {
    mail,
    sentEvent: { type: "quotation.mail_sent", payload: { subject: message.subject, to: message.recipient } },
    label: `Quotation e-mail "${message.subject}"`,
  };
}

/** A letter with "How to pay" (the amount due now, the bank, the order as the reference) before its signature. */
function withHowToPay(body: string, payment: BuyerPayment | null): string {
  if (!payment) return body;
  const block = ["", ...howToPayLines(payment.order, payment.dueNow ? dueNowLine(payment.dueNow) : null)];
  const signature = body.lastIndexOf("\n\n--\n");
  return signature < 0
    ? [body, ...block].join("\n")
    : [body.slice(0, signature), ...block, body.slice(signature + 1)].join("\n");
}

/** Registers the quotations' messages: a quotation (also by WhatsApp to a buyer who chose it) and its answers' mails. */
export function registerQuotationMessages(kinds: MessageKinds, deps: Deps) {
  kinds.register("quotation", {
    audience: "buyer",
    email: (message, context) => quotationEmail(message, deps, context),
    whatsapp: {
      template: quotationSentTemplate,
      // Only once a quotation was sent: the link then opens it.
      fromDesk: (quoteId) => (new Quotations(deps.store).sentCount(quoteId) > 0 ? {} : null),
      render: (message, { now }) => {
        const quote = deps.store.get(message.quoteId);
        if (!quote) return null;
        const link = proofUrl(deps.proofs.linkForMessage(quote.id, message.id, now));
        return buyerTemplateMessage(
          message,
          quotationSentTemplate,
          { name: greetingName(quote.name), reference: quote.reference, link },
          `Quote request ${quote.reference}: quotation WhatsApp message`,
        );
      },
    },
  });
  const answer = (message: Message, context: { envelope: MailEnvelope; now: Date }) =>
    quotationAnswerTemplate(message, deps, context);
  kinds.register("quotation-accepted", { audience: "buyer", email: answer });
  kinds.register("quotation-reminder", { audience: "buyer", email: answer });
  kinds.register("quotation-staff", { audience: "office", email: answer });
}
