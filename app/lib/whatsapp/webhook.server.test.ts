import type { AddressInfo } from "node:net";
import { request as httpRequest } from "node:http";
import express from "express";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { startWhatsAppGraph } from "../../../tests/support/whatsapp-graph-server";
import {
  documentWebhook,
  imageWebhook,
  postWebhook,
  reEngagementError,
  signatureHeader,
  statusWebhook,
  textWebhook,
  verifyWebhook,
  wamid,
} from "../../../tests/support/whatsapp-webhooks";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { createQuoteService, type QuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import { refuseDeclaredOverLimit } from "../../../server/body-limits";
import { webRequest } from "../../../server/react-router-handler";
import * as route from "~/routes/webhooks/whatsapp";
import { whatsappApi } from "./client.server";
import type { WhatsAppConfig } from "./types";
import { answerVerification, answerWebhookPost } from "./webhook.server";
import { MAX_WEBHOOK_BYTES } from "./webhook-payload";

// /webhooks/whatsapp over HTTP behind the production server's door (its body limits, the Request a
// route gets), on the real quote service with WhatsApp configured; the media API is a fake.

const appSecret = "0123456789abcdef0123456789abcdef";
const verifyToken = "lahore-promo-verify-2026";
const buyer = "923001234567";

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of running.splice(0)) await each.close();
});

/**
 * The quote service with WhatsApp on (its client talking to the Graph API stand-in), and the webhook's
 * route behind an HTTP server as the site serves it; `on: false`: WhatsApp off.
 */
