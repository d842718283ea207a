import type { AuditEventData } from "~/lib/audit/events";
import { business } from "~/content/business";
import { publicLink } from "~/lib/site-url";
import { quoteFieldLabel } from "~/content/contact";
import { longDeadline, replyBy } from "~/lib/desk/time";
import { wantsOf } from "~/lib/desk/wants";
import { isEmailAddress } from "~/lib/email-address";
import { withLink } from "~/lib/proofs/mail";
import { acceptancePdfOf } from "~/lib/quotations/acceptance-pdf.server";
import type { MailAddress, ProofDesk } from "~/lib/proofs/proofs.server";
import type { MailConfig } from "~/lib/quotes/config.server";
import {
  attachmentFileName,
  type QuoteStore,
  type StoredAttachment,
  type StoredQuote,
} from "~/lib/quotes/store.server";
import { quotationFileName } from "~/lib/quotations/desk.server";
import { quotationPdf } from "~/lib/quotations/pdf.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import { optionHeading } from "~/lib/quotations/option-words";
import { optionTotals } from "~/lib/quotations/totals";
import { formatPkr } from "~/lib/money";
import { invoiceFileName } from "~/lib/invoices/files";
import { Invoices } from "~/lib/invoices/invoices.server";
import { invoicePdf } from "~/lib/invoices/pdf.server";
import { FbrReports, reportMark } from "~/lib/fbr/reports.server";
import { paymentMethodLabel } from "~/lib/payments/labels";
import { Payments } from "~/lib/payments/payments.server";
import { receiptFileName, receiptPdf } from "~/lib/payments/receipt-pdf.server";
import { longDate } from "~/lib/desk/time";
import { proofUrl } from "~/lib/proofs/mail";
import { dueNowLine, howToPayLines } from "~/content/buyer-payment";
import { type BuyerPayment, buyerPaymentData } from "~/lib/payments/buyer.server";
import type { Message, OutboundKind, StoredReply } from "./messaging.server";
import { greetingName } from "./greeting";
import { notificationSubject, oneLine } from "./subjects";

/** The addresses mail goes from, and (the office's mails) to. */
export type MailEnvelope = { from: string; to: readonly string[] };

/** A message as nodemailer sends it. Addresses are objects: nodemailer encodes a name and refuses CR/LF in it. */
export type OutgoingMail = {
  from: string;
  to: MailAddress | MailAddress[];
  replyTo?: string | MailAddress;
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  /** From disk (`path`, read at each attempt) or made for this attempt (`content`, a quotation's PDF). */
  attachments?: ({ filename: string; contentType: string; cid?: string } & ({ path: string } | { content: Buffer }))[];
};

/**
 * A buyer's address as a mail is sent to it: the address alone. A display name typed into the form would
 * carry a stranger's words into the header of a mail from us (the greeting carries a name, checked).
 */
const buyerAddress = (address: string): MailAddress => ({ name: "", address });

/** The desk's page of a request (a staff member signs in to open it). */
export const deskUrl = (quote: Pick<StoredQuote, "reference">) => publicLink(`/desk/quotes/${quote.reference}`);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** One of our Message-IDs as sent: its stored part and the domain of the address mail comes from. */
export const fullMessageId = (id: string, from: string) =>
  `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost"}>`;

/** The content id of the mockup shown in the HTML part. */
export const MOCKUP_CID = "design-mockup@quote";

/**
 * The notification e-mail for one request: plain text and HTML, the buyer's text escaped; its files
 * (the checked copies) attached, the mockup also shown in the HTML, and the design's spec in the text.
 */
