import { describe, expect, it } from "vitest";
import { checkSender, parseAuthenticationResults } from "./authentication-results";

// Shapes copied from real mail: Gmail's receiving server, Microsoft 365 (no authserv-id), Postfix with
// OpenDKIM and OpenDMARC (one header per filter), with comments, quoted values and folded lines.

const gmail = [
  "Authentication-Results: mx.google.com;",
  "       dkim=pass header.i=@acme.example header.s=selector1 header.b=XkQ8Jb+3;",
  "       spf=pass (google.com: domain of ayesha@acme.example designates 209.85.220.41 as permitted sender) smtp.mailfrom=ayesha@acme.example;",
  "       dmarc=pass (p=QUARANTINE sp=QUARANTINE dis=NONE) header.from=acme.example",
].join("\r\n");

const microsoft = [
  "Authentication-Results: spf=pass (sender IP is 209.85.128.47)",
  " smtp.mailfrom=acme.example; dkim=pass (signature was verified)",
  " header.d=acme.example;dmarc=pass action=none",
  " header.from=acme.example;compauth=pass reason=100",
].join("\r\n");

const office = "mail.promo.example";

describe("parseAuthenticationResults", () => {
  it("reads Gmail's header: id, methods, results and properties, comments left out", () => {
    expect(parseAuthenticationResults(gmail)).toEqual({
      authservId: "mx.google.com",
      results: [
        {
          method: "dkim",
          result: "pass",
          properties: { "header.i": "@acme.example", "header.s": "selector1", "header.b": "XkQ8Jb+3" },
        },
        { method: "spf", result: "pass", properties: { "smtp.mailfrom": "ayesha@acme.example" } },
        { method: "dmarc", result: "pass", properties: { "header.from": "acme.example" } },
      ],
    });
  });

  it("reads Microsoft's header, which has no authserv-id, as having none", () => {
    const parsed = parseAuthenticationResults(microsoft);
    expect(parsed?.authservId).toBeNull();
    expect(parsed?.results.map((result) => `${result.method}=${result.result}`)).toEqual([
      "spf=pass",
      "dkim=pass",
      "dmarc=pass",
      "compauth=pass",
    ]);
    expect(parsed?.results[2]?.properties).toEqual({ action: "none", "header.from": "acme.example" });
  });

  it("reads a version after the id, nested comments, quoted values and spaces around '='", () => {
    const parsed = parseAuthenticationResults(
      'Authentication-Results: mail.promo.example 1; (checked (twice) \\) here)\r\n\tspf = fail (not; a ; separator) smtp.mailfrom="odd;name@evil.test"; dkim/1=none',
    );
    expect(parsed).toEqual({
      authservId: "mail.promo.example",
      results: [
        { method: "spf", result: "fail", properties: { "smtp.mailfrom": "odd;name@evil.test" } },
        { method: "dkim", result: "none", properties: {} },
      ],
    });
  });

  it("reads 'none' (no checks made) as no results", () => {
    expect(parseAuthenticationResults("Authentication-Results: mail.promo.example; none")).toEqual({
      authservId: "mail.promo.example",
      results: [],
    });
  });
});

const header = (body: string) => `Authentication-Results: ${body}`;

