import type { DesignSpec } from "./design-schema";
import { designFields } from "./upload-rules";
import type { QuoteFormResult } from "./quote-api";
import type { QuoteFields } from "./quote-schema";
import { RetryableError } from "./query-client";

/**
 * Files and the studio's design sent with a request: the buyer's logo (a File from the form's input
 * or the studio), the studio's mockup PNG and the design's spec. The server checks each again.
 */
export type QuoteAttachments = {
  logo?: Blob & { name?: string };
  mockup?: Blob;
  design?: DesignSpec;
};

export type QuotePayload = QuoteFields & {
  idempotencyKey: string;
  page: string;
  website: string;
  attachments?: QuoteAttachments;
};

type QuoteError = Extract<QuoteFormResult, { status: "error" }>;

/** The server answered, and said no (4xx): sending the same request again will not help. */
export class QuoteRejectedError extends Error {
  override name = "QuoteRejectedError";
  constructor(
    readonly httpStatus: number,
    readonly error: Pick<QuoteError, "code" | "title" | "message"> & { fields?: string[] },
  ) {
    super(error.message);
  }
}

/** Where the quote form posts, with or without JavaScript. */
export const QUOTE_ENDPOINT = "/contact";

/**
 * The body of one attempt: urlencoded text, or multipart/form-data when files or a design go with it
 * (built anew for each attempt, so a retry sends the same files).
 */
export function quoteBody({ attachments, ...fields }: QuotePayload): URLSearchParams | FormData {
  const { mockup, design } = attachments ?? {};
  // An empty file is a file input left empty.
  const logo = attachments?.logo?.size ? attachments.logo : undefined;
  if (!logo && !mockup && !design) return new URLSearchParams(fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (design) form.append(designFields.design, JSON.stringify(design));
  if (logo) form.append(designFields.logo, logo, logo.name || "logo");
  if (mockup) form.append(designFields.mockup, mockup, "mockup.png");
  return form;
}

/**
 * One attempt to send a quote request: the same form post as without JavaScript, asking for the answer
 * as JSON. No answer or a 5xx: RetryableError (react-query retries with the same idempotency key); a
 * 4xx: QuoteRejectedError with the server's message.
 */
export async function sendQuote(
  payload: QuotePayload,
  fetchImpl: typeof fetch = fetch,
): Promise<{ title: string; message: string }> {
  let response: Response;
  try {
    response = await fetchImpl(QUOTE_ENDPOINT, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: quoteBody(payload),
    });
  } catch (error) {
    throw new RetryableError(error instanceof Error ? error.message : "Network error");
  }
  if (response.status >= 500) throw new RetryableError(`Server error ${response.status}`);
  const answer = (await response.json().catch(() => null)) as QuoteFormResult | null;
  if (!answer) {
    if (response.ok) throw new RetryableError("Unreadable answer");
    throw new QuoteRejectedError(response.status, {
      code: "unknown",
      title: "Request failed",
      message: `The server answered ${response.status}.`,
    });
  }
  if (answer.status === "error") throw new QuoteRejectedError(response.status, answer);
  return { title: answer.title, message: answer.message };
}
