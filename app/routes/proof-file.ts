import { readFile } from "node:fs/promises";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/proof-file";

/**
 * A proof's file for its link: the latest version, or an earlier one by `?v=`. A download
 * (`Content-Disposition: attachment`) unless `?inline`, for the page's picture and PDF frame; always its
 * checked type and a sandboxing policy.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.clientIp);
  const url = new URL(request.url);
  const proofs = service.proofs.proofs(quote.id);
  const wanted = url.searchParams.get("v");
  const proof = wanted ? proofs.find((item) => String(item.version) === wanted) : proofs.at(-1);
  if (!proof) return new Response("Not found", { status: 404, headers: proofHeaders });
  return new Response(new Uint8Array(await readFile(proof.path)), {
    headers: {
      ...proofHeaders,
      ...proofFileHeaders(quote, proof, url.searchParams.has("inline") ? "inline" : "attachment"),
    },
  });
}
