import type Database from "better-sqlite3";
import { pakistanDayStart } from "~/lib/desk/time";
import { isEmailAddress } from "~/lib/email-address";
import { goneOutSince, nthLatestGoneOutAt, queueMessage } from "~/lib/messaging/messaging.server";

/** Acknowledgements one buyer address gets per Pakistan day: the form cannot be used to flood an inbox. */
export const ACKNOWLEDGEMENTS_PER_DAY = 3;

/** Acknowledgements the whole site sends per hour unless told otherwise (ACK_SITE_LIMIT_PER_HOUR). */
export const ACKNOWLEDGEMENTS_PER_HOUR = 60;

/** Why an acknowledgement was recorded and not sent, when a limit held it back. */
export type AcknowledgementHeld = "address-limit" | "site-limit";

/**
 * Queues the buyer's acknowledgement of a stored request, in the caller's transaction: recorded "off"
 * (not sent) when e-mail is off, when the address is not one valid address, when that address had its
 * day's acknowledgements already, or when the site sent `perHour` in the last hour (a script spreading
 * its requests over many addresses). A limit's reason is kept in the row's payload and returned.
 * Its text is made from the request when it is sent.
 */
export function queueAcknowledgement(
  db: Database.Database,
  {
    quoteId,
    email,
    mailOn,
    now,
    perHour = ACKNOWLEDGEMENTS_PER_HOUR,
  }: { quoteId: number; email: string; mailOn: boolean; now: Date; perHour?: number },
): { id: number | null; held: AcknowledgementHeld | null } {
  const recipient = email.trim();
  const mailable = mailOn && isEmailAddress(recipient);
  const dayStart = new Date(pakistanDayStart(now.getTime())).toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const held: AcknowledgementHeld | null = !mailable
    ? null
    : goneOutSince(db, "acknowledgement", recipient, dayStart) >= ACKNOWLEDGEMENTS_PER_DAY
      ? "address-limit"
      : (nthLatestGoneOutAt(db, "acknowledgement", perHour) ?? "") >= hourAgo
        ? "site-limit"
        : null;
  const id = queueMessage(db, {
    quoteId,
    kind: "acknowledgement",
    recipient,
    // The subject is ours: nothing the buyer wrote goes into it.
    subject: "",
    status: mailable && !held ? "queued" : "off",
    ...(held ? { payload: { held } } : {}),
    now,
  });
  return { id, held };
}
