import { describe, expect, it } from "vitest";
import { LINK_SLOT, opensWithGreeting, proofEmail } from "./mail";

// The buyer is greeted once in a proof e-mail, whether or not the office typed a greeting of its own.

const quote = { reference: "Q-2026-0042", name: "Zoë D'Souza" };
const greetingLines = (body: string) =>
  body.split("\n").filter((line) => /^(dear|hi|hello|assalam|السلام)(?=[\s,]|$)/iu.test(line.trim()));

describe("the proof e-mail", () => {
  it("greets the buyer by name when the office's message has no greeting, the message after the news", () => {
    const { body } = proofEmail(quote, 1, "Your logo in white on navy, 40 mm wide.\r\nThe clip stays plain.");
    expect(greetingLines(body)).toEqual(["Dear Zoë D'Souza,"]);
    expect(body).toMatch(
      /^Dear Zoë D'Souza,\n\nProof v1 of your artwork for Q-2026-0042 is ready for you to check\.\n\nYour logo in white on navy, 40 mm wide\.\nThe clip stays plain\.\n\n/,
    );
    expect(body).toContain(LINK_SLOT);
  });

  it.each([
    ["Dear Zoë,\r\n\r\nYour logo in white on navy, 40 mm wide.", "Dear Zoë,"],
    ["Hi Zoë, your logo is now 40 mm wide.", "Hi Zoë, your logo is now 40 mm wide."],
    ["Assalam o Alaikum,\nThe logo is now gold.", "Assalam o Alaikum,"],
    ["السلام علیکم\nلوگو اب سنہری ہے۔", "السلام علیکم"],
  ])("greets once with the office's own greeting when the message opens with one: %j", (message, first) => {
    const { body } = proofEmail(quote, 2, message);
    expect(greetingLines(body)).toEqual([first]);
    expect(body.split("\n")[0]).toBe(first);
    expect(body).toContain("Proof v2 of your artwork for Q-2026-0042 is ready for you to check.");
    expect(body).not.toContain("\r");
  });

  it("takes for a greeting only a greeting word, not a word that starts like one", () => {
    for (const text of ["Dear Ayesha,", "hello", "Good morning Zoë", "Salaam!", "AoA Ayesha", "Respected Madam,"])
      expect(opensWithGreeting(text), text).toBe(true);
    for (const text of [
      "Hinge lid in white.",
      "Dearest colour match yet.",
      "Highlight the logo.",
      "Salamander green",
      "",
    ])
      expect(opensWithGreeting(text), text).toBe(false);
  });
});
