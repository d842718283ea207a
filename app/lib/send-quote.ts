import { isRouteErrorResponse } from "react-router";
import { quoteNotices } from "~/content/contact";
import { quoteAnswers } from "~/content/quote-answers";
import type { DesignSpec } from "./design-schema";
import type { QuoteAttempt, QuoteFormResult } from "./quote-api";
import { quotePostFields, type QuoteValues, quoteValuesOf } from "./quote-fields";
import { uploadLimits } from "./upload-rules";

/*
 * The quote form's way to the server with JavaScript: the route's clientAction runs
 * `sendQuoteAttempt` for each attempt, and the form's fetcher sends the same body again when an
 * attempt ends in a way a later one may not (./use-retrying-fetcher.ts).
 */

/**
 * What a request carries besides its text: the buyer's logo (from the form's file input or the brand
 * studio), the studio's mockup PNG and the design's spec. The server checks each again.
 */
export type QuoteAttachments = {
  logo?: Blob & { name?: string };
  mockup?: Blob;
  design?: DesignSpec;
};

/**
 * The body of a request: the form's own fields, the key every attempt of it carries, the page it was
 * sent from, and a design's files and spec. Built once per request, so each attempt sends the same.
 */
export function quoteBody(
  form: FormData,
  { idempotencyKey, page, attachments }: { idempotencyKey: string; page: string; attachments?: QuoteAttachments },
): FormData {
  const body = new FormData();
  for (const [name, value] of form) {
    // A file input left empty posts an empty file without a name: nothing to send.
    if (typeof value === "string" || value.size > 0) body.append(name, value);
  }
  body.set(quotePostFields.idempotencyKey, idempotencyKey);
  body.set(quotePostFields.page, page);
  const { logo, mockup, design } = attachments ?? {};
  if (logo) body.set(quotePostFields.logo, logo, logo.name || "logo");
  if (mockup) body.set(quotePostFields.mockup, mockup, "mockup.png");
  if (design) body.set(quotePostFields.design, JSON.stringify(design));
  return body;
}

/** One attempt ended without an answer, or with one that asks to try again: the next may get through. */
export const isRetryable = (attempt: QuoteAttempt) => attempt.status === "error" && attempt.retryable === true;

/**
 * One attempt at a quote request, in the browser (the contact route's clientAction). What the server
 * would refuse at once — a required field empty or only spaces, a logo over its size — is said without
 * sending. Otherwise the server's action answers; when no answer comes (the connection dropped, a proxy's
 * 5xx) or it could not store the request (503), the attempt is marked retryable. A request that went
 * through with the studio's design deletes the copy kept on the device.
 */
export async function sendQuoteAttempt(
  request: Request,
  serverAction: () => Promise<QuoteFormResult>,
): Promise<QuoteAttempt> {
  // Read from a copy: the server action posts the request's own body.
  const form = await request.clone().formData();
  const values = quoteValuesOf(form);

  const missing = await missingFields(values);
  if (missing.length) return failure(values, "missing", quoteNotices.missing, missing);
  const logo = form.get(quotePostFields.logo);
  if (logo instanceof Blob && logo.size > logoLimit(logo))
    return failure(values, "too_large", quoteAnswers.logoTooLarge);

  let answer: QuoteFormResult;
  try {
    answer = await serverAction();
  } catch (error) {
    // A 4xx that is not the action's answer (a proxy refusing the upload, say) will not change on a retry.
    if (isRouteErrorResponse(error) && error.status < 500) {
      return failure(values, "refused", quoteAnswers.failed);
    }
    return { ...failure(values, "network", quoteAnswers.failed), retryable: true };
  }
  if (answer.status === "error") return answer.code === "unavailable" ? { ...answer, retryable: true } : answer;
  if (form.has(quotePostFields.design)) {
    // Sent: the copy kept for the form has done its job (left in place if the device cannot delete it).
    await import("./design-handoff").then(({ clearDesign }) => clearDesign()).catch(() => {});
  }
  return answer;
}

/**
 * The required fields that are empty, by the shared schema. It is fetched on the first submission, so
 * the form's first view carries no zod; if it cannot be fetched, the server's check is the one that counts.
 */
async function missingFields(values: QuoteValues) {
  const schema = await import("./quote-schema").catch(() => null);
  return schema ? schema.missingRequiredFields(values) : [];
}

const logoLimit = (logo: Blob) => (logo.type === "image/svg+xml" ? uploadLimits.svgBytes : uploadLimits.logoBytes);

function failure(
  values: QuoteValues,
  code: string,
  { title, description }: { title: string; description: string },
  fields: string[] = [],
): Extract<QuoteAttempt, { status: "error" }> {
  return { status: "error", code, title, message: description, values, fields };
}
