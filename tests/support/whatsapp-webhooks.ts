import { createHmac, randomBytes } from "node:crypto";

// Webhook bodies as Meta's WhatsApp Cloud API sends them ("messages" webhook reference), signed as Meta
// signs them, for the tests of the webhook route and of the payload reader. Each builder gives the whole
// body, one message or status in one change, with the fields Meta sends (a few of which the app ignores).

/** The phone number a body is for: the app reads only its own WHATSAPP_PHONE_NUMBER_ID. */
export type WebhookTarget = { phoneNumberId: string; displayPhoneNumber?: string; businessAccountId?: string };

type Sender = WebhookTarget & {
  /** The buyer's number, E.164 digits without "+" ("923001234567"). */
  from: string;
  /** Their WhatsApp profile's name. */
  name?: string;
  /** The message's "wamid.…"; a fresh one when not given. */
  id?: string;
  at?: Date;
};

/** A fresh WhatsApp message id of Meta's form. */
export const wamid = () => `wamid.${randomBytes(30).toString("base64")}`;

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

function envelope(target: WebhookTarget, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: target.businessAccountId ?? "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: target.displayPhoneNumber ?? "15550783881",
                phone_number_id: target.phoneNumberId,
              },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** A buyer's message of any type: `fields` are the type's own object, as in `{ text: { body } }`. */
export function messageWebhook(sender: Sender, type: string, fields: Record<string, unknown>) {
  return envelope(sender, {
    contacts: [{ profile: { name: sender.name ?? "Ayesha Khan" }, wa_id: sender.from }],
    messages: [
      { from: sender.from, id: sender.id ?? wamid(), timestamp: seconds(sender.at ?? new Date()), type, ...fields },
    ],
  });
}

export const textWebhook = (sender: Sender & { text: string }) =>
  messageWebhook(sender, "text", { text: { body: sender.text } });

type Media = { mediaId: string; mimeType: string; sha256?: string; caption?: string };

export const imageWebhook = (sender: Sender & Media) =>
  messageWebhook(sender, "image", {
    image: {
      ...(sender.caption === undefined ? {} : { caption: sender.caption }),
      mime_type: sender.mimeType,
      sha256: sender.sha256 ?? randomBytes(32).toString("base64"),
      id: sender.mediaId,
    },
  });

export const documentWebhook = (sender: Sender & Media & { filename: string }) =>
  messageWebhook(sender, "document", {
    document: {
      ...(sender.caption === undefined ? {} : { caption: sender.caption }),
      filename: sender.filename,
      mime_type: sender.mimeType,
      sha256: sender.sha256 ?? randomBytes(32).toString("base64"),
      id: sender.mediaId,
    },
  });

export const locationWebhook = (
  sender: Sender & { latitude: number; longitude: number; placeName?: string; address?: string },
) =>
  messageWebhook(sender, "location", {
    location: {
      latitude: sender.latitude,
      longitude: sender.longitude,
      ...(sender.placeName === undefined ? {} : { name: sender.placeName }),
      ...(sender.address === undefined ? {} : { address: sender.address }),
    },
  });

export const contactsWebhook = (sender: Sender & { cards: { name: string; phones: string[] }[] }) =>
  messageWebhook(sender, "contacts", {
    contacts: sender.cards.map((card) => {
      const [first, ...rest] = card.name.split(" ");
      return {
        name: { formatted_name: card.name, first_name: first, ...(rest.length ? { last_name: rest.join(" ") } : {}) },
        phones: card.phones.map((phone) => ({ phone, type: "CELL", wa_id: phone.replace(/\D/g, "") })),
      };
    }),
  });

/** A reaction to one of our messages; no emoji: the buyer took their reaction back. */
export const reactionWebhook = (sender: Sender & { messageId: string; emoji?: string }) =>
  messageWebhook(sender, "reaction", {
    reaction: { message_id: sender.messageId, ...(sender.emoji === undefined ? {} : { emoji: sender.emoji }) },
  });

export type StatusError = { code: number; title: string; message?: string; details?: string };

/** What became of a message we sent ("wamid.…" as the send answered it); failed ones carry Meta's errors. */
export function statusWebhook(
  status: WebhookTarget & {
    id: string;
    recipient: string;
    status: "sent" | "delivered" | "read" | "failed";
    at?: Date;
    errors?: StatusError[];
  },
) {
  const billed = status.status === "sent" || status.status === "delivered";
  return envelope(status, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: seconds(status.at ?? new Date()),
        recipient_id: status.recipient,
        ...(billed
          ? {
              conversation: { id: randomBytes(16).toString("hex"), origin: { type: "service" } },
              pricing: { billable: true, pricing_model: "PMP", category: "service" },
            }
          : {}),
        ...(status.errors
          ? {
              errors: status.errors.map((error) => ({
                code: error.code,
                title: error.title,
                message: error.message ?? error.title,
                error_data: { details: error.details ?? error.title },
                href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
              })),
            }
          : {}),
      },
    ],
  });
}

/** Meta's error 131047: a free-form message sent more than 24 hours after the buyer last wrote. */
export const reEngagementError: StatusError = {
  code: 131047,
  title: "Re-engagement message",
  message: "Re-engagement message",
  details:
    "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
};

/** The X-Hub-Signature-256 header Meta sends: HMAC-SHA256 of the exact bytes, keyed with the app secret. */
export const signatureHeader = (body: string | Buffer, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/**
 * Posts a webhook as Meta does: the body (an object is serialised once, and those bytes signed) with its
 * signature, or unsigned when `secret` is null.
 */
export async function postWebhook(url: string, body: unknown, secret: string | null) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "facebookexternalua",
      ...(secret === null ? {} : { "X-Hub-Signature-256": signatureHeader(text, secret) }),
    },
    body: text,
  });
  return { status: response.status, text: await response.text() };
}

/** Meta's verification call when the webhook's url is saved in the app's settings. */
export async function verifyWebhook(url: string, verifyToken: string, challenge = "1158201444") {
  const address = new URL(url);
  address.searchParams.set("hub.mode", "subscribe");
  address.searchParams.set("hub.verify_token", verifyToken);
  address.searchParams.set("hub.challenge", challenge);
  const response = await fetch(address, { headers: { "User-Agent": "facebookplatform/1.0" } });
  return { status: response.status, text: await response.text() };
}
