import { business } from "~/content/business";
import { greetingName } from "~/lib/messaging/greeting";
import { publicLink } from "~/lib/site-url";
import { pakistanTime } from "~/lib/desk/time";
import { answerSummary } from "./rules";

type Quote = { reference: string; name: string };
type Proof = {
  version: number;
  answer: "approved" | "changes" | null;
  answerName: string | null;
  answerRole: string | null;
  answerText: string | null;
  answeredAt: string | null;
  answerSha256: string | null;
};

/** The buyer's private page of a request's proofs. */
export const proofUrl = (token: string) => publicLink(`/proof/${token}`);

/**
 * Where a buyer's e-mail has its link: the queued text holds this in the link's place, and the link
 * (with a token minted then) is put in only when the mail is sent, so no secret waits in the store.
 */
export const LINK_SLOT = "{proof-link}";
export const hasLinkSlot = (body: string) => body.includes(LINK_SLOT);
export const withLink = (body: string, token: string) => body.split(LINK_SLOT).join(proofUrl(token));
const deskUrl = (quote: Quote) => publicLink(`/desk/quotes/${quote.reference}`);

// The greetings staff open a message with ("Dear Ayesha,", "Hi", "Assalam o Alaikum", "السلام علیکم").
const greeting =
  /^\s*(?:dear|hi|hello|hey|greetings|good (?:morning|afternoon|evening)|respected|a?s*-?sala+m[su]?|aoa|السلام|سلام|محترم\p{L}*)(?=[\s,.!:]|$)/iu;

/** True when the staff's message starts with its own greeting, so the e-mail does not greet a second time. */
export const opensWithGreeting = (message: string) => greeting.test(message);

/**
 * The e-mail that brings the buyer a proof: the version, the staff's message and the private link (to
 * come). It greets the buyer once: by their name, or with the staff's own greeting when the message
 * starts with one.
 */
export function proofEmail(quote: Quote, version: number, message: string) {
  const text = message.replace(/\r\n?/g, "\n").trim();
  const ready = `Proof v${version} of your artwork for ${quote.reference} is ready for you to check.`;
  return {
    subject: `Proof v${version} for ${quote.reference}`,
    body: [
      ...(opensWithGreeting(text)
        ? [text, "", ready]
        : [`Dear ${greetingName(quote.name)},`, "", ready, ...(text ? ["", text] : [])]),
      "",
      `See it, approve it or ask for changes here (your private link, valid 60 days):`,
      LINK_SLOT,
      "",
      "--",
      business.name,
    ].join("\n"),
  };
}

export function reminderEmail(quote: Quote, proof: Proof) {
  return {
    subject: `Reminder: proof v${proof.version} for ${quote.reference} is waiting for you`,
    body: [
      `Dear ${greetingName(quote.name)},`,
      "",
      `Proof v${proof.version} for ${quote.reference} is still waiting for your approval or your changes.`,
      "Production starts once you approve it.",
      "",
      LINK_SLOT,
      "",
      "--",
      business.name,
    ].join("\n"),
  };
}

/** To the staff: the buyer answered a proof. */
export function answerEmail(quote: Quote, proof: Proof) {
  const summary = answerSummary(proof) ?? "";
  return {
    subject: `${quote.reference}: ${summary}`,
    body: [
      `${summary}${proof.answeredAt ? ` at ${pakistanTime(proof.answeredAt)}` : ""}.`,
      ...(proof.answer === "changes" ? ["", "What should change:", proof.answerText ?? ""] : []),
      ...(proof.answer === "approved" ? ["", `SHA-256 of the approved file: ${proof.answerSha256}`] : []),
      "",
      `On the desk: ${deskUrl(quote)}`,
    ].join("\n"),
  };
}

/** To the staff: a proof waited two business days and the buyer was reminded. */
export function staffReminderEmail(quote: Quote, proof: Proof) {
  return {
    subject: `${quote.reference}: proof v${proof.version} unanswered for 2 business days`,
    body: [
      `${quote.name} has not answered proof v${proof.version} for two business days; a reminder was sent.`,
      "",
      `On the desk: ${deskUrl(quote)}`,
    ].join("\n"),
  };
}
