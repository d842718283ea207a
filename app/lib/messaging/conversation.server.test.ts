import { describe, expect, it, onTestFinished } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { conversation, deliveryOf } from "./conversation.server";
import { Messaging } from "./messaging.server";
import { queueReply } from "~/lib/quotes/messages.server";
import { domainMessaging } from "../../../tests/support/domain-messaging";

// Real parts: a store in a temp folder and the messaging module writing the thread as the inbound
// webhook, the outbox and the status webhooks do.

const number = "923001234567";
const friday = new Date("2026-11-27T09:05:00Z"); // 14:05 in Lahore
const later = (minutes: number) => new Date(friday.getTime() + minutes * 60_000);

function setUp() {
  const store = QuoteStore.open(tempDir("conversation"));
  onTestFinished(() => store.close());
  // Every module's kinds, as the service registers them: which a buyer reads, the templates' names.
  const { kinds, messaging } = domainMessaging(store);
  const { quote } = store.insert({ ...buyerFields, phone: "0300 1234567" }, submissionMeta("conversation"), {
    notify: false,
    now: new Date("2026-11-26T05:00:00Z"),
  });
  let inbound = 0;
  /** A buyer's WhatsApp message as the inbound webhook records it (H3's payload). */
  const buyerWrites = (payload: Record<string, unknown>, files: Parameters<Messaging["recordWhatsApp"]>[3] = []) =>
    messaging.recordWhatsApp(
      quote.id,
      { id: `wamid.HBgMOTIzMDAxMjM0NTY3FQIAEhgg${++inbound}`, from: number, receivedAt: later(inbound) },
      { from: number, profileName: "Ayesha Khan", ...payload },
      files,
    ).message;
  /** One of our WhatsApp messages, queued and (when a wamid is given) taken by the Cloud API. */
  const weSend = (kind: "reply" | "proof" | "invoice", payload: Record<string, unknown>, wamid?: string) => {
    const id = messaging.queue({
      quoteId: quote.id,
      kind,
      channel: "whatsapp",
      recipient: number,
      subject: "",
      payload,
      now: friday,
    })!;
    if (wamid)
      messaging.markSent(
        { id, quoteId: quote.id },
        { type: "request.notification_emailed", payload: {} },
        friday,
        wamid,
      );
    return id;
  };
  const thread = () => conversation(messaging.messages(quote.id), messaging.messageFiles(quote.id), kinds);
  // The thread opens with the buyer's acknowledgement, recorded unsent (e-mail is off here).
  const entries = () => thread().slice(1);
  return { messaging, quote, buyerWrites, weSend, entries, thread };
}

describe("a buyer's WhatsApp messages in the conversation", () => {
  it("shows each kind as what it is, from the buyer's WhatsApp name and number", () => {
    const { buyerWrites, entries, weSend } = setUp();
    weSend("reply", { body: "Assalam o alaikum, 500 blue pens are Rs 95 each.", staffName: "Bilal" }, "wamid.OURS1");
    buyerWrites({ type: "text", text: "جی ہاں، نیلے رنگ میں 500 قلم" });
    buyerWrites({
      type: "location",
      location: { latitude: 31.5204, longitude: 74.3587, name: "Office", address: "Gulberg" },
    });
    buyerWrites({ type: "contacts", contacts: [{ name: "Ali Raza", phones: ["+92 321 7654321"] }] });
    buyerWrites({ type: "reaction", reaction: { emoji: "👍", messageId: "wamid.OURS1" } });
    buyerWrites({ type: "reaction", reaction: { emoji: "❤️", messageId: "wamid.NOT-IN-THIS-THREAD" } });
    buyerWrites({ type: "unsupported", unsupportedKind: "poll" });
    buyerWrites({ type: "button", text: "Yes, send the proof" });
    const shown = entries().filter((entry) => entry.direction === "in");
    expect(shown.map((entry) => entry.text)).toEqual([
      "جی ہاں، نیلے رنگ میں 500 قلم",
      "Location: Office, Gulberg — 31.5204, 74.3587",
      "Contact card: Ali Raza +92 321 7654321",
      "Reacted 👍 to “Assalam o alaikum, 500 blue pens are Rs 95 each.”",
      "Reacted ❤️ to an earlier message",
      "A message of a kind the desk cannot show (poll)",
      "Yes, send the proof",
    ]);
    for (const entry of shown) {
      expect(entry.channel).toBe("whatsapp");
      expect(entry.sender).toBe("Ayesha Khan (+92 300 1234567)");
      expect(entry.delivery).toBeNull();
    }
    expect(shown[1]!.location).toEqual({
      label: "Location: Office, Gulberg — 31.5204, 74.3587",
      mapUrl: "https://www.google.com/maps?q=31.5204,74.3587",
    });
    expect(shown.filter((entry) => entry.location)).toHaveLength(1);
  });

  it("gives a photo and a document their kept files and caption, and a refused one its reason", () => {
    const { buyerWrites, entries } = setUp();
    buyerWrites({ type: "image", text: "The sample we liked" }, [
      {
        originalName: "",
        receivedBytes: 245_760,
        kept: { mediaType: "image/jpeg", storedName: "wa-3f1c.jpg", byteSize: 245_760, sha256: "ab".repeat(32) },
      },
    ]);
    buyerWrites({ type: "document", text: "" }, [
      { originalName: "PO-4471.exe", receivedBytes: 88_000, refused: "type" },
    ]);
    buyerWrites({ type: "audio", text: "" });
    const [photo, document, voice] = entries();
    expect(photo).toMatchObject({
      text: "The sample we liked",
      files: [{ name: "attachment", kb: 240, mediaType: "image/jpeg", refused: null }],
    });
    expect(photo!.files[0]!.id).toBeGreaterThan(0);
    expect(document).toMatchObject({ text: "", files: [{ name: "PO-4471.exe", refused: "type" }] });
    expect(voice).toMatchObject({ text: "A message of a kind the desk cannot show (audio)", files: [] });
  });

  it("links no map for a location without usable numbers", () => {
    const { buyerWrites, entries } = setUp();
    buyerWrites({
      type: "location",
      location: { latitude: "31.5; javascript:alert(1)", longitude: 74.3, name: "Office" },
    });
    buyerWrites({ type: "location", location: { latitude: 131.5, longitude: 74.3, name: "", address: "" } });
    expect(entries().map((entry) => entry.location)).toEqual([
      { label: "Location: Office", mapUrl: null },
      { label: "Location: ", mapUrl: null },
    ]);
  });
});

