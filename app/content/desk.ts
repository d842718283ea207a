import { MIN_PASSWORD_LENGTH } from "~/lib/desk/password-rule";
import type { QuoteStatus } from "~/lib/quote-status";
import type { StatusRefusal } from "~/lib/requests/status";

const reasonNeeded = "Say why the request was lost.";

/** The words of the staff desk (/desk). */
export const deskText = {
  title: "Quote desk",
  signIn: {
    title: "Sign in to the quote desk",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    setupDone: "Your password is saved. Sign in with it.",
  },
  setup: {
    title: "Choose your password",
    lead: `At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most common passwords.`,
    password: "New password",
    repeat: "Repeat password",
    submit: "Save password",
    expired: "This set-up link has expired or was already used. Ask for a new one (npm run staff -- reset EMAIL).",
  },
  signOut: "Sign out",
  inbox: {
    title: "Quote requests",
    search: "Search",
    searchHint: "Name, company, e-mail, reference or product",
    status: "Status",
    allStatuses: "All",
    show: "Show",
    none: "No requests match.",
    newer: "Newer",
    older: "Older",
    exportCsv: "Export CSV",
    exportJson: "Export JSON",
    /** The same CSV with how each request came and its e-mail's state (IP address, browser, page, …). */
    exportTechnical: "CSV with technical columns",
    views: "Views",
    view: { open: "Open", mine: "Mine", unassigned: "Unassigned", overdue: "Overdue", all: "All" },
    /** What each view shows, under the count of requests. */
    viewHint: {
      open: "Waiting for an answer first, the soonest reply-by first; then the answered ones, newest first.",
      mine: "Yours: waiting for an answer first, the soonest reply-by first.",
      unassigned: "Nobody's yet: waiting for an answer first, the soonest reply-by first.",
      overdue: "Not answered by their reply-by time, the longest overdue first.",
      all: "Every request, newest first.",
    },
    unassigned: "Unassigned",
    overdue: "Overdue",
    replyBy: (deadline: string) => `reply by ${deadline}`,
  },
  /** The header's count of requests not answered by their reply-by time. */
  overdueInHeader: "Overdue",
  quote: {
    back: "All requests",
    status: "Status",
    reason: "Reason (when lost)",
    saveStatus: "Save status",
    reasonNeeded,
    /** Why the status rules refused the status chosen. */
    statusRefused: {
      "won needs an approved proof":
        "Won needs the buyer's approval of the latest proof, which they have not given yet: Mark Won appears once they approve it.",
      "lost needs a reason": reasonNeeded,
    } satisfies Record<StatusRefusal, string>,
    owner: "Owner",
    nobody: "Nobody",
    unassigned: "Unassigned",
    assign: "Assign",
    take: "Take it",
    chooseOwner: "Choose a staff member, or Nobody.",
    noSuchStaff: "That staff member is not on the desk (any more): reload the page and choose again.",
    replyBy: "Reply by",
    answered: "Answered",
    overdue: "Overdue",
    note: "Note",
    noteHint: "Seen by staff only.",
    addNote: "Add note",
    reply: "Reply",
    sendReply: "Send reply",
    replyOff: "E-mail is off on this server (SMTP_URL and QUOTE_NOTIFY_TO), so replies cannot be sent from here.",
    whatsapp: "Reply on WhatsApp",
    history: "History",
    files: "Files",
    design: "Design from the brand studio",
    saved: {
      status: "Status saved.",
      note: "Note added.",
      reply: "Reply queued: it is e-mailed to the buyer now.",
      assign: "Owner saved.",
      take: "The request is yours now.",
    },
    empty: "Write something first.",
  },
} as const;

export const statusLabel: Record<QuoteStatus, string> = {
  new: "New",
  replied: "Replied",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};
