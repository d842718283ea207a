import { createHash } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { fixtures } from "../../../tests/support/upload-fixtures";
import {
  graphError,
  startWhatsAppGraph,
  type WhatsAppGraphStandIn,
} from "../../../tests/support/whatsapp-graph-server";
import { freePort } from "../../../tests/support/free-port";
import {
  isRetryable,
  messageBody,
  whatsappApi,
  WhatsAppApiError,
  whatsappSender,
  type WhatsAppClientOptions,
} from "./client.server";
import type { WhatsAppConfig } from "./types";

const buyer = "923001234567";
const proof = {
  name: "proof_ready",
  language: "en",
  bodyParameters: ["Ayesha", "Q-2026-0042", "https://example.pk/r/abc"],
};

let graph: WhatsAppGraphStandIn;
let photo: Buffer;
beforeAll(async () => {
  photo = await fixtures.phoneJpeg();
});
beforeEach(async () => {
  graph = await startWhatsAppGraph();
});
afterEach(() => graph.close());

const configOf = (changes: Partial<WhatsAppConfig> = {}): WhatsAppConfig => ({
  token: graph.token,
  phoneNumberId: graph.phoneNumberId,
  appSecret: "9f3c1b7e5a2d4c6e8f0a1b3c5d7e9f21",
  verifyToken: "lahore-promos-webhook",
  apiUrl: graph.url,
  ...changes,
});
const api = (changes: Partial<WhatsAppConfig> = {}, options: WhatsAppClientOptions = {}) =>
  whatsappApi(configOf(changes), options);

/** The error a call failed with (the test fails if it succeeded). */
async function failure(call: Promise<unknown>): Promise<WhatsAppApiError> {
  const error = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(WhatsAppApiError);
  return error as WhatsAppApiError;
}

