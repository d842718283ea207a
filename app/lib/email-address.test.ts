import { describe, expect, it } from "vitest";
import { isEmailAddress, mailtoAddressUrl } from "./email-address";

describe("one e-mail address", () => {
  it("is what the HTML standard's type=email takes, and nothing that reads as a list or a header", () => {
    for (const address of ["ayesha.khan+promo@acme-pharma.com.pk", "o'brien@acme.example", "a?b=c&d#e%f@acme.pk"])
      expect(isEmailAddress(address), address).toBe(true);
    for (const address of [
      "a@b.pk, x@evil.example",
      "a@b.pk?bcc=x@evil.example",
      '"a b"@x.pk',
      "a@b.pk\r\nBcc: x@evil.example",
      "Ayesha <a@b.pk>",
      "a@-acme.pk",
      "a@acme..pk",
      `a@${"b".repeat(64)}.pk`, // a label of 64
      "",
    ])
      expect(isEmailAddress(address), address).toBe(false);
  });
});

describe("the desk's mailto link", () => {
  it("opens a message to the address, and only to it", () => {
    expect(mailtoAddressUrl("ayesha.khan+promo@acme-pharma.com.pk")).toBe(
      "mailto:ayesha.khan%2Bpromo@acme-pharma.com.pk",
    );
    // Valid in an address, but in a mailto URL ? starts headers (bcc, body) and # ends the address.
    const url = mailtoAddressUrl("a?bcc=x&body=y#z%41@acme.pk");
    expect(url).toBe("mailto:a%3Fbcc%3Dx%26body%3Dy%23z%2541@acme.pk");
    const parsed = new URL(url!);
    expect(parsed.search).toBe("");
    expect(parsed.hash).toBe("");
    expect(decodeURIComponent(parsed.pathname)).toBe("a?bcc=x&body=y#z%41@acme.pk");
  });

  it("is not made for anything but one valid address", () => {
    for (const stored of [
      "a@b.pk, x@evil.example",
      "a@b.pk?bcc=x@evil.example",
      "a@b.pk\r\nBcc: x@evil.example",
      "javascript:alert(1)//@x.pk",
    ])
      expect(mailtoAddressUrl(stored), stored).toBeNull();
  });
});
