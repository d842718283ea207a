import { z } from "zod";

import type { InboundWhatsApp, WhatsAppError, WhatsAppEvent, WhatsAppStatus } from "./types";

// Meta's "messages" webhook (object "whatsapp_business_account", entry[].changes[] with field "messages")
// read into the app's events: the buyers' messages and what became of ours. The body is checked for its
// signature before it gets here, but it is still read defensively: arrays and texts are bounded, a change
// for another phone number is not ours, and one odd message is skipped (and said) without losing the rest.

/** Meta's webhook bodies are a few kilobytes; a body larger than this is refused before it is parsed. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

const MAX_ENTRIES = 50;
const MAX_CHANGES = 50;
const MAX_ITEMS = 200;
/** WhatsApp caps a text at 4,096 characters; anything longer is cut here rather than lost. */
const MAX_TEXT = 4_096;
const MAX_SHORT = 512;
const MAX_CONTACTS = 20;
const MAX_PHONES = 10;

export type WebhookReading =
  | {
      ok: true;
      events: WhatsAppEvent[];
      /** What was left out and why (an item of an unexpected shape, a status this app does not track). */
      skipped: string[];
    }
  | { ok: false; problem: string };

const cut = (max: number) => z.string().transform((value) => value.slice(0, max));
const optionalText = (max: number) => cut(max).optional().catch(undefined);
/** A Unix time in seconds, as Meta writes it (a string of digits). */
const unixSeconds = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()])
  .transform((value) => new Date(Number(value) * 1000));
/** A WhatsApp user's id, their number in E.164 digits without "+". */
const waId = z.string().regex(/^\d{6,20}$/);

const change = z.object({
  field: z.string().max(100),
  value: z.unknown(),
});
const envelope = z.object({
  object: z.string().max(100),
  entry: z
    .array(z.object({ id: z.string().max(100).optional(), changes: z.array(change).max(MAX_CHANGES) }))
    .max(MAX_ENTRIES),
});
const messagesValue = z.object({
  metadata: z.object({ phone_number_id: z.string().max(100) }),
  contacts: z
    .array(
      z.object({
        wa_id: z.string().max(40).optional(),
        profile: z.object({ name: optionalText(MAX_SHORT) }).optional(),
      }),
    )
    .max(MAX_ITEMS)
    .optional()
    .catch(undefined),
  messages: z.array(z.unknown()).max(MAX_ITEMS).optional(),
  statuses: z.array(z.unknown()).max(MAX_ITEMS).optional(),
});

const messageEnvelope = z.object({
  id: z.string().min(1).max(MAX_SHORT),
  from: waId,
  timestamp: unixSeconds,
  type: z.string().min(1).max(100),
});

const media = z.object({
  id: z.string().min(1).max(MAX_SHORT),
  mime_type: cut(200).optional(),
  caption: optionalText(MAX_TEXT),
  filename: optionalText(MAX_SHORT),
});
const location = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  name: optionalText(MAX_SHORT),
  address: optionalText(MAX_SHORT),
});
const sharedContacts = z
  .array(
    z.object({
      name: z
        .object({
          formatted_name: optionalText(MAX_SHORT),
          first_name: optionalText(MAX_SHORT),
          last_name: optionalText(MAX_SHORT),
        })
        .optional(),
      phones: z
        .array(z.object({ phone: optionalText(64), wa_id: optionalText(64) }))
        .max(MAX_PHONES * 5)
        .optional(),
    }),
  )
  .min(1)
  .max(MAX_CONTACTS * 5);
const reaction = z.object({ message_id: z.string().max(MAX_SHORT), emoji: optionalText(64) });
const button = z.object({ text: optionalText(MAX_SHORT), payload: optionalText(MAX_SHORT) });
const interactive = z.object({
  type: z.string().max(100),
  button_reply: z.object({ title: cut(MAX_SHORT) }).optional(),
  list_reply: z.object({ title: cut(MAX_SHORT), description: optionalText(MAX_SHORT) }).optional(),
});

const status = z.object({
  id: z.string().min(1).max(MAX_SHORT),
  recipient_id: z.string().max(40),
  status: z.string().max(40),
  timestamp: unixSeconds,
  errors: z
    .array(
      z.object({
        code: z.coerce.number().int(),
        title: optionalText(MAX_SHORT),
        message: optionalText(MAX_SHORT),
        error_data: z
          .object({ details: optionalText(MAX_TEXT) })
          .optional()
          .catch(undefined),
      }),
    )
    .max(20)
    .optional(),
});

const trackedStatuses = new Set<string>(["sent", "delivered", "read", "failed"]);

/**
 * Reads a webhook's body (the raw bytes whose signature was checked, or their text) into events for
 * the phone number `phoneNumberId`. Never throws: a body that is not Meta's webhook JSON is `ok: false`.
 */
export function readWebhook(rawBody: Buffer | string, phoneNumberId: string): WebhookReading {
  const size = typeof rawBody === "string" ? Buffer.byteLength(rawBody) : rawBody.length;
  if (size > MAX_WEBHOOK_BYTES)
    return { ok: false, problem: `The body is ${size} bytes, more than the ${MAX_WEBHOOK_BYTES} a webhook has.` };
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"));
  } catch {
    return { ok: false, problem: "The body is not JSON." };
  }
  return parseWebhook(json, phoneNumberId);
}