export function notificationEmail(
  quote: StoredQuote,
  { to, from }: MailEnvelope,
  files: readonly StoredAttachment[] = [],
  messageId?: string,
): OutgoingMail {
  // How near the needed-by date is, counted from when the request came (the e-mail leaves then).
  const wants = wantsOf(quote, Date.parse(quote.receivedAt));
  const neededBy = wants.neededBy && [wants.neededBy.day, wants.neededBy.nearness && `(${wants.neededBy.nearness})`];
  const fields: [string, string][] = [
    [quoteFieldLabel.name, quote.name],
    [quoteFieldLabel.company, quote.company],
    [quoteFieldLabel.email, quote.email],
    [quoteFieldLabel.phone, quote.phone],
    [quoteFieldLabel.product, quote.product],
    [quoteFieldLabel.quantity, wants.quantity ?? ""],
    [quoteFieldLabel.neededBy, neededBy ? neededBy.filter(Boolean).join(" ") : ""],
  ];
  const details: [string, string][] = [
    ["Received", quote.receivedAt],
    ["Page", quote.page],
    ["IP address", quote.clientIp],
    ["Reference", quote.reference],
    ["On the desk", deskUrl(quote)],
  ];
  const design = quote.design;
  const designLines: [string, string][] = design
    ? [
        ["Item", design.itemId],
        ["Text", design.text],
        ["Colours", design.colours.join(", ")],
        [
          "Logo",
          design.logo
            ? `${design.logo.widthMm} × ${design.logo.heightMm} mm at ${design.logo.xMm}, ${design.logo.yMm} mm from the print area's top left`
            : "none",
        ],
        ...design.warnings.map((warning): [string, string] => ["Warning", warning]),
      ]
    : [];
  const fileLines: [string, string][] = files.map((file) => [
    file.role === "logo" ? "Logo file" : "Mockup file",
    `${attachmentFileName(file)} (${file.mediaType}, ${Math.ceil(file.byteSize / 1024)} KB${file.originalName ? `, sent as "${file.originalName}"` : ""})`,
  ]);
  const mockup = files.find((file) => file.role === "mockup");
  const subject = notificationSubject(quote);

  const text = [
    `New quote request from the ${business.name} website.`,
    "",
    ...fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
    "",
    `${quoteFieldLabel.message}:`,
    quote.message,
    "",
    ...(designLines.length
      ? ["Design from the brand studio:", ...designLines.map(([label, value]) => `  ${label}: ${value}`), ""]
      : []),
    ...(fileLines.length ? [...fileLines.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    `Answer it on the desk: ${deskUrl(quote)}`,
    "Or reply to this e-mail to answer the buyer directly.",
  ].join("\n");

  // A buyer's words may be Urdu: each value and the message run in their own direction.
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0" dir="auto">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:18px">New quote request</h1>
<table>${fields
    .filter(([, value]) => value)
    .map(row)
    .join("")}</table>
<h2 style="font-size:16px">${escapeHtml(quoteFieldLabel.message)}</h2>
<p style="white-space:pre-wrap" dir="auto">${escapeHtml(quote.message)}</p>
${designLines.length ? `<h2 style="font-size:16px">Design from the brand studio</h2>\n<table>${designLines.map(row).join("")}</table>\n` : ""}${mockup ? `<p><img src="cid:${MOCKUP_CID}" alt="Mockup of the buyer's design" style="max-width:100%;height:auto"></p>\n` : ""}${fileLines.length ? `<table>${fileLines.map(row).join("")}</table>\n` : ""}<table style="color:#475569;font-size:13px">${details.map(row).join("")}</table>
<p><a href="${escapeHtml(deskUrl(quote))}">Answer ${escapeHtml(quote.reference)} on the desk</a></p>
<p style="color:#475569;font-size:13px">Or reply to this e-mail to answer the buyer directly.</p>
</body></html>`;

  return {
    from,
    // Address objects, one per configured recipient: nodemailer reads a string as a list of addresses.
    to: to.map((address) => ({ name: "", address })),
    subject,
    text,
    html,
    ...(messageId ? { messageId: fullMessageId(messageId, from) } : {}),
    // Object form: nodemailer encodes the name and refuses header injection through it. Only one valid
    // address: a request stored before the form checked it may hold a list, which is left out.
    ...(isEmailAddress(quote.email) ? { replyTo: { name: oneLine(quote.name), address: quote.email } } : {}),
    // Read from disk when the message is sent (nodemailer streams them), so a retry sends them again.
    attachments: files.map((file) => ({
      filename: attachmentFileName(file),
      path: file.path,
      contentType: file.mediaType,
      ...(file === mockup ? { cid: MOCKUP_CID } : {}),
    })),
  };
}

/**
 * A reply from the desk: from the business, to the buyer, naming the reference in its subject and its
 * text. Plain text only (what the staff member typed, as typed). Its Message-ID is fixed by the reply,
 * so a resend after a crash between the server's acceptance and our record is recognisably the same.
 */
export function replyEmail(
  reply: Pick<StoredReply, "body" | "staffName">,
  quote: StoredQuote,
  { from }: Pick<MailConfig, "from">,
  messageId: string,
): OutgoingMail {
  return {
    from,
    to: buyerAddress(quote.email),
    replyTo: from,
    subject: requestSubject(quote.reference),
    text: [reply.body, "", "--", reply.staffName, business.name, `Your reference: ${quote.reference}`].join("\n"),
    messageId: fullMessageId(messageId, from),
  };
}

/** The business's contact lines, as every mail to a buyer ends. */
const contactLines = () => [
  business.name,
  `Phone: ${business.phone.display}`,
  `WhatsApp: +${business.whatsapp}`,
  `E-mail: ${business.email}`,
  `${business.address.street}, ${business.address.city}`,
  publicLink("/"),
];

/** The subject of the acknowledgement, and of every reply: ours, naming the reference (a reply keeps it). */
export const requestSubject = (reference: string) => `Your quote request ${reference}`;

/**
 * The buyer's acknowledgement: the reference and when the answer is due (in words, from when the
 * request came). Of what the buyer wrote only their name, on one line: whatever the form is given, this
 * mail cannot carry it to someone else's inbox. Its Message-ID is the queued row's, so a reply threads back.
 */
export function acknowledgementEmail(
  quote: Pick<StoredQuote, "name" | "email" | "reference" | "receivedAt">,
  { from }: Pick<MailConfig, "from">,
  messageId: string,
): OutgoingMail {
  const name = greetingName(quote.name);
  const received = Date.parse(quote.receivedAt);
  const due = longDeadline(replyBy(quote.receivedAt), received);
  const hours = `${business.hours.days}, ${business.hours.opens}–${business.hours.closes} Pakistan time`;
  const lines = [
    `Thank you for your quote request. Your reference is ${quote.reference}.`,
    `We will answer by ${due} (our office is open ${hours}).`,
    "To add anything, simply reply to this e-mail; it reaches the person handling your request.",
  ];
  const text = [`Dear ${name},`, "", ...lines.flatMap((line) => [line, ""]), ...contactLines()].join("\n");
  const html = buyerLetterHtml(name, lines);
  return {
    from,
    to: buyerAddress(quote.email),
    replyTo: from,
    subject: requestSubject(quote.reference),
    text,
    html,
    messageId: fullMessageId(messageId, from),
  };
}

/**
 * A colleague's invitation to the desk: the set-up link (minted for this mail, never stored) and who
 * sent it. Sent at once, not queued: the link is a secret the outbox would have to keep.
 */
export function staffSetupEmail(
  member: { name: string; email: string },
  link: string,
  by: { name: string },
  { from }: Pick<MailConfig, "from">,
): OutgoingMail {
  return {
    from,
    to: { name: oneLine(member.name), address: member.email },
    subject: `Your account on the ${business.name} quote desk`,
    text: [
      `Hello ${oneLine(member.name)},`,
      "",
      `${oneLine(by.name)} has given you an account on the ${business.name} quote desk, where the office answers`,
      "buyers' quote requests. Choose your password here (the link works once, for 24 hours):",
      "",
      link,
      "",
      `Then sign in at ${publicLink("/desk/sign-in")} with this e-mail address.`,
      "If you did not expect this e-mail, ignore it: nothing happens until the link is used.",
      "",
      "--",
      business.name,
    ].join("\n"),
  };
}

/**
 * A proof e-mail as sent: plain text, from the business, its Message-ID fixed by the queued row.
 * Addressed with address objects: an address is never a string nodemailer could read as a list.
 */
export function proofMailMessage(
  mail: { messageId: string; to: MailAddress | readonly MailAddress[]; subject: string; body: string },
  { from }: Pick<MailConfig, "from">,
): OutgoingMail {
  const to = (Array.isArray(mail.to) ? mail.to : [mail.to]) as readonly MailAddress[];
  return {
    from,
    to: to.map(({ address }) => buyerAddress(address)),
    replyTo: from,
    subject: oneLine(mail.subject).slice(0, 200),
    text: mail.body,
    messageId: fullMessageId(mail.messageId, from),
  };
}

/**
 * A quotation to the buyer: what it is, its total and until when it stands, the buyer's private link
 * (minted for this attempt, so a failed attempt's link goes with it) and the version's PDF attached.
 */
export async function quotationEmail(
  message: Message,
  { store, proofs, envelope, now }: TemplateContext,
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const version = typeof message.payload.version === "number" ? message.payload.version : null;
  const quotation = quote && version !== null ? new Quotations(store).version(quote.id, version) : null;
  if (!quote || !quotation || !proofs) return null;
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
 * A letter to the buyer as HTML: "Dear …", its lines, their private link and what follows it when there
 * are, and the business's contact lines. The name may be Urdu: dir="auto" lets it run right to left
 * inside the English text.
 */
function buyerLetterHtml(
  name: string,
  lines: string[],
  { link, after = [] }: { link?: string; after?: string[] } = {},
) {
  const paragraphs = (texts: string[]) => texts.map((line) => `<p>${escapeHtml(line)}</p>`);
  return [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">`,
    `<p>Dear <span dir="auto">${escapeHtml(name)}</span>,</p>`,
    ...paragraphs(lines),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    ...paragraphs(after),
    `<p style="color:#475569;font-size:13px">${contactLines().map(escapeHtml).join("<br>")}</p>`,
    `</body></html>`,
  ].join("\n");
}

/**
 * A mail to the buyer with a PDF attached: "Dear …", its lines, their private link, what follows, and
 * the business's contact lines, as text and HTML.
 */
function buyerDocumentMail(
  message: Message,
  envelope: MailEnvelope,
  mail: {
    name: string;
    lines: string[];
    link: string;
    after?: string[];
    attachment: { filename: string; content: Buffer };
  },
): OutgoingMail {
  const { name, lines, link, after = [], attachment } = mail;
  const text = [`Dear ${name},`, "", ...lines, link, "", ...after, ...(after.length ? [""] : []), ...contactLines()];
  const html = buyerLetterHtml(name, lines, { link, after });
  return {
    from: envelope.from,
    to: buyerAddress(message.recipient),
    replyTo: envelope.from,
    subject: oneLine(message.subject).slice(0, 200),
    text: text.join("\n"),
    html,
    messageId: fullMessageId(message.messageId, envelope.from),
    attachments: [{ ...attachment, contentType: "application/pdf" }],
  };
}

/** What a template makes of a message: the mail, the event its request's history gets when it is sent, and its name in the log. */
export type Rendered = { mail: OutgoingMail; sentEvent: AuditEventData; label: string };

export type TemplateContext = { store: QuoteStore; proofs?: ProofDesk; envelope: MailEnvelope; now: Date };

/** A proof e-mail: the proofs module puts in the link (minted now) or says it is not to be sent (null). */
function proofTemplate(message: Message, { proofs, envelope, now }: TemplateContext): Rendered | null {
  const outgoing = proofs?.compose(message, now);
  if (!outgoing) return null;
  return {
    mail: proofMailMessage(outgoing, envelope),
    sentEvent: { type: "proof.mail_sent", payload: { subject: message.subject, to: message.recipient } },
    label: `Proof e-mail "${message.subject}"`,
  };
}

/**
 * An e-mail about a quotation's answer or follow-up: the staff's to the office's addresses; a buyer's
 * with a link to their page minted for this attempt (a failed attempt's link goes with it).
 */
async function quotationAnswerTemplate(
  message: Message,
  { store, proofs, envelope, now }: TemplateContext,
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  if (!quote) return null;
  const stored = typeof message.payload.body === "string" ? message.payload.body : "";
  const toStaff = message.kind === "quotation-staff";
  if (toStaff && envelope.to.length === 0) return null;
  if (!toStaff && !proofs) return null;
  // The buyer's acceptance carries its record as a PDF, made now from the stored rows.
  const record = message.kind === "quotation-accepted" ? await acceptancePdfOf(store, quote, proofs) : null;
  const linked = toStaff ? stored : withLink(stored, proofs!.linkForMessage(quote.id, message.id, now));
  // The buyer's acceptance says how to pay what is due now, read from the order as it is when it goes.
  const body = message.kind === "quotation-accepted" ? withHowToPay(linked, buyerPaymentData(store, quote)) : linked;
  const mail = proofMailMessage(
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

/** The buyer's e-mail about their order's stage, with a link to their page minted for this attempt. */
function orderStageTemplate(message: Message, { store, proofs, envelope, now }: TemplateContext): Rendered | null {
  const quote = store.get(message.quoteId);
  if (!quote || !proofs) return null;
  const stored = typeof message.payload.body === "string" ? message.payload.body : "";
  const body = withLink(stored, proofs.linkForMessage(quote.id, message.id, now));
  return {
    mail: proofMailMessage(
      {
        messageId: message.messageId,
        to: [{ address: message.recipient }],
        subject: message.subject,
        body,
      },
      envelope,
    ),
    sentEvent: { type: "order.mail_sent", payload: { subject: message.subject, to: message.recipient } },
    label: `Order e-mail "${message.subject}"`,
  };
}

/**
 * A sales tax invoice to the buyer: its number, total and what is still due, the buyer's private link
 * (minted for this attempt) and the invoice's PDF, made now from its issued rows, attached.
 */
export async function invoiceEmail(
  message: Message,
  { store, proofs, envelope, now }: TemplateContext,
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const number = typeof message.payload.number === "string" ? message.payload.number : "";
  const invoice = quote && number ? new Invoices(store).invoice(number) : null;
  // Only the request's own invoice goes to its buyer.
  if (!quote || !invoice || invoice.quoteId !== quote.id || !proofs) return null;
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
 * A payment's receipt to the buyer: what was received (and withheld), for which order, what is still
 * due, the buyer's private link (minted for this attempt) and the receipt's PDF, made now from its
 * stored rows, attached.
 */
export async function receiptEmail(
  message: Message,
  { store, proofs, envelope, now }: TemplateContext,
): Promise<Rendered | null> {
  const quote = store.get(message.quoteId);
  const number = typeof message.payload.receipt === "string" ? message.payload.receipt : "";
  const receipt = quote && number ? new Payments(store).receipt(number) : null;
  // Only the request's own receipt goes to its buyer.
  if (!quote || !receipt || receipt.payment.quoteId !== quote.id || !proofs) return null;
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

/** One template per kind of mail: null when the message is not to be sent (its request or proof is gone). */
export const templates: Record<
  OutboundKind,
  (message: Message, context: TemplateContext) => Rendered | null | Promise<Rendered | null>
> = {
  "request-notification": (message, { store, envelope }) => {
    const quote = store.get(message.quoteId);
    if (!quote) return null;
    return {
      // The files are read from disk at each attempt: a retry sends them as the first try would have.
      mail: notificationEmail(quote, envelope, store.attachments(quote.id), message.messageId),
      sentEvent: { type: "request.notification_emailed", payload: {} },
      label: `Quote request ${quote.reference}: notification e-mail`,
    };
  },
  acknowledgement: (message, { store, envelope }) => {
    const quote = store.get(message.quoteId);
    if (!quote) return null;
    return {
      mail: acknowledgementEmail({ ...quote, email: message.recipient }, envelope, message.messageId),
      sentEvent: { type: "request.acknowledgement_emailed", payload: { to: message.recipient } },
      label: `Quote request ${quote.reference}: acknowledgement e-mail`,
    };
  },
  reply: (message, { store, envelope }) => {
    const quote = store.get(message.quoteId);
    if (!quote) return null;
    const reply = { body: String(message.payload.body ?? ""), staffName: String(message.payload.staffName ?? "") };
    return {
      mail: replyEmail(reply, quote, envelope, message.messageId),
      sentEvent: { type: "request.reply_emailed", payload: { staffName: reply.staffName, to: quote.email } },
      label: `Quote request ${quote.reference}: reply e-mail`,
    };
  },
  proof: proofTemplate,
  "proof-reminder": proofTemplate,
  "proof-staff": proofTemplate,
  quotation: quotationEmail,
  "quotation-accepted": quotationAnswerTemplate,
  "quotation-reminder": quotationAnswerTemplate,
  "quotation-staff": quotationAnswerTemplate,
  "order-stage": orderStageTemplate,
  invoice: invoiceEmail,
  receipt: receiptEmail,
};
