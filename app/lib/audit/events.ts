import { z } from "zod";
import { stageLabel } from "~/content/order-stages";
import { formatPkr } from "~/lib/money";
import { answerSummary } from "~/lib/proofs/rules";
import { categoryLabel, isRequestCategory } from "~/lib/quotes/request-categories";
import { earlierStatuses, quoteStatuses, statusHistoryText } from "~/lib/requests/status";

/** What an event is about: a request, quotation, order or invoice, or a mail of Unmatched mail. */
export const subjectTypes = ["request", "quotation", "order", "invoice", "mail"] as const;
export type SubjectType = (typeof subjectTypes)[number];
export type Subject = { type: SubjectType; id: number };

export const actorTypes = ["staff", "buyer", "website"] as const;

const version = z.number().int().positive();
const count = z.number().int().nonnegative();

/** What FBR was told of: an invoice, or a credit note against one. */
const fbrDocument = z.enum(["invoice", "credit note"]);
/** Longest text of FBR's first reason kept in the history; the whole answer is in the report's exchanges. */
export const MAX_FBR_REASON = 300;

/** Every event the trail knows, with what each one carries: the closed list the database checks too. */
export const payloadSchemas = {
  "request.received": z.strictObject({}),
  // Entries written before the statuses said whose move it is keep their words (Replied, Quoted).
  "request.status_changed": z.strictObject({
    status: z.enum([...quoteStatuses, ...earlierStatuses]),
    reason: z.string(),
  }),
  "request.note_added": z.strictObject({ text: z.string() }),
  /** A staff member's correction of the category the request is counted under (the slugs, new and old). */
  "request.category_changed": z.strictObject({ category: z.string(), was: z.string() }),
  /** The request given to a staff member (their name as it was then), or to nobody. */
  "request.assigned": z.strictObject({
    ownerStaffId: z.number().int().positive().nullable(),
    ownerName: z.string(),
  }),
  /** A reply queued for the buyer (the outbox sends it). */
  "request.reply_sent": z.strictObject({ text: z.string() }),
  "request.notification_emailed": z.strictObject({}),
  "request.reply_emailed": z.strictObject({ staffName: z.string(), to: z.string() }),
  /** The buyer's acknowledgement (reference, reply-by time) went out. */
  "request.acknowledgement_emailed": z.strictObject({ to: z.string() }),
  /** A buyer's e-mail read from the office mailbox reached the request (its text is in the conversation). */
  "request.buyer_replied": z.strictObject({ from: z.string(), subject: z.string() }),
  /** A staff member put a mail of Unmatched mail on this request (its text is in the conversation). */
  "request.mail_attached": z.strictObject({ from: z.string(), subject: z.string() }),
  /** A staff member threw away a mail of Unmatched mail (subject: that mail, gone with its row). */
  "mail.discarded": z.strictObject({ from: z.string(), subject: z.string(), size: count }),
  /** A staff member answered on WhatsApp (opened from the desk): who and when are the event's. */
  "request.whatsapp_used": z.strictObject({}),
  /** A request made by the buyer's "Order again" of a delivered order: the order, its request and version. */
  "request.reordered_from": z.strictObject({ order: z.string(), reference: z.string(), version }),
  /** The buyer ordered this request's order again, as the request named. */
  "request.reordered": z.strictObject({ reference: z.string() }),
  /** A request the desk made by duplicating another's latest quotation (its reference and version). */
  "request.duplicated_from": z.strictObject({ reference: z.string(), version }),
  /** The desk duplicated this request's quotation as the request named. */
  "request.duplicated": z.strictObject({ reference: z.string() }),
  "proof.sent": z.strictObject({ version, message: z.string() }),
  "proof.approved": z.strictObject({ version, name: z.string(), role: z.string(), sha256: z.string() }),
  "proof.changes_requested": z.strictObject({ version, text: z.string() }),
  "proof.link_ended": z.strictObject({ linkId: z.number().int().positive(), cancelledMails: count }),
  "proof.links_ended": z.strictObject({ links: count, cancelledMails: count }),
  "proof.reminder_queued": z.strictObject({ version, to: z.string() }),
  "proof.mail_sent": z.strictObject({ subject: z.string(), to: z.string() }),
  "proof.mail_not_sent": z.strictObject({ subject: z.string(), to: z.string(), why: z.string() }),
  /** A quotation version was sent: its total with every line's first option, and its fingerprint. */
  "quotation.sent": z.strictObject({ version, totalPaisa: z.number().int(), sha256: z.string() }),
  "quotation.changes_requested": z.strictObject({ version, text: z.string() }),
  /** The buyer accepted a version: the order it made, who, their PO, the server's total. */
  "quotation.accepted": z.strictObject({
    version,
    order: z.string(),
    name: z.string(),
    role: z.string(),
    poNumber: z.string(),
    totalPaisa: z.number().int(),
    sha256: z.string(),
  }),
  "quotation.reminder_queued": z.strictObject({ version, to: z.string() }),
  "quotation.expired": z.strictObject({ version }),
  /** A sales tax invoice was issued for the request's order: its number, the order, its total with tax. */
  "invoice.issued": z.strictObject({ number: z.string(), order: z.string(), totalPaisa: z.number().int() }),
  /** A credit note against one of the request's invoices: what it credits (tax included) and why. */
  "invoice.credit_note_issued": z.strictObject({
    number: z.string(),
    invoice: z.string(),
    amountPaisa: z.number().int(),
    reason: z.string(),
  }),
  /** FBR's Digital Invoicing accepted one of the request's invoices or credit notes: FBR's number for it. */
  "invoice.fbr_accepted": z.strictObject({ document: fbrDocument, number: z.string(), fbrNumber: z.string() }),
  /** FBR refused an invoice or credit note: how many reasons it gave and the first one's words (bounded). */
  "invoice.fbr_refused": z.strictObject({
    document: fbrDocument,
    number: z.string(),
    reasons: count,
    first: z.string().max(MAX_FBR_REASON),
  }),
  /** A staff member corrected a refused invoice or credit note's report, which goes to FBR again. */
  "invoice.fbr_corrected": z.strictObject({ document: fbrDocument, number: z.string() }),
  /** A payment of the request's order was recorded: kind, method, amount, the day paid (PKT) and its reference. */
  "payment.recorded": z.strictObject({
    order: z.string(),
    kind: z.string(),
    method: z.string(),
    amountPaisa: z.number().int(),
    paidOn: z.string(),
    reference: z.string(),
    // Tax the buyer withheld, with its certificate, and the receipt sent (none before receipts were).
    incomeTaxWithheldPaisa: z.number().int().optional(),
    incomeTaxCertificate: z.string().optional(),
    salesTaxWithheldPaisa: z.number().int().optional(),
    salesTaxCertificate: z.string().optional(),
    receipt: z.string().optional(),
  }),
  /** A payment recorded by mistake was reversed, with why. */
  "payment.reversed": z.strictObject({
    order: z.string(),
    amountPaisa: z.number().int(),
    paidOn: z.string(),
    reason: z.string(),
  }),
  /** An invoice's e-mail (its PDF attached) went out to the buyer. */
  "invoice.mail_sent": z.strictObject({ number: z.string(), to: z.string() }),
  /** A payment's receipt (its PDF attached) went out to the buyer. */
  "payment.receipt_mailed": z.strictObject({ number: z.string(), to: z.string() }),
  /** An e-mail about a quotation's answer or follow-up went out. */
  "quotation.mail_sent": z.strictObject({ subject: z.string(), to: z.string() }),
  /** An order moved on a stage, or back one for a reason. */
  "order.stage_moved": z.strictObject({
    order: z.string(),
    stage: z.enum(["awaiting_artwork", "in_production", "quality_checked", "dispatched", "delivered"]),
    back: z.boolean(),
    reason: z.string(),
  }),
  "order.mail_sent": z.strictObject({ subject: z.string(), to: z.string() }),
  /** A WhatsApp message of ours went out to the buyer's number: what it was (the template's label, or a reply). */
  "message.whatsapp_sent": z.strictObject({ label: z.string(), to: z.string() }),
  /** A message of ours that cannot go: refused for good by its provider, or not allowed (the provider's words, or why). */
  "message.failed": z.strictObject({ kind: z.string(), channel: z.string(), to: z.string(), reason: z.string() }),
  /** The buyer's tax registration on an order, given or corrected (ntnCnic: digits, "" for none). */
  "order.tax_facts_saved": z.strictObject({
    order: z.string(),
    registrationType: z.string(),
    ntnCnic: z.string(),
    businessName: z.string(),
    province: z.string(),
    address: z.string(),
    checked: z.boolean(),
  }),
  // A buyer's WhatsApp (app/lib/workflows/whatsapp-inbound.server.ts): numbers are E.164 digits.
  /** A buyer's WhatsApp message reached the request (what it said or carried is in the conversation). */
  "request.whatsapp_received": z.strictObject({ from: z.string(), type: z.string() }),
  /** The buyer wrote STOP on WhatsApp: no template goes to the number until they write START. */
  "request.whatsapp_opted_out": z.strictObject({ number: z.string() }),
  /** The buyer wrote START on WhatsApp: templates may go to the number again. */
  "request.whatsapp_opted_in": z.strictObject({ number: z.string() }),
  /** WhatsApp could not deliver a message of ours: to whom, and Meta's error as it gave it. */
  "request.whatsapp_failed": z.strictObject({ to: z.string(), error: z.string() }),
  /** A line of the history from before it was typed, that none of the types above reads back word for word. */
  "request.earlier_entry": z.strictObject({ kind: z.string(), text: z.string() }),
} as const;

