import { readFile } from "node:fs/promises";
import { Orders } from "~/lib/orders/orders.server";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import type { Route } from "./+types/qc-photo";

/**
 * A quality-check photo of the link's own order, in its smaller copy (a JPEG without metadata), under
 * a name we make; a photo of another order, or one with no smaller copy, is not found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const order = new Orders(service.store).forRequest(quote.id);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const photo = order && Number.isSafeInteger(id) ? service.orders.photo(order.id, id) : null;
  if (!order || !photo?.smallPath) return new Response("Not found", { status: 404, headers: proofHeaders });
  return new Response(new Uint8Array(await readFile(photo.smallPath)), {
    headers: {
      ...proofHeaders,
      ...proofFileHeaders(`${order.reference}-qc-${photo.id}.jpg`, "image/jpeg", "inline"),
    },
  });
}
