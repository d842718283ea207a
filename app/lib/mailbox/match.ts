import { referencesIn } from "~/lib/request-reference";
import type { InboundMail } from "./inbound-mail";

export type RequestMatch = {
  /** The request's reference, e.g. "Q-2026-0001". */
  reference: string;
  /** "thread": the mail answers a message of the request; "subject": the request's own address names it. */
  via: "thread" | "subject";
};

/**
 * The request a Message-ID ("<id@host>") of its thread belongs to, if that message may carry a mail
 * onto it: one of ours (its id random, so nobody outside can name it without having received it), or a
 * buyer's mail the thread accepted before. Anything else is undefined.
 */
export type RequestOfMessage = (messageId: string) => string | undefined | Promise<string | undefined>;

/** The request's own e-mail address, by its reference; undefined when there is no such request. */
export type AddressOfRequest = (reference: string) => string | undefined | Promise<string | undefined>;

/**
 * The request a mail joins, or null for Unmatched mail. A reference is sequential, so anyone can write
 * one: a mail joins a request only when it answers a message of its thread (In-Reply-To, then
 * References from the newest, which mail programs keep whatever the subject says), or when it comes
 * from the request's own address and its subject names that one request. Not the body: a buyer quoting
 * another request there does not move the mail.
 */
export async function matchRequest(
  mail: Pick<InboundMail, "inReplyTo" | "references" | "subject" | "from">,
  requestOfMessage: RequestOfMessage,
  addressOfRequest: AddressOfRequest,
): Promise<RequestMatch | null> {
  const thread = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...[...mail.references].reverse()];
  for (const messageId of new Set(thread)) {
    const reference = await requestOfMessage(messageId);
    if (reference) return { reference, via: "thread" };
  }
  const named = referencesIn(mail.subject);
  if (named.length !== 1) return null;
  const address = await addressOfRequest(named[0]!);
  return address !== undefined && sameAddress(address, mail.from.address)
    ? { reference: named[0]!, via: "subject" }
    : null;
}

/** Two e-mail addresses are one when they are equal ignoring case and surrounding spaces. */
export const sameAddress = (a: string, b: string) =>
  a.trim() !== "" && a.trim().toLowerCase() === b.trim().toLowerCase();