export type AuditEventType = keyof typeof payloadSchemas;
export const auditEventTypes = Object.keys(payloadSchemas) as AuditEventType[];

/** What happened: a type and the payload that type carries (a discriminated union on `type`). */
export type AuditEventData = {
  [T in AuditEventType]: { type: T; payload: z.infer<(typeof payloadSchemas)[T]> };
}[AuditEventType];

/** A staff member as the history names them. */
export type Actor = { name: string; email: string };
/** Who did it, as a writer says: a staff member, the buyer (through a proof link), or the site itself. */
export type AuditActor = Actor | "buyer" | "website";

/** Who did it, as recorded: a staff member keeps the name shown at the time even once their account is gone. */
export type RecordedActor =
  { type: "staff"; staffId: number | null; name: string } | { type: "buyer" } | { type: "website" };

export type AuditEvent = AuditEventData & {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  subject: Subject;
  actor: RecordedActor;
};

/** How the history and the records name a staff member: "Sana Iqbal <sana@…>". */
export const actorLabel = (actor: Actor | "website") =>
  actor === "website" ? "website" : `${actor.name} <${actor.email}>`;

/** One line of a history as the desk, the exports and the inbox command show it. */
export type HistoryLine = {
  id: number;
  quoteId: number;
  type: AuditEventType;
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  kind: string;
  body: string;
};

