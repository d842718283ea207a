import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./idempotency";
import { RetryableError } from "./query-client";
import { QuoteRejectedError, sendQuote } from "./send-quote";

const payload = { name: "A", company: "", email: "a@b.example", phone: "", product: "", message: "Hi", idempotencyKey: "k".repeat(20), page: "/contact", website: "" };

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
      return Response.json({ status: "success", title: "Quote Request Submitted!", message: "We'll get back to you within 24 hours." });
    });
    expect(answer.title).toBe("Quote Request Submitted!");
    expect(seen?.url).toBe("/contact");
    expect(new Headers(seen?.init?.headers).get("accept")).toBe("application/json");
    expect(Object.fromEntries(seen?.init?.body as URLSearchParams)).toEqual(payload);
  });

  it("marks network failures and 5xx answers as retryable", async () => {
    await expect(sendQuote(payload, async () => Promise.reject(new TypeError("Failed to fetch")))).rejects.toBeInstanceOf(RetryableError);
    await expect(sendQuote(payload, async () => new Response("Bad gateway", { status: 502 }))).rejects.toBeInstanceOf(RetryableError);
  });

  it("turns a 4xx into a rejection carrying the server's message", async () => {
    const error = await sendQuote(payload, async () =>
      Response.json({ status: "error", code: "rate_limited", title: "Too many requests", message: "Wait", values: payload, fields: [] }, { status: 429 }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuoteRejectedError);
    expect((error as QuoteRejectedError).error.code).toBe("rate_limited");
  });
});
