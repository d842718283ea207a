import type { ProofDesk } from "~/lib/proofs/proofs.server";
import { Orders } from "~/lib/orders/orders.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import { acceptanceRecordPdf } from "./pdf.server";
import { Quotations } from "./quotations.server";

/**
 * The acceptance record PDF of a request's order, with the approved proof's picture when the latest
 * proof is approved; null when nothing was accepted. Made from the stored rows each time it is asked for.
 */
export async function acceptancePdfOf(
  store: QuoteStore,
  quote: StoredQuote,
  proofs?: ProofDesk,
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const order = new Orders(store).forRequest(quote.id);
  if (!order) return null;
  const quotation = new Quotations(store).versions(quote.id).find((version) => version.id === order.quotationId);
  if (!quotation?.acceptance) return null;
  const proof = proofs?.latest(quote.id);
  const approved =
    proof?.answer === "approved"
      ? { version: proof.version, sha256: proof.sha256, imagePath: proof.path, mediaType: proof.mediaType }
      : undefined;
  const pdf = await acceptanceRecordPdf(quote, quotation, quotation.acceptance, approved);
  return { fileName: `${order.reference}-acceptance.pdf`, pdf };
}
