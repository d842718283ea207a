import type { QuoteValues } from "./quote-fields";

/**
 * What the /contact action answers a quote request, shared by the server and the form: the page that
 * comes back from a plain form post shows it, and with JavaScript the route's clientAction hands it to
 * the form's fetcher. `reference` names a stored request, for the buyer to quote; `replyBy` is when the
 * office's answer is due, as the buyer reads it ("Monday 13:00 PKT").
 * Error codes: missing | too_long | invalid_email | invalid | unsupported_media_type | payload_too_large | rate_limited | unavailable | …
 */
export type QuoteFormResult =
  | { status: "success"; title: string; message: string; reference?: string; replyBy?: string }
  | { status: "error"; code: string; title: string; message: string; values: QuoteValues; fields: string[] };

/**
 * One attempt from the browser (app/lib/send-quote.ts): the server's answer, or a failure of its own
 * (network, refused, too_large, missing); `retryable` when a later attempt may get through.
 */
export type QuoteAttempt =
  | Extract<QuoteFormResult, { status: "success" }>
  | (Extract<QuoteFormResult, { status: "error" }> & { retryable?: boolean });
