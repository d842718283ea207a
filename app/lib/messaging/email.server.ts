import type { AuditEventData } from "~/lib/audit/events";
import { business } from "~/content/business";
import { publicLink } from "~/lib/site-url";
import type { Message } from "./messaging.server";
import { oneLine } from "./subjects";

/** One recipient, never a string a mailer could read as a list. */
export type MailAddress = { name?: string; address: string };

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

/** What an e-mail template makes of a message: the mail, the event its request's history gets when it is sent, and its name in the log. */
export type Rendered = { mail: OutgoingMail; sentEvent: AuditEventData; label: string };

/**
 * A buyer's address as a mail is sent to it: the address alone. A display name typed into the form would
 * carry a stranger's words into the header of a mail from us (the greeting carries a name, checked).
 */
export const buyerAddress = (address: string): MailAddress => ({ name: "", address });

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** One of our Message-IDs as sent: its stored part and the domain of the address mail comes from. */
export const fullMessageId = (id: string, from: string) =>
  `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost"}>`;

/** The business's contact lines, as every mail to a buyer ends. */
export const contactLines = () => [
  business.name,
  `Phone: ${business.phone.display}`,
  `WhatsApp: +${business.whatsapp}`,
  `E-mail: ${business.email}`,
  `${business.address.street}, ${business.address.city}`,
  publicLink("/"),
];

/**
 * A colleague's invitation to the desk: the set-up link (minted for this mail, never stored) and who
 * sent it. Sent at once, not queued: the link is a secret the outbox would have to keep.
 */
export function staffSetupEmail(
  member: { name: string; email: string },
  link: string,
  by: { name: string },
  { from }: Pick<MailEnvelope, "from">,
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
 * A plain-text mail as sent: from the business, its Message-ID fixed by the queued row. Addressed with
 * address objects: an address is never a string nodemailer could read as a list.
 */
export function plainMailMessage(
  mail: { messageId: string; to: MailAddress | readonly MailAddress[]; subject: string; body: string },
  { from }: Pick<MailEnvelope, "from">,
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
 * A letter to the buyer as HTML: "Dear …", its lines, their private link and what follows it when there
 * are, and the business's contact lines. The name may be Urdu: dir="auto" lets it run right to left
 * inside the English text.
 */
export function buyerLetterHtml(
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
export function buyerDocumentMail(
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
