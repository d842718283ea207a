import { readFile } from "node:fs/promises";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { proofFileHeaders } from "~/lib/proofs/serve.server";
import { proofExtension, type ProofType } from "~/lib/proofs/rules";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/mail-file";

/**
 * A kept file of a buyer's e-mail, to a session only and under its own request only: always a download
 * of its checked type under a name we make, under the policy that runs nothing in it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const file = quote && Number.isSafeInteger(id) ? service.messaging.messageFile(quote.id, id) : undefined;
  if (!quote || !file?.storedName || !file.mediaType) return new Response("Not found", { status: 404 });
  const mediaType = file.mediaType as ProofType;
  return new Response(new Uint8Array(await readFile(service.files.path("attachments", file.storedName))), {
    headers: proofFileHeaders(
      `${quote.reference}-mail-file-${file.id}.${proofExtension[mediaType]}`,
      mediaType,
      "attachment",
    ),
  });
}

export const action = takesNoForm;
