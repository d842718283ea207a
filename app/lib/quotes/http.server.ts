import type { AppLoadContext } from "react-router";
import { quoteNotices } from "~/content/contact";
import type { ApiAnswer, ApiError, QuoteFormResult } from "~/lib/quote-api";
import type { QuoteFields, QuoteProblem } from "~/lib/quote-schema";
import type { QuoteService, SubmitResult } from "./service.server";

/** Largest request body accepted, form or JSON (a real request is a few KB at most). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The honeypot's field name: a plausible one, so form-filling bots fill it in. */
export const HONEYPOT_FIELD = "website";

const FIELD_NAMES = ["name", "company", "email", "phone", "product", "message"] as const;

type BodyRead = { ok: true; text: string } | { ok: false; status: 413 | 400; message: string };

/** Reads the body as UTF-8 text, giving up (413) as soon as it passes `limit` bytes. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const tooLarge = { ok: false, status: 413, message: `The request is too large (at most ${limit / 1024} KB).` } as const;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, message: "The request body could not be read." };
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid UTF-8 text." };
  }
}

function submissionContext(request: Request, context: Pick<AppLoadContext, "clientIp">, page: string | undefined) {
  return {
    clientIp: context.clientIp || "unknown",
    userAgent: request.headers.get("user-agent") ?? "",
    page: pagePath(page ?? request.headers.get("referer") ?? "") || new URL(request.url).pathname,
  };
}

/** Keeps the path and query of a URL of this site (or a bare path); anything else becomes "". */
function pagePath(value: string): string {
  if (!value.trim()) return "";
  try {
    const url = new URL(value, "http://site.invalid");
    return `${url.pathname}${url.search}`;
  } catch {
    return "";
  }
}

const asText = (value: unknown) => (typeof value === "string" ? value : undefined);

// ---------------------------------------------------------------------------------------------
// JSON: POST /api/quote, the path of the form when JavaScript runs.


const json = (body: ApiAnswer, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const apiError = (status: number, error: ApiError, headers?: Record<string, string>) =>
  json({ ok: false, error }, status, headers);

export function answerFor(result: SubmitResult): { status: number; body: ApiAnswer; headers?: Record<string, string> } {
  switch (result.kind) {
    case "accepted":
      return { status: 200, body: { ok: true, title: quoteNotices.success.title, message: quoteNotices.success.description } };
    case "invalid":
      return { status: 400, body: { ok: false, error: problemError(result.problem) } };
    case "rate_limited":
      return {
        status: 429,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
        body: {
          ok: false,
          error: {
            code: "rate_limited",
            title: quoteNotices.rateLimited.title,
            message: quoteNotices.rateLimited.description,
            retryAfterSeconds: result.retryAfterSeconds,
          },
        },
      };
    case "unavailable":
      return {
        status: 503,
        headers: { "Retry-After": "5" },
        body: { ok: false, error: { code: "unavailable", title: quoteNotices.failed.title, message: "The request could not be saved just now. Please try again." } },
      };
  }
}

const problemError = (problem: QuoteProblem): ApiError => ({
  code: problem.code,
  title: problem.title,
  message: problem.message,
  fields: problem.fields,
});

/** Handles a JSON submission; every answer is JSON, every client mistake a 4xx, never a throw. */
export async function handleQuoteApi(
  request: Request,
  context: Pick<AppLoadContext, "clientIp">,
  service: QuoteService,
): Promise<Response> {
  if (request.method !== "POST") {
    return apiError(405, { code: "method_not_allowed", title: "Method not allowed", message: "Send quote requests with POST." }, { Allow: "POST" });
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    return apiError(415, {
      code: "unsupported_media_type",
      title: "Unsupported content type",
      message: "Send the quote request as JSON with the header Content-Type: application/json.",
    });
  }
  const body = await readBodyText(request);
  if (!body.ok) {
    return apiError(body.status, {
      code: body.status === 413 ? "payload_too_large" : "unreadable_body",
      title: body.status === 413 ? "Request too large" : "Unreadable request",
      message: body.message,
    });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.text);
  } catch {
    return apiError(400, { code: "malformed_json", title: "Malformed request", message: "The request body is not valid JSON." });
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return apiError(400, { code: "invalid", title: "Invalid request", message: "The request body must be a JSON object of text fields." });
  }
  const fields = payload as Record<string, unknown>;
  const result = service.submit(fields, {
    ...submissionContext(request, context, asText(fields.page)),
    idempotencyKey: asText(fields.idempotencyKey),
    honeypot: asText(fields[HONEYPOT_FIELD]),
  });
  const answer = answerFor(result);
  return json(answer.body, answer.status, answer.headers);
}

// ---------------------------------------------------------------------------------------------
// Plain form: POST /contact, the path without JavaScript. The page that comes back shows the result.

export async function handleQuoteForm(
  request: Request,
  context: Pick<AppLoadContext, "clientIp">,
  service: QuoteService,
): Promise<{ result: QuoteFormResult; status: number }> {
  const empty: QuoteFields = { name: "", company: "", email: "", phone: "", product: "", message: "" };
  const failure = (status: number, code: string, title: string, message: string, values = empty, fields: string[] = []) => ({
    status,
    result: { status: "error" as const, code, title, message, values, fields },
  });

  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    return failure(415, "unsupported_media_type", "Unsupported content type", "Send the form as application/x-www-form-urlencoded.");
  }
  const body = await readBodyText(request);
  if (!body.ok) return failure(body.status, "payload_too_large", "Request too large", body.message);

  const form = new URLSearchParams(body.text);
  const values = Object.fromEntries(FIELD_NAMES.map((name) => [name, form.get(name) ?? ""])) as QuoteFields;
  const result = service.submit(values, {
    ...submissionContext(request, context, undefined),
    idempotencyKey: form.get("idempotencyKey") ?? undefined,
    honeypot: form.get(HONEYPOT_FIELD) ?? undefined,
  });
  const answer = answerFor(result);
  if (answer.body.ok) return { status: 200, result: { status: "success", title: answer.body.title, message: answer.body.message } };
  const { error } = answer.body;
  return failure(answer.status, error.code, error.title, error.message, values, error.fields ?? []);
}
