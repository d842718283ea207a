import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { validSignature } from "~/lib/whatsapp/signature.server";

import { postWebhook, textWebhook, verifyWebhook } from "../support/whatsapp-webhooks";

// The route's tests trust these helpers to post as Meta posts: the signature over the exact bytes sent.

const secret = "9f3c1b7e5a2d4c6e8f0a1b3c5d7e9f21";
let received: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }[];
let url: string;
let close: () => Promise<void>;
beforeEach(async () => {
  received = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.end("EVENT_RECEIVED");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterEach(() => close());

describe("posting webhooks as Meta does", () => {
  it("signs the exact bytes it sends with the app secret", async () => {
    const body = textWebhook({
      phoneNumberId: "106540352242922",
      from: "923001234567",
      text: "Salaam, price for 500 mugs?",
    });
    expect(await postWebhook(url, body, secret)).toEqual({ status: 200, text: "EVENT_RECEIVED" });
    const [request] = received;
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(validSignature(request!.body, request!.headers["x-hub-signature-256"] as string, secret)).toBe(true);
    expect(JSON.parse(request!.body.toString("utf8"))).toEqual(body);
  });

  it("posts unsigned when given no secret", async () => {
    await postWebhook(url, "{}", null);
    expect(received[0]!.headers["x-hub-signature-256"]).toBeUndefined();
    expect(received[0]!.body.toString()).toBe("{}");
  });

  it("verifies the way Meta does when the webhook is saved", async () => {
    await verifyWebhook(url, "lahore-promos-webhook-2026");
    const query = new URL(received[0]!.url, url).searchParams;
    expect([
      received[0]!.method,
      query.get("hub.mode"),
      query.get("hub.verify_token"),
      query.get("hub.challenge"),
    ]).toEqual(["GET", "subscribe", "lahore-promos-webhook-2026", "1158201444"]);
  });
});
