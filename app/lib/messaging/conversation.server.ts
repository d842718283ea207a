import { deskText } from "~/content/desk";
import { pakistanTime } from "~/lib/desk/time";
import { cleanFileName } from "~/lib/text-fields";
import { whatsappDisplay } from "~/lib/whatsapp/phone";
import type { Channel } from "./channels";
import type { Message, MessageFile } from "./messaging.server";

/** Where one of our messages stands, as the desk says it; a failed one carries the provider's words. */
export type DeliveryShown = {
  label: string;
  /** failed: the provider refused it; "not-sent": held back on purpose (e-mail off, a link ended). */
  tone: "pending" | "done" | "not-sent" | "failed";
  error: string | null;
};

/** A place a buyer shared on WhatsApp, and the map that shows it. */
export type SharedLocation = { label: string; mapUrl: string | null };

/** One entry of a request's conversation as the desk shows it: who wrote, when (PKT), and what. */
export type ConversationEntry = {
  id: number;
  direction: "in" | "out";
  /** How it travelled: "email" or "whatsapp". */
  channel: Channel;
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
  /** Our message's state as the desk says it ("Waiting to send", "Delivered", "Failed" …); null for a buyer's. */
  delivery: DeliveryShown | null;
  /** A place the buyer shared on WhatsApp (`text` says it too). */
  location: SharedLocation | null;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/**
 * What the conversation asks of the modules' message kinds (the messaging registry): which a buyer reads
 * (the desk's mails with a document, a proof, a quotation, an order's stage, an invoice, a receipt, shown
 * by their subject so every message to and from the buyer is in one place; the office's own copies are
 * not), and the approved WhatsApp templates by name.
 */
export type ConversationKinds = {
  buyerKinds(): string[];
  whatsappTemplateChoices(): TemplateChoice[];
  get(kind: string): { untitled?: string } | undefined;
};

/** Who the conversation names as the sender of a document mail. */
export const deskSender = "The desk";

const words = deskText.whatsapp;

/** Where one of our messages stands: queued, sent, and then what the provider said of it. */
export function deliveryOf(message: Message): DeliveryShown {
  const shown = (label: string, tone: DeliveryShown["tone"], error: string | null = null) => ({ label, tone, error });
  // A send the provider refused for good is cancelled with its error: failed, not merely not sent.
  if (message.delivery === "failed")
    return shown(words.delivery.failed, "failed", message.deliveryError ?? message.lastError);
  switch (message.status) {
    case "queued":
      return shown(words.delivery.queued, "pending");
    case "off":
      return shown(words.delivery.off, "not-sent");
    case "cancelled":
      return shown(words.delivery.cancelled, "not-sent");
    default:
      return message.delivery === "read"
        ? shown(words.delivery.read, "done")
        : message.delivery === "delivered"
          ? shown(words.delivery.delivered, "done")
          : shown(words.delivery.sent, "done");
  }
}

/** An approved WhatsApp template as the modules registered it with its kind (the messaging registry lists them). */
export type TemplateChoice = { kind: string; name: string; label: string };

/** The approved template one of our WhatsApp messages went as: by the name it kept, else by its kind. */
const templateText = (message: Message, templates: readonly TemplateChoice[]) => {
  const template =
    templates.find((choice) => choice.name === message.payload.template) ??
    templates.find((choice) => choice.kind === message.kind);
  return words.template(template?.label ?? (message.subject || message.kind));
};

const finite = (value: unknown, limit: number) =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;

/**
 * A shared place's words, and a map link made of its two numbers only (nothing else the buyer sent goes
 * into it). `location` is the payload's `location` (app/lib/whatsapp/message-payload.ts says its shape).
 */
function sharedLocation(location: unknown): SharedLocation {
  const payload = record(location);
  const latitude = finite(payload.latitude, 90);
  const longitude = finite(payload.longitude, 180);
  const place = [payload.name, payload.address]
    .map((part) => (typeof part === "string" ? part.trim() : ""))
    .filter(Boolean)
    .join(", ");
  if (latitude === null || longitude === null) return { label: `Location: ${place}`, mapUrl: null };
  return {
    label: words.location(place, latitude, longitude),
    mapUrl: `https://www.google.com/maps?q=${latitude},${longitude}`,
  };
}

/** The first words of a message, to say which one a reaction answers. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** What a buyer's WhatsApp message says, as the desk can show it. */
function whatsAppText(payload: Record<string, unknown>, reactedTo: (id: string) => string, hasFiles: boolean) {
  const type = String(payload.type ?? "");
  switch (type) {
    case "text":
    case "button":
      return String(payload.text ?? "");
    case "image":
    case "document":
    case "audio":
    case "video":
    case "sticker": {
      // A media message's caption is its text.
      const caption = String(payload.text ?? "");
      return caption || hasFiles ? caption : words.cannotShow(type);
    }
    case "location":
      return sharedLocation(payload.location).label;
    case "contacts":
      return (Array.isArray(payload.contacts) ? payload.contacts : [])
        .map((contact) => {
          const { name, phones } = record(contact);
          const numbers = (Array.isArray(phones) ? phones : []).map(String).join(", ");
          return words.contactCard(String(name ?? ""), numbers);
        })
        .join("\n");
    case "reaction":
      return words.reacted(
        String(record(payload.reaction).emoji ?? ""),
        reactedTo(String(record(payload.reaction).messageId ?? "")),
      );
    default:
      return words.cannotShow(String(payload.unsupportedKind ?? type) || "unknown");
  }
}

/** What a message of the thread said, in a few words (a reaction names the message it answers). */
function gist(message: Message, templates: readonly TemplateChoice[]): string {
  const payload = message.payload;
  if (message.direction === "out")
    return message.kind === "reply" ? String(payload.body ?? "") : message.subject || templateText(message, templates);
  return String(payload.text ?? "");
}

const none = {
  subject: "",
  quoted: "",
  strangerAddress: false,
  notVerified: false,
  attachments: [],
  files: [],
  attachmentsLeftOut: 0,
  tooLarge: false,
  location: null,
} satisfies Partial<ConversationEntry>;

/**
 * A request's conversation, oldest first, on every channel: the buyer's mails and WhatsApp messages, the
 * desk's replies and the desk's document mails and templates, each with its channel and our messages'
 * delivery.
 */
export function conversation(
  thread: readonly Message[],
  files: readonly MessageFile[],
  kinds: ConversationKinds,
): ConversationEntry[] {
  const templates = kinds.whatsappTemplateChoices();
  // A reply is the desk's own words, shown with its author; the other buyer kinds are documents.
  const documentMails = new Set(kinds.buyerKinds().filter((kind) => kind !== "reply"));
  const filesOf = new Map<number, MessageFile[]>();
  for (const file of files) filesOf.set(file.messageId, [...(filesOf.get(file.messageId) ?? []), file]);
  const byProviderId = new Map(
    thread.flatMap((message) => (message.providerId ? [[message.providerId, message]] : [])),
  );
  const reactedTo = (id: string) => {
    const message = byProviderId.get(id);
    return message ? excerpt(gist(message, templates)) : "";
  };
  const keptFiles = (message: Message) =>
    (filesOf.get(message.id) ?? []).map((file) => ({
      id: file.id,
      name: cleanFileName(file.originalName, 200, "attachment"),
      kb: Math.ceil((file.byteSize ?? file.receivedBytes) / 1024),
      mediaType: file.mediaType,
      refused: file.refused,
    }));
  return thread
    .filter(
      (message) =>
        message.kind === "buyer-mail" ||
        message.kind === "buyer-whatsapp" ||
        message.kind === "reply" ||
        documentMails.has(message.kind),
    )
    .map((message): ConversationEntry => {
      const payload = message.payload;
      const common = {
        id: message.id,
        channel: message.channel,
        when: pakistanTime(message.createdAt),
        status: message.status,
      };
      if (message.kind === "buyer-whatsapp") {
        const from = String(payload.from ?? message.recipient);
        const number = /^\d{6,15}$/.test(from) ? whatsappDisplay(from) : from;
        const profileName = String(payload.profileName ?? "").trim();
        const kept = keptFiles(message);
        return {
          ...common,
          ...none,
          direction: "in",
          sender: profileName ? `${profileName} (${number})` : number,
          text: whatsAppText(payload, reactedTo, kept.length > 0),
          files: kept,
          location: payload.type === "location" ? sharedLocation(payload.location) : null,
          delivery: null,
        };
      }
      if (message.channel === "whatsapp" && message.kind !== "reply")
        return {
          ...common,
          ...none,
          direction: "out",
          sender: deskSender,
          text: templateText(message, templates),
          delivery: deliveryOf(message),
        };
      if (documentMails.has(message.kind))
        return {
          ...common,
          ...none,
          direction: "out",
          sender: deskSender,
          subject: message.subject,
          text: message.subject || kinds.get(message.kind)?.untitled || "",
          delivery: deliveryOf(message),
        };
      if (message.kind === "reply")
        return {
          ...common,
          ...none,
          direction: "out",
          sender: String(payload.staffName ?? ""),
          subject: message.subject,
          text: String(payload.body ?? ""),
          delivery: deliveryOf(message),
        };
      const from = record(payload.from);
      const name = String(from.name ?? "");
      const address = String(from.address ?? "");
      const kept = keptFiles(message);
      return {
        ...common,
        direction: "in",
        sender: name ? `${name} <${address}>` : address,
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
        location: null,
        delivery: null,
      };
    });
}