/** The same as readWebhook, for a body already parsed as JSON. */
export function parseWebhook(json: unknown, phoneNumberId: string): WebhookReading {
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return { ok: false, problem: `The body is not a WhatsApp webhook: ${problemsOf(parsed.error)}` };
  if (parsed.data.object !== "whatsapp_business_account")
    return {
      ok: false,
      problem: `The webhook is for "${parsed.data.object.slice(0, 60)}", not a WhatsApp Business account.`,
    };
  const events: WhatsAppEvent[] = [];
  const skipped: string[] = [];
  for (const entry of parsed.data.entry)
    for (const { field, value } of entry.changes) {
      if (field !== "messages") {
        skipped.push(`A change of "${field.slice(0, 60)}", which this app does not read.`);
        continue;
      }
      const read = messagesValue.safeParse(value);
      if (!read.success) {
        skipped.push(`A change of an unexpected shape: ${problemsOf(read.error)}`);
        continue;
      }
      if (read.data.metadata.phone_number_id !== phoneNumberId) {
        skipped.push(`A change for another phone number (${read.data.metadata.phone_number_id.slice(0, 40)}).`);
        continue;
      }
      const names = new Map<string, string>();
      for (const contact of read.data.contacts ?? [])
        if (contact.wa_id && !names.has(contact.wa_id)) names.set(contact.wa_id, contact.profile?.name?.trim() ?? "");
      for (const item of read.data.messages ?? []) {
        const message = inbound(item, names);
        if (typeof message === "string") skipped.push(message);
        else events.push({ kind: "message", message });
      }
      for (const item of read.data.statuses ?? []) {
        const state = statusOf(item);
        if (typeof state === "string") skipped.push(state);
        else events.push({ kind: "status", status: state });
      }
    }
  return { ok: true, events, skipped };
}

/** A buyer's message, or why it was skipped. */
function inbound(item: unknown, names: Map<string, string>): InboundWhatsApp | string {
  const head = messageEnvelope.safeParse(item);
  if (!head.success) return `A message of an unexpected shape: ${problemsOf(head.error)}`;
  const { id, from, timestamp, type } = head.data;
  return {
    id,
    from,
    profileName: names.get(from) ?? "",
    receivedAt: timestamp,
    content: contentOf(type, item as Record<string, unknown>),
  };
}

function contentOf(type: string, item: Record<string, unknown>): InboundWhatsApp["content"] {
  const unsupported = { type: "unsupported", kind: type } as const;
  switch (type) {
    case "text": {
      const text = z.object({ body: cut(MAX_TEXT) }).safeParse(item.text);
      return text.success ? { type: "text", text: text.data.body } : unsupported;
    }
    case "image":
    case "document":
    case "audio":
    case "video":
    case "sticker": {
      const file = media.safeParse(item[type]);
      if (!file.success) return unsupported;
      return {
        type,
        mediaId: file.data.id,
        mimeType: file.data.mime_type ?? "",
        caption: file.data.caption ?? "",
        filename: type === "document" ? (file.data.filename ?? "") : "",
      };
    }
    case "location": {
      const place = location.safeParse(item.location);
      if (!place.success) return unsupported;
      const { latitude, longitude, name, address } = place.data;
      return { type: "location", latitude, longitude, name: name ?? "", address: address ?? "" };
    }
    case "contacts": {
      const cards = sharedContacts.safeParse(item.contacts);
      if (!cards.success) return unsupported;
      return {
        type: "contacts",
        contacts: cards.data.slice(0, MAX_CONTACTS).map((card) => ({
          name:
            card.name?.formatted_name?.trim() ||
            [card.name?.first_name, card.name?.last_name].filter(Boolean).join(" ").trim(),
          phones: (card.phones ?? [])
            .map((phone) => (phone.phone || phone.wa_id || "").trim())
            .filter(Boolean)
            .slice(0, MAX_PHONES),
        })),
      };
    }
    case "reaction": {
      // No emoji: the buyer took a reaction back.
      const given = reaction.safeParse(item.reaction);
      return given.success
        ? { type: "reaction", emoji: given.data.emoji ?? "", messageId: given.data.message_id }
        : unsupported;
    }
    case "button": {
      const pressed = button.safeParse(item.button);
      const text = pressed.success ? (pressed.data.text ?? pressed.data.payload ?? "") : "";
      return text ? { type: "button", text } : unsupported;
    }
    case "interactive": {
      const reply = interactive.safeParse(item.interactive);
      if (!reply.success) return unsupported;
      const text = reply.data.button_reply?.title ?? reply.data.list_reply?.title;
      return text ? { type: "button", text } : unsupported;
    }
    default:
      return unsupported;
  }
}

function statusOf(item: unknown): WhatsAppStatus | string {
  const read = status.safeParse(item);
  if (!read.success) return `A status of an unexpected shape: ${problemsOf(read.error)}`;
  const { id, recipient_id, timestamp, errors } = read.data;
  if (!trackedStatuses.has(read.data.status))
    return `A status "${read.data.status}" of ${id.slice(0, 80)}, which this app does not track.`;
  return {
    providerId: id,
    recipient: recipient_id,
    status: read.data.status as WhatsAppStatus["status"],
    at: timestamp,
    errors: (errors ?? []).map((error): WhatsAppError => ({
      code: error.code,
      title: error.title ?? "",
      message: error.message ?? error.title ?? "",
      details: error.error_data?.details ?? "",
    })),
  };
}

const problemsOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
    .join("; ");
