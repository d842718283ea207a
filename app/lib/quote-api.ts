import type { QuoteFields } from "./quote-schema";

/** The JSON answers of POST /api/quote, shared by the server and the form. */
export type ApiError = {
  /** missing | too_long | invalid | malformed_json | unsupported_media_type | payload_too_large | rate_limited | … */
  code: string;
  title: string;
  message: string;
  fields?: string[];
  retryAfterSeconds?: number;
};

export type ApiAnswer = { ok: true; title: string; message: string } | { ok: false; error: ApiError };

/** What a plain form post to /contact answered; the page that comes back shows it inline. */
export type QuoteFormResult =
  | { status: "success"; title: string; message: string }
  | { status: "error"; code: string; title: string; message: string; values: QuoteFields; fields: string[] };
