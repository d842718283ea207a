import { readFile } from "node:fs/promises";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { proofExtension, type ProofType } from "~/lib/proofs/rules";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/order-photo";

/**
 * A QC photo of an order, to a session only and under its own order only: a download of its checked
 * type under a name we make, under the policy that runs nothing in it. `?size=small` gives the order
 * page's thumbnail inline: the smaller copy, or the photo itself when it was kept before there were any.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  requirePermission(context, "orders.manage");
  const service = getQuoteService();
  const order = service.orders.byReference(params.reference);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const photo = order && Number.isSafeInteger(id) ? service.orders.photo(order.id, id) : null;
  if (!order || !photo) return new Response("Not found", { status: 404 });
  const thumbnail = new URL(request.url).searchParams.get("size") === "small";
  const small = thumbnail ? photo.smallPath : null;
  const mediaType = small ? "image/jpeg" : (photo.mediaType as ProofType);
  return new Response(new Uint8Array(await readFile(small ?? photo.path)), {
    headers: proofFileHeaders(
      `${order.reference}-qc-${photo.id}${small ? "-small" : ""}.${proofExtension[mediaType]}`,
      mediaType,
      thumbnail ? "inline" : "attachment",
    ),
  });
}

export const action = takesNoForm;
