import { describe, expect, it } from "vitest";
import { whatsappNumber, whatsappReplyUrl } from "./whatsapp";

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
});
