import { readFile } from "node:fs/promises";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { attachmentFileName } from "~/lib/quotes/store.server";
import type { Route } from "./+types/request-file";

/**
 * A request's logo or mockup, to a session only: its stored (checked) type, shown inline under a
 * policy that runs nothing in it even when opened on its own (an SVG is a document).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const store = getQuoteService().store;
  const quote = store.byReference(params.reference);
  const file = quote && store.attachments(quote.id).find((candidate) => candidate.role === params.role);
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await readFile(file.path)), {
    headers: {
      "Content-Type": file.mediaType,
      "Content-Disposition": `inline; filename="${attachmentFileName(file)}"`,
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const action = takesNoForm;
