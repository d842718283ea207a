import type { MailFileInput, Messaging } from "~/lib/messaging/messaging.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { keepMailFiles, removeMailFiles } from "./files.server";
import type { InboundMail } from "./inbound-mail";
import { matchRequest } from "./match";
import type { StoreOutcome } from "./reader.server";

/** A buyer's words kept per mail: the reply itself, and the quoted history below it. */
const MAX_TEXT_CHARS = 20_000;
const MAX_QUOTED_CHARS = 100_000;

/** What the thread keeps of a buyer's mail (JSON in messages.payload): text only, no file. */
export type BuyerMailPayload = {
  from: { name: string; address: string };
  /** Whether the sender's address is the request's: a mail matched by its subject may come from anyone. */
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
};

/**
 * The mailbox reader's `store`: a buyer's mail onto its request's thread. Matched by the thread
 * (a Message-ID of ours or of the buyer's earlier mail in In-Reply-To or References), else by the one
 * reference its subject names; then, in one transaction, the mail is recorded, the history says the
 * buyer wrote, and the move goes back to the office (Waiting on us). Recorded once per Message-ID.
 * Its files are checked and written first (off the thread that answers pages where it costs), and
 * recorded with it; a mail read again keeps no second copy of them.
 */
export function mailboxDelivery({
  store,
  messaging,
  checker,
  maxFileBytes,
}: {
  store: QuoteStore;
  messaging: Messaging;
  checker?: UploadChecker;
  maxFileBytes?: number;
}) {
  return async (mail: InboundMail): Promise<StoreOutcome> => {
    if (messaging.quoteOfMessage(mail.messageId) !== undefined) return "duplicate";
    const match = await matchRequest(mail, (messageId) => {
      const quoteId = messaging.quoteOfMessage(messageId);
      return quoteId === undefined ? undefined : store.get(quoteId)?.reference;
    });
    const quote = match ? store.byReference(match.reference) : undefined;
    if (!quote) return "unmatched";
    const receivedAt = new Date(mail.date);
    const text = mail.text.slice(0, MAX_TEXT_CHARS);
    const payload: BuyerMailPayload = {
      from: mail.from,
      fromRequestAddress: mail.from.address.toLowerCase() === quote.email.trim().toLowerCase(),
      text,
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
    };
    const record = (files: MailFileInput[]): StoreOutcome =>
      store.db
        .transaction((): StoreOutcome => {
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
          store.audit.record({
            subject: { type: "request", id: quote.id },
            actor: "buyer",
            at: receivedAt,
            type: "request.buyer_replied",
            payload: { from: mail.from.address, subject: mail.subject.slice(0, 200) },
          });
          store.changeStatus(quote.id, { type: "buyer replied" }, {}, "buyer", receivedAt);
          return "stored";
        })
        .immediate();
    const files = await keepMailFiles(mail.attachments, {
      attachmentsDir: store.attachmentsDir,
      incomingDir: store.incomingDir,
      checker,
      maxBytes: maxFileBytes,
    });
    let outcome: StoreOutcome;
    try {
      outcome = record(files);
    } catch (error) {
      await removeMailFiles(files, store.attachmentsDir);
      throw error;
    }
    // Recorded before (another reader was quicker): the copies written now are not kept.
    if (outcome !== "stored") await removeMailFiles(files, store.attachmentsDir);
    return outcome;
  };
}
