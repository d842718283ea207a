import { Messaging } from "~/lib/messaging/messaging.server";
import { MessageKinds } from "~/lib/messaging/registry.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { registerDomainMessages } from "~/lib/workflows/message-kinds.server";

/** Messaging on `store` with every module's message kinds registered, as the service wires them. */
export function domainMessaging(store: QuoteStore) {
  const kinds = new MessageKinds();
  const messaging = new Messaging(store, kinds);
  registerDomainMessages(kinds, { store, proofs: new ProofDesk(store, ["sales@promo.example"], messaging) });
  return { kinds, messaging };
}
