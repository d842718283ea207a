/**
 * The inbox's views. Open: every request not finished (neither Won nor Lost), the ones still waiting
 * for a first answer first, soonest reply-by first, then the answered ones newest first; Mine and Unassigned the same, of the member's
 * or nobody's requests; Overdue: unanswered past their reply-by time, the longest overdue first; All:
 * newest first. (The store runs them: app/lib/quotes/store.server.ts.)
 */
export const inboxViews = ["open", "mine", "unassigned", "overdue", "all"] as const;
export type InboxView = (typeof inboxViews)[number];
