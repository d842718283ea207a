import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";

import { signatureOf, validSignature, webhookChallenge } from "./signature.server";

const secret = "9f3c1b7e5a2d4c6e8f0a1b3c5d7e9f21";
const body = Buffer.from(
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp" } }] }],
  }),
);
// Computed independently of the code under test, as Meta computes it.
const metaHeader = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("a webhook's X-Hub-Signature-256", () => {
  it("accepts Meta's signature of the raw bytes", () => {
    expect(validSignature(body, metaHeader, secret)).toBe(true);
    expect(signatureOf(body, secret)).toBe(metaHeader);
    expect(
      validSignature(
        body,
        metaHeader.replace(/[a-f]/g, (c) => c.toUpperCase()),
        secret,
      ),
    ).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    expect(validSignature(body, signatureOf(body, "another-apps-secret"), secret)).toBe(false);
  });

  it("refuses a body changed after signing, even by one byte or by re-encoding the same JSON", () => {
    const tampered = Buffer.from(body.toString("utf8").replace("102290129340398", "102290129340399"));
    expect(validSignature(tampered, metaHeader, secret)).toBe(false);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString("utf8")), null, 2));
    expect(validSignature(reformatted, metaHeader, secret)).toBe(false);
  });

  it("refuses a missing, garbled or wrong-length header", () => {
    for (const header of [
      undefined,
      null,
      "",
      "sha256=",
      metaHeader.slice("sha256=".length),
      metaHeader.replace("sha256=", "sha1="),
      `${metaHeader}00`,
      metaHeader.slice(0, -2),
      `sha256=${"z".repeat(64)}`,
      `sha256=${Buffer.from(metaHeader).toString("base64")}`,
    ])
      expect(validSignature(body, header, secret), String(header)).toBe(false);
  });

  it("refuses everything when no app secret is configured", () => {
    expect(validSignature(body, signatureOf(body, ""), "")).toBe(false);
  });
});

describe("Meta's webhook verification", () => {
  const verifyToken = "lahore-promos-webhook-2026";
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams({
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "1158201444",
    });
    for (const [name, value] of Object.entries(changes))
      if (value === null) params.delete(name);
      else params.set(name, value);
    return params;
  };

  it("echoes the challenge when the verify token is ours", () => {
    expect(webhookChallenge(query({}), verifyToken)).toBe("1158201444");
  });

  it("refuses another token, another mode, a missing part, or a challenge that is not plain", () => {
    expect(webhookChallenge(query({ "hub.verify_token": "guess" }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.verify_token": `${verifyToken} ` }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.mode": "unsubscribe" }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.verify_token": null }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.challenge": null }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.challenge": "<script>alert(1)</script>" }), verifyToken)).toBeNull();
    expect(webhookChallenge(query({ "hub.verify_token": "" }), "")).toBeNull();
  });
});
