import { quoteFieldLabel } from "~/content/contact";
import type { QuoteFields } from "./quote-schema";

/*
 * The quote helpers the form needs on its first view, without zod: the schema itself
 * (app/lib/quote-schema.ts) is loaded in the browser only when the form is used.
 */

export const emptyQuote: QuoteFields = {
  name: "",
  company: "",
  email: "",
  phone: "",
  product: "",
  message: "",
};

/** The request as plain text: the e-mail notification and the WhatsApp/e-mail fallback use it. */
export function quoteAsText(quote: QuoteFields): string {
  const details: [string, string][] = [
    [quoteFieldLabel.name, quote.name],
    [quoteFieldLabel.company, quote.company],
    [quoteFieldLabel.email, quote.email],
    [quoteFieldLabel.phone, quote.phone],
    [quoteFieldLabel.product, quote.product],
  ];
  const head = details.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  return [...head, "", quote.message].join("\n");
}

/**
 * The request's text for the WhatsApp / e-mail fallback, offered when it could not be sent (no rejection)
 * or was turned away by the rate limit; a request the server found wrong needs correcting instead.
 */
export function fallbackTextFor(quote: QuoteFields, rejectionCode: string | null): string | undefined {
  return rejectionCode === null || rejectionCode === "rate_limited" ? quoteAsText(quote) : undefined;
}
