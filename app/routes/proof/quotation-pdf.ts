import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { quotationFileName } from "~/lib/quotations/desk.server";
import { quotationPdf } from "~/lib/quotations/pdf.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import type { Route } from "./+types/quotation-pdf";

/**
 * A sent version of the link's own request's quotation as a PDF ("v1.pdf"), made again from its stored
 * rows as the buyer was sent it; any other name, or another request's version, is not found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const version = /^v([1-9]\d{0,3})\.pdf$/.exec(params.file)?.[1];
  const quotation = version ? new Quotations(service.store).version(quote.id, Number(version)) : null;
  if (!quotation?.sentAt) return new Response("Not found", { status: 404, headers: proofHeaders });
  const pdf = await quotationPdf(quote, quotation);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...proofHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${quotationFileName(quote.reference, quotation.version!)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
