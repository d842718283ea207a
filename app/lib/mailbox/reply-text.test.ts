import { describe, expect, it } from "vitest";
import { withoutQuotedHistory } from "./reply-text";

describe("withoutQuotedHistory", () => {
  it("cuts a Gmail attribution and the quote below it", () => {
    const text =
      "Yes, go ahead.\n\nOn Mon, 12 Jan 2026 at 10:00, Sales <sales@promo.example> wrote:\n> Your quote\n> is ready";
    expect(withoutQuotedHistory(text)).toBe("Yes, go ahead.");
  });

  it("cuts an attribution that Gmail broke over two lines", () => {
    const text =
      "Approved.\r\n\r\nOn Mon, 12 Jan 2026 at 10:00, Sales Team <sales@promo.example>\r\nwrote:\r\n> Proof v2";
    expect(withoutQuotedHistory(text)).toBe("Approved.");
  });

  it("cuts an Urdu Gmail attribution", () => {
    const text = "جی ہاں، ٹھیک ہے۔\n\nپیر، 12 جنوری 2026 کو Sales <sales@promo.example> نے لکھا:\n> قیمت";
    expect(withoutQuotedHistory(text)).toBe("جی ہاں، ٹھیک ہے۔");
  });

  it("cuts Outlook's original message and its From/Sent block", () => {
    expect(withoutQuotedHistory("Fine.\n\n-----Original Message-----\nFrom: Sales\nSubject: quote")).toBe("Fine.");
    expect(withoutQuotedHistory("Fine.\n\nFrom: Sales <sales@promo.example>\nSent: Monday\nTo: me\n\nQuote")).toBe(
      "Fine.",
    );
  });

  it("cuts a last block of quoted lines, and keeps quoted lines answered in between", () => {
    expect(withoutQuotedHistory("Blue, please.\n\n> Which colour?\n>\n> Sales")).toBe("Blue, please.");
    expect(withoutQuotedHistory("> Which colour?\nBlue.\n> How many?\n500.")).toBe(
      "> Which colour?\nBlue.\n> How many?\n500.",
    );
  });

  it("keeps a line that only mentions From: or wrote: in the reply's own words", () => {
    const text = "From: our side, the logo is final.\nMy colleague wrote: 500 pieces.";
    expect(withoutQuotedHistory(text)).toBe(text);
  });

  it("keeps the whole text when nothing would be left", () => {
    expect(withoutQuotedHistory("> only a quote\n> nothing else")).toBe("> only a quote\n> nothing else");
  });
});
