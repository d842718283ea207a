import { orderDocument } from "~/lib/invoices/desk.server";
import { creditNoteFileName, documentNumberPattern, invoiceFileName } from "~/lib/invoices/files";
import { creditNotePdf, invoicePdf } from "~/lib/invoices/pdf.server";
import { Orders } from "~/lib/orders/orders.server";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import type { Route } from "./+types/invoice-pdf";

/**
 * One of the request's own invoices or credit notes as a PDF, for the buyer's link; any other number is
 * not found, nor is one not yet final (waiting for FBR, or refused by it).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const number = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  const order = documentNumberPattern.test(number) ? new Orders(service.store).forRequest(quote.id) : null;
  const document = order ? orderDocument(service, order, number, { forBuyer: true }) : null;
  if (!document) return new Response("Not found", { status: 404, headers: proofHeaders });
  // Marked as FBR has it: its number once accepted, plainly not final before.
  const pdf =
    document.kind === "invoice"
      ? await invoicePdf(document.invoice, document.mark)
      : await creditNotePdf(document.note, document.mark);
  const fileName = document.kind === "invoice" ? invoiceFileName(number) : creditNoteFileName(number);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...proofHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
