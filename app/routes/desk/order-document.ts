import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { orderDocument } from "~/lib/invoices/desk.server";
import { creditNoteFileName, documentNumberPattern, invoiceFileName } from "~/lib/invoices/files";
import { creditNotePdf, invoicePdf } from "~/lib/invoices/pdf.server";
import { orderByReference } from "~/lib/payments/desk.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/order-document";

/** An order's sales tax invoice or credit note as a PDF download, made from its issued rows. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const number = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  const target = documentNumberPattern.test(number) ? orderByReference(service, params.reference) : null;
  const document = target ? orderDocument(service, target.order, number) : null;
  if (!document) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  // Marked as FBR has it: its number once accepted, plainly not final before.
  const pdf =
    document.kind === "invoice"
      ? await invoicePdf(document.invoice, document.mark)
      : await creditNotePdf(document.note, document.mark);
  const fileName = document.kind === "invoice" ? invoiceFileName(number) : creditNoteFileName(number);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = takesNoForm;
