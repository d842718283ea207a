import { readFile } from "node:fs/promises";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { proofFileName } from "~/lib/proofs/rules";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/proof-file";

/** A proof's file on the desk, to a session only, under the same sandbox as the buyer's download. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  const proof = quote && service.proofs.proofs(quote.id).find((item) => String(item.version) === params.version);
  if (!quote || !proof) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await readFile(proof.path)), {
    headers: proofFileHeaders(proofFileName(quote, proof), proof.mediaType, "inline"),
  });
}

export const action = takesNoForm;
