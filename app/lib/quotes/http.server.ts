import type { RouterContextProvider } from "react-router";
import { quoteAnswers } from "~/content/quote-answers";
import { parseDesignSpec } from "~/lib/design-schema";
import type { QuoteFormResult } from "~/lib/quote-api";
import { emptyQuote, quotePostFields, type QuoteValues, quoteValuesOf } from "~/lib/quote-fields";
import { longDeadline, replyBy } from "~/lib/desk/time";
import { checkQuote } from "~/lib/quote-schema";
import { clientIpContext } from "~/lib/request-context";
import type { QuoteService, SubmitResult } from "./service.server";
import {
  bodyWithin,
  checkReceived,
  discardReceived,
  readMultipart,
  textLimits,
  type UploadProblem,
  uploadProblems,
} from "./uploads.server";

/** Largest text body accepted, with or without files (a real request is a few KB at most). */
export const MAX_BODY_BYTES = textLimits.totalBytes;

type BodyRead = { ok: true; text: string } | { ok: false; status: 413 | 400; message: string };

/**
 * Reads the body as UTF-8 text, giving up (413) as soon as it passes `limit` bytes; the rest is read
 * and thrown away in the background (within `drainLimits`), so the browser gets to read the answer.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The request is too large (at most ${limit / 1024} KB).`,
  } as const;
  let body: Buffer | null;
  try {
    body = await bodyWithin(request, limit);
  } catch {
    return { ok: false, status: 400, message: "The request body could not be read." };
  }
  if (!body) return tooLarge;
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(body) };
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid UTF-8 text." };
  }
}

function submissionContext(request: Request, context: Readonly<RouterContextProvider>, page: string | undefined) {
  return {
    clientIp: context.get(clientIpContext) || "unknown",
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

const quoteHeaders = (result: SubmitResult): Record<string, string> => {
  if (result.kind === "rate_limited") return { "Retry-After": String(result.retryAfterSeconds) };
  if (result.kind === "unavailable") return { "Retry-After": "5" };
  return {};
};

/** What a submission answers: the status, headers and the result the form shows. */
export function answerFor(result: SubmitResult, values: QuoteValues): QuoteAnswer {
  const headers = quoteHeaders(result);
  const failure = (
    status: number,
    code: string,
    title: string,
    message: string,
    fields: string[] = [],
  ): QuoteAnswer => ({
    status,
    headers,
    result: { status: "error", code, title, message, values, fields },
  });
  switch (result.kind) {
    case "accepted":
      return {
        status: 200,
        headers,
        result: {
          status: "success",
          title: quoteAnswers.success.title,
          message: quoteAnswers.success.description,
          ...(result.quote ? { reference: result.quote.reference } : {}),
          // A honeypot's answer has no request behind it, and looks the same: due from now.
          replyBy: longDeadline(replyBy(result.quote?.receivedAt ?? new Date().toISOString())),
        },
      };
    case "invalid":
      return failure(400, result.problem.code, result.problem.title, result.problem.message, result.problem.fields);
    case "rate_limited":
      return failure(429, "rate_limited", quoteAnswers.rateLimited.title, quoteAnswers.rateLimited.description);
    case "unavailable":
      return failure(
        503,
        "unavailable",
        quoteAnswers.failed.title,
        "The request could not be saved just now. Please try again.",
      );
  }
}

export type QuoteAnswer = { status: number; headers: Record<string, string>; result: QuoteFormResult };

/**
 * POST /contact, the one way in for a quote request: the plain form post without JavaScript (the
 * page that comes back shows the result) and the form's fetcher (the route's clientAction calls it
 * and hands the result to the form), which adds an idempotency key kept across its retries and the
 * page it was sent from. Every client mistake is a 4xx with a message the form shows, never a throw.
 * A request with files (a logo, the studio's mockup and design) is multipart/form-data; one
 * without may be either.
 */
export async function handleQuoteForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  service: QuoteService,
): Promise<QuoteAnswer> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return handleMultipartQuote(request, context, service);
  if (type !== "application/x-www-form-urlencoded") {
    return answerForProblem(
      415,
      "unsupported_media_type",
      "Unsupported content type",
      "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  const body = await readBodyText(request);
  if (!body.ok) {
    return answerForProblem(
      body.status,
      body.status === 413 ? "payload_too_large" : "unreadable_body",
      body.status === 413 ? "Request too large" : "Unreadable request",
      body.message,
    );
  }

  const form = new URLSearchParams(body.text);
  const values = quoteValuesOf(form);
  const result = service.submit(values, {
    ...submissionContext(request, context, form.get(quotePostFields.page) ?? undefined),
    idempotencyKey: form.get(quotePostFields.idempotencyKey) ?? undefined,
    honeypot: form.get(quotePostFields.honeypot) ?? undefined,
  });
  return answerFor(result, values);
}

/**
 * The multipart request: files streamed to the incoming folder within their limits, the text checked
 * before any image is decoded, then the checked copies stored with the request. Whatever happens,
 * the files as received are removed before the answer.
 */
async function handleMultipartQuote(
  request: Request,
  context: Readonly<RouterContextProvider>,
  service: QuoteService,
): Promise<QuoteAnswer> {
  const read = await readMultipart(request, service.files.incomingDir);
  try {
    const fields = read.fields;
    const values = quoteValuesOf(fields);
    if (!read.ok) return answerForUpload(read.problem, values, read.closing);

    const check = checkQuote(values);
    if (!check.ok) return answerFor({ kind: "invalid", problem: check.problem }, values);
    const designText = fields.get(quotePostFields.design);
    const design = parseDesignSpec(designText);
    if (designText && !design) return answerForUpload(uploadProblems.design, values);

    const submission = {
      ...submissionContext(request, context, fields.get(quotePostFields.page)),
      idempotencyKey: fields.get(quotePostFields.idempotencyKey),
      honeypot: fields.get(quotePostFields.honeypot),
    };
    const early = service.answerBeforeFiles(submission);
    if (early) return answerFor(early, values);

    const checked = await checkReceived(read.files);
    if (!checked.ok) return answerForUpload(checked.problem, values);
    return answerFor(service.submit(values, submission, { files: checked.files, design }), values);
  } finally {
    await discardReceived(read.files);
  }
}

function answerForUpload(problem: UploadProblem, values: QuoteValues, closing = false): QuoteAnswer {
  // A body too large to drain is not read: the connection is not reused for the next request.
  const headers: Record<string, string> = closing ? { Connection: "close" } : {};
  return {
    status: problem.status,
    headers,
    result: { status: "error", code: problem.code, title: problem.title, message: problem.message, values, fields: [] },
  };
}

function answerForProblem(status: number, code: string, title: string, message: string): QuoteAnswer {
  return { status, headers: {}, result: { status: "error", code, title, message, values: emptyQuote, fields: [] } };
}
