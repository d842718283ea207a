import type { QuoteFields } from "./quote-schema";

/**
 * What a quote request sent to /contact answered, shared by the server and the form: the page that
 * comes back from a plain form post shows it inline, the form's script gets it as JSON.
 * Error codes: missing | too_long | invalid | unsupported_media_type | payload_too_large | rate_limited | unavailable | …
 */
export type QuoteFormResult =
  | { status: "success"; title: string; message: string; reference?: string }
  | { status: "error"; code: string; title: string; message: string; values: QuoteFields; fields: string[] };
