import { describe, expect, it, vi } from "vitest";
import { clearDesign } from "./design-handoff";
import { newIdempotencyKey } from "./idempotency";
import type { QuoteFormResult } from "./quote-api";
import { isRetryable, quoteBody, sendQuoteAttempt } from "./send-quote";

const quote = {
  name: "Ayesha Khan",
  company: "Pharmedic",
  email: "ayesha@example.com",
  phone: "",
  replyChannel: "",
  product: "Pens",
  quantity: "500",
  neededBy: "2026-12-14",
  message: "500 pens",
};

vi.mock("./design-handoff", () => ({ clearDesign: vi.fn(async () => {}) }));

/** What React Router throws when an answer is not its own: a proxy's error page, say. */
const notTheActionsAnswer = (status: number, statusText: string) => ({ status, statusText, internal: true, data: "" });

const success: QuoteFormResult = {
  status: "success",
  title: "Quote Request Submitted!",
  message: "We'll get back to you within 24 hours.",
};

function formOf(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The request React Router hands a clientAction for a fetcher's multipart submission. */
const requestWith = (body: FormData) => new Request("http://localhost/contact", { method: "POST", body });

/** A server action that reads the request's body, as React Router's does, and answers `answer`. */
function serverActionFor(request: Request, answer: () => QuoteFormResult | Promise<QuoteFormResult>) {
  const bodies: FormData[] = [];
  const serverAction = vi.fn(async () => {
    bodies.push(await request.formData());
    return answer();
  });
  return { serverAction, bodies };
}

describe("idempotency keys", () => {
  it("are new for every submission and accepted by the server's pattern", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });
});

describe("quoteBody", () => {
  it("carries the form's fields, the key, the page and a design's files and spec; an empty file input is left out", async () => {
    const form = formOf({ ...quote, website: "", logo: new File([], "") });
    const logo = new File(["<svg/>"], "brand.svg", { type: "image/svg+xml" });
    const mockup = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
    const design = { itemId: "onset-pen", text: "ACME", colours: ["#1565c0"], logo: null, warnings: [] };
    const body = quoteBody(form, {
      idempotencyKey: "k".repeat(20),
      page: "/contact?design=1",
      attachments: { logo, mockup, design },
    });
    expect(body.get("message")).toBe("500 pens");
    expect([body.get("quantity"), body.get("neededBy")]).toEqual(["500", "2026-12-14"]);
    expect(body.get("website")).toBe("");
    expect(body.get("idempotencyKey")).toBe("k".repeat(20));
    expect(body.get("page")).toBe("/contact?design=1");
    expect(body.getAll("logo")).toHaveLength(1);
    expect(await (body.get("logo") as File).text()).toBe("<svg/>");
    expect((body.get("logo") as File).name).toBe("brand.svg");
    expect((body.get("mockup") as File).size).toBe(4);
    expect(JSON.parse(String(body.get("design")))).toEqual(design);

    const plain = quoteBody(formOf({ ...quote, logo: new File([], "") }), { idempotencyKey: "k", page: "/contact" });
    expect(plain.has("logo")).toBe(false);
    expect(plain.has("design")).toBe(false);
  });
});

describe("one attempt at a quote request (the contact route's clientAction)", () => {
  it("hands the server action the request untouched and returns its answer", async () => {
    const request = requestWith(formOf({ ...quote, idempotencyKey: "k".repeat(20) }));
    const { serverAction, bodies } = serverActionFor(request, () => success);
    expect(await sendQuoteAttempt(request, serverAction)).toEqual(success);
    expect(serverAction).toHaveBeenCalledTimes(1);
    expect(bodies[0]!.get("message")).toBe("500 pens");
    expect(bodies[0]!.get("idempotencyKey")).toBe("k".repeat(20));
    expect(clearDesign).not.toHaveBeenCalled();
  });

  it("deletes the design kept on the device once the request carrying it went through, not before", async () => {
    const design = JSON.stringify({ itemId: "onset-pen", text: "ACME", colours: [], logo: null, warnings: [] });
    const failed = requestWith(formOf({ ...quote, design }));
    await sendQuoteAttempt(failed, () => Promise.reject(new TypeError("Failed to fetch")));
    expect(clearDesign).not.toHaveBeenCalled();
    const sent = requestWith(formOf({ ...quote, design }));
    expect(await sendQuoteAttempt(sent, async () => success)).toEqual(success);
    expect(clearDesign).toHaveBeenCalledTimes(1);
  });

  it("with a required field empty or only spaces sends nothing and says 'Missing Information', keeping the values", async () => {
    const request = requestWith(formOf({ ...quote, name: "   ", message: "" }));
    const { serverAction } = serverActionFor(request, () => success);
    expect(await sendQuoteAttempt(request, serverAction)).toEqual({
      status: "error",
      code: "missing",
      title: "Missing Information",
      message: "Please fill in all required fields.",
      values: { ...quote, name: "   ", message: "" },
      fields: ["name", "message"],
    });
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("with a logo over 5 MB, or an SVG over 1 MB, sends nothing and says so", async () => {
    for (const logo of [
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], "logo.png", { type: "image/png" }),
      new File([new Uint8Array(1024 * 1024 + 1)], "logo.svg", { type: "image/svg+xml" }),
    ]) {
      const request = requestWith(formOf({ ...quote, logo }));
      const { serverAction } = serverActionFor(request, () => success);
      expect(await sendQuoteAttempt(request, serverAction)).toMatchObject({
        status: "error",
        code: "too_large",
        title: "Logo too large",
        message: "Logo too large: at most 5 MB (an SVG at most 1 MB).",
      });
      expect(serverAction).not.toHaveBeenCalled();
    }
  });

  it("marks no answer (a lost connection, a proxy's 502) and the server's 503 as retryable", async () => {
    const failures = [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => Promise.reject(notTheActionsAnswer(502, "Bad Gateway")),
    ];
    for (const fail of failures) {
      const request = requestWith(formOf(quote));
      const attempt = await sendQuoteAttempt(request, fail);
      expect(attempt).toMatchObject({ status: "error", code: "network", retryable: true, values: quote });
      expect(isRetryable(attempt)).toBe(true);
    }
    const request = requestWith(formOf(quote));
    const unavailable = await sendQuoteAttempt(request, async () => ({
      status: "error",
      code: "unavailable",
      title: "We couldn't send your request",
      message: "The request could not be saved just now. Please try again.",
      values: quote,
      fields: [],
    }));
    expect(isRetryable(unavailable)).toBe(true);
  });

  it("does not retry what the server turned down on purpose", async () => {
    const limited: QuoteFormResult = {
      status: "error",
      code: "rate_limited",
      title: "Too many requests",
      message: "Please wait a few minutes.",
      values: quote,
      fields: [],
    };
    const request = requestWith(formOf(quote));
    const attempt = await sendQuoteAttempt(request, async () => limited);
    expect(attempt).toEqual(limited);
    expect(isRetryable(attempt)).toBe(false);
    expect(isRetryable(success)).toBe(false);
    // A 4xx that is not the action's own answer (a proxy refusing the upload).
    const refused = await sendQuoteAttempt(requestWith(formOf(quote)), () =>
      Promise.reject(notTheActionsAnswer(413, "Payload Too Large")),
    );
    expect(refused).toMatchObject({ status: "error", code: "refused" });
    expect(isRetryable(refused)).toBe(false);
  });
});
