import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { quotationFileName } from "~/lib/quotations/desk.server";
import { quotationPdf } from "~/lib/quotations/pdf.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/quotation-pdf";

/** A sent version's PDF, made again from its stored rows (as the buyer was sent it), as a download. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  const version = /^v(\d{1,4})\.pdf$/.exec(params.file)?.[1];
  const quotation = quote && version ? new Quotations(service.store).version(quote.id, Number(version)) : null;
  if (!quote || !quotation) return new Response("Not found", { status: 404 });
  const pdf = await quotationPdf(quote, quotation);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${quotationFileName(quote.reference, quotation.version!)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = takesNoForm;