describe("checkSender", () => {
  it("is off without an authserv-id configured, whatever the headers say", () => {
    expect(checkSender([gmail], "ayesha@acme.example", undefined)).toBe("off");
  });

  it("passes on the office server's DMARC pass", () => {
    expect(checkSender([gmail], "ayesha@acme.example", "mx.google.com")).toBe("pass");
    expect(checkSender([gmail], "ayesha@acme.example", "MX.Google.com")).toBe("pass");
  });

  it("fails when the only headers are of another server, forged by the sender or Microsoft's without an id", () => {
    expect(checkSender([gmail], "ayesha@acme.example", office)).toBe("fail");
    expect(checkSender([microsoft], "ayesha@acme.example", office)).toBe("fail");
    expect(checkSender([], "ayesha@acme.example", office)).toBe("fail");
  });

  it("fails on a DMARC fail, and on a DMARC pass for another domain than the From header's", () => {
    expect(
      checkSender([header(`${office}; dmarc=fail (p=reject) header.from=acme.example`)], "a@acme.example", office),
    ).toBe("fail");
    expect(checkSender([header(`${office}; dmarc=pass header.from=evil.test`)], "a@acme.example", office)).toBe("fail");
  });

  it("without DMARC, passes on an aligned SPF or DKIM pass, also of a subdomain", () => {
    const spf = header(`${office}; spf=pass smtp.mailfrom=bounces@mail.acme.example; dmarc=none`);
    expect(checkSender([spf], "ayesha@acme.example", office)).toBe("pass");
    const dkim = header(`${office}; spf=softfail smtp.mailfrom=x@relay.test; dkim=pass header.d=acme.example`);
    expect(checkSender([dkim], "ayesha@acme.example", office)).toBe("pass");
    const dkimByI = header(`${office}; dkim=pass header.i=@sales.acme.example`);
    expect(checkSender([dkimByI], "ayesha@acme.example", office)).toBe("pass");
  });

  it("without DMARC, fails on an SPF or DKIM pass of an unrelated domain (the attacker's own)", () => {
    const theirs = header(`${office}; spf=pass smtp.mailfrom=mallory@evil.test; dkim=pass header.d=evil.test`);
    expect(checkSender([theirs], "buyer2@acme.example", office)).toBe("fail");
    // A lookalike that only ends with the same letters is not a subdomain.
    const lookalike = header(`${office}; dkim=pass header.d=notacme.example`);
    expect(checkSender([lookalike], "buyer2@acme.example", office)).toBe("fail");
  });

  it("reads the office server's header among forged ones, one header per filter", () => {
    const forged = header(`evil.test; dmarc=pass header.from=acme.example`);
    const dkim = header(`${office};\r\n\tdkim=fail reason="signature verification failed" header.d=acme.example`);
    const dmarc = header(`${office}; dmarc=fail (p=none dis=none) header.from=acme.example`);
    expect(checkSender([forged, dkim, dmarc], "ayesha@acme.example", office)).toBe("fail");
    const real = header(`${office}; dmarc=pass (p=none dis=none) header.from=acme.example`);
    expect(checkSender([real, forged], "ayesha@acme.example", office)).toBe("pass");
  });

  it("reads each method from the office server's topmost header: a copy the sender put below cannot change it", () => {
    const real = header(`${office}; dmarc=fail header.from=acme.example`);
    const copied = header(`${office}; dmarc=pass header.from=acme.example`);
    expect(checkSender([real, copied], "ayesha@acme.example", office)).toBe("fail");
    const spfReal = header(`${office}; spf=fail smtp.mailfrom=acme.example`);
    const spfCopied = header(`${office}; spf=pass smtp.mailfrom=acme.example`);
    expect(checkSender([spfReal, spfCopied], "ayesha@acme.example", office)).toBe("fail");
    const dkimReal = header(`${office}; dkim=fail header.d=acme.example`);
    const dkimCopied = header(`${office}; dkim=pass header.d=acme.example`);
    expect(checkSender([spfReal, dkimReal, dkimCopied], "ayesha@acme.example", office)).toBe("fail");
    // Within one header, a second SPF or DMARC result that is not a pass spoils the pass.
    const mixed = header(`${office}; spf=pass smtp.mailfrom=acme.example; spf=softfail smtp.mailfrom=acme.example`);
    expect(checkSender([mixed], "ayesha@acme.example", office)).toBe("fail");
    // DKIM: one result per signature, one aligned pass is enough (a list may have broken another).
    const signatures = header(`${office}; dkim=fail header.d=list.example; dkim=pass header.d=acme.example`);
    expect(checkSender([signatures], "ayesha@acme.example", office)).toBe("pass");
  });

  it("fails for a sender without a usable domain", () => {
    expect(checkSender([gmail], "", "mx.google.com")).toBe("fail");
    expect(checkSender([gmail], "ayesha@localhost", "mx.google.com")).toBe("fail");
  });
});
