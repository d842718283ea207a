import { MIN_PASSWORD_LENGTH } from "~/lib/desk/password-rule";
import type { EarlierStatus, QuoteStatus, StatusRefusal } from "~/lib/requests/status";

const reasonNeeded = "Choose why the request was lost.";

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
  },
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
    files: "Files",
    design: "Design from the brand studio",
    saved: { status: "Status saved.", note: "Note added.", reply: "Reply queued: it is e-mailed to the buyer now." },
    empty: "Write something first.",
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
