import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { orderByReference } from "~/lib/payments/desk.server";
import { Payments, receiptNumberPattern } from "~/lib/payments/payments.server";
import { receiptFileName, receiptPdf } from "~/lib/payments/receipt-pdf.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/order-receipt";

/** A payment's receipt of this order as a PDF download, made from its stored rows (another order's is not found). */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const number = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  const target = receiptNumberPattern.test(number) ? orderByReference(service, params.reference) : null;
  const receipt = target ? new Payments(service.store).receiptOf(target.order.id, number) : null;
  if (!receipt) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(new Uint8Array(await receiptPdf(receipt)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(number)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = takesNoForm;
