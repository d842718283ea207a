import { pakistanTime } from "~/lib/desk/time";
import { cleanFileName } from "~/lib/text-fields";
import type { Message, MessageFile, MessageKind } from "./messaging.server";

/** One entry of a request's conversation as the desk shows it: who wrote, when (PKT), and what. */
export type ConversationEntry = {
  id: number;
  direction: "in" | "out";
  /** "Ayesha Khan <ayesha@acme.example>" for a buyer's mail, the staff member's name for a reply. */
  sender: string;
  /** Pakistan time: "2026-11-28 11:00 PKT". */
  when: string;
  subject: string;
  /** As written, line breaks kept (the page shows it with white-space: pre-wrap and dir="auto"). */
  text: string;
  /** The quoted history below a buyer's reply, when the reader took it off. */
  quoted: string;
  /** A buyer's mail from an address other than the request's (a colleague in the thread, or attached by staff). */
  strangerAddress: boolean;
  /** A buyer's mail whose sender the office's mail server did not vouch for: it may be forged. */
  notVerified: boolean;
  /** The files of a mail read before they were kept: described only. */
  attachments: { filename: string; contentType: string; kb: number }[];
  /** The files of a buyer's mail: kept (`id` for the desk's download link) or refused with the reason. */
  files: { id: number; name: string; kb: number; mediaType: string | null; refused: MessageFile["refused"] }[];
  attachmentsLeftOut: number;
  tooLarge: boolean;
  /** Where our message stands: "sent", "queued" … ("received" for a buyer's). */
  status: Message["status"];
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * The mails the desk sends the buyer on its own or with a document (a proof, a quotation, an order's
 * stage, an invoice, a receipt): in the conversation by their subject, so every message to and from the buyer is
 * in one place. The office's own copies are not.
 */
const documentMails: ReadonlySet<MessageKind> = new Set<MessageKind>([
  "acknowledgement",
  "proof",
  "proof-reminder",
  "quotation",
  "quotation-accepted",
  "quotation-reminder",
  "order-stage",
  "invoice",
  "receipt",
]);

/** Who the conversation names as the sender of a document mail. */
export const deskSender = "The desk";

/** A request's conversation, oldest first: the buyer's mails, the desk's replies and the desk's document mails. */
export function conversation(thread: readonly Message[], files: readonly MessageFile[] = []): ConversationEntry[] {
  const filesOf = new Map<number, MessageFile[]>();
  for (const file of files) filesOf.set(file.messageId, [...(filesOf.get(file.messageId) ?? []), file]);
  return thread
    .filter((message) => message.kind === "buyer-mail" || message.kind === "reply" || documentMails.has(message.kind))
    .map((message): ConversationEntry => {
      const payload = message.payload;
      if (documentMails.has(message.kind))
        return {
          id: message.id,
          direction: "out",
          sender: deskSender,
          when: pakistanTime(message.createdAt),
          subject: message.subject,
          // The acknowledgement's subject is written as it is sent: it is stored without one.
          text: message.subject || (message.kind === "acknowledgement" ? "Acknowledgement of the request" : ""),
          quoted: "",
          strangerAddress: false,
          notVerified: false,
          attachments: [],
          files: [],
          attachmentsLeftOut: 0,
          tooLarge: false,
          status: message.status,
        };
      if (message.kind === "reply")
        return {
          id: message.id,
          direction: "out",
          sender: String(payload.staffName ?? ""),
          when: pakistanTime(message.createdAt),
          subject: message.subject,
          text: String(payload.body ?? ""),
          quoted: "",
          strangerAddress: false,
          notVerified: false,
          attachments: [],
          files: [],
          attachmentsLeftOut: 0,
          tooLarge: false,
          status: message.status,
        };
      const from = record(payload.from);
      const name = String(from.name ?? "");
      const address = String(from.address ?? "");
      const kept = (filesOf.get(message.id) ?? []).map((file) => ({
        id: file.id,
        name: cleanFileName(file.originalName, 200, "attachment"),
        kb: Math.ceil((file.byteSize ?? file.receivedBytes) / 1024),
        mediaType: file.mediaType,
        refused: file.refused,
      }));
      return {
        id: message.id,
        direction: "in",
        sender: name ? `${name} <${address}>` : address,
        when: pakistanTime(message.createdAt),
        subject: message.subject,
        text: String(payload.text ?? ""),
        quoted: String(payload.quoted ?? ""),
        strangerAddress: payload.fromRequestAddress === false,
        notVerified: payload.senderCheck === "fail",
        files: kept,
        attachments: (kept.length === 0 && Array.isArray(payload.attachments) ? payload.attachments : []).map(
          (file) => {
            const { filename, contentType, size } = record(file);
            return {
              filename: String(filename ?? ""),
              contentType: String(contentType ?? ""),
              kb: Math.ceil(Number(size ?? 0) / 1024),
            };
          },
        ),
        attachmentsLeftOut: Number(payload.attachmentsLeftOut ?? 0),
        tooLarge: payload.tooLarge === true,
        status: message.status,
      };
    });
}