describe("sending on WhatsApp", () => {
  it("sends a free text inside the window as the Cloud API takes it, and gives WhatsApp's message id", async () => {
    graph.openWindow(buyer);
    const sent = await api().send({ to: buyer, type: "text", text: "Your proof is ready: https://example.pk/r/abc" });
    expect(sent).toEqual({ providerId: graph.messages[0]!.id });
    expect(graph.sent[0]).toMatchObject({
      method: "POST",
      path: `/v21.0/${graph.phoneNumberId}/messages`,
      headers: { authorization: `Bearer ${graph.token}`, "content-type": "application/json" },
      body: {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: buyer,
        type: "text",
        text: { preview_url: false, body: "Your proof is ready: https://example.pk/r/abc" },
      },
    });
  });

  it("sends an approved template with its body parameters in order", async () => {
    const sent = await whatsappSender(api()).send({ to: buyer, type: "template", template: proof });
    expect(sent.providerId).toMatch(/^wamid\./);
    expect(graph.messages[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: buyer,
      type: "template",
      template: {
        name: "proof_ready",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ayesha" },
              { type: "text", text: "Q-2026-0042" },
              { type: "text", text: "https://example.pk/r/abc" },
            ],
          },
        ],
      },
    });
  });

  it("puts a name with a line break or a run of spaces into a template as WhatsApp allows", async () => {
    await api().send({
      to: buyer,
      type: "template",
      template: { ...proof, bodyParameters: ["Ayesha\r\nKhan", "Q-2026-0042      (2)", "https://example.pk/r/abc"] },
    });
    expect(graph.messages).toHaveLength(1);
    expect(JSON.stringify(graph.messages[0]!.body)).toContain('"text":"Ayesha Khan"');
  });

  it("says a text outside the 24 hours will never go, with Meta's words", async () => {
    const error = await failure(api().send({ to: buyer, type: "text", text: "Hello again" }));
    expect(error).toMatchObject({
      code: 131047,
      title: "Re-engagement message",
      details:
        "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
      httpStatus: 400,
      retryable: false,
    });
    expect(error.message).toBe(
      "WhatsApp refused the call: Re-engagement message (131047): Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    );
    expect(error.fbtraceId).toMatch(/\w+/);
    expect(error.toWhatsAppError()).toMatchObject({ code: 131047, title: "Re-engagement message" });
  });

  it("says an unknown template will never go", async () => {
    const error = await failure(
      api().send({ to: buyer, type: "template", template: { ...proof, name: "proof_redy" } }),
    );
    expect(error).toMatchObject({ code: 132001, httpStatus: 404, retryable: false });
    expect(error.details).toBe("template name (proof_redy) does not exist in en");
  });

  it("keeps messages waiting while the token is refused, and says so", async () => {
    graph.openWindow(buyer);
    const error = await failure(api({ token: "EAAGexpired" }).send({ to: buyer, type: "text", text: "Hi" }));
    expect(error).toMatchObject({ code: 190, httpStatus: 401, retryable: true });
    expect(error.message).toContain("WhatsApp refused the access token (WHATSAPP_TOKEN)");
    expect(error.message).not.toContain("EAAGexpired");
  });

  it("tells a temporary refusal from a permanent one", async () => {
    const cases: [ReturnType<typeof graphError>, number, boolean][] = [
      [graphError(131016, "(#131016) Service unavailable", "A service is temporarily unavailable."), 503, true],
      [graphError(131000, "(#131000) Something went wrong"), 500, true],
      [graphError(130429, "(#130429) Rate limit hit", "Cloud API message throughput has been reached."), 400, true],
      [graphError(131056, "(#131056) (Business Account, Consumer Account) pair rate limit hit"), 400, true],
      [graphError(80007, "(#80007) Rate limit issues"), 400, true],
      [graphError(131026, "(#131026) Message Undeliverable"), 400, false],
      [graphError(131050, "(#131050) User stopped marketing messages"), 400, false],
      [graphError(100, "(#100) Invalid parameter", "Parameter 'to' is invalid."), 400, false],
      [graphError(132012, "(#132012) Parameter format does not match format in the created template"), 400, false],
    ];
    for (const [json, status, retryable] of cases) {
      graph.failNext(json, status);
      const error = await failure(api().send({ to: buyer, type: "template", template: proof }));
      expect([error.code, error.retryable], error.message).toEqual([json.error.code, retryable]);
    }
    graph.failNext("<html>Bad gateway</html>", 502);
    expect(await failure(api().send({ to: buyer, type: "template", template: proof }))).toMatchObject({
      code: null,
      httpStatus: 502,
      retryable: true,
    });
    expect(graph.messages).toEqual([]);
  });

  it("keeps a message to retry when WhatsApp cannot be reached, does not answer in time or cuts the connection", async () => {
    const closedPort = await freePort();
    const unreachable = await failure(
      api({ apiUrl: `http://127.0.0.1:${closedPort}/v21.0` }).send({ to: buyer, type: "template", template: proof }),
    );
    expect(unreachable).toMatchObject({ code: null, httpStatus: null, retryable: true });
    expect(unreachable.message).toContain("ECONNREFUSED");

    graph.delayNext(1_500);
    const slow = await failure(api({}, { timeoutMs: 200 }).send({ to: buyer, type: "template", template: proof }));
    expect(slow).toMatchObject({ retryable: true, message: "WhatsApp did not answer within 0.2 s." });

    graph.failNext("drop-connection");
    expect(await failure(api().send({ to: buyer, type: "template", template: proof }))).toMatchObject({
      retryable: true,
    });
  });

  it("refuses before calling what WhatsApp would refuse anyway", () => {
    const refusal = (outgoing: Parameters<typeof messageBody>[0]) => {
      try {
        messageBody(outgoing);
      } catch (error) {
        return error as WhatsAppApiError;
      }
      throw new Error("taken");
    };
    expect(refusal({ to: "+92 300 1234567", type: "text", text: "Hi" }).retryable).toBe(false);
    expect(refusal({ to: buyer, type: "text", text: "  " }).message).toBe("The message is empty.");
    expect(refusal({ to: buyer, type: "text", text: "a".repeat(4_097) }).message).toContain("at most 4096");
    expect(refusal({ to: buyer, type: "template", template: { ...proof, name: "Proof Ready" } }).retryable).toBe(false);
  });

  it("classifies Meta's codes, and unknown ones by the HTTP status", () => {
    expect(isRetryable(131047, 400)).toBe(false);
    expect(isRetryable(131009, 400)).toBe(false);
    expect(isRetryable(131051, 400)).toBe(false);
    expect(isRetryable(132000, 400)).toBe(false);
    expect(isRetryable(132016, 400)).toBe(false);
    expect(isRetryable(4, 400)).toBe(true);
    expect(isRetryable(131048, 400)).toBe(true);
    expect(isRetryable(190, 401)).toBe(true);
    expect(isRetryable(null, null)).toBe(true);
    expect(isRetryable(999999, 503)).toBe(true);
    expect(isRetryable(999999, 429)).toBe(true);
    expect(isRetryable(999999, 400)).toBe(false);
  });
});

