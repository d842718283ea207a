import { business } from "~/content/business";
import { greetingName } from "~/lib/messaging/greeting";
import { formatPkr } from "~/lib/money";
import { longDate, pakistanTime } from "~/lib/desk/time";
import { LINK_SLOT } from "~/lib/proofs/mail";
import { publicLink } from "~/lib/site-url";
import type { QuotationTotals } from "./totals";

// The e-mails of the buyer's answers to a quotation and of its follow-ups. A buyer's has LINK_SLOT
// where their private link goes: the link is minted when the mail is sent (app/lib/quotations/messages.server.ts).

type Quote = { reference: string; name: string };
export type MailText = { subject: string; body: string };

const deskUrl = (quote: Quote) => publicLink(`/desk/quotes/${quote.reference}`);

/** What the buyer accepted, as both e-mails about it list it. */
export type AcceptedFacts = {
  version: number;
  order: string;
  name: string;
  role: string;
  poNumber: string;
  acceptedAt: string;
  /** "500 pcs × PKR 89 = PKR 44,500 — Ball pens, 1-colour print", one per line. */
  choices: string[];
  totals: Pick<QuotationTotals, "goodsPaisa" | "setupPaisa" | "deliveryPaisa" | "taxPaisa" | "totalPaisa">;
  sha256: string;
};

const acceptedLines = (facts: AcceptedFacts) => [
  `Order: ${facts.order}`,
  `Accepted by: ${[facts.name, facts.role].filter(Boolean).join(", ")}`,
  ...(facts.poNumber ? [`Purchase order: ${facts.poNumber}`] : []),
  `When: ${pakistanTime(facts.acceptedAt)}`,
  "",
  ...facts.choices,
  "",
  `Set-up: ${formatPkr(facts.totals.setupPaisa)}`,
  `Delivery: ${formatPkr(facts.totals.deliveryPaisa)}`,
  `Sales tax: ${formatPkr(facts.totals.taxPaisa)}`,
  `Total: ${formatPkr(facts.totals.totalPaisa)}`,
  "",
  `SHA-256 of quotation v${facts.version}: ${facts.sha256}`,
];

/** To the buyer: their acceptance, with the link to its record. */
export const acceptedBuyerEmail = (quote: Quote, facts: AcceptedFacts): MailText => ({
  subject: `Your order ${facts.order}: acceptance of quotation v${facts.version}`,
  body: [
    `Dear ${greetingName(quote.name)},`,
    "",
    `Thank you: your acceptance of quotation v${facts.version} for ${quote.reference} is recorded as order ${facts.order}.`,
    "",
    ...acceptedLines(facts),
    "",
    "The record of your acceptance, to print or keep (your private link):",
    LINK_SLOT,
    "",
    "--",
    business.name,
  ].join("\n"),
});

/** To the staff: the buyer accepted. */
export const acceptedStaffEmail = (quote: Quote, facts: AcceptedFacts): MailText => ({
  subject: `${quote.reference}: quotation v${facts.version} accepted, order ${facts.order}`,
  body: [...acceptedLines(facts), "", `On the desk: ${deskUrl(quote)}`].join("\n"),
});

/** To the staff: the buyer asked for changes. */
export const changesStaffEmail = (quote: Quote, version: number, text: string): MailText => ({
  subject: `${quote.reference}: changes asked on quotation v${version}`,
  body: [
    `${quote.name} asked for changes to quotation v${version}:`,
    "",
    text,
    "",
    `Send a new version from the desk: ${deskUrl(quote)}`,
  ].join("\n"),
});

/** To the buyer: a quotation still unanswered two business days before it expires. */
export const reminderBuyerEmail = (quote: Quote, version: number, validUntil: string): MailText => ({
  subject: `Reminder: quotation v${version} for ${quote.reference} is valid until ${longDate(validUntil)}`,
  body: [
    `Dear ${greetingName(quote.name)},`,
    "",
    `Quotation v${version} for ${quote.reference} is valid until ${longDate(validUntil)}.`,
    "You can choose your quantities and accept it, or ask us for changes, here (your private link):",
    "",
    LINK_SLOT,
    "",
    "--",
    business.name,
  ].join("\n"),
});
