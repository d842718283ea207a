import { plainMailMessage } from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import { buyerTemplateMessage, type MessageKinds } from "~/lib/messaging/registry.server";
import { Orders } from "./orders.server";
import { orderStages } from "./stages";
import { proofUrl, withLink } from "~/lib/proofs/mail";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore } from "~/lib/quotes/store.server";

/** The buyer told their order moved a stage. */
export const orderMessageKinds = ["order-stage"] as const;
export type OrderMessageKind = (typeof orderMessageKinds)[number];

/** The approved WhatsApp template of an order dispatched (the one stage a buyer who chose WhatsApp is told there). */
export const orderDispatchedTemplate = { name: "order_dispatched", label: "Order dispatched" };

/**
 * Registers the order's messages: the buyer's e-mail of each stage, with a link to their page minted for
 * this attempt; the dispatch also by WhatsApp to a buyer who chose it.
 */
export function registerOrderMessages(
  kinds: MessageKinds,
  { store, proofs }: { store: QuoteStore; proofs: ProofDesk },
) {
  kinds.register("order-stage", {
    audience: "buyer",
    email: (message, { envelope, now }) => {
      const quote = store.get(message.quoteId);
      if (!quote) return null;
      const stored = typeof message.payload.body === "string" ? message.payload.body : "";
      const body = withLink(stored, proofs.linkForMessage(quote.id, message.id, now));
      return {
        mail: plainMailMessage(
          { messageId: message.messageId, to: [{ address: message.recipient }], subject: message.subject, body },
          envelope,
        ),
        sentEvent: { type: "order.mail_sent", payload: { subject: message.subject, to: message.recipient } },
        label: `Order e-mail "${message.subject}"`,
      };
    },
    whatsapp: {
      template: orderDispatchedTemplate,
      // Only for an order on its way or delivered: the link then shows its courier and tracking.
      fromDesk: (quoteId) => {
        const stage = new Orders(store).forRequest(quoteId)?.stage;
        return stage && orderStages.indexOf(stage) >= orderStages.indexOf("dispatched") ? {} : null;
      },
      // Dispatched on its way forward: a move back to it (from delivered, by mistake) is no news for WhatsApp.
      twinWhen: (payload) => payload.stage === "dispatched" && payload.back !== true,
      render: (message, { now }) => {
        const quote = store.get(message.quoteId);
        if (!quote) return null;
        return buyerTemplateMessage(
          message,
          orderDispatchedTemplate,
          {
            name: greetingName(quote.name),
            reference: quote.reference,
            link: proofUrl(proofs.linkForMessage(quote.id, message.id, now)),
          },
          `Quote request ${quote.reference}: order dispatched WhatsApp message`,
        );
      },
    },
  });
}
