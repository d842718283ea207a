import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { startWhatsAppGraph, type WhatsAppGraphStandIn } from "../support/whatsapp-graph-server";

// The stand-in must refuse what Meta refuses and answer as Meta does, or the tests built on it prove nothing.

let clock = new Date("2026-11-29T10:00:00Z");
let graph: WhatsAppGraphStandIn;
beforeEach(async () => {
  clock = new Date("2026-11-29T10:00:00Z");
  graph = await startWhatsAppGraph({ now: () => clock });
});
afterEach(() => graph.close());

type Answer = {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { details: string };
    fbtrace_id: string;
  };
  messaging_product: string;
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
  url: string;
  mime_type: string;
  sha256: string;
  file_size: number;
  id: string;
};

async function call(path: string, body?: unknown, token: string | null = graph.token) {
  const response = await fetch(`${graph.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Answer };
}
const send = (body: unknown, phoneNumberId = graph.phoneNumberId) => call(`/${phoneNumberId}/messages`, body);
const text = (to: string, body: string) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to,
  type: "text",
  text: { preview_url: false, body },
});
const template = (name: string, parameters: string[], language = "en") => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to: "923001234567",
  type: "template",
  template: {
    name,
    language: { code: language },
    components: [{ type: "body", parameters: parameters.map((value) => ({ type: "text", text: value })) }],
  },
});
const proofParameters = ["Ayesha", "Q-2026-0042", "https://example.pk/r/abc"];

describe("the Graph API stand-in", () => {
  it("refuses a missing or wrong token with Graph's OAuth error", async () => {
    for (const token of [null, "EAAGwrong"]) {
      const answer = await call(`/${graph.phoneNumberId}/messages`, text("923001234567", "Hi"), token);
      expect(answer.status).toBe(401);
      expect(answer.json.error).toMatchObject({ type: "OAuthException", code: 190 });
    }
    expect(graph.messages).toEqual([]);
  });

  it("refuses another phone number id as Graph refuses an object it does not know", async () => {
    graph.openWindow("923001234567");
    const answer = await send(text("923001234567", "Hi"), "999999999999999");
    expect([answer.status, answer.json.error.code, answer.json.error.error_subcode]).toEqual([400, 100, 33]);
  });

  it("takes a text inside the 24 hours after the buyer wrote, with a fresh wamid each time", async () => {
    graph.openWindow("923001234567", new Date(clock.getTime() - 23 * 3_600_000));
    const first = await send(text("923001234567", "Your proof is ready"));
    const second = await send(text("+923001234567", "And the quotation"));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      messaging_product: "whatsapp",
      contacts: [{ input: "923001234567", wa_id: "923001234567" }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/) }],
    });
    expect(second.json.messages[0]!.id).not.toBe(first.json.messages[0]!.id);
    expect(graph.messages.map((message) => [message.to, message.id])).toEqual([
      ["923001234567", first.json.messages[0]!.id],
      ["923001234567", second.json.messages[0]!.id],
    ]);
  });

  it("refuses a text once 24 hours have passed, or to a number that never wrote, with 131047", async () => {
    graph.openWindow("923001234567", new Date(clock.getTime() - 24 * 3_600_000));
    for (const to of ["923001234567", "923217654321"]) {
      const answer = await send(text(to, "Hello again"));
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({
        message: "(#131047) Re-engagement message",
        code: 131047,
        error_data: {
          details:
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        },
      });
    }
    expect(graph.messages).toEqual([]);
  });

  it("takes an approved template at any time and refuses an unknown one or a wrong parameter count", async () => {
    const taken = await send(template("proof_ready", proofParameters));
    expect(taken.status).toBe(200);
    expect(taken.json.messages[0]).toMatchObject({ message_status: "accepted" });
    const unknown = await send(template("proof_redy", proofParameters));
    expect([unknown.status, unknown.json.error.code, unknown.json.error.error_data?.details]).toEqual([
      404,
      132001,
      "template name (proof_redy) does not exist in en",
    ]);
    expect((await send(template("proof_ready", proofParameters, "ur"))).json.error.code).toBe(132001);
    expect((await send(template("proof_ready", proofParameters.slice(0, 2)))).json.error.code).toBe(132000);
    expect((await send(template("proof_ready", ["Ayesha\nKhan", "Q", "L"]))).json.error.code).toBe(132018);
    expect(graph.messages).toHaveLength(1);
  });

  it("refuses a body of the wrong shape with error 100", async () => {
    graph.openWindow("923001234567");
    for (const body of [
      { ...text("923001234567", "Hi"), messaging_product: "sms" },
      { ...text("923001234567", "Hi"), to: "call me" },
      { ...text("923001234567", ""), type: "text" },
      { ...text("923001234567", "Hi"), type: "image" },
      "not json",
    ]) {
      const answer = await send(body);
      expect([answer.status, answer.json.error.code]).toEqual([400, 100]);
    }
  });

  it("gives a media file's url, type, hash and size, and the bytes only with the token", async () => {
    const bytes = Buffer.from("%PDF-1.7 artwork");
    const id = graph.addMedia(bytes, "application/pdf");
    const lookup = await call(`/${id}?phone_number_id=${graph.phoneNumberId}`);
    expect(lookup.json).toMatchObject({
      messaging_product: "whatsapp",
      mime_type: "application/pdf",
      file_size: bytes.length,
      id,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    const download = await fetch(lookup.json.url, { headers: { Authorization: `Bearer ${graph.token}` } });
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect((await fetch(lookup.json.url)).status).toBe(401);
    expect((await call("/1234567")).json.error.code).toBe(100);
    expect((await call(`/${id}?phone_number_id=999`)).json.error.code).toBe(100);
  });

  it("fails the next call as told, then answers as before, and keeps every request", async () => {
    graph.failNext({ error: { message: "Service unavailable", type: "OAuthException", code: 131016 } }, 503);
    expect((await send(template("proof_ready", proofParameters))).status).toBe(503);
    expect((await send(template("proof_ready", proofParameters))).status).toBe(200);
    graph.failNext("drop-connection");
    await expect(send(template("proof_ready", proofParameters))).rejects.toThrow();
    expect(graph.sent.map((request) => [request.method, request.path])).toEqual([
      ["POST", `/v21.0/${graph.phoneNumberId}/messages`],
      ["POST", `/v21.0/${graph.phoneNumberId}/messages`],
      ["POST", `/v21.0/${graph.phoneNumberId}/messages`],
    ]);
    expect(graph.sent[0]!.headers.authorization).toBe(`Bearer ${graph.token}`);
  });
});
