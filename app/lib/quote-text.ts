import { quoteFieldLabel } from "~/content/contact";
import { type QuoteValues, REPLY_ON_WHATSAPP } from "./quote-fields";

/** The request as plain text: the e-mail notification and the WhatsApp/e-mail fallback use it. */
export function quoteAsText(quote: QuoteValues): string {
  const details: [string, string][] = [
    [quoteFieldLabel.name, quote.name],
    [quoteFieldLabel.company, quote.company],
    [quoteFieldLabel.email, quote.email],
    [quoteFieldLabel.phone, quote.phone],
    [quoteFieldLabel.replyChannel, quote.replyChannel === REPLY_ON_WHATSAPP ? "yes" : ""],
    [quoteFieldLabel.product, quote.product],
    [quoteFieldLabel.quantity, quote.quantity],
    [quoteFieldLabel.neededBy, quote.neededBy],
  ];
  const head = details.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  return [...head, "", quote.message].join("\n");
}

/**
 * Answers after which the request's text is offered for WhatsApp / e-mail: it could not be sent or
 * stored, or the rate limit turned it away. A request the server found wrong needs correcting instead.
 */
const fallbackCodes = new Set(["network", "refused", "unavailable", "rate_limited"]);

/** The request's text for the WhatsApp / e-mail fallback, when the answer `code` calls for it. */
export function fallbackTextFor(quote: QuoteValues, code: string): string | undefined {
  return fallbackCodes.has(code) ? quoteAsText(quote) : undefined;
}
