import { plainMailMessage } from "~/lib/messaging/email.server";
import { greetingName } from "~/lib/messaging/greeting";
import type { Message } from "~/lib/messaging/messaging.server";
import { buyerTemplateMessage, type EmailTemplate, type MessageKinds } from "~/lib/messaging/registry.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { proofUrl } from "./mail";
import type { ProofDesk } from "./proofs.server";

/** A proof to the buyer, its reminder, and the office's reminder of an unanswered proof. */
export const proofMessageKinds = ["proof", "proof-reminder", "proof-staff"] as const;
export type ProofMessageKind = (typeof proofMessageKinds)[number];

/** The approved WhatsApp template of a new proof. */
export const proofReadyTemplate = { name: "proof_ready", label: "Proof ready" };

/**
 * Registers the proof messages: each e-mail made by the proofs module (the link put in now, or not sent
 * when its proof's links were ended); a new proof also by WhatsApp, with the buyer's link.
 */
export function registerProofMessages(
  kinds: MessageKinds,
  { store, proofs }: { store: QuoteStore; proofs: ProofDesk },
) {
  const email: EmailTemplate = (message: Message, { envelope, now }) => {
    const outgoing = proofs.compose(message, now);
    if (!outgoing) return null;
    return {
      mail: plainMailMessage(outgoing, envelope),
      sentEvent: { type: "proof.mail_sent", payload: { subject: message.subject, to: message.recipient } },
      label: `Proof e-mail "${message.subject}"`,
    };
  };
  kinds.register("proof", {
    audience: "buyer",
    // Made again from the proof when needed: a mail's text is not kept twice.
    textDropped: true,
    email,
    whatsapp: {
      template: proofReadyTemplate,
      // The newest proof, while its links stand.
      fromDesk: (quoteId) => {
        const proof = proofs.latest(quoteId);
        return proof && proof.linksEndedAt === null ? { version: proof.version } : null;
      },
      render: (message, { now }) => {
        const quote = store.get(message.quoteId);
        const token = quote ? proofs.linkForProofMessage(message, now) : null;
        if (!quote || !token) return null;
        return buyerTemplateMessage(
          message,
          proofReadyTemplate,
          { name: greetingName(quote.name), reference: quote.reference, link: proofUrl(token) },
          `Quote request ${quote.reference}: proof WhatsApp message`,
        );
      },
    },
  });
  kinds.register("proof-reminder", { audience: "buyer", textDropped: true, email });
  kinds.register("proof-staff", { audience: "office", textDropped: true, email });
}
