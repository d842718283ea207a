import { business } from "~/content/business";
import { quoteFieldLabel } from "~/content/contact";
import { longDeadline, replyBy } from "~/lib/desk/time";
import { wantsOf } from "~/lib/desk/wants";
import { isEmailAddress } from "~/lib/email-address";
import {
  buyerAddress,
  buyerLetterHtml,
  contactLines,
  escapeHtml,
  fullMessageId,
  type MailEnvelope,
  type OutgoingMail,
} from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import type { Message, Messaging } from "~/lib/messaging/messaging.server";
import type { MessageKinds } from "~/lib/messaging/registry.server";
import { notificationSubject, oneLine } from "~/lib/messaging/subjects";
import { publicLink } from "~/lib/site-url";
import {
  type Actor,
  attachmentFileName,
  type QuoteStore,
  type StoredAttachment,
  type StoredQuote,
} from "./store.server";

/** The messages of a request itself: the office's notification, the buyer's acknowledgement, the desk's replies. */
export const requestMessageKinds = ["request-notification", "acknowledgement", "reply"] as const;
export type RequestMessageKind = (typeof requestMessageKinds)[number];

/** The desk's page of a request (a staff member signs in to open it). */
export const deskUrl = (quote: Pick<StoredQuote, "reference">) => publicLink(`/desk/quotes/${quote.reference}`);

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
    [quoteFieldLabel.replyChannel, quote.replyChannel === "whatsapp" ? "yes" : ""],
    [quoteFieldLabel.product, quote.product],
    [quoteFieldLabel.quantity, wants.quantity ?? ""],
    [quoteFieldLabel.neededBy, neededBy ? neededBy.filter(Boolean).join(" ") : ""],
  ];
  const fromWhatsApp = quote.source === "whatsapp";
  const details: [string, string][] = [
    ["Received", quote.receivedAt],
    // A WhatsApp message has no page and no address of ours to show.
    ...(fromWhatsApp
      ? []
      : ([
          ["Page", quote.page],
          ["IP address", quote.clientIp],
        ] as [string, string][])),
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
    fromWhatsApp
      ? `New quote request: a WhatsApp message to ${business.name} from a number no open request has.`
      : `New quote request from the ${business.name} website.`,
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
    fromWhatsApp
      ? "The buyer wrote on WhatsApp: answer them from the request's page (Send on WhatsApp)."
      : "Or reply to this e-mail to answer the buyer directly.",
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
<p style="color:#475569;font-size:13px">${fromWhatsApp ? "The buyer wrote on WhatsApp: answer them from the request's page (Send on WhatsApp)." : "Or reply to this e-mail to answer the buyer directly."}</p>
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
  { from }: Pick<MailEnvelope, "from">,
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

/** The subject of the acknowledgement, and of every reply: ours, naming the reference (a reply keeps it). */
export const requestSubject = (reference: string) => `Your quote request ${reference}`;

/**
 * The buyer's acknowledgement: the reference and when the answer is due (in words, from when the
 * request came). Of what the buyer wrote only their name, on one line: whatever the form is given, this
 * mail cannot carry it to someone else's inbox. Its Message-ID is the queued row's, so a reply threads back.
 */
export function acknowledgementEmail(
  quote: Pick<StoredQuote, "name" | "email" | "reference" | "receivedAt">,
  { from }: Pick<MailEnvelope, "from">,
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
 * Registers the request's own messages: the office's notification (its files read from disk at each
 * attempt), the buyer's acknowledgement, and the desk's reply (by e-mail, or as free text on WhatsApp).
 */
export function registerRequestMessages(kinds: MessageKinds, { store }: { store: QuoteStore }) {
  kinds.register("request-notification", {
    audience: "office",
    email: (message, { envelope }) => {
      const quote = store.get(message.quoteId);
      if (!quote) return null;
      return {
        // The files are read from disk at each attempt: a retry sends them as the first try would have.
        mail: notificationEmail(quote, envelope, store.attachments(quote.id), message.messageId),
        sentEvent: { type: "request.notification_emailed", payload: {} },
        label: `Quote request ${quote.reference}: notification e-mail`,
      };
    },
  });
  kinds.register("acknowledgement", {
    audience: "buyer",
    untitled: "Acknowledgement of the request",
    email: (message, { envelope }) => {
      const quote = store.get(message.quoteId);
      if (!quote) return null;
      return {
        mail: acknowledgementEmail({ ...quote, email: message.recipient }, envelope, message.messageId),
        sentEvent: { type: "request.acknowledgement_emailed", payload: { to: message.recipient } },
        label: `Quote request ${quote.reference}: acknowledgement e-mail`,
      };
    },
  });
  const replyOf = (payload: Record<string, unknown>) => ({
    body: String(payload.body ?? ""),
    staffName: String(payload.staffName ?? ""),
  });
  kinds.register("reply", {
    audience: "buyer",
    email: (message, { envelope }) => {
      const quote = store.get(message.quoteId);
      if (!quote) return null;
      const reply = replyOf(message.payload);
      return {
        mail: replyEmail(reply, quote, envelope, message.messageId),
        sentEvent: { type: "request.reply_emailed", payload: { staffName: reply.staffName, to: quote.email } },
        label: `Quote request ${quote.reference}: reply e-mail`,
      };
    },
    whatsapp: {
      // Free text, as the staff member typed it: WhatsApp takes it only within 24 hours of the buyer's last message.
      render: (message) => {
        const quote = store.get(message.quoteId);
        if (!quote) return null;
        const { body } = replyOf(message.payload);
        return {
          outgoing: { to: message.recipient, type: "text", text: body },
          sentEvent: { type: "message.whatsapp_sent", payload: { label: "Reply", to: message.recipient } },
          label: `Quote request ${quote.reference}: WhatsApp reply`,
        };
      },
    },
  });
}

/** A reply from the desk to the buyer, as the export shows it. */
export type StoredReply = {
  id: number;
  quoteId: number;
  createdAt: string;
  staffName: string;
  staffEmail: string;
  body: string;
  status: "pending" | "sent";
  attempts: number;
  sentAt: string | null;
  error: string | null;
};

const toReply = (message: Message): StoredReply => ({
  id: message.id,
  quoteId: message.quoteId,
  createdAt: message.createdAt,
  staffName: String(message.payload.staffName ?? ""),
  staffEmail: String(message.payload.staffEmail ?? ""),
  body: String(message.payload.body ?? ""),
  status: message.status === "sent" ? "sent" : "pending",
  attempts: message.attempts,
  sentAt: message.sentAt,
  error: message.lastError,
});

/**
 * Queues a reply to the buyer, hands the move to the buyer (Waiting on buyer) and writes both into its history, in
 * one transaction. The same `requestKey` again (a form sent twice) queues nothing.
 */
export function queueReply(
  messaging: Messaging,
  quoteId: number,
  body: string,
  actor: Actor,
  requestKey: string,
  now = new Date(),
): boolean {
  const { store } = messaging;
  return store.db
    .transaction(() => {
      const quote = store.get(quoteId);
      if (!quote) return false;
      const id = messaging.queue({
        quoteId,
        kind: "reply",
        recipient: quote.email,
        subject: `Your quote request ${quote.reference}`,
        payload: { body, staffName: actor.name, staffEmail: actor.email },
        staffId: messaging.staffIdOf(actor.email),
        requestKey,
        now,
      });
      if (id === null) return false;
      store.audit.record({
        subject: { type: "request", id: quoteId },
        actor,
        at: now,
        type: "request.reply_sent",
        payload: { text: body },
      });
      store.changeStatus(quoteId, { type: "replied" }, {}, actor, now);
      return true;
    })
    .immediate();
}

/** A request's replies from the desk, oldest first. */
export const repliesOf = (messaging: Messaging, quoteId: number): StoredReply[] =>
  messaging
    .messages(quoteId)
    .filter((message) => message.kind === "reply")
    .map(toReply);

/** Every request's replies, by request then oldest first. */
export const allReplies = (messaging: Messaging): StoredReply[] => messaging.ofKind("reply").map(toReply);
