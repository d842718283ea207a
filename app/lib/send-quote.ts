import type { QuoteFormResult } from "./quote-api";
import type { QuoteFields } from "./quote-schema";
import { RetryableError } from "./query-client";

export type QuotePayload = QuoteFields & { idempotencyKey: string; page: string; website: string };

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
 * One attempt to send a quote request: the same form post as without JavaScript, asking for the answer
 * as JSON. No answer or a 5xx: RetryableError (react-query retries with the same idempotency key); a
 * 4xx: QuoteRejectedError with the server's message.
 */
export async function sendQuote(payload: QuotePayload, fetchImpl: typeof fetch = fetch): Promise<{ title: string; message: string }> {
  let response: Response;
  try {
    response = await fetchImpl(QUOTE_ENDPOINT, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(payload),
    });
  } catch (error) {
    throw new RetryableError(error instanceof Error ? error.message : "Network error");
  }
  if (response.status >= 500) throw new RetryableError(`Server error ${response.status}`);
  const answer = (await response.json().catch(() => null)) as QuoteFormResult | null;
  if (!answer) {
    if (response.ok) throw new RetryableError("Unreadable answer");
    throw new QuoteRejectedError(response.status, { code: "unknown", title: "Request failed", message: `The server answered ${response.status}.` });
  }
  if (answer.status === "error") throw new QuoteRejectedError(response.status, answer);
  return { title: answer.title, message: answer.message };
}