/** How the buyer acted: by e-mail, through a proof link (as every buyer's event said before e-mail came in). */
const buyerLabel = (type: AuditEventType) =>
  type === "request.buyer_replied"
    ? "buyer (e-mail)"
    : type.startsWith("request.whatsapp_")
      ? "buyer (WhatsApp)"
      : type === "request.status_changed"
        ? "buyer"
        : type.startsWith("quotation.") || type.startsWith("request.reordered") || type === "order.tax_facts_saved"
          ? "buyer (link)"
          : "buyer (proof link)";

const recordedActorLabel = (actor: RecordedActor, type: AuditEventType) =>
  actor.type === "staff" ? actor.name : actor.type === "website" ? "website" : buyerLabel(type);

const cancelledNote = (count: number) =>
  count === 0 ? "" : `; ${count === 1 ? "1 e-mail" : `${count} e-mails`} with a link not sent`;

const documentLabel = (document: "invoice" | "credit note") => (document === "invoice" ? "Invoice" : "Credit note");

/** The kind the history shows beside an event, and its words: the texts the history had before it was typed. */
export function describe(event: AuditEventData): { kind: string; body: string } {
  switch (event.type) {
    case "request.received":
      return { kind: "received", body: "Request received" };
    case "request.status_changed":
      return { kind: "status", body: statusHistoryText(event.payload.status, event.payload.reason) };
    case "request.note_added":
      return { kind: "note", body: event.payload.text };
    case "request.category_changed": {
      const label = (slug: string) => (isRequestCategory(slug) ? categoryLabel(slug) : slug);
      return {
        kind: "category",
        body: `Category set to ${label(event.payload.category)} (was ${label(event.payload.was)})`,
      };
    }
    case "request.assigned":
      return {
        kind: "owner",
        body: event.payload.ownerStaffId === null ? "Unassigned" : `Assigned to ${event.payload.ownerName}`,
      };
    case "request.reply_sent":
      return { kind: "reply", body: event.payload.text };
    case "request.notification_emailed":
      return { kind: "email", body: "Notification e-mailed to the business" };
    case "request.reply_emailed":
      return { kind: "email", body: `Reply from ${event.payload.staffName} e-mailed to ${event.payload.to}` };
    case "request.acknowledgement_emailed":
      return { kind: "email", body: `Acknowledgement e-mailed to ${event.payload.to}` };
    case "request.buyer_replied": {
      const { from, subject } = event.payload;
      return { kind: "email", body: `E-mail from ${from || "the buyer"}${subject ? `: ${subject}` : ""}` };
    }
    case "request.mail_attached": {
      const { from, subject } = event.payload;
      return {
        kind: "email",
        body: `E-mail from ${from || "an unknown sender"} attached from Unmatched mail${subject ? `: ${subject}` : ""}`,
      };
    }
    case "mail.discarded": {
      const { from, subject } = event.payload;
      return { kind: "email", body: `Unmatched e-mail from ${from || "an unknown sender"} discarded: ${subject}` };
    }
    case "request.whatsapp_used":
      return { kind: "reply", body: "Answered on WhatsApp" };
    case "message.whatsapp_sent":
      return { kind: "whatsapp", body: `${event.payload.label} sent on WhatsApp to +${event.payload.to}` };
    case "message.failed": {
      const { channel, kind, to, reason } = event.payload;
      const by = channel === "whatsapp" ? `WhatsApp message (${kind}) to +${to}` : `E-mail (${kind}) to ${to}`;
      return { kind: channel === "whatsapp" ? "whatsapp" : "email", body: `${by} not sent: ${reason}` };
    }
    case "request.reordered_from": {
      const { order, reference, version } = event.payload;
      return { kind: "received", body: `Repeat order of ${order} (${reference}, quotation v${version})` };
    }
    case "request.reordered":
      return { kind: "received", body: `Ordered again as ${event.payload.reference}` };
    case "request.duplicated_from": {
      const { reference, version } = event.payload;
      return { kind: "quotation", body: `Duplicated from ${reference} (quotation v${version})` };
    }
    case "request.duplicated":
      return { kind: "quotation", body: `Duplicated as new quotation ${event.payload.reference}` };
    case "proof.sent": {
      const { version, message } = event.payload;
      return { kind: "proof", body: `Proof v${version} sent${message ? `: ${message}` : ""}` };
    }
    case "proof.approved": {
      const { version, name, role, sha256 } = event.payload;
      const summary = answerSummary({ version, answer: "approved", answerName: name, answerRole: role });
      return { kind: "proof", body: `${summary} (SHA-256 ${sha256})` };
    }
    case "proof.changes_requested": {
      const { version, text } = event.payload;
      const summary = answerSummary({ version, answer: "changes", answerName: null, answerRole: null });
      return { kind: "proof", body: `${summary}: ${text}` };
    }
    case "proof.link_ended":
      return {
        kind: "note",
        body: `Proof link ${event.payload.linkId} ended${cancelledNote(event.payload.cancelledMails)}`,
      };
    case "proof.links_ended": {
      const { links, cancelledMails } = event.payload;
      return {
        kind: "note",
        body: `All proof links ended (${links === 1 ? "1 link" : `${links} links`}), reminders stopped${cancelledNote(cancelledMails)}`,
      };
    }
    case "proof.reminder_queued":
      return {
        kind: "email",
        body: `Reminder about proof v${event.payload.version} queued for ${event.payload.to}`,
      };
    case "proof.mail_sent":
      return { kind: "email", body: `${event.payload.subject} e-mailed to ${event.payload.to}` };
    case "proof.mail_not_sent": {
      const { subject, to, why } = event.payload;
      return { kind: "email", body: `${subject}: not sent to ${to}, ${why}` };
    }
    case "quotation.sent": {
      const { version, totalPaisa, sha256 } = event.payload;
      return { kind: "quotation", body: `Quotation v${version} sent (${formatPkr(totalPaisa)}, SHA-256 ${sha256})` };
    }
    case "quotation.changes_requested":
      return {
        kind: "quotation",
        body: `Changes asked on quotation v${event.payload.version}: ${event.payload.text}`,
      };
    case "quotation.accepted": {
      const { version, order, name, role, poNumber, totalPaisa, sha256 } = event.payload;
      const who = [name, role].filter(Boolean).join(", ");
      const po = poNumber ? `, PO ${poNumber}` : "";
      return {
        kind: "quotation",
        body: `Quotation v${version} accepted by ${who}${po}: ${formatPkr(totalPaisa)}; order ${order} (SHA-256 ${sha256})`,
      };
    }
    case "quotation.reminder_queued":
      return {
        kind: "email",
        body: `Reminder about quotation v${event.payload.version} queued for ${event.payload.to}`,
      };
    case "quotation.expired":
      return { kind: "quotation", body: `Quotation v${event.payload.version} expired unanswered` };
    case "invoice.issued": {
      const { number, order, totalPaisa } = event.payload;
      return {
        kind: "invoice",
        body: `Sales tax invoice ${number} issued for order ${order}: ${formatPkr(totalPaisa)}`,
      };
    }
    case "invoice.credit_note_issued": {
      const { number, invoice, amountPaisa, reason } = event.payload;
      return {
        kind: "invoice",
        body: `Credit note ${number} issued against invoice ${invoice}: ${formatPkr(amountPaisa)} (${reason})`,
      };
    }
    case "invoice.fbr_accepted": {
      const { document, number, fbrNumber } = event.payload;
      return { kind: "invoice", body: `${documentLabel(document)} ${number} accepted by FBR: FBR number ${fbrNumber}` };
    }
    case "invoice.fbr_refused": {
      const { document, number, reasons, first } = event.payload;
      const why =
        reasons === 0 ? " (no reason given)" : ` (${reasons === 1 ? "1 reason" : `${reasons} reasons`}): ${first}`;
      return { kind: "invoice", body: `${documentLabel(document)} ${number} refused by FBR${why}` };
    }
    case "invoice.fbr_corrected": {
      const { document, number } = event.payload;
      return { kind: "invoice", body: `${documentLabel(document)} ${number} corrected and sent to FBR again` };
    }
    case "payment.recorded": {
      const { order, kind, method, amountPaisa, paidOn, reference } = event.payload;
      const {
        incomeTaxWithheldPaisa: incomeTax,
        incomeTaxCertificate,
        salesTaxWithheldPaisa: salesTax,
      } = event.payload;
      const withheld = [
        incomeTax ? `income tax ${formatPkr(incomeTax)} withheld (certificate ${incomeTaxCertificate})` : "",
        salesTax ? `sales tax ${formatPkr(salesTax)} withheld (certificate ${event.payload.salesTaxCertificate})` : "",
      ].filter(Boolean);
      return {
        kind: "payment",
        body: `Payment recorded for order ${order}: ${formatPkr(amountPaisa)} ${kind} by ${method} on ${paidOn}${reference ? ` (ref. ${reference})` : ""}${withheld.length ? `; ${withheld.join("; ")}` : ""}${event.payload.receipt ? `; receipt ${event.payload.receipt}` : ""}`,
      };
    }
    case "payment.reversed": {
      const { order, amountPaisa, paidOn, reason } = event.payload;
      return {
        kind: "payment",
        body: `Payment of ${formatPkr(amountPaisa)} on ${paidOn} reversed for order ${order}: ${reason}`,
      };
    }
    case "invoice.mail_sent":
      return { kind: "email", body: `Invoice ${event.payload.number} e-mailed to ${event.payload.to}` };
    case "payment.receipt_mailed":
      return { kind: "email", body: `Receipt ${event.payload.number} e-mailed to ${event.payload.to}` };
    case "quotation.mail_sent":
    case "order.mail_sent":
      return { kind: "email", body: `${event.payload.subject} e-mailed to ${event.payload.to}` };
    case "order.stage_moved":
      return {
        kind: "order",
        body: event.payload.back
          ? `${event.payload.order} moved back to ${stageLabel[event.payload.stage]}: ${event.payload.reason}`
          : `${event.payload.order}: ${stageLabel[event.payload.stage]}`,
      };
    case "order.tax_facts_saved": {
      const { order, registrationType, ntnCnic, businessName, province, checked } = event.payload;
      const number = ntnCnic ? `, ${ntnCnic.length === 13 ? "CNIC" : "NTN"} ${ntnCnic}` : "";
      return {
        kind: "order",
        body: `${order}: buyer's tax registration ${registrationType}${number}, ${businessName}, ${province}${checked ? " (checked with FBR)" : ""}`,
      };
    }
    case "request.whatsapp_received": {
      const { from, type } = event.payload;
      return { kind: "whatsapp", body: `WhatsApp from +${from}${type === "text" ? "" : ` (${type})`}` };
    }
    case "request.whatsapp_opted_out":
      return {
        kind: "whatsapp",
        body: `The buyer wrote STOP on WhatsApp: no template goes to +${event.payload.number} until they write START`,
      };
    case "request.whatsapp_opted_in":
      return {
        kind: "whatsapp",
        body: `The buyer wrote START on WhatsApp: templates may go to +${event.payload.number} again`,
      };
    case "request.whatsapp_failed":
      return {
        kind: "whatsapp",
        body: `WhatsApp message to +${event.payload.to} not delivered: ${event.payload.error || "no reason given"}`,
      };
    case "request.earlier_entry":
      return { kind: event.payload.kind, body: event.payload.text };
  }
}

/** A recorded event as the line the history shows. */
export const historyLine = (event: AuditEvent): HistoryLine => ({
  id: event.id,
  quoteId: event.subject.id,
  type: event.type,
  at: event.at,
  actor: recordedActorLabel(event.actor, event.type),
  ...describe(event),
});
