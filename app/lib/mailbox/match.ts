import { referencesIn } from "~/lib/request-reference";
import type { InboundMail } from "./inbound-mail";

export type RequestMatch = {
  /** The request's reference, e.g. "Q-2026-0001". */
  reference: string;
  /** "thread": the mail answers a message of the request; "subject": its subject names the request. */
  via: "thread" | "subject";
};

/** The request of a message the office sent or received, by its Message-ID ("<id@host>"), if known. */
export type RequestOfMessage = (messageId: string) => string | undefined | Promise<string | undefined>;

/**
 * The request a mail belongs to: first by the thread (In-Reply-To, then References from the newest),
 * as a mail program keeps those whatever the buyer does to the subject; else by the one reference written
 * in the subject. Not the body: a buyer quoting another request there does not move the mail. A subject
 * naming two requests is left to the office (null), as is a mail with neither.
 */
export async function matchRequest(
  mail: Pick<InboundMail, "inReplyTo" | "references" | "subject">,
  requestOfMessage: RequestOfMessage,
): Promise<RequestMatch | null> {
  const thread = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...[...mail.references].reverse()];
  for (const messageId of new Set(thread)) {
    const reference = await requestOfMessage(messageId);
    if (reference) return { reference, via: "thread" };
  }
  const named = referencesIn(mail.subject);
  return named.length === 1 ? { reference: named[0]!, via: "subject" } : null;
}
