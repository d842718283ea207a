import type { InboundWhatsApp } from "./types";

/** What a buyer's WhatsApp message was: its `content.type` as the webhook named it. */
export type WhatsAppContentType = InboundWhatsApp["content"]["type"];

/** What a media message's file became (its kept or refused copy, if any, is in message_files). */
export type WhatsAppMediaNote = {
  /** The type WhatsApp declared, for information only: what was kept is typed from its bytes. */
  declaredType: string;
  /** A document's name as the sender gave it ("" for the others). */
  filename: string;
  /** Whether the file was downloaded through the media API (then checked, and kept or refused). */
  fetched: boolean;
  /** Why it could not be downloaded; null when it was. */
  error: string | null;
};

/**
 * A buyer's WhatsApp message as the thread keeps it (JSON in messages.payload of a "buyer-whatsapp"
 * message): the sender, the text (a caption, a button's words) and what else it carried, each as what it is.
 */
export type WhatsAppMessagePayload = {
  /** E.164 digits. */
  from: string;
  profileName: string;
  type: WhatsAppContentType;
  /** The text, a media message's caption or a button's words; "" for the rest. */
  text: string;
  /** "stop" or "start" when the message was that word: the buyer's consent changed with it. */
  keyword: "stop" | "start" | null;
  media: WhatsAppMediaNote | null;
  location: { latitude: number; longitude: number; name: string; address: string } | null;
  contacts: { name: string; phones: string[] }[] | null;
  /** A reaction to one of our messages (its "wamid.…"): the emoji, "" when the reaction was taken back. */
  reaction: { emoji: string; messageId: string } | null;
  /** The type WhatsApp named for a message this app does not read ("unsupported"), e.g. "poll". */
  unsupportedKind: string | null;
};

/** A sent file's kind in words. */
const mediaWords: Record<"image" | "document" | "audio" | "video" | "sticker", string> = {
  image: "Photo",
  document: "Document",
  audio: "Voice message or audio",
  video: "Video",
  sticker: "Sticker",
};

/**
 * A buyer's WhatsApp message in one plain line or a few, for a request made from it, the desk and the
 * exports: a location with its name, address and coordinates, a contact card with its numbers, a
 * reaction with its emoji, a file with its caption.
 */
export function whatsAppSummary(payload: WhatsAppMessagePayload): string {
  switch (payload.type) {
    case "text":
    case "button":
      return payload.text;
    case "image":
    case "document":
    case "audio":
    case "video":
    case "sticker": {
      const name = payload.media?.filename ? ` "${payload.media.filename}"` : "";
      const what = `${mediaWords[payload.type]}${name}`;
      return payload.text ? `${what}: ${payload.text}` : what;
    }
    case "location": {
      const place = payload.location;
      if (!place) return "Location";
      const named = [place.name, place.address].filter(Boolean).join(", ");
      return `Location: ${named ? `${named} ` : ""}(${place.latitude}, ${place.longitude})`;
    }
    case "contacts":
      return (payload.contacts ?? [])
        .map((card) => `Contact: ${card.name || "(no name)"}${card.phones.length ? `, ${card.phones.join(", ")}` : ""}`)
        .join("\n");
    case "reaction":
      return payload.reaction?.emoji ? `Reacted ${payload.reaction.emoji} to a message` : "Took back a reaction";
    case "unsupported":
      return `A message WhatsApp does not pass on (${payload.unsupportedKind || "unknown"})`;
  }
}

/** A map link for a shared location (the desk shows it beside the summary). */
export const locationUrl = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${latitude},${longitude}`)}`;
