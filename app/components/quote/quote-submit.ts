import { MutationObserver } from "@tanstack/react-query";
import { createQueryClient } from "~/lib/query-client";
import { type QuotePayload, sendQuote } from "~/lib/send-quote";

/*
 * The quote form's submit machinery: the shared zod schema (the browser's required-field check),
 * react-query with the data layer's retry policy, and sonner's toasts. The form loads this chunk
 * with import() when it is first focused or submitted, so the page's first view stays small.
 */

export { toast } from "sonner";
export { Toaster } from "~/components/ui/sonner";
export { missingRequiredFields } from "~/lib/quote-schema";
export { QuoteRejectedError } from "~/lib/send-quote";

/**
 * Sends quote requests through one react-query client (one per page visit): network failures and
 * 5xx answers are retried with the same payload, and so the same idempotency key
 * (app/lib/query-client.ts holds the retry policy).
 */
export function createQuoteSender() {
  const observer = new MutationObserver(createQueryClient(), {
    mutationFn: (payload: QuotePayload) => sendQuote(payload),
  });
  return (payload: QuotePayload) => observer.mutate(payload);
}

export type QuoteSubmitKit = typeof import("./quote-submit");
