import type { Message } from "~/lib/messaging/messaging.server";
import type { WhatsAppGate } from "~/lib/messaging/outbox.server";
import type { MessageKinds } from "~/lib/messaging/registry.server";
import type { WhatsAppContacts } from "./contacts.server";

/** What the office is told on a message WhatsApp's rules hold back (the gate's reasons). */
export const heldBack = {
  optedOut: "Not sent: the buyer wrote STOP on WhatsApp, so no more templates go to them.",
  windowClosed:
    "Not sent: more than 24 hours have passed since the buyer last wrote on WhatsApp, and WhatsApp takes only an approved template now.",
} as const;

/**
 * The outbox's last check before a WhatsApp message goes, read as it goes (a STOP or the window's end
 * may have come since it was queued): a kind sent as an approved template only to a number that did not
 * write STOP, any other (free text, the desk's reply) only inside the 24 hours after the buyer's last message.
 */
export function whatsappGate(
  contacts: Pick<WhatsAppContacts, "windowOf" | "optedOutAt">,
  kinds: Pick<MessageKinds, "get">,
): WhatsAppGate {
  return (message: Message) => {
    if (kinds.get(message.kind)?.whatsapp?.template)
      return contacts.optedOutAt(message.recipient) ? heldBack.optedOut : null;
    return contacts.windowOf(message.recipient).open ? null : heldBack.windowClosed;
  };
}
