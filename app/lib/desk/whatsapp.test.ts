import { describe, expect, it } from "vitest";
import { telHref, whatsappNumber, whatsappReplyUrl } from "./whatsapp";

describe("WhatsApp replies", () => {
  it("writes numbers in international form", () => {
    expect(whatsappNumber("0300 1234567")).toBe("923001234567");
    expect(whatsappNumber("+92 300 1234567")).toBe("923001234567");
    expect(whatsappNumber("0092-300-1234567")).toBe("923001234567");
    expect(whatsappNumber("300 1234567")).toBe("923001234567");
    expect(whatsappNumber("+44 20 7946 0958")).toBe("442079460958");
    expect(whatsappNumber("12")).toBeNull();
  });

  it("prefills a text naming the reference", () => {
    expect(whatsappReplyUrl("0300 1234567", "Q-2026-0042", "Ayesha")).toBe(
      "https://wa.me/923001234567?text=Hello%20Ayesha%2C%20this%20is%20about%20your%20quote%20request%20Q-2026-0042.",
    );
    expect(whatsappReplyUrl("", "Q-2026-0042", "Ayesha")).toBeNull();
  });

  it("offers no WhatsApp for a switchboard extension or a landline, but a call link for every number", () => {
    expect(whatsappNumber("+92 42 3587 1234 ext 212")).toBeNull();
    expect(whatsappNumber("042 3587 1234")).toBeNull();
    expect(whatsappNumber("0300 1234567 x 5")).toBeNull();
    expect(telHref("+92 42 3587 1234 ext 212")).toBe("tel:+924235871234;ext=212");
    expect(telHref("042-35871234")).toBe("tel:+924235871234");
    expect(telHref("0300 1234567")).toBe("tel:+923001234567");
    expect(telHref("call me")).toBeNull();
  });
});
