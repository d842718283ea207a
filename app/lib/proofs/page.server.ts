import { data } from "react-router";
import { addressKey } from "~/lib/client-address";
import { sentFromThisSite } from "~/lib/same-origin.server";
import { proofText } from "~/content/proofs";
import { getQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { approvedVersion, proofRecord } from "./record";

/** Every answer under /proof: private, never stored or indexed, and no link out carries the token. */
export const proofHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/**
 * The request a link opens, or an answer with nothing about any request: 404 for an unknown token, 410
 * for an ended or expired one (with how to get a new link). The token is looked up first, and a valid one always opens: a 256-bit
 * token needs no guard, and a carrier's shared address must not lock its buyers out. Only failures
 * count, per client (IPv6 by its /64): after 20 in 15 minutes an unknown token gets 429 instead of 404,
 * so a guesser gets 20 tries per 15 minutes, not millions. The failures are in the store, so a
 * restart does not forget them.
 */
export function openProofLink(
  token: string,
  clientIp: string,
  service: QuoteService = getQuoteService(),
  now = Date.now(),
): StoredQuote {
  const quote = service.proofs.open(token, now);
  if (quote) return quote;
  // A real link that was ended or ran out: 410, saying so and how to get a new one (not a guess: not counted).
  const closed = service.proofs.closedLink(token, now);
  if (closed) throw data(proofText.page[closed], { status: 410, headers: proofHeaders });
  const heldUntil = service.proofs.failedLookup(addressKey(clientIp), now);
  if (heldUntil !== null) {
    const retryAfter = String(Math.ceil((heldUntil - now) / 1000));
    throw data(proofText.page.tooMany, { status: 429, headers: { ...proofHeaders, "Retry-After": retryAfter } });
  }
  throw data("Not found", { status: 404, headers: proofHeaders });
}

/**
 * Refuses (403) an answer this site's proof page did not post. The page is under no-referrer, so the
 * browser's post says `Origin: null` with `Sec-Fetch-Site: same-origin` (see sentFromThisSite).
 */
export function requireProofOrigin(request: Request) {
  if (!sentFromThisSite(request))
    throw data("Answers can only be sent from the proof page itself.", { status: 403, headers: proofHeaders });
}

/** What the buyer's page and the record show: the latest version, the earlier ones with their answers. */
export function proofPageData(service: QuoteService, quote: StoredQuote) {
  const record = proofRecord(quote, service.proofs.proofs(quote.id));
  const latest = record.at(-1);
  if (!latest) throw data("Not found", { status: 404, headers: proofHeaders });
  const design = quote.design;
  return {
    reference: quote.reference,
    item: design?.itemId ?? quote.product,
    design: design
      ? {
          itemId: design.itemId,
          text: design.text,
          colours: design.colours,
          mockup: service.store.attachments(quote.id).some((file) => file.role === "mockup"),
        }
      : null,
    latest,
    earlier: record.slice(0, -1).reverse(),
    approved: approvedVersion(record) ?? null,
  };
}

/** What the approval record shows, for the buyer's link and the desk alike: the versions newest first. */
export function proofRecordData(service: QuoteService, quote: StoredQuote) {
  const { reference, item, approved, latest, earlier } = proofPageData(service, quote);
  return { reference, item, approved, versions: [latest, ...earlier] };
}
