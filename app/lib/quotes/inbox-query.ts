import { quoteStatuses, type QuoteStatus } from "~/lib/quote-status";
import { inboxViews, type InboxView } from "./inbox-views";

const isStatus = (value: string | null): value is QuoteStatus => quoteStatuses.includes(value as QuoteStatus);
const isView = (value: string | null): value is InboxView => inboxViews.includes(value as InboxView);

/** The inbox's view, status and search as its address gives them (the export reads the same). */
export function inboxQuery(params: URLSearchParams): { view: InboxView; status?: QuoteStatus; search: string } {
  const status = params.get("status");
  const view = params.get("view");
  return {
    view: isView(view) ? view : "open",
    status: isStatus(status) ? status : undefined,
    search: params.get("q")?.slice(0, 200) ?? "",
  };
}

/** The query string of an inbox view with its status and search ("" for Open with neither). */
export function inboxParams({ view, status, search }: { view: InboxView; status: string; search: string }) {
  const query = new URLSearchParams();
  if (view !== "open") query.set("view", view);
  if (status) query.set("status", status);
  if (search) query.set("q", search);
  return query;
}
