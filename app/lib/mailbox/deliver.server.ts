import type { Actor } from "~/lib/audit/events";
import type { MailFileInput, Messaging } from "~/lib/messaging/messaging.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { checkSender, type SenderCheck } from "./authentication-results";
import { keepMailFiles, removeMailFiles } from "./files.server";
import type { InboundMail } from "./inbound-mail";
import { matchRequest, sameAddress } from "./match";
import type { StoreOutcome } from "./reader.server";
import type { UnmatchedMailbox } from "./unmatched.server";

/** A buyer's words kept per mail: the reply itself, and the quoted history below it. */
export const MAX_TEXT_CHARS = 20_000;
export const MAX_QUOTED_CHARS = 100_000;

/** What the thread keeps of a buyer's mail (JSON in messages.payload): text only, no file. */
export type BuyerMailPayload = {
  from: { name: string; address: string };
  /** Whether the sender's address is the request's: a mail matched by its thread may come from a colleague. */
  fromRequestAddress: boolean;
  text: string;
  /** The whole text with the quoted history, when it differs from `text`. */
  quoted: string;
  /** The files it carried, as the mail described them (message_files holds what was kept of each, and why not). */
  attachments: { filename: string; contentType: string; declaredType: string; size: number }[];
  attachmentsLeftOut: number;
  /** Larger than the reader downloads: only its headers were read. */
  tooLarge: boolean;
  /** The Date header the sender wrote (UTC ISO), if any. */
  sentAt: string | null;
  /**
   * What the office's mail server found of the sender (MAIL_AUTHSERV_ID): "fail" is shown as not
   * verified and moves nothing; "off" when senders are not checked. Missing on mails read before.
   */
  senderCheck: SenderCheck;
};

export type DeliveryDeps = {
  store: QuoteStore;
  messaging: Messaging;
  checker?: UploadChecker;
  maxFileBytes?: number;
};

/** A mail as it goes onto a thread: read now by the reader, or attached from Unmatched mail. */
export type ThreadMail = Omit<InboundMail, "authenticationResults" | "source" | "size" | "references">;

/**
 * Puts a mail on a request's thread: its files checked and written first (off the thread that answers
 * pages where it costs), then in one transaction the mail and its files recorded, the history told,
 * and, unless the sender was found forged, the move handed back to the office (Waiting on us).
 * `inTransaction` runs first inside it (false: nothing is recorded, as when another took the mail first).
 * Recorded once per Message-ID; a mail recorded before keeps no second copy of its files.
 */
export async function putOnThread(
  { store, messaging, checker, maxFileBytes }: DeliveryDeps,
  quote: StoredQuote,
  mail: ThreadMail,
  senderCheck: SenderCheck,
  {
    by = "buyer",
    inTransaction = () => true,
    now = new Date(),
  }: { by?: "buyer" | Actor; inTransaction?: () => boolean; now?: Date } = {},
): Promise<StoreOutcome> {
  const receivedAt = new Date(mail.date);
  const payload: BuyerMailPayload = {
    from: mail.from,
    fromRequestAddress: sameAddress(quote.email, mail.from.address),
    text: mail.text.slice(0, MAX_TEXT_CHARS),
    quoted: mail.fullText !== mail.text ? mail.fullText.slice(0, MAX_QUOTED_CHARS) : "",
    attachments: mail.attachments.map(({ filename, contentType, declaredType, size }) => ({
      filename,
      contentType,
      declaredType,
      size,
    })),
    attachmentsLeftOut: mail.attachmentsLeftOut,
    tooLarge: mail.tooLarge,
    sentAt: mail.sentAt,
    senderCheck,
  };
  const record = (files: MailFileInput[]): StoreOutcome =>
    store.db
      .transaction((): StoreOutcome => {
        if (!inTransaction()) return "duplicate";
        const { created } = messaging.recordBuyerMail(
          quote.id,
          {
            messageId: mail.messageId,
            inReplyTo: mail.inReplyTo,
            to: mail.to.map((address) => address.address).join(", "),
            subject: mail.subject,
            receivedAt,
          },
          payload,
          files,
        );
        if (!created) return "duplicate";
        const facts = { from: mail.from.address, subject: mail.subject.slice(0, 200) };
        if (by === "buyer") {
          store.audit.record({
            subject: { type: "request", id: quote.id },
            actor: "buyer",
            at: receivedAt,
            type: "request.buyer_replied",
            payload: facts,
          });
        } else {
          store.audit.record({
            subject: { type: "request", id: quote.id },
            actor: by,
            at: now,
            type: "request.mail_attached",
            payload: facts,
          });
        }
        // A mail that may be forged is shown, and moves no status and no reply clock.
        if (senderCheck !== "fail")
          store.changeStatus(quote.id, { type: "buyer replied" }, {}, "buyer", by === "buyer" ? receivedAt : now);
        return "stored";
      })
      .immediate();
  const files = await keepMailFiles(mail.attachments, {
    files: store.files,
    incomingDir: store.incomingDir,
    checker,
    maxBytes: maxFileBytes,
  });
  let outcome: StoreOutcome;
  try {
    outcome = record(files);
  } catch (error) {
    removeMailFiles(files, store.files);
    throw error;
  }
  // Recorded before (another reader was quicker): the copies written now are not kept.
  if (outcome !== "stored") removeMailFiles(files, store.files);
  return outcome;
}

/**
 * The mailbox reader's `store`. A mail joins a request only when it answers a message of its thread
 * or comes from the request's own address naming its reference (app/lib/mailbox/match.ts); anything
 * else goes to Unmatched mail, where it changes nothing and keeps no file until staff attach it.
 */
export function mailboxDelivery(deps: DeliveryDeps & { unmatched: UnmatchedMailbox; authservId?: string | null }) {
  const { store, messaging, unmatched, authservId } = deps;
  return async (mail: InboundMail): Promise<StoreOutcome> => {
    if (messaging.hasBuyerMail(mail.messageId)) return "duplicate";
    const senderCheck = checkSender(mail.authenticationResults, mail.from.address, authservId);
    const match = await matchRequest(
      mail,
      (messageId) => {
        const quoteId = messaging.quoteOfMessage(messageId);
        return quoteId === undefined ? undefined : store.get(quoteId)?.reference;
      },
      (reference) => store.byReference(reference)?.email,
    );
    const quote = match ? store.byReference(match.reference) : undefined;
    if (!quote) return unmatched.record(mail, senderCheck);
    return putOnThread(deps, quote, mail, senderCheck);
  };
}
