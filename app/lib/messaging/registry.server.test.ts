import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { onsetPenLine, sentQuotation } from "../../../tests/support/quotation-fixture";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { QuoteStore } from "~/lib/quotes/store.server";
import { MessageKinds } from "./registry.server";
import { domainMessaging } from "../../../tests/support/domain-messaging";

const now = new Date("2026-11-27T07:00:00Z");

/** Every module's kinds, registered on a store of their own. */
function domainKinds(name: string) {
  const store = QuoteStore.open(tempDir(name));
  const { kinds, messaging } = domainMessaging(store);
  return { store, kinds, messaging };
}

describe("the message kinds", () => {
  it("give a template chosen on the desk only what it can link to: a sent quotation, and nothing yet else", () => {
    const { store, kinds } = domainKinds("kinds-desk-payload");
    try {
      const { quote } = sentQuotation(store, "desk-payload", {
        lines: [onsetPenLine([{ quantity: 500, unitPaisa: 9_500 }])],
      });
      const payloads = Object.fromEntries(
        ["proof", "quotation", "order-stage", "invoice", "receipt"].map((kind) => [
          kind,
          kinds.deskTemplatePayload(kind, quote.id),
        ]),
      );
      // No proof, no order on its way, no invoice yet; a receipt has no approved template.
      expect(payloads).toEqual({ proof: null, quotation: {}, "order-stage": null, invoice: null, receipt: undefined });
    } finally {
      store.close();
    }
  });

  it("empty the stored text of the kinds whose module makes it again (the proofs') once sent or cancelled, and keep the others'", () => {
    const { store, kinds, messaging } = domainKinds("kinds-text-dropped");
    try {
      expect(kinds.textDroppedKinds()).toEqual(["proof", "proof-reminder", "proof-staff"]);
      const { quote } = store.insert(buyerFields, submissionMeta("text-dropped"), { notify: true, now });
      const queue = (kind: string, body: string) =>
        messaging.queue({
          quoteId: quote.id,
          kind,
          recipient: quote.email,
          subject: body,
          payload: { body, version: 1 },
          now,
        })!;
      const proofSent = queue("proof", "Proof 1 for your pens.");
      const proofCancelled = queue("proof-reminder", "A reminder of proof 1.");
      const replySent = queue("reply", "Our prices follow.");
      messaging.markSent(
        messaging.get(proofSent)!,
        { type: "proof.mail_sent", payload: { subject: "", to: quote.email } },
        now,
      );
      messaging.cancel(proofCancelled);
      messaging.markSent(
        messaging.get(replySent)!,
        { type: "request.reply_emailed", payload: { staffName: "Bilal", to: quote.email } },
        now,
      );
      expect(messaging.get(proofSent)!.payload).toEqual({ body: "", version: 1 });
      expect(messaging.get(proofCancelled)!.payload).toEqual({ body: "", version: 1 });
      expect(messaging.get(replySent)!.payload).toEqual({ body: "Our prices follow.", version: 1 });
    } finally {
      store.close();
    }
  });

  it("are registered by their modules, each once, with an e-mail template", () => {
    const { store, kinds } = domainKinds("kinds-domains");
    try {
      expect(kinds.names()).toEqual([
        "request-notification",
        "acknowledgement",
        "reply",
        "proof",
        "proof-reminder",
        "proof-staff",
        "quotation",
        "quotation-accepted",
        "quotation-reminder",
        "quotation-staff",
        "order-stage",
        "invoice",
        "receipt",
      ]);
      expect(kinds.buyerKinds()).not.toContain("proof-staff");
      expect(() => kinds.register("proof", { audience: "buyer", email: () => null })).toThrow(
        'The message kind "proof" is registered twice.',
      );
    } finally {
      store.close();
    }
  });

  it("refuses a kind without an e-mail template, or with a name the messages table refuses", () => {
    const kinds = new MessageKinds();
    // What a caller typed without the types' help (a module written in haste, a plain-JavaScript script).
    const missing = { audience: "buyer" } as unknown as Parameters<MessageKinds["register"]>[1];
    expect(() => kinds.register("catalogue", missing)).toThrow('The message kind "catalogue" has no e-mail template.');
    expect(() => kinds.register("Catalogue", { audience: "buyer", email: () => null })).toThrow(/not a message kind/);
    expect(kinds.names()).toEqual([]);
  });

  it("refuses to queue a message of a kind nobody registered, writing nothing", () => {
    const { store, messaging } = domainKinds("kinds-unregistered");
    try {
      const { quote } = store.insert(buyerFields, submissionMeta("unregistered"), { notify: false, now });
      const before = messaging.messages(quote.id).length;
      expect(() =>
        messaging.queue({ quoteId: quote.id, kind: "catalogue", recipient: buyerFields.email, subject: "", now }),
      ).toThrow('No module registered the message kind "catalogue".');
      expect(messaging.messages(quote.id)).toHaveLength(before);
    } finally {
      store.close();
    }
  });

  it("list the four approved WhatsApp templates the desk may choose, with their kinds and labels", () => {
    const { store, kinds } = domainKinds("kinds-templates");
    try {
      expect(kinds.whatsappTemplateChoices()).toEqual([
        { kind: "proof", name: "proof_ready", label: "Proof ready" },
        { kind: "quotation", name: "quotation_sent", label: "Quotation sent" },
        { kind: "order-stage", name: "order_dispatched", label: "Order dispatched" },
        { kind: "invoice", name: "invoice_issued", label: "Invoice issued" },
      ]);
    } finally {
      store.close();
    }
  });

  it("give a WhatsApp twin to the four buyer's kinds only, and to an order's stage only once it is dispatched", () => {
    const { store, kinds } = domainKinds("kinds-twins");
    try {
      const twins = kinds.names().filter((kind) => kinds.hasWhatsAppTwin(kind, { stage: "dispatched" }));
      expect(twins).toEqual(["proof", "quotation", "order-stage", "invoice"]);
      expect(kinds.hasWhatsAppTwin("order-stage", { stage: "in_production" })).toBe(false);
      expect(kinds.hasWhatsAppTwin("order-stage", { stage: "dispatched", back: true })).toBe(false);
      // The desk's reply has a WhatsApp form (free text), sent only when the desk chooses WhatsApp.
      expect(kinds.hasWhatsAppTwin("reply", {})).toBe(false);
    } finally {
      store.close();
    }
  });

  it("queue an order's WhatsApp twin with its dispatch e-mail only, in the e-mail's transaction, and none for mail recorded off", () => {
    const { store, messaging } = domainKinds("kinds-order-twin");
    try {
      const { quote } = store.insert(buyerFields, submissionMeta("order-twin"), { notify: false, now });
      store.db
        .prepare("UPDATE quotes SET reply_channel = 'whatsapp', whatsapp_number = '923001234567' WHERE id = ?")
        .run(quote.id);
      const stage = (name: string, status: "queued" | "off" = "queued") =>
        messaging.queue({
          quoteId: quote.id,
          kind: "order-stage",
          recipient: buyerFields.email,
          subject: `Your order is ${name}`,
          payload: { order: "O-2026-0001", stage: name, back: false, body: "" },
          status,
          now,
        });
      stage("in_production");
      stage("dispatched", "off");
      // A failure after the e-mail is written takes its twin with it.
      expect(() =>
        store.db.transaction(() => {
          stage("dispatched");
          throw new Error("the move was refused");
        })(),
      ).toThrow("the move was refused");
      const id = stage("dispatched");
      const sent = messaging.messages(quote.id).filter((message) => message.kind === "order-stage");
      expect(sent.map(({ channel, recipient, status, subject }) => [channel, recipient, status, subject])).toEqual([
        ["email", buyerFields.email, "queued", "Your order is in_production"],
        ["email", buyerFields.email, "off", "Your order is dispatched"],
        ["email", buyerFields.email, "queued", "Your order is dispatched"],
        ["whatsapp", "923001234567", "queued", "Your order is dispatched"],
      ]);
      expect(sent[2]!.id).toBe(id);
      expect(sent[3]!.payload).toEqual(sent[2]!.payload);
    } finally {
      store.close();
    }
  });
});
