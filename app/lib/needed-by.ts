/*
 * The rule of a request's needed-by date, without zod: the quote form's date field offers the range
 * in its first view, and the shared schema (./quote-schema.ts) refuses a date outside it.
 */

/** How far ahead a needed-by date may be. */
export const NEEDED_BY_YEARS_AHEAD = 2;

const PKT_OFFSET_MS = 5 * 3_600_000; // the office's days are Pakistan's: UTC+5 all year

/** Whether a text is a day of the calendar written YYYY-MM-DD (what a date field posts). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * The needed-by dates a request may name at `now`: from today to the same day two years on (29
 * February to 1 March), as the office counts days.
 */
export function neededByRange(now: Date = new Date()): { earliest: string; latest: string } {
  const today = new Date(now.getTime() + PKT_OFFSET_MS);
  const latest = new Date(today);
  latest.setUTCFullYear(today.getUTCFullYear() + NEEDED_BY_YEARS_AHEAD);
  return { earliest: today.toISOString().slice(0, 10), latest: latest.toISOString().slice(0, 10) };
}
