import { describe, expect, it } from "vitest";

import {
  contactsWebhook,
  documentWebhook,
  imageWebhook,
  locationWebhook,
  messageWebhook,
  reactionWebhook,
  reEngagementError,
  statusWebhook,
  textWebhook,
} from "../../../tests/support/whatsapp-webhooks";
import { MAX_WEBHOOK_BYTES, parseWebhook, readWebhook } from "./webhook-payload";

const phoneNumberId = "106540352242922";
const at = new Date("2026-11-29T09:15:42Z");
const buyer = { phoneNumberId, from: "923001234567", name: "Ayesha Khan", at };

const read = (body: unknown) => readWebhook(Buffer.from(JSON.stringify(body)), phoneNumberId);
const onlyEvent = (body: unknown) => {
  const reading = read(body);
  if (!reading.ok) throw new Error(reading.problem);
  expect(reading.events).toHaveLength(1);
  return reading.events[0]!;
};
const contentOf = (body: unknown) => {
  const event = onlyEvent(body);
  if (event.kind !== "message") throw new Error("not a message");
  return event.message.content;
};

describe("reading Meta's messages webhook", () => {
  it("reads a buyer's text with who sent it, their profile name and when", () => {
    expect(
      onlyEvent(
        textWebhook({ ...buyer, id: "wamid.HBgMOTIzMDAxMjM0NTY3FQIAEhgUM0E=", text: "Do the mugs come in red?" }),
      ),
    ).toEqual({
      kind: "message",
      message: {
        id: "wamid.HBgMOTIzMDAxMjM0NTY3FQIAEhgUM0E=",
        from: "923001234567",
        profileName: "Ayesha Khan",
        receivedAt: at,
        content: { type: "text", text: "Do the mugs come in red?" },
      },
    });
  });

  it("reads Meta's own documented example", () => {
    const example = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: "16505551234" }],
                messages: [
                  {
                    from: "16505551234",
                    id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
                    timestamp: "1749416383",
                    type: "text",
                    text: { body: "Does it come in another color?" },
                  },
                ],
              },
              field: "messages",
            },
          ],
        },
      ],
    };
    const event = onlyEvent(example);
    expect(event.kind === "message" && event.message.receivedAt.toISOString()).toBe("2025-06-08T20:59:43.000Z");
    expect(event.kind === "message" && event.message.profileName).toBe("Sheena Nelson");
  });

  it("reads an image and a document with what the media API needs to fetch them", () => {
    expect(
      contentOf(imageWebhook({ ...buyer, mediaId: "1479537139650973", mimeType: "image/jpeg", caption: "This logo" })),
    ).toEqual({
      type: "image",
      mediaId: "1479537139650973",
      mimeType: "image/jpeg",
      caption: "This logo",
      filename: "",
    });
    expect(
      contentOf(
        documentWebhook({
          ...buyer,
          mediaId: "880411281452377",
          mimeType: "application/pdf",
          filename: "Artwork v2.pdf",
        }),
      ),
    ).toEqual({
      type: "document",
      mediaId: "880411281452377",
      mimeType: "application/pdf",
      caption: "",
      filename: "Artwork v2.pdf",
    });
  });

  it("reads audio, video and stickers as media", () => {
    for (const type of ["audio", "video", "sticker"] as const)
      expect(
        contentOf(
          messageWebhook(buyer, type, {
            [type]: { mime_type: "audio/ogg; codecs=opus", sha256: "x", id: "55", voice: true },
          }),
        ),
      ).toMatchObject({ type, mediaId: "55", mimeType: "audio/ogg; codecs=opus" });
  });

  it("reads a location, shared contacts and a reaction as what they are", () => {
    expect(
      contentOf(
        locationWebhook({
          ...buyer,
          latitude: 31.5204,
          longitude: 74.3587,
          placeName: "Office",
          address: "Gulberg III, Lahore",
        }),
      ),
    ).toEqual({
      type: "location",
      latitude: 31.5204,
      longitude: 74.3587,
      name: "Office",
      address: "Gulberg III, Lahore",
    });
    expect(contentOf(locationWebhook({ ...buyer, latitude: 31.5, longitude: 74.3 }))).toEqual({
      type: "location",
      latitude: 31.5,
      longitude: 74.3,
      name: "",
      address: "",
    });
    expect(
      contentOf(contactsWebhook({ ...buyer, cards: [{ name: "Bilal Ahmed", phones: ["+92 321 7654321"] }] })),
    ).toEqual({
      type: "contacts",
      contacts: [{ name: "Bilal Ahmed", phones: ["+92 321 7654321"] }],
    });
    expect(contentOf(reactionWebhook({ ...buyer, messageId: "wamid.OURS", emoji: "👍" }))).toEqual({
      type: "reaction",
      emoji: "👍",
      messageId: "wamid.OURS",
    });
    expect(contentOf(reactionWebhook({ ...buyer, messageId: "wamid.OURS" }))).toEqual({
      type: "reaction",
      emoji: "",
      messageId: "wamid.OURS",
    });
  });

  it("reads a template's quick-reply button and an interactive reply as the text pressed", () => {
    expect(
      contentOf(messageWebhook(buyer, "button", { button: { payload: "APPROVE", text: "Approve proof" } })),
    ).toEqual({
      type: "button",
      text: "Approve proof",
    });
    expect(
      contentOf(
        messageWebhook(buyer, "interactive", {
          interactive: { type: "list_reply", list_reply: { id: "2", title: "500 pieces" } },
        }),
      ),
    ).toEqual({ type: "button", text: "500 pieces" });
  });

  it("keeps the name of a type it does not read, and of a known type in an unexpected shape", () => {
    expect(
      contentOf(
        messageWebhook(buyer, "unsupported", {
          errors: [
            {
              code: 131051,
              title: "Message type unknown",
              error_data: { details: "Message type is currently not supported." },
            },
          ],
        }),
      ),
    ).toEqual({ type: "unsupported", kind: "unsupported" });
    expect(contentOf(messageWebhook(buyer, "order", { order: { catalog_id: "1" } }))).toEqual({
      type: "unsupported",
      kind: "order",
    });
    expect(contentOf(messageWebhook(buyer, "image", { image: { caption: "no id" } }))).toEqual({
      type: "unsupported",
      kind: "image",
    });
  });

  it("reads statuses, a failed one with Meta's error", () => {
    expect(
      onlyEvent(
        statusWebhook({ phoneNumberId, id: "wamid.SENT1", recipient: "923001234567", status: "delivered", at }),
      ),
    ).toEqual({
      kind: "status",
      status: { providerId: "wamid.SENT1", recipient: "923001234567", status: "delivered", at, errors: [] },
    });
    expect(
      onlyEvent(
        statusWebhook({
          phoneNumberId,
          id: "wamid.SENT2",
          recipient: "923001234567",
          status: "failed",
          at,
          errors: [reEngagementError],
        }),
      ),
    ).toEqual({
      kind: "status",
      status: {
        providerId: "wamid.SENT2",
        recipient: "923001234567",
        status: "failed",
        at,
        errors: [
          {
            code: 131047,
            title: "Re-engagement message",
            message: "Re-engagement message",
            details:
              "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
          },
        ],
      },
    });
  });

  it("reads every message and status of a batched body, in order", () => {
    const first = textWebhook({ ...buyer, id: "wamid.A", text: "one" });
    const second = statusWebhook({ phoneNumberId, id: "wamid.B", recipient: "923001234567", status: "read", at });
    first.entry.push(...second.entry);
    const reading = read(first);
    expect(reading.ok && reading.events.map((event) => event.kind)).toEqual(["message", "status"]);
  });

  it("ignores changes for another phone number and fields other than messages", () => {
    const reading = read(textWebhook({ ...buyer, phoneNumberId: "999999999999999", text: "Not for us" }));
    expect(reading).toMatchObject({ ok: true, events: [] });
    expect(reading.ok && reading.skipped[0]).toContain("another phone number");
    const template = {
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "message_template_status_update", value: { event: "APPROVED" } }] }],
    };
    expect(read(template)).toMatchObject({ ok: true, events: [] });
  });

  it("skips an odd message or status without losing the others", () => {
    const body = textWebhook({ ...buyer, id: "wamid.GOOD", text: "kept" });
    const value = body.entry[0]!.changes[0]!.value as unknown as { messages: unknown[]; statuses: unknown[] };
    value.messages.unshift({
      from: "not a number",
      id: "wamid.BAD",
      timestamp: "1",
      type: "text",
      text: { body: "x" },
    });
    value.statuses = [{ id: "wamid.S", recipient_id: "923001234567", status: "deleted", timestamp: "1749416383" }];
    const reading = read(body);
    expect(reading.ok && reading.events.map((event) => event.kind === "message" && event.message.id)).toEqual([
      "wamid.GOOD",
    ]);
    expect(reading.ok && reading.skipped).toHaveLength(2);
  });

  it("cuts a text longer than WhatsApp allows instead of storing it whole", () => {
    const content = contentOf(textWebhook({ ...buyer, text: "a".repeat(50_000) }));
    expect(content.type === "text" && content.text.length).toBe(4_096);
  });

  it("says what is wrong with a body that is not a webhook, without throwing", () => {
    expect(readWebhook(Buffer.from("<html>"), phoneNumberId)).toEqual({ ok: false, problem: "The body is not JSON." });
    expect(readWebhook("", phoneNumberId)).toMatchObject({ ok: false });
    expect(parseWebhook(null, phoneNumberId)).toMatchObject({ ok: false });
    expect(parseWebhook({ object: "page", entry: [] }, phoneNumberId)).toMatchObject({
      ok: false,
      problem: expect.stringContaining("not a WhatsApp Business account"),
    });
    expect(parseWebhook({ object: "whatsapp_business_account", entry: "x" }, phoneNumberId)).toMatchObject({
      ok: false,
    });
    const tooMany = textWebhook({ ...buyer, text: "hi" });
    const value = tooMany.entry[0]!.changes[0]!.value as unknown as { messages: unknown[] };
    value.messages = Array.from({ length: 201 }, () => value.messages[0]);
    expect(read(tooMany)).toMatchObject({ ok: true, events: [] });
    expect(readWebhook(Buffer.alloc(MAX_WEBHOOK_BYTES + 1, 32), phoneNumberId)).toMatchObject({ ok: false });
  });
});
