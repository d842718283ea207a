import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { WhatsAppContacts } from "./contacts.server";

const number = "923001234567";
const at = (iso: string) => new Date(iso);

function contacts() {
  const store = QuoteStore.open(tempDir("whatsapp-contacts"));
  return { store, contacts: new WhatsAppContacts(store.db), [Symbol.dispose]: () => store.close() };
}

describe("the WhatsApp window", () => {
  it("is closed for a number that never wrote", () => {
    using setup = contacts();
    expect(setup.contacts.windowOf(number, at("2026-11-27T07:00:00Z"))).toEqual({
      open: false,
      lastInboundAt: null,
      closesAt: null,
    });
  });

  it("is open for 24 hours after the buyer's last message, and closed from then on", () => {
    using setup = contacts();
    setup.contacts.heard(number, "Ayesha Khan", at("2026-11-27T07:00:00Z"));
    const window = {
      lastInboundAt: "2026-11-27T07:00:00.000Z",
      closesAt: "2026-11-28T07:00:00.000Z",
    };
    expect(setup.contacts.windowOf(number, at("2026-11-27T07:00:00Z"))).toEqual({ open: true, ...window });
    expect(setup.contacts.windowOf(number, at("2026-11-28T06:59:59.999Z"))).toEqual({ open: true, ...window });
    expect(setup.contacts.windowOf(number, at("2026-11-28T07:00:00Z"))).toEqual({ open: false, ...window });
    // Another number's message opens nothing for this one.
    setup.contacts.heard("923331112222", "Bilal", at("2026-11-29T07:00:00Z"));
    expect(setup.contacts.windowOf(number, at("2026-11-29T08:00:00Z")).open).toBe(false);
  });

  it("opens again with the buyer's next message, and a late delivery of an older one moves nothing back", () => {
    using setup = contacts();
    setup.contacts.heard(number, "Ayesha", at("2026-11-27T07:00:00Z"));
    setup.contacts.heard(number, "Ayesha Khan", at("2026-11-29T10:00:00Z"));
    setup.contacts.heard(number, "Old name", at("2026-11-28T07:00:00Z"));
    expect(setup.contacts.windowOf(number, at("2026-11-30T09:00:00Z"))).toEqual({
      open: true,
      lastInboundAt: "2026-11-29T10:00:00.000Z",
      closesAt: "2026-11-30T10:00:00.000Z",
    });
    expect(setup.contacts.get(number)?.profileName).toBe("Ayesha Khan");
    // A message without a profile name keeps the one known.
    setup.contacts.heard(number, "", at("2026-11-30T10:00:00Z"));
    expect(setup.contacts.get(number)).toMatchObject({
      profileName: "Ayesha Khan",
      lastInboundAt: "2026-11-30T10:00:00.000Z",
    });
  });

  it("refuses to key a contact by anything but E.164 digits", () => {
    using setup = contacts();
    for (const bad of ["+923001234567", "03001234567 ", "92-300-1234567", "", "12345", "923001234567'--"])
      expect(() => setup.contacts.heard(bad, "", at("2026-11-27T07:00:00Z")), bad).toThrow(/E\.164/);
    expect(setup.store.db.prepare("SELECT count(*) FROM whatsapp_contacts").pluck().get()).toBe(0);
  });
});

describe("the buyer's consent", () => {
  it("is given until the buyer writes STOP, and given again when they write START", () => {
    using setup = contacts();
    expect(setup.contacts.optedOut(number)).toBe(false);
    setup.contacts.heard(number, "Ayesha", at("2026-11-27T07:00:00Z"));
    expect(setup.contacts.optedOut(number)).toBe(false);
    expect(setup.contacts.optOut(number, at("2026-11-27T07:05:00Z"))).toBe(true);
    expect(setup.contacts.optedOut(number)).toBe(true);
    expect(setup.contacts.get(number)).toMatchObject({ optedOutAt: "2026-11-27T07:05:00.000Z", optedInAt: null });
    // The window is the buyer's last message's, whatever they asked.
    expect(setup.contacts.windowOf(number, at("2026-11-27T08:00:00Z")).open).toBe(true);
    expect(setup.contacts.optIn(number, at("2026-11-28T07:00:00Z"))).toBe(true);
    expect(setup.contacts.optedOut(number)).toBe(false);
    expect(setup.contacts.optOut(number, at("2026-11-29T07:00:00Z"))).toBe(true);
    expect(setup.contacts.optedOut(number)).toBe(true);
  });

  it("follows the latest of STOP and START when their webhooks arrive out of order", () => {
    using setup = contacts();
    // START written after STOP, but delivered first.
    setup.contacts.optIn(number, at("2026-11-27T07:10:00Z"));
    expect(setup.contacts.optOut(number, at("2026-11-27T07:05:00Z"))).toBe(false);
    expect(setup.contacts.optedOut(number)).toBe(false);
    // A STOP delivered twice, the second time late, keeps the latest.
    setup.contacts.optOut(number, at("2026-11-27T07:20:00Z"));
    setup.contacts.optOut(number, at("2026-11-27T07:05:00Z"));
    expect(setup.contacts.get(number)).toMatchObject({
      optedOutAt: "2026-11-27T07:20:00.000Z",
      optedInAt: "2026-11-27T07:10:00.000Z",
    });
    expect(setup.contacts.optedOut(number)).toBe(true);
  });
});
