/** Where a request stands with the business (the desk's "Status"): its rules are in `~/lib/requests/status`. */
export { quoteStatuses, type QuoteStatus } from "~/lib/requests/status";
