import { Orders } from "~/lib/orders/orders.server";
import { Payments, receiptNumberPattern } from "~/lib/payments/payments.server";
import { receiptFileName, receiptPdf } from "~/lib/payments/receipt-pdf.server";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import type { Route } from "./+types/receipt-pdf";

/** One of the link's own order's receipts as a PDF; any other number (another request's) is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const number = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  const order = receiptNumberPattern.test(number) ? new Orders(service.store).forRequest(quote.id) : null;
  const receipt = order ? new Payments(service.store).receiptOf(order.id, number) : null;
  if (!receipt) return new Response("Not found", { status: 404, headers: proofHeaders });
  return new Response(new Uint8Array(await receiptPdf(receipt)), {
    headers: {
      ...proofHeaders,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(number)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
