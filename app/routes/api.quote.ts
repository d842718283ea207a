import { handleQuoteApi } from "~/lib/quotes/http.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/api.quote";

// POST /api/quote: the quote form's JSON path when JavaScript runs (see app/lib/send-quote.ts).
export function action({ request, context }: Route.ActionArgs) {
  return handleQuoteApi(request, context, getQuoteService());
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handleQuoteApi(request, context, getQuoteService());
}
