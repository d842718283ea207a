import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { toCsv, toJson, withDeskRecords } from "~/lib/quotes/inbox.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/export";

/** Every request with what the desk did about it, as the inbox command's CSV or JSON. */
export function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.export");
  if (params.format !== "csv" && params.format !== "json") return new Response("Not found", { status: 404 });
  const store = getQuoteService().store;
  const quotes = withDeskRecords(store, store.list());
  const day = new Date().toISOString().slice(0, 10);
  return new Response(params.format === "csv" ? toCsv(quotes) : toJson(quotes), {
    headers: {
      "Content-Type": params.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="quotes-${day}.${params.format}"`,
    },
  });
}

export const action = takesNoForm;