describe("our messages in the conversation", () => {
  it("say their channel and where each stands: waiting, sent, delivered, read, or failed with Meta's words", () => {
    const { messaging, weSend, entries } = setUp();
    weSend("reply", { body: "Waiting one", staffName: "Bilal" });
    weSend("reply", { body: "Sent one", staffName: "Bilal" }, "wamid.SENT");
    weSend("reply", { body: "Delivered one", staffName: "Bilal" }, "wamid.DELIVERED");
    weSend("reply", { body: "Read one", staffName: "Bilal" }, "wamid.READ");
    weSend("proof", { template: "proof_ready" }, "wamid.FAILED");
    messaging.recordDelivery("wamid.DELIVERED", "delivered", later(1));
    messaging.recordDelivery("wamid.READ", "delivered", later(1));
    messaging.recordDelivery("wamid.READ", "read", later(2));
    const meta = "131047 Re-engagement message: More than 24 hours have passed since the recipient last replied.";
    messaging.recordDelivery("wamid.FAILED", "failed", later(1), meta);
    const shown = entries().map((entry) => [entry.channel, entry.sender, entry.text, entry.delivery]);
    expect(shown).toEqual([
      ["whatsapp", "Bilal", "Waiting one", { label: "Waiting to send", tone: "pending", error: null }],
      ["whatsapp", "Bilal", "Sent one", { label: "Sent", tone: "done", error: null }],
      ["whatsapp", "Bilal", "Delivered one", { label: "Delivered", tone: "done", error: null }],
      ["whatsapp", "Bilal", "Read one", { label: "Read", tone: "done", error: null }],
      ["whatsapp", "The desk", "WhatsApp template: Proof ready", { label: "Failed", tone: "failed", error: meta }],
    ]);
  });

  it("names each template the desk sends, and a template sent for its kind without a name", () => {
    const { weSend, entries } = setUp();
    weSend("invoice", { template: "invoice_issued" });
    weSend("proof", {});
    expect(entries().map((entry) => entry.text)).toEqual([
      "WhatsApp template: Invoice issued",
      "WhatsApp template: Proof ready",
    ]);
  });

  it("keeps e-mail as e-mail: a reply is Sent or Waiting to send on the e-mail channel", () => {
    const { messaging, quote, entries, thread } = setUp();
    expect(thread()[0]).toMatchObject({
      channel: "email",
      text: "Acknowledgement of the request",
      delivery: { label: "Not sent: e-mail was off", tone: "not-sent", error: null },
    });
    queueReply(messaging, quote.id, "Our prices follow.", bilal, "0c0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday);
    const [waiting] = entries();
    expect(waiting).toMatchObject({ channel: "email", sender: "Bilal", text: "Our prices follow." });
    expect(waiting!.delivery).toEqual({ label: "Waiting to send", tone: "pending", error: null });
    messaging.markSent(
      { id: waiting!.id, quoteId: quote.id },
      { type: "request.notification_emailed", payload: {} },
      friday,
    );
    expect(entries()[0]!.delivery).toEqual({ label: "Sent", tone: "done", error: null });
  });

  it("shows a send the provider refused for good, cancelled with its error, as failed", () => {
    const { messaging, weSend } = setUp();
    const id = weSend("reply", { body: "Hello", staffName: "Bilal" });
    messaging.cancel(id);
    const cancelled = messaging.get(id)!;
    expect(deliveryOf(cancelled)).toEqual({ label: "Not sent", tone: "not-sent", error: null });
    const refused = { ...cancelled, delivery: "failed" as const, deliveryError: "131026 Message undeliverable" };
    expect(deliveryOf(refused)).toEqual({ label: "Failed", tone: "failed", error: "131026 Message undeliverable" });
  });
});
