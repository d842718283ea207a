import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { pakistanDate } from "~/lib/desk/time";
import { exportStream } from "~/lib/quotes/inbox.server";
import { inboxQuery } from "~/lib/quotes/inbox-query";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/export";

/**
 * The requests of the inbox's current view, status and search (the inbox's export links carry them),
 * with what the desk did about each, as CSV or JSON, streamed; `technical=1` adds the technical columns.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const member = requirePermission(context, "requests.export");
  if (params.format !== "csv" && params.format !== "json") return new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const { view, status, search } = inboxQuery(url.searchParams);
  const body = exportStream(
    getQuoteService().store,
    { view, staffId: member.id, status, search },
    { format: params.format, technical: url.searchParams.get("technical") === "1" },
  );
  const day = pakistanDate(Date.now());
  return new Response(body, {
    headers: {
      "Content-Type": params.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="quotes-${view}-${day}.${params.format}"`,
    },
  });
}

export const action = takesNoForm;
