import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import type { WhatsAppOutgoing } from "~/lib/messaging/channels";
import { heldBack } from "~/lib/whatsapp/gate.server";
import type { WhatsAppApi } from "~/lib/whatsapp/types";
import { readQuoteConfig } from "./config.server";
import { createQuoteService } from "./service.server";

// The service wires WhatsApp's client into its one outbox, behind the gate its contacts keep: free text
// goes only inside the 24 hours after the buyer last wrote, and a template never after a STOP.

const config = {
  token: "EAAG-service-test",
  phoneNumberId: "106540352242922",
  appSecret: "service-test-app-secret",
  verifyToken: "service-test-verify",
  apiUrl: "https://graph.facebook.com/v21.0",
};

/** The Cloud API as the client gives it, keeping what it was asked to send ("wamid.1", "wamid.2"… for each). */
function recordingApi() {
  const sent: WhatsAppOutgoing[] = [];
  const api: WhatsAppApi = {
    send: async (outgoing) => {
      sent.push(outgoing);
      return { providerId: `wamid.${sent.length}` };
    },
    media: () => Promise.reject(new Error("no media here")),
  };
  return { api, sent };
}

describe("the quote service's WhatsApp channel", () => {
  it("sends through the client inside the window and holds back what WhatsApp's rules forbid, saying why", async () => {
    const { api, sent } = recordingApi();
    const service = createQuoteService(
      readQuoteConfig({
        DATA_DIR: tempDir("service-whatsapp"),
        SMTP_URL: "smtp://127.0.0.1:9",
        QUOTE_NOTIFY_TO: "sales@promo.example",
      }),
      {
        mailer: { from: "sales@promo.example", to: ["sales@promo.example"], send: async () => {}, close: () => {} },
        outbox: { log: () => {} },
        log: () => {},
        whatsapp: { config, api },
      },
    );
    try {
      const now = new Date();
      const { quote } = service.store.insert(buyerFields, submissionMeta("service-wa"), { notify: true, now });
      const reply = (to: string, body: string) =>
        service.messaging.queue({
          quoteId: quote.id,
          kind: "reply",
          channel: "whatsapp",
          recipient: to,
          subject: "",
          payload: { body, staffName: bilal.name, staffEmail: bilal.email },
          now,
        })!;
      service.whatsapp!.contacts.heard("923001234567", "Bilal", new Date(now.getTime() - 3_600_000));
      service.whatsapp!.contacts.heard("923009999999", "Sana", new Date(now.getTime() - 30 * 3_600_000));
      const inside = reply("923001234567", "Your pens leave today.");
      const outside = reply("923009999999", "Are you there?");
      await service.outbox!.drain();
      expect(sent).toEqual([{ to: "923001234567", type: "text", text: "Your pens leave today." }]);
      expect(service.messaging.get(inside)).toMatchObject({ status: "sent", providerId: "wamid.1" });
      expect(service.messaging.get(outside)).toMatchObject({
        status: "cancelled",
        delivery: "failed",
        deliveryError: heldBack.windowClosed,
      });
      expect(service.whatsappDesk.state({ id: quote.id, whatsappNumber: "923001234567" }, now).templates).toEqual([
        { kind: "proof", label: "Proof ready" },
        { kind: "quotation", label: "Quotation sent" },
        { kind: "order-stage", label: "Order dispatched" },
        { kind: "invoice", label: "Invoice issued" },
      ]);
    } finally {
      await service.close();
    }
  });

  it("sends on WhatsApp with e-mail off: the one outbox runs for WhatsApp alone, and an e-mail queued ends failed", async () => {
    const { api, sent } = recordingApi();
    const service = createQuoteService(readQuoteConfig({ DATA_DIR: tempDir("service-whatsapp-no-mail") }), {
      outbox: { log: () => {} },
      log: () => {},
      whatsapp: { config, api },
    });
    try {
      expect(service.emailOn).toBe(false);
      expect(service.whatsappDesk.connected).toBe(true);
      const now = new Date();
      const { quote } = service.store.insert(buyerFields, submissionMeta("service-wa-no-mail"), {
        notify: service.emailOn,
        now,
      });
      service.whatsapp!.contacts.heard("923001234567", "Bilal", new Date(now.getTime() - 3_600_000));
      const queue = (channel: "whatsapp" | "email", recipient: string) =>
        service.messaging.queue({
          quoteId: quote.id,
          kind: "reply",
          channel,
          recipient,
          subject: "Your pens",
          payload: { body: "Your pens leave today.", staffName: bilal.name, staffEmail: bilal.email },
          now,
        })!;
      const onWhatsApp = queue("whatsapp", "923001234567");
      const byEmail = queue("email", buyerFields.email);
      await service.outbox!.drain();
      expect(sent).toEqual([{ to: "923001234567", type: "text", text: "Your pens leave today." }]);
      expect(service.messaging.get(onWhatsApp)).toMatchObject({ status: "sent", providerId: "wamid.1" });
      expect(service.messaging.get(byEmail)).toMatchObject({
        status: "cancelled",
        delivery: "failed",
        deliveryError: "e-mail is not set up (SMTP_URL, QUOTE_NOTIFY_TO)",
      });
    } finally {
      await service.close();
    }
  });
});
