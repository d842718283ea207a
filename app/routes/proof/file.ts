import { readFile } from "node:fs/promises";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { proofFileName } from "~/lib/proofs/rules";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/file";
import { clientIpContext } from "~/lib/request-context";

/**
 * A proof's file for its link: the latest version, or an earlier one by `?v=` (or, by `?design`, the
 * buyer's studio mockup). A download (`Content-Disposition: attachment`) unless `?inline`, for the
 * page's pictures (a PDF is always a download: serve.server.ts); always its checked type and a
 * sandboxing policy.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const url = new URL(request.url);
  if (url.searchParams.has("design")) {
    // The buyer's own mockup from the studio, shown beside the proof.
    const mockup = service.store.attachments(quote.id).find((file) => file.role === "mockup");
    if (!mockup) return new Response("Not found", { status: 404, headers: proofHeaders });
    return new Response(new Uint8Array(await readFile(mockup.path)), {
      headers: {
        ...proofHeaders,
        ...proofFileHeaders(`${quote.reference}-design.png`, "image/png", "inline"),
      },
    });
  }
  const proofs = service.proofs.proofs(quote.id);
  const wanted = url.searchParams.get("v");
  const proof = wanted ? proofs.find((item) => String(item.version) === wanted) : proofs.at(-1);
  if (!proof) return new Response("Not found", { status: 404, headers: proofHeaders });
  return new Response(new Uint8Array(await readFile(proof.path)), {
    headers: {
      ...proofHeaders,
      ...proofFileHeaders(
        proofFileName(quote, proof),
        proof.mediaType,
        url.searchParams.has("inline") ? "inline" : "attachment",
      ),
    },
  });
}
