import { statusLabel } from "~/content/desk";

/**
 * A request's status (the desk's "Status") as a state machine: the statuses, the events that move them
 * and the one rule that says where an event takes a request, or why it may not. Plain TypeScript, no
 * I/O: the store applies what it decides, and nothing else writes a status. The statuses say whose move
 * it is: the office's (New, Waiting on us) or the buyer's (Waiting on buyer), or that it is over.
 */
export const quoteStatuses = ["new", "waiting_on_us", "waiting_on_buyer", "won", "lost"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** The statuses a request ends in: it is finished, no longer open, whatever comes after. */
export const finishedStatuses = ["won", "lost"] as const satisfies readonly QuoteStatus[];

/** Statuses of before whose-move-it-is: still named by old history entries, never set again. */
export const earlierStatuses = ["replied", "quoted"] as const;
export type EarlierStatus = (typeof earlierStatuses)[number];

export const isQuoteStatus = (value: unknown): value is QuoteStatus =>
  typeof value === "string" && (quoteStatuses as readonly string[]).includes(value);

/** Why a request was lost: one of these, then optionally the staff member's words ("Price: 20% dearer"). */
export const lostReasons = [
  "Price",
  "Delivery time",
  "Chose another supplier",
  "No reply from buyer",
  "Other",
] as const;
export type LostReason = (typeof lostReasons)[number];

/** The reason kept with a Lost status: the choice, and the details when given. */
export const lostReasonText = (choice: LostReason, details = "") =>
  details.trim() ? `${choice}: ${details.trim()}` : choice;

/** Whether a reason starts with a choice of the list (as `lostReasonText` writes it). */
export const isLostReason = (reason: string) =>
  lostReasons.some((choice) => reason === choice || reason.startsWith(`${choice}: `));

/** What happens to a request that may move its status. */
export type StatusEvent =
  /** A reply to the buyer was queued (by a staff member). */
  | { type: "replied" }
  /** A proof was sent to the buyer. */
  | { type: "proof sent" }
  /** A staff member answered the buyer on WhatsApp. */
  | { type: "whatsapp used" }
  /** The buyer's e-mail reached the request. */
  | { type: "buyer replied" }
  /** The buyer asked for changes to a proof. */
  | { type: "changes requested" }
  /** A priced quotation was sent to the buyer. */
  | { type: "quotation sent" }
  /** The buyer asked for changes to a quotation. */
  | { type: "quotation changes asked" }
  /** A quotation expired unanswered: the office's move again. */
  | { type: "quotation expired" }
  /** The buyer accepted a quotation: the request became an order. */
  | { type: "quotation accepted" }
  /** A staff member chose a status on the request's page (or with Mark Won), with the reason a Lost one gives. */
  | { type: "staff chose"; status: QuoteStatus; reason: string };

export const statusEventTypes = [
  "replied",
  "proof sent",
  "whatsapp used",
  "buyer replied",
  "changes requested",
  "quotation sent",
  "quotation changes asked",
  "quotation expired",
  "quotation accepted",
  "staff chose",
] as const satisfies StatusEvent["type"][];

/** What the rule needs to know beyond the request's status, read by the module that owns it (unknown: no). */
export type StatusFacts = {
  /** Where the request's latest proof stands; absent when none was sent. */
  latestProof?: "waiting" | "changes requested" | "approved";
};

export type StatusRefusal = "won needs an approved proof" | "lost needs a reason";

export type StatusMove =
  | {
      ok: true;
      status: QuoteStatus;
      /** The reason kept with the status (a Lost one's), or null to leave the stored reason as it is. */
      reason: string | null;
      /** Whether the move goes into the request's history (a staff choice always does, even of the same status). */
      recorded: boolean;
      /** Whether the request now counts as answered (an answer to the buyer, or a status other than New). */
      answers: boolean;
      /**
       * Whether the office's clock starts again: the buyer wrote back to an open request, so it waits for
       * an answer anew, due 24 business hours later (in Open and, once late, in Overdue).
       */
      restartsClock: boolean;
    }
  | { ok: false; refused: StatusRefusal };

type AutomaticEvent = Exclude<StatusEvent["type"], "staff chose">;

/** Where each automatic event hands the move: to the buyer after our answer, to us after theirs. */
const movesTo: Record<AutomaticEvent, QuoteStatus> = {
  replied: "waiting_on_buyer",
  "proof sent": "waiting_on_buyer",
  "whatsapp used": "waiting_on_buyer",
  "buyer replied": "waiting_on_us",
  "changes requested": "waiting_on_us",
  "quotation sent": "waiting_on_buyer",
  "quotation changes asked": "waiting_on_us",
  "quotation expired": "waiting_on_us",
  "quotation accepted": "won",
};

/** The moves that hand the request back to the office: not an answer, and its clock starts again. */
const backToUs: ReadonlySet<AutomaticEvent> = new Set([
  "buyer replied",
  "changes requested",
  "quotation changes asked",
  "quotation expired",
]);

/** Where `event` takes a request that is `current`, or why it may not move. */
export function nextStatus(current: QuoteStatus, event: StatusEvent, facts: StatusFacts = {}): StatusMove {
  if (event.type === "staff chose") {
    // Staff may set any status, back as well as forward; Won and Lost only through here. A request whose
    // proof is out is Won once the buyer approved its latest version, not before; one won without a
    // proof (a repeat order, a deal closed by phone) is Won when staff say so.
    if (event.status === "won" && facts.latestProof !== undefined && facts.latestProof !== "approved")
      return { ok: false, refused: "won needs an approved proof" };
    const reason = event.status === "lost" ? event.reason.trim() : "";
    if (event.status === "lost" && !isLostReason(reason)) return { ok: false, refused: "lost needs a reason" };
    return {
      ok: true,
      status: event.status,
      reason,
      recorded: true,
      answers: event.status !== "new",
      restartsClock: false,
    };
  }
  // Automatic moves never take a request out of Won or Lost: a late e-mail is kept, the outcome stays.
  // An acceptance is the buyer's binding word, so it wins a request even one given up as Lost.
  const closed = event.type === "quotation accepted" ? current === "won" : current === "won" || current === "lost";
  const next = closed ? current : movesTo[event.type];
  return {
    ok: true,
    status: next,
    reason: null,
    recorded: next !== current,
    answers: !backToUs.has(event.type),
    restartsClock: !closed && backToUs.has(event.type),
  };
}

/** The history's line for a status, an earlier one in its own words: "Status: Waiting on buyer", "Status: Lost (Price)". */
export function statusHistoryText(status: QuoteStatus | EarlierStatus, reason = "") {
  const label = statusLabel[status];
  return reason ? `Status: ${label} (${reason})` : `Status: ${label}`;
}
