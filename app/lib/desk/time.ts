/**
 * Times on the desk are Pakistan time (UTC+5 all year, no daylight saving). The business answers
 * Monday to Friday, 11:00 to 19:00 (app/content/business.ts).
 */
const PKT_OFFSET_MS = 5 * 3_600_000;
const HOUR_MS = 3_600_000;
const OPENS_HOUR = 11;
const CLOSES_HOUR = 19;

/** "2026-11-20 13:05 PKT" */
export function pakistanTime(iso: string): string {
  const local = new Date(Date.parse(iso) + PKT_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} PKT`;
}

/** Milliseconds of business hours (Mon–Fri 11:00–19:00 Pakistan time) between two instants. */
export function businessMsBetween(from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  // Walk the days in Pakistan time, adding each day's overlap with its opening hours.
  const day = new Date(from + PKT_OFFSET_MS);
  day.setUTCHours(0, 0, 0, 0);
  for (let start = day.getTime() - PKT_OFFSET_MS; start < to; start += 24 * HOUR_MS) {
    const weekday = new Date(start + PKT_OFFSET_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const open = start + OPENS_HOUR * HOUR_MS;
    const close = start + CLOSES_HOUR * HOUR_MS;
    total += Math.max(0, Math.min(close, to) - Math.max(open, from));
  }
  return total;
}

export type Waiting = { label: string; level: "ok" | "late" | "overdue" };

/**
 * How long a request has waited for its first answer: the label in elapsed time ("waiting 3 h"), the
 * level by business hours (late past 1, overdue past 24), so a request sent on Friday night is not
 * late on Saturday.
 */
export function waitingFor(receivedAt: string, now: number): Waiting {
  const received = Date.parse(receivedAt);
  const elapsed = Math.max(0, now - received);
  const hours = Math.floor(elapsed / HOUR_MS);
  const label =
    elapsed < HOUR_MS
      ? `waiting ${Math.floor(elapsed / 60_000)} min`
      : hours < 48
        ? `waiting ${hours} h`
        : `waiting ${Math.floor(hours / 24)} d`;
  const business = businessMsBetween(received, now);
  return { label, level: business > 24 * HOUR_MS ? "overdue" : business > HOUR_MS ? "late" : "ok" };
}