describe("fetching a buyer's media", () => {
  const fourMegabytes = 4 * 1024 * 1024;

  it("fetches a phone photo through its url, with the token, and checks it against WhatsApp's hash", async () => {
    const id = graph.addMedia(photo, "image/jpeg");
    const media = await api().media(id, 10 * 1024 * 1024);
    expect(media.bytes.equals(photo)).toBe(true);
    expect(media).toMatchObject({ mimeType: "image/jpeg", sha256: createHash("sha256").update(photo).digest("hex") });
    expect(
      graph.sent.map((request) => [request.path, request.query.phone_number_id, request.headers.authorization]),
    ).toEqual([
      [`/v21.0/${id}`, graph.phoneNumberId, `Bearer ${graph.token}`],
      ["/whatsapp_business/attachments/", undefined, `Bearer ${graph.token}`],
    ]);
  });

  it("refuses a photo larger than allowed from its declared size, before downloading a byte", async () => {
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const id = graph.addMedia(photo, "image/jpeg");
    const error = await failure(api().media(id, 2 * 1024 * 1024));
    expect(error).toMatchObject({ title: "Media too large", retryable: false });
    expect(error.message).toMatch(/^The file is \d\.\d MB, more than the 2\.0 MB the desk keeps\.$/);
    expect(graph.sent.map((request) => request.path)).toEqual([`/v21.0/${id}`]);
  });

  it("refuses an over-size download by its Content-Length, or by counting when there is none", async () => {
    const id = graph.addMedia(photo, "image/jpeg");
    // WhatsApp's lookup without a size: the download's own length must stop it.
    let downloaded = 0;
    const withoutSize: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      if (url.pathname === `/v21.0/${id}`) {
        const json = (await response.json()) as Record<string, unknown>;
        delete json.file_size;
        return Response.json(json);
      }
      return response;
    };
    const byLength = await failure(api({}, { fetch: withoutSize }).media(id, fourMegabytes / 2));
    expect(byLength.message).toContain("more than the 2.0 MB");

    // A download sent in chunks with no length: read only until it passes the bound.
    const chunked: typeof fetch = async (input, init) => {
      const response = await withoutSize(input, init);
      if (!String(input).includes("/whatsapp_business/")) return response;
      const reader = response.body!.getReader();
      const counted = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          downloaded += value.byteLength;
          controller.enqueue(value);
        },
        cancel: () => reader.cancel(),
      });
      return new Response(counted, { status: 200, headers: { "Content-Type": "image/jpeg" } });
    };
    const byCounting = await failure(api({}, { fetch: chunked }).media(id, fourMegabytes / 2));
    expect(byCounting.message).toBe("The file is larger than the 2.0 MB the desk keeps.");
    expect(downloaded).toBeLessThan(photo.length);
  });

  it("never sends the token to another host or over plain http", async () => {
    const id = graph.addMedia(Buffer.from("%PDF-1.7"), "application/pdf");
    const asked: string[] = [];
    const elsewhere =
      (rewrite: (json: Record<string, unknown>) => void, redirectTo?: string): typeof fetch =>
      async (input, init) => {
        asked.push(String(input));
        if (String(input).includes("elsewhere.example")) throw new Error("the token went elsewhere");
        if (new URL(String(input)).hostname.endsWith("fbsbx.com")) throw new Error("the token went to a lookalike");
        const response = await fetch(input, init);
        const url = new URL(String(input));
        if (url.pathname === `/v21.0/${id}`) {
          const json = (await response.json()) as Record<string, unknown>;
          rewrite(json);
          return Response.json(json);
        }
        if (redirectTo) return new Response(null, { status: 302, headers: { Location: redirectTo } });
        return response;
      };
    const plain = await failure(
      api({}, { fetch: elsewhere((json) => (json.url = "http://elsewhere.example/file?mid=1")) }).media(id, 1024),
    );
    expect(plain.title).toBe("Media url refused");
    const notMeta = await failure(
      api({}, { fetch: elsewhere((json) => (json.url = "https://elsewhere.example/file?mid=1")) }).media(id, 1024),
    );
    expect(notMeta.message).toBe(
      "WhatsApp's media url is on elsewhere.example, not one of Meta's hosts; the token is not sent there.",
    );
    // A host that only ends like Meta's is not Meta's.
    const lookalike = await failure(
      api({}, { fetch: elsewhere((json) => (json.url = "https://elsewhere.examplefbsbx.com/file")) }).media(id, 1024),
    );
    expect(lookalike.title).toBe("Media url refused");
    const redirected = await failure(
      api({}, { fetch: elsewhere(() => {}, "https://elsewhere.example/file") }).media(id, 1024),
    );
    expect(redirected.message).toBe(
      "WhatsApp's media url redirected to elsewhere.example; the token is not sent there.",
    );
    expect(asked.some((url) => url.includes("elsewhere.example"))).toBe(false);
  });

  it("fetches media from Meta's media host with the token, as WhatsApp's answer names it", async () => {
    const pdf = Buffer.from("%PDF-1.7 logo artwork");
    const id = graph.addMedia(pdf, "application/pdf");
    const lookaside = "https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1";
    const tokens: (string | null)[] = [];
    const viaMeta: typeof fetch = async (input, init) => {
      if (String(input) === lookaside) {
        tokens.push(new Headers(init?.headers).get("authorization"));
        return new Response(pdf, { headers: { "Content-Type": "application/pdf" } });
      }
      const response = await fetch(input, init);
      if (new URL(String(input)).pathname !== `/v21.0/${id}`) return response;
      return Response.json({ ...((await response.json()) as object), url: lookaside });
    };
    const media = await api({}, { fetch: viaMeta }).media(id, 1024);
    expect(media.bytes.equals(pdf)).toBe(true);
    expect(tokens).toEqual([`Bearer ${graph.token}`]);
  });

  it("refuses a download that does not match WhatsApp's hash, and an unknown media id", async () => {
    const id = graph.addMedia(Buffer.from("%PDF-1.7 artwork"), "application/pdf");
    const wrongHash: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (new URL(String(input)).pathname !== `/v21.0/${id}`) return response;
      return Response.json({ ...((await response.json()) as object), sha256: "0".repeat(64) });
    };
    expect((await failure(api({}, { fetch: wrongHash }).media(id, 1024))).title).toBe("Checksum mismatch");
    expect(await failure(api().media("404404404", 1024))).toMatchObject({ code: 100, retryable: false });
    expect(await failure(api().media("../me", 1024))).toMatchObject({ title: "Invalid media id", retryable: false });
    expect(graph.sent.some((request) => request.path.includes(".."))).toBe(false);
  });
});
