/** Where a request stands with the business (the desk's "Status"): shared by the store and the desk's pages. */
export const quoteStatuses = ["new", "replied", "quoted", "won", "lost"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
