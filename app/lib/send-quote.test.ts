import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./idempotency";
import { RetryableError } from "./query-client";
import { QuoteRejectedError, sendQuote } from "./send-quote";

const payload = {
  name: "A",
  company: "",
  email: "a@b.example",
  phone: "",
  product: "",
  message: "Hi",
  idempotencyKey: "k".repeat(20),
  page: "/contact",
  website: "",
};

describe("idempotency keys", () => {
  it("are new for every submission and accepted by the server's pattern", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });
});

describe("sendQuote", () => {
  it("posts the form to /contact, asking for JSON, and returns the success notice", async () => {
    let seen: { url: string; init?: RequestInit } | undefined;
    const answer = await sendQuote(payload, async (url, init) => {
      seen = { url: String(url), init };
      return Response.json({
        status: "success",
        title: "Quote Request Submitted!",
        message: "We'll get back to you within 24 hours.",
      });
    });
    expect(answer.title).toBe("Quote Request Submitted!");
    expect(seen?.url).toBe("/contact");
    expect(new Headers(seen?.init?.headers).get("accept")).toBe("application/json");
    expect(Object.fromEntries(seen?.init?.body as URLSearchParams)).toEqual(payload);
  });

  it("sends a logo, the studio's mockup and its design as multipart/form-data, the same on every attempt", async () => {
    const logo = new File(["<svg/>"], "brand.svg", { type: "image/svg+xml" });
    const mockup = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
    const design = { itemId: "onset-pen", text: "ACME", colours: ["#1565c0"], logo: null, warnings: [] };
    const bodies: FormData[] = [];
    const fetchImpl = async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(init?.body as FormData);
      return bodies.length === 1
        ? new Response("Bad gateway", { status: 502 })
        : Response.json({ status: "success", title: "Sent", message: "Thanks" });
    };
    const attempt = () => sendQuote({ ...payload, attachments: { logo, mockup, design } }, fetchImpl);
    await expect(attempt()).rejects.toBeInstanceOf(RetryableError);
    expect(await attempt()).toEqual({ title: "Sent", message: "Thanks" });
    for (const body of bodies) {
      expect(body).toBeInstanceOf(FormData);
      expect(body.get("message")).toBe("Hi");
      expect(body.get("idempotencyKey")).toBe(payload.idempotencyKey);
      expect(JSON.parse(String(body.get("design")))).toEqual(design);
      expect(await (body.get("logo") as File).text()).toBe("<svg/>");
      expect((body.get("logo") as File).name).toBe("brand.svg");
      expect((body.get("mockup") as File).size).toBe(4);
      expect(body.has("attachments")).toBe(false);
    }
  });

  it("sends urlencoded text when the logo input was left empty and nothing else is attached", async () => {
    let body: unknown;
    await sendQuote({ ...payload, attachments: { logo: new File([], "") } }, async (_url, init) => {
      body = init?.body;
      return Response.json({ status: "success", title: "Sent", message: "Thanks" });
    });
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(body as URLSearchParams)).toEqual(payload);
  });

  it("marks network failures and 5xx answers as retryable", async () => {
    await expect(
      sendQuote(payload, async () => Promise.reject(new TypeError("Failed to fetch"))),
    ).rejects.toBeInstanceOf(RetryableError);
    await expect(sendQuote(payload, async () => new Response("Bad gateway", { status: 502 }))).rejects.toBeInstanceOf(
      RetryableError,
    );
  });

  it("turns a 4xx into a rejection carrying the server's message", async () => {
    const error = await sendQuote(payload, async () =>
      Response.json(
        {
          status: "error",
          code: "rate_limited",
          title: "Too many requests",
          message: "Wait",
          values: payload,
          fields: [],
        },
        { status: 429 },
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuoteRejectedError);
    expect((error as QuoteRejectedError).error.code).toBe("rate_limited");
  });
});