async function startWebhook({ on = true }: { on?: boolean } = {}) {
  const graph = await startWhatsAppGraph();
  const config: WhatsAppConfig = {
    token: graph.token,
    phoneNumberId: graph.phoneNumberId,
    appSecret,
    verifyToken,
    apiUrl: graph.url,
  };
  const logs: string[] = [];
  const service: QuoteService = createQuoteService(readQuoteConfig({ DATA_DIR: tempDir("whatsapp-webhook") }), {
    log: (line) => logs.push(line),
    whatsapp: on ? { config, api: whatsappApi(config) } : null,
  });
  const app = express();
  app.use(refuseDeclaredOverLimit);
  app.all("/webhooks/whatsapp", (req, res) => {
    const request = webRequest(req, res);
    const answer =
      req.method === "GET"
        ? Promise.resolve(answerVerification(new URL(request.url), service.whatsapp))
        : answerWebhookPost(request, service.whatsapp);
    answer.then(
      async (response) => {
        if (res.headersSent) return;
        res
          .status(response.status)
          .set(Object.fromEntries(response.headers))
          .end(await response.text());
      },
      (error: unknown) => res.status(500).end(String(error)),
    );
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
  running.push({
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await graph.close();
    },
  });
  const count = (table: "messages" | "quotes" | "whatsapp_contacts") =>
    service.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const whatsAppMessages = () =>
    service.db.prepare("SELECT quote_id, provider_id, payload FROM messages WHERE kind = 'buyer-whatsapp'").all() as {
      quote_id: number;
      provider_id: string;
      payload: string;
    }[];
  /** The media downloads the stand-in answered: the lookups by id. */
  const downloads = () =>
    graph.sent.filter((request) => request.method === "GET" && !request.path.includes("attachments"));
  const target = { phoneNumberId: graph.phoneNumberId };
  return { service, graph, url, logs, count, whatsAppMessages, downloads, target };
}

const verify = (url: string, params: Record<string, string>) => fetch(`${url}?${new URLSearchParams(params)}`);

describe("the webhook's verification", () => {
  it("answers Meta's subscribe with the challenge when the verify token is ours", async () => {
    const { url } = await startWebhook();
    expect(await verifyWebhook(url, verifyToken, "1158201444")).toEqual({ status: 200, text: "1158201444" });
    const answer = await verify(url, {
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "7",
    });
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it.each([
    [
      "a wrong token",
      { "hub.mode": "subscribe", "hub.verify_token": "lahore-promo-verify-2025", "hub.challenge": "1" },
    ],
    ["a token one character short", { "hub.mode": "subscribe", "hub.verify_token": verifyToken.slice(0, -1) }],
    ["no token", { "hub.mode": "subscribe", "hub.challenge": "1" }],
    ["another mode", { "hub.mode": "unsubscribe", "hub.verify_token": verifyToken, "hub.challenge": "1" }],
    [
      "a challenge that is markup",
      { "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": "<svg onload=alert(1)>" },
    ],
  ])("refuses %s with 403, echoing nothing", async (_, params) => {
    const { url } = await startWebhook();
    const answer = await verify(url, params);
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain("1");
  });
});

describe("a webhook post", () => {
  it("signed by Meta is stored: the buyer's text on a new WhatsApp request", async () => {
    const { url, count, whatsAppMessages, service, target } = await startWebhook();
    const id = wamid();
    const body = textWebhook({ ...target, from: buyer, name: "Ayesha Khan", id, text: "Price for 300 diaries?" });

    const answer = await postWebhook(url, body, appSecret);

    expect(answer).toEqual({ status: 200, text: "OK" });
    expect(count("quotes")).toBe(1);
    const [message] = whatsAppMessages();
    expect(message?.provider_id).toBe(id);
    expect(JSON.parse(message!.payload)).toMatchObject({ from: buyer, text: "Price for 300 diaries?" });
    expect(service.store.get(message!.quote_id)).toMatchObject({ name: "Ayesha Khan", phone: "+92 300 1234567" });
    expect(service.whatsapp?.contacts.windowOf(buyer).open).toBe(true);
  });

  it("unsigned is refused with 401 and stores nothing", async () => {
    const { url, count, target } = await startWebhook();
    const before = [count("messages"), count("quotes"), count("whatsapp_contacts")];
    const answer = await postWebhook(url, textWebhook({ ...target, from: buyer, text: "Hello" }), null);
    expect(answer.status).toBe(401);
    expect([count("messages"), count("quotes"), count("whatsapp_contacts")]).toEqual(before);
  });

  it.each([
    ["signed with another secret", (text: string) => signatureHeader(text, "fedcba9876543210fedcba9876543210")],
    ["signed over other bytes", (text: string) => signatureHeader(`${text} `, appSecret)],
    ["with a SHA-1 signature", () => `sha1=${"0".repeat(40)}`],
    ["with the signature cut short", (text: string) => signatureHeader(text, appSecret).slice(0, -2)],
  ])("%s is refused with 401 and stores nothing", async (_, sign) => {
    const { url, count, target } = await startWebhook();
    const before = [count("messages"), count("quotes"), count("whatsapp_contacts")];
    const text = JSON.stringify(textWebhook({ ...target, from: buyer, text: "Send the invoice to my new number" }));
    const answer = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": sign(text) },
      body: text,
    });
    expect(answer.status).toBe(401);
    expect([count("messages"), count("quotes"), count("whatsapp_contacts")]).toEqual(before);
  });

  it("delivered again is stored once, its photo downloaded once through the media API and kept", async () => {
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: "#777",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const { url, count, service, downloads, graph, target } = await startWebhook();
    const mediaId = graph.addMedia(photo, "image/jpeg");
    const body = imageWebhook({ ...target, from: buyer, mediaId, mimeType: "image/jpeg", caption: "Red, like this" });

    for (let i = 0; i < 3; i++) expect((await postWebhook(url, body, appSecret)).status).toBe(200);

    expect(count("quotes")).toBe(1);
    expect(count("messages")).toBe(2); // the office's notification, and the buyer's message
    const [quote] = service.store.list();
    expect(quote?.message).toBe("Photo: Red, like this");
    const [file] = service.messaging.messageFiles(quote!.id);
    expect(file).toMatchObject({ mediaType: "image/jpeg", receivedBytes: photo.length, refused: null });
    expect(service.messaging.messageFiles(quote!.id)).toHaveLength(1);
    expect(downloads()).toHaveLength(1);
    // Downloaded with the business's token, as Meta requires.
    expect(graph.sent.every((request) => request.headers.authorization === `Bearer ${graph.token}`)).toBe(true);
  });

  it("with a file larger than the desk keeps lists it refused as too large, and stores the message", async () => {
    const { url, service, graph, target } = await startWebhook();
    const mediaId = graph.addMedia(
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(6 * 1024 * 1024, 0x20)]),
      "application/pdf",
    );
    const body = documentWebhook({
      ...target,
      from: buyer,
      mediaId,
      mimeType: "application/pdf",
      filename: "Catalogue 2027.pdf",
      caption: "Our whole catalogue",
    });
    expect((await postWebhook(url, body, appSecret)).status).toBe(200);
    const [quote] = service.store.list();
    expect(service.messaging.messageFiles(quote!.id)).toEqual([
      expect.objectContaining({ originalName: "Catalogue 2027.pdf", storedName: null, refused: "too_large" }),
    ]);
    const [message] = service.messaging.messages(quote!.id).filter((each) => each.kind === "buyer-whatsapp");
    expect(message?.payload).toMatchObject({
      text: "Our whole catalogue",
      media: { fetched: false, filename: "Catalogue 2027.pdf", error: expect.stringContaining("more than the 5.0 MB") },
    });
  });

  it("says what became of our message: failed with Meta's error", async () => {
    const { url, service, target } = await startWebhook();
    const { quote } = service.store.insert({ ...buyerFields, phone: "0300 1234567" }, submissionMeta("status"), {
      notify: false,
    });
    const id = service.messaging.queue({
      quoteId: quote.id,
      kind: "reply",
      recipient: buyer,
      subject: "",
      channel: "whatsapp",
    })!;
    service.messaging.markSent(
      { id, quoteId: quote.id },
      { type: "request.whatsapp_used", payload: {} },
      new Date(),
      "wamid.OURS",
    );

    const body = statusWebhook({
      ...target,
      id: "wamid.OURS",
      recipient: buyer,
      status: "failed",
      errors: [reEngagementError],
    });
    expect((await postWebhook(url, body, appSecret)).status).toBe(200);

    expect(service.messaging.get(id)).toMatchObject({
      delivery: "failed",
      deliveryError: `131047 Re-engagement message: ${reEngagementError.details}`,
    });
  });

  it("larger than a form but within Meta's size is read whole and stored", async () => {
    const { url, count, target } = await startWebhook();
    // A batch as Meta may send it: far above a form's 64 KB, under the webhook's own limit.
    const body = JSON.stringify({
      ...textWebhook({ ...target, from: buyer, text: "Our order list follows" }),
      padding: "x".repeat(150 * 1024),
    });
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_WEBHOOK_BYTES);
    expect(await postWebhook(url, body, appSecret)).toEqual({ status: 200, text: "OK" });
    expect(count("quotes")).toBe(1);
  });

  it("larger than Meta sends is refused before it is read, with a declared length or sent in chunks", async () => {
    const { url, count, target } = await startWebhook();
    const huge = JSON.stringify({
      ...textWebhook({ ...target, from: buyer, text: "x" }),
      padding: "x".repeat(MAX_WEBHOOK_BYTES),
    });
    const declared = await postWebhook(url, huge, appSecret);
    expect(declared.status).toBe(413);

    // Without a length: counted as it comes, and refused past the limit.
    const chunked = await new Promise<number>((resolve, reject) => {
      const { hostname, port, pathname } = new URL(url);
      const sending = httpRequest(
        {
          hostname,
          port,
          path: pathname,
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Hub-Signature-256": signatureHeader(huge, appSecret),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sending.on("error", reject);
      for (let at = 0; at < huge.length; at += 16 * 1024) sending.write(huge.slice(at, at + 16 * 1024));
      sending.end();
    });
    expect(chunked).toBe(413);
    expect(count("messages")).toBe(0);
  });

  it("of a body that is not a webhook, though signed, is answered 200 and logged, storing nothing", async () => {
    const { url, count, logs } = await startWebhook();
    const answer = await postWebhook(url, "not json", appSecret);
    expect(answer.status).toBe(200);
    expect(count("messages")).toBe(0);
    expect(logs.join("\n")).toContain("A WhatsApp webhook was signed but not read: The body is not JSON.");
  });
});

describe("with WhatsApp off", () => {
  it("the webhook's address answers 404 to the verification and to a post, signed or not", async () => {
    const { url, target } = await startWebhook({ on: false });
    expect((await verify(url, { "hub.mode": "subscribe", "hub.verify_token": verifyToken })).status).toBe(404);
    expect((await postWebhook(url, textWebhook({ ...target, from: buyer, text: "Hi" }), appSecret)).status).toBe(404);
  });

  it("the route answers 404 when the site's service has no WhatsApp", async () => {
    const dataDir = tempDir("whatsapp-route-off");
    process.env.DATA_DIR = dataDir;
    try {
      const get = await route.loader({
        request: new Request("http://localhost/webhooks/whatsapp?hub.mode=subscribe"),
      } as never);
      expect(get.status).toBe(404);
      const post = await route.action({
        request: new Request("http://localhost/webhooks/whatsapp", { method: "POST", body: "{}" }),
      } as never);
      expect(post.status).toBe(404);
    } finally {
      await stopQuoteService();
      delete process.env.DATA_DIR;
    }
  });
});
