import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quoteNotices } from "~/content/contact";
import { quoteAnswers } from "~/content/quote-answers";
import { RetryableError } from "~/lib/query-client";
import { type QuotePayload, QuoteRejectedError } from "~/lib/send-quote";
import { createQuoteSubmitter } from "./quote-submit";

const quote = {
  name: "Ayesha Khan",
  company: "Pharmedic",
  email: "ayesha@example.com",
  phone: "",
  product: "Pens",
  message: "500 pens",
};
const extras = { idempotencyKey: "k".repeat(20), page: "/contact", website: "" };

function submitterAnswering(answer: () => Promise<{ title: string; message: string }>) {
  const sent: QuotePayload[] = [];
  const submit = createQuoteSubmitter(async (payload) => {
    sent.push(payload);
    return answer();
  });
  return { submit, sent };
}

describe("a quote submission", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the fields with the form's extras and announces the server's success notice", async () => {
    const success = vi.spyOn(toast, "success");
    const { submit, sent } = submitterAnswering(async () => ({
      title: "Quote Request Submitted!",
      message: "We'll get back to you within 24 hours.",
    }));
    expect(await submit(quote, extras)).toEqual({ status: "sent" });
    expect(sent).toEqual([{ ...quote, ...extras }]);
    expect(success).toHaveBeenCalledWith("Quote Request Submitted!", {
      description: "We'll get back to you within 24 hours.",
    });
  });

  it("with a logo over 5 MB sends nothing and says so", async () => {
    const error = vi.spyOn(toast, "error");
    const { submit, sent } = submitterAnswering(async () => ({ title: "", message: "" }));
    const logo = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "logo.png", { type: "image/png" });
    expect(await submit(quote, { ...extras, attachments: { logo } })).toEqual({
      status: "failed",
      title: "Logo too large",
      message: "Logo too large: at most 5 MB (an SVG at most 1 MB).",
      fields: [],
    });
    expect(sent).toEqual([]);
    expect(error).toHaveBeenCalledWith("Logo too large", {
      description: "Logo too large: at most 5 MB (an SVG at most 1 MB).",
    });
  });

  it("with a required field empty sends nothing and announces 'Missing Information'", async () => {
    const error = vi.spyOn(toast, "error");
    const { submit, sent } = submitterAnswering(async () => ({ title: "", message: "" }));
    expect(await submit({ ...quote, name: "  ", message: "" }, extras)).toEqual({
      status: "missing",
      fields: ["name", "message"],
    });
    expect(sent).toEqual([]);
    expect(error).toHaveBeenCalledWith("Missing Information", { description: "Please fill in all required fields." });
  });

  it("the server's 'missing' answer is the same notice, with the fields it named", async () => {
    const error = vi.spyOn(toast, "error");
    const { submit } = submitterAnswering(async () => {
      throw new QuoteRejectedError(400, {
        code: "missing",
        title: "Missing Information",
        message: "Please fill in all required fields.",
        fields: ["email"],
      });
    });
    expect(await submit(quote, extras)).toEqual({ status: "missing", fields: ["email"] });
    expect(error).toHaveBeenCalledWith(quoteNotices.missing.title, { description: quoteNotices.missing.description });
  });

  it("that could not be sent keeps its text for WhatsApp or e-mail", async () => {
    vi.spyOn(toast, "error");
    const { submit } = submitterAnswering(async () => {
      throw new RetryableError("Failed to fetch");
    });
    const outcome = await submit(quote, extras);
    expect(outcome).toMatchObject({
      status: "failed",
      title: quoteAnswers.failed.title,
      message: quoteAnswers.failed.description,
      fields: [],
    });
    expect(outcome.status === "failed" && outcome.fallbackText).toContain("500 pens");
  });

  it("turned down by the server shows its message, and the WhatsApp/e-mail offer only when rate-limited", async () => {
    vi.spyOn(toast, "error");
    const invalid = submitterAnswering(async () => {
      throw new QuoteRejectedError(400, {
        code: "invalid",
        title: "Check your details",
        message: "Enter a valid e-mail address.",
        fields: ["email"],
      });
    });
    expect(await invalid.submit(quote, extras)).toEqual({
      status: "failed",
      title: "Check your details",
      message: "Enter a valid e-mail address.",
      fields: ["email"],
      fallbackText: undefined,
    });

    const limited = submitterAnswering(async () => {
      throw new QuoteRejectedError(429, {
        code: "rate_limited",
        title: "Too many requests",
        message: "Please wait a minute.",
      });
    });
    const outcome = await limited.submit(quote, extras);
    expect(outcome).toMatchObject({ status: "failed", title: "Too many requests", fields: [] });
    expect(outcome.status === "failed" && outcome.fallbackText).toContain("Ayesha Khan");
  });
});
