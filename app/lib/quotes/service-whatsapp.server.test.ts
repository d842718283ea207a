import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import type { WhatsAppOutgoing } from "~/lib/messaging/channels";
import { readQuoteConfig } from "./config.server";
import { createQuoteService } from "./service.server";

// The service's one outbox sends WhatsApp through the sender and gate it is given (the lead wires the
// Cloud API client there), beside e-mail through the mailer.

describe("the quote service's WhatsApp channel", () => {
  it("sends a WhatsApp message through the sender it was given, after asking the gate", async () => {
    const sent: WhatsAppOutgoing[] = [];
    const asked: number[] = [];
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
        whatsapp: {
          sender: {
            send: async (outgoing) => {
              sent.push(outgoing);
              return { providerId: `wamid.${sent.length}` };
            },
          },
          gate: (message) => {
            asked.push(message.id);
            return message.payload.body === "STOP me" ? "the buyer wrote STOP on WhatsApp" : null;
          },
        },
      },
    );
    try {
      const now = new Date("2026-11-27T07:00:00Z");
      const { quote } = service.store.insert(buyerFields, submissionMeta("service-wa"), { notify: true, now });
      const reply = (body: string) =>
        service.messaging.queue({
          quoteId: quote.id,
          kind: "reply",
          channel: "whatsapp",
          recipient: "923001234567",
          subject: "",
          payload: { body, staffName: bilal.name, staffEmail: bilal.email },
          now,
        })!;
      const ok = reply("Your pens leave today.");
      const held = reply("STOP me");
      await service.outbox!.drain(() => now.getTime());
      expect(asked).toEqual([ok, held]);
      expect(sent).toEqual([{ to: "923001234567", type: "text", text: "Your pens leave today." }]);
      expect(service.messaging.get(ok)).toMatchObject({ status: "sent", providerId: "wamid.1" });
      expect(service.messaging.get(held)).toMatchObject({
        status: "cancelled",
        delivery: "failed",
        deliveryError: "the buyer wrote STOP on WhatsApp",
      });
      expect(service.messageKinds.whatsappTemplateChoices().map((choice) => choice.name)).toEqual([
        "proof_ready",
        "quotation_sent",
        "order_dispatched",
        "invoice_issued",
      ]);
    } finally {
      await service.close();
    }
  });
});
