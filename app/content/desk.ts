import { MIN_PASSWORD_LENGTH } from "~/lib/desk/password-rule";
import type { ColleagueRefusal } from "~/lib/desk/colleagues.server";
import type { EarlierStatus, LostReason, QuoteStatus, StatusRefusal } from "~/lib/requests/status";

const reasonNeeded = "Choose why the request was lost.";

/** "1 request", "3 requests". */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
    expired: "This set-up link has expired or was already used. Ask an owner of the desk to send you a new one.",
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
    requests: "Requests",
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
    lostReason: "Why it was lost",
    lostReasonNone: "Choose…",
    reason: "Details (optional)",
    saveStatus: "Save status",
    reasonNeeded,
    /** Why the status rules refused the status chosen. */
    statusRefused: {
      "won needs an approved proof":
        "Won needs the buyer's approval of the latest proof, which they have not given yet: Mark Won appears once they approve it.",
      "lost needs a reason": reasonNeeded,
    } satisfies Record<StatusRefusal, string>,
    owner: "Owner",
    ownerSection: "Owner and deadline",
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
    whatsappHint: "Opens WhatsApp and counts as your answer (recorded with your name).",
    noWhatsapp: "This number cannot take WhatsApp (a landline or an extension): call instead.",
    call: "Call",
    conversation: "Conversation",
    conversationEmpty: "No e-mails yet besides the request.",
    conversationFrom: "From",
    conversationQuoted: "Earlier messages quoted",
    strangerAddress: "Not the request's e-mail address: matched by the reference in the subject.",
    attachmentsNotKept:
      "Files in this e-mail (not kept here: ask the buyer to send them with the quote form if needed)",
    attachmentsLeftOut: (count: number) => `${count} more file${count === 1 ? "" : "s"} not listed`,
    tooLarge: "This e-mail was too large to read here: open it in the office mailbox.",
    history: "History",
    technical: "Technical details (page, IP address, browser)",
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
  staffPage: {
    title: "Staff",
    lead: "Who can sign in to the desk. Owners also manage this page; staff work the requests and proofs.",
    name: "Name",
    email: "Email",
    role: "Role",
    roles: { owner: "Owner", staff: "Staff" },
    add: "Add colleague",
    addTitle: "Add a colleague",
    addHint: "They get an e-mail with a set-up link (24 hours, single use) to choose their password.",
    reset: "Send new set-up link",
    remove: "Remove",
    you: "you",
    waiting: "waiting for set-up",
    active: "password set",
    added: "added",
    nameNeeded: "Write the colleague's name.",
    nameTooLong: "The name is at most 100 characters.",
    emailNeeded: "Write the colleague's e-mail address, such as name@company.pk.",
    roleNeeded: "Choose Owner or Staff.",
    passOn: (name: string) =>
      `E-mail could not be sent just now: give ${name} this set-up link yourself (it works once, for 24 hours):`,
    done: {
      added: "Account added. The set-up link is on its way by e-mail.",
      reset: "A new set-up link is on its way by e-mail; earlier links no longer work.",
      removed: "Account removed. Their sessions have ended.",
    },
    refused: {
      "already has an account": "That address already has an account: send it a new set-up link instead.",
      "no such account": "There is no account for that address (any more).",
      "the last owner": "The desk needs an owner: add another owner before removing the last one.",
      yourself: "You cannot remove your own account: ask another owner.",
    } satisfies Record<ColleagueRefusal, string>,
  },
  reportsPage: {
    title: "Reports",
    lead: "How the office is doing, in Pakistan time: weeks start on Monday, money is the quotations' totals with tax.",
    range: "Period",
    rangeOption: (weeks: number) => `Last ${weeks} weeks`,
    show: "Show",
    csv: "Download CSV",
    none: "None yet",
    firstAnswer: {
      title: "First answer",
      lead: (hours: number) =>
        `How long the first answer took, in business hours, by the week the request arrived; the promise is ${hours} business hours. The share counts requests answered in time out of those answered or already past due.`,
      week: "Week from",
      requests: "Requests",
      median: "Median (business hours)",
      within: (hours: number) => `Within ${hours} h`,
      promise: (hours: number) => `Promise: ${hours} h`,
      chart: (weeks: number, answered: number, percent: string, median: string) =>
        `First answer over ${weeks} weeks: ${counted(answered, "request", "requests")} answered, ${percent} of those due within the promise; the latest week's median ${median}.`,
    },
    categories: {
      title: "Requests by category",
      lead: "Requests by the week they arrived, by the category of their item (a studio design's, or the product named); Other for words the catalogue does not know.",
      chart: (total: number, weeks: number, top: string) =>
        `${counted(total, "request", "requests")} over ${weeks} weeks; most of them ${top}.`,
    },
    outcomes: {
      title: "Won and lost",
      lead: "Of the requests that arrived in the period: how many were won and lost, the win rate out of those decided, and why the lost ones were lost.",
      received: "Requests received",
      won: "Won",
      lost: "Lost",
      winRate: "Win rate",
      reason: "Lost because",
      count: "Requests",
      chart: (won: number, lost: number, rate: string) => `${won} won, ${lost} lost: a win rate of ${rate}.`,
      /** The lost reasons in the few letters a chart's axis has room for (the table has them whole). */
      reasonOnAxis: {
        Price: "Price",
        "Delivery time": "Delivery",
        "Chose another supplier": "Competitor",
        "No reply from buyer": "No reply",
        Other: "Other",
      } satisfies Record<LostReason, string>,
    },
    value: {
      title: "Quoted and won value",
      lead: "By month: the quotations sent (each request's latest version, at every line's first option) and the orders accepted, with tax.",
      month: "Month",
      quoted: "Quoted",
      won: "Won",
      chart: (quoted: string, won: string, months: number) =>
        `Over ${counted(months, "month", "months")}: ${quoted} quoted, ${won} won.`,
    },
    orders: {
      title: "Orders",
      lead: "Orders made each month. Orders on time will show once orders keep their promised and delivered dates.",
      month: "Month",
      orders: "Orders",
      onTime: "Orders on time",
      noDeliveries: "No delivered orders yet.",
      chart: (orders: number, months: number) =>
        `${counted(orders, "order", "orders")} over ${counted(months, "month", "months")}.`,
    },
  },
} as const;

/** Each status as the desk says it (whose move it is); the earlier ones for history entries written then. */
export const statusLabel: Record<QuoteStatus | EarlierStatus, string> = {
  new: "New",
  waiting_on_us: "Waiting on us",
  waiting_on_buyer: "Waiting on buyer",
  won: "Won",
  lost: "Lost",
  replied: "Replied",
  quoted: "Quoted",
};
