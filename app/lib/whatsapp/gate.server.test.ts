import { describe, expect, it, onTestFinished } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import type { Message } from "~/lib/messaging/messaging.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { WhatsAppContacts } from "./contacts.server";
import { heldBack, whatsappGate } from "./gate.server";
import { domainMessaging } from "../../../tests/support/domain-messaging";

// The outbox asks the gate as each WhatsApp message is about to go, so a STOP or the window's end that
// came after the message was queued still holds it back.

const number = "923001234567";
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const message = (kind: string) => ({ kind, recipient: number }) as Message;

/** The numbers' contacts, and every module's kinds (which are sent as an approved template). */
function contacts() {
  const store = QuoteStore.open(tempDir("whatsapp-gate"));
  onTestFinished(() => store.close());
  const { kinds } = domainMessaging(store);
  return Object.assign(new WhatsAppContacts(store.db), { kinds });
}

describe("WhatsApp's rules at the moment of sending", () => {
  it("let free text go only within 24 hours of the buyer's last message", () => {
    const book = contacts();
    const gate = whatsappGate(book, book.kinds);
    expect(gate(message("reply"))).toBe(heldBack.windowClosed);
    book.heard(number, "Ayesha", hoursAgo(25));
    expect(gate(message("reply"))).toBe(heldBack.windowClosed);
    book.heard(number, "Ayesha", hoursAgo(23));
    expect(gate(message("reply"))).toBeNull();
  });

  it("let a template go at any time until STOP, and again after START", () => {
    const book = contacts();
    const gate = whatsappGate(book, book.kinds);
    expect(gate(message("proof"))).toBeNull();
    book.optOut(number, hoursAgo(2));
    expect(gate(message("proof"))).toBe(heldBack.optedOut);
    expect(gate(message("invoice"))).toBe(heldBack.optedOut);
    book.optIn(number, hoursAgo(1));
    expect(gate(message("invoice"))).toBeNull();
  });
});
