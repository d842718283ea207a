/**
 * A request's status (the desk's "Status") as a state machine: the statuses, the events that move them
 * and the one rule that says where an event takes a request, or why it may not. Plain TypeScript, no
 * I/O: the store applies what it decides, and nothing else writes a status.
 */
export const quoteStatuses = ["new", "replied", "quoted", "won", "lost"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const isQuoteStatus = (value: unknown): value is QuoteStatus =>
  typeof value === "string" && (quoteStatuses as readonly string[]).includes(value);

/** What happens to a request that may move its status. */
export type StatusEvent =
  /** A reply to the buyer was queued (by a staff member). */
  | { type: "replied" }
  /** A proof was sent to the buyer. */
  | { type: "proof sent" }
  /** A staff member chose a status on the request's page (or with Mark Won), with the reason a Lost one gives. */
  | { type: "staff chose"; status: QuoteStatus; reason: string };

export const statusEventTypes = ["replied", "proof sent", "staff chose"] as const satisfies StatusEvent["type"][];

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
      /** Whether the request now counts as answered (a reply, a proof, or a status other than New). */
      answers: boolean;
    }
  | { ok: false; refused: StatusRefusal };

/** Automatic moves go forward only: a reply or a proof never takes a request back, nor out of Won or Lost. */
const forward: Record<Exclude<StatusEvent["type"], "staff chose">, Partial<Record<QuoteStatus, QuoteStatus>>> = {
  replied: { new: "replied" },
  "proof sent": { new: "quoted", replied: "quoted" },
};

/** Where `event` takes a request that is `current`, or why it may not move. */
export function nextStatus(current: QuoteStatus, event: StatusEvent, facts: StatusFacts = {}): StatusMove {
  if (event.type === "staff chose") {
    // Staff may set any status, back as well as forward; Won and Lost only through here. A request whose
    // proof is out is Won once the buyer approved its latest version, not before; one won without a
    // proof (a repeat order, a deal closed by phone) is Won when staff say so.
    if (event.status === "won" && facts.latestProof !== undefined && facts.latestProof !== "approved")
      return { ok: false, refused: "won needs an approved proof" };
    const reason = event.status === "lost" ? event.reason.trim() : "";
    if (event.status === "lost" && !reason) return { ok: false, refused: "lost needs a reason" };
    return { ok: true, status: event.status, reason, recorded: true, answers: event.status !== "new" };
  }
  const next = forward[event.type][current];
  return { ok: true, status: next ?? current, reason: null, recorded: next !== undefined, answers: true };
}

/** The history's line for a status: "Status: Quoted", "Status: Lost (Price)". */
export function statusHistoryText(status: QuoteStatus, reason = "") {
  const label = status[0]!.toUpperCase() + status.slice(1);
  return reason ? `Status: ${label} (${reason})` : `Status: ${label}`;
}
