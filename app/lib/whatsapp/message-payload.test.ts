import { describe, expect, it } from "vitest";
import { locationUrl, type WhatsAppMessagePayload, whatsAppSummary } from "./message-payload";

const payload = (fields: Partial<WhatsAppMessagePayload>): WhatsAppMessagePayload => ({
  from: "923001234567",
  profileName: "Ayesha Khan",
  type: "text",
  text: "",
  keyword: null,
  media: null,
  location: null,
  contacts: null,
  reaction: null,
  unsupportedKind: null,
  ...fields,
});

const media = { declaredType: "application/pdf", filename: "", fetched: true, error: null };

describe("a buyer's WhatsApp message in words", () => {
  it.each<[string, Partial<WhatsAppMessagePayload>, string]>([
    ["a text", { text: "Price for 500 pens?" }, "Price for 500 pens?"],
    ["a button's words", { type: "button", text: "Approve proof" }, "Approve proof"],
    ["a photo with its caption", { type: "image", text: "Like this", media }, "Photo: Like this"],
    ["a photo without one", { type: "image", media }, "Photo"],
    [
      "a document by its name",
      { type: "document", text: "Our PO", media: { ...media, filename: "PO-4471.pdf" } },
      'Document "PO-4471.pdf": Our PO',
    ],
    ["a voice message", { type: "audio", media }, "Voice message or audio"],
    [
      "a location with its name and address",
      {
        type: "location",
        location: { latitude: 31.5204, longitude: 74.3587, name: "Office", address: "Gulberg III, Lahore" },
      },
      "Location: Office, Gulberg III, Lahore (31.5204, 74.3587)",
    ],
    [
      "a dropped pin",
      { type: "location", location: { latitude: 31.5, longitude: 74.3, name: "", address: "" } },
      "Location: (31.5, 74.3)",
    ],
    [
      "contact cards",
      {
        type: "contacts",
        contacts: [
          { name: "Imran (accounts)", phones: ["+92 321 7654321", "042 35761234"] },
          { name: "", phones: [] },
        ],
      },
      "Contact: Imran (accounts), +92 321 7654321, 042 35761234\nContact: (no name)",
    ],
    ["a reaction", { type: "reaction", reaction: { emoji: "👍", messageId: "wamid.X" } }, "Reacted 👍 to a message"],
    [
      "a reaction taken back",
      { type: "reaction", reaction: { emoji: "", messageId: "wamid.X" } },
      "Took back a reaction",
    ],
    [
      "a kind WhatsApp does not pass on",
      { type: "unsupported", unsupportedKind: "poll" },
      "A message WhatsApp does not pass on (poll)",
    ],
  ])("says %s as what it is", (_, fields, words) => {
    expect(whatsAppSummary(payload(fields))).toBe(words);
  });

  it("links a location to a map", () => {
    expect(locationUrl({ latitude: 31.5204, longitude: 74.3587 })).toBe(
      "https://www.google.com/maps/search/?api=1&query=31.5204%2C74.3587",
    );
  });
});
