import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { acceptancePdfOf } from "~/lib/quotations/acceptance-pdf.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import type { Route } from "./+types/acceptance-pdf";

/** The acceptance record as a PDF, for the buyer's link: always a download, made from the stored rows. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const record = await acceptancePdfOf(service.store, quote, service.proofs);
  if (!record) return new Response("Not found", { status: 404, headers: proofHeaders });
  return new Response(new Uint8Array(record.pdf), {
    headers: {
      ...proofHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${record.fileName}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
