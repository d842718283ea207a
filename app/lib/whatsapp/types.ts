import type { WhatsAppOutgoing } from "~/lib/messaging/channels";

/** A buyer's WhatsApp message as a webhook delivers it (app/lib/whatsapp/webhook-payload.ts reads it). */
export type InboundWhatsApp = {
  /** WhatsApp's id of the message ("wamid.…"): the same message delivered twice has the same id. */
  id: string;
  /** The sender's number, E.164 digits without "+" ("923001234567"). */
  from: string;
  /** The name on the sender's WhatsApp profile ("" if none was given). */
  profileName: string;
  receivedAt: Date;
  content:
    | { type: "text"; text: string }
    | {
        type: "image" | "document" | "audio" | "video" | "sticker";
        /** To fetch through the media API (`GET /{media-id}`, then its url). */
        mediaId: string;
        mimeType: string;
        caption: string;
        /** A document's file name as the sender gave it ("" for the others). */
        filename: string;
      }
    | { type: "location"; latitude: number; longitude: number; name: string; address: string }
    | { type: "contacts"; contacts: { name: string; phones: string[] }[] }
    | { type: "reaction"; emoji: string; messageId: string }
    /** A quick-reply button of a template pressed, or an interactive reply: its text. */
    | { type: "button"; text: string }
    /** Any other type WhatsApp names (its name kept to say what it was). */
    | { type: "unsupported"; kind: string };
};

/** Meta's error as it gives it (Graph API error or a status webhook's errors[]). */
export type WhatsAppError = { code: number; title: string; message: string; details: string };

/** A status webhook: what became of a message we sent. */
export type WhatsAppStatus = {
  /** Our message's "wamid.…", as the send answered it. */
  providerId: string;
  recipient: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  errors: WhatsAppError[];
};

export type WhatsAppEvent = { kind: "message"; message: InboundWhatsApp } | { kind: "status"; status: WhatsAppStatus };

/** A downloaded media file, its size bounded while it was read. */
export type WhatsAppMedia = { bytes: Buffer; mimeType: string; sha256: string | null };

/** The Graph API as the app uses it (app/lib/whatsapp/client.server.ts; tests run it against a stand-in). */
export type WhatsAppApi = {
  /** Sends a message; resolves with its "wamid.…", rejects with a WhatsAppApiError. */
  send(outgoing: WhatsAppOutgoing): Promise<{ providerId: string }>;
  /** Fetches a media file by id (its url, then the bytes), refusing more than `maxBytes`. */
  media(mediaId: string, maxBytes: number): Promise<WhatsAppMedia>;
};

/** The WhatsApp settings (app/lib/whatsapp/config.server.ts reads them from the environment). */
export type WhatsAppConfig = {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** "https://graph.facebook.com/v21.0", no trailing slash. */
  apiUrl: string;
};
