import { business } from "~/content/business";
import { publicHolidays } from "~/content/holidays";

/**
 * Every business-time rule of the site, in one module. Times are stored in UTC and shown in Pakistan
 * time (UTC+5 all year, no daylight saving). The office answers Monday to Friday in the hours of
 * app/content/business.ts, except on the public holidays of app/content/holidays.ts.
 */
const PKT_OFFSET_MS = 5 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const hourOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * HOUR_MS + Number(hhmm.slice(3, 5)) * 60_000;
const OPENS_MS = hourOf(business.hours.opens);
const CLOSES_MS = hourOf(business.hours.closes);
/** The holidays as the UTC instants their Pakistan days start at: a day is looked up by number, never by text. */
const holidayMidnights = new Set(
  publicHolidays.map((holiday) => Date.parse(`${holiday.date}T00:00:00Z`) - PKT_OFFSET_MS),
);

/** The promise to every buyer: an answer within this many business hours of the request. */
export const REPLY_WITHIN_BUSINESS_HOURS = 24;

/** "2026-11-20 13:05 PKT" */
export function pakistanTime(iso: string): string {
  const local = new Date(Date.parse(iso) + PKT_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} PKT`;
}

/** Midnight in Pakistan of the day an instant falls on, as a UTC instant. */
const pakistanMidnight = (instant: number) => {
  const local = instant + PKT_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - PKT_OFFSET_MS;
};

/** When the Pakistan day of an instant began (ms since the epoch, UTC): limits per day count from here. */
export const pakistanDayStart = (instant: number) => pakistanMidnight(instant);

/** Whether the office opens on the Pakistan day that starts at `midnight`. */
function opensOn(midnight: number): boolean {
  // Arithmetic, no Date: the inbox counts a year of days for each of its rows. 1 January 1970 was a Thursday.
  const weekday = (((Math.floor((midnight + PKT_OFFSET_MS) / DAY_MS) + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && !holidayMidnights.has(midnight);
}

/** The Pakistan date of an instant: "2026-11-26". */
export const pakistanDate = (instant: number) => new Date(instant + PKT_OFFSET_MS).toISOString().slice(0, 10);

/** The Pakistan date `days` calendar days after the date of `from` (validity dates count every day). */
export const addCalendarDays = (from: number, days: number) => pakistanDate(from + days * DAY_MS);

/** The instant a Pakistan date ends (its last millisecond, UTC): a quotation valid until it is valid until then. */
export const endOfPakistanDate = (date: string) => Date.parse(`${date}T00:00:00Z`) - PKT_OFFSET_MS + DAY_MS - 1;

/** A date as documents write it: "Thursday 10 December 2026". */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(new Date(`${date}T00:00:00Z`))
    // Some ICU versions put a comma after the weekday; documents write none.
    .replace(",", "");

/** Whether a date in Pakistan ("2026-11-23") is a working day of the office. */
export const isBusinessDay = (date: string) => opensOn(Date.parse(`${date}T00:00:00Z`) - PKT_OFFSET_MS);

/** Milliseconds of business hours between two instants. */
export function businessMsBetween(from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  for (let midnight = pakistanMidnight(from); midnight < to; midnight += DAY_MS) {
    if (!opensOn(midnight)) continue;
    total += Math.max(0, Math.min(midnight + CLOSES_MS, to) - Math.max(midnight + OPENS_MS, from));
  }
  return total;
}

/** The instant at which `ms` of business hours will have passed since `from`. */
export function addBusinessMs(from: number, ms: number): number {
  let left = ms;
  for (let midnight = pakistanMidnight(from); ; midnight += DAY_MS) {
    if (!opensOn(midnight)) continue;
    const start = Math.max(midnight + OPENS_MS, from);
    const open = midnight + CLOSES_MS - start;
    if (open <= 0) continue;
    if (left <= open) return start + left;
    left -= open;
  }
}

/** When a request that arrived at `receivedAt` must have its answer: 24 business hours later. */
export const replyBy = (receivedAt: string): number =>
  addBusinessMs(Date.parse(receivedAt), REPLY_WITHIN_BUSINESS_HOURS * HOUR_MS);

/** The Pakistan date `days` business days after the date of `from` ("2026-12-07"), for lead times. */
export function addBusinessDays(from: number, days: number): string {
  let midnight = pakistanMidnight(from);
  for (let counted = 0; counted < days;) {
    midnight += DAY_MS;
    if (opensOn(midnight)) counted++;
  }
  return new Date(midnight + PKT_OFFSET_MS).toISOString().slice(0, 10);
}

/** Made once each: a formatter costs far more to make than to use, and the inbox formats a deadline per row. */
const deadlineFormats = new Map<string, Intl.DateTimeFormat>();
const deadlineFormat = (weekday: "short" | "long", withDate: boolean) => {
  const key = `${weekday} ${withDate}`;
  let format = deadlineFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      weekday,
      ...(withDate ? { day: "numeric", month: weekday } : {}),
      timeZone: "UTC",
    });
    deadlineFormats.set(key, format);
  }
  return format;
};

/**
 * A weekday names a deadline within a week of now; one further away (a long holiday ahead, a request
 * long overdue) gets its date.
 */
const deadline = (instant: number, now: number, style: "short" | "long") => {
  const local = new Date(instant + PKT_OFFSET_MS);
  const day = deadlineFormat(style, Math.abs(instant - now) >= 6 * DAY_MS)
    .format(local)
    .replace(",", "");
  return `${day} ${local.toISOString().slice(11, 16)}`;
};

/** When something happened, as the desk's histories say it: "Tue 24 Nov 15:02" (Pakistan time). */
export function dayAndTime(iso: string): string {
  const local = new Date(Date.parse(iso) + PKT_OFFSET_MS);
  return `${deadlineFormat("short", true).format(local).replace(",", "")} ${local.toISOString().slice(11, 16)}`;
}

/** A deadline as the desk shows it: "Mon 13:00" ("Mon 30 Mar 13:00" a week or more ahead). */
export const shortDeadline = (instant: number, now = Date.now()) => deadline(instant, now, "short");

/** A deadline as a buyer reads it: "Monday 13:00 PKT" ("Monday 30 March 13:00 PKT" a week or more ahead). */
export const longDeadline = (instant: number, now = Date.now()) => `${deadline(instant, now, "long")} PKT`;

export type Waiting = { label: string; level: "ok" | "late" | "overdue" };

/**
 * How long a request has waited for its first answer, in business hours: its label ("waiting 3
 * business h") in the unit its level is judged by (late past 1, overdue past 24), so a request sent
 * on Friday night has waited no time on Saturday, and the label never says less than the colour.
 */
export function waitingFor(receivedAt: string, now: number): Waiting {
  const business = businessMsBetween(Date.parse(receivedAt), now);
  const label =
    business < HOUR_MS
      ? `waiting ${Math.floor(business / 60_000)} business min`
      : `waiting ${Math.floor(business / HOUR_MS)} business h`;
  return {
    label,
    // Overdue from the reply-by time on, as the Overdue view counts it.
    level: business >= REPLY_WITHIN_BUSINESS_HOURS * HOUR_MS ? "overdue" : business > HOUR_MS ? "late" : "ok",
  };
}

/** "Mon 14 Dec 2026" (without the year: "Mon 14 Dec"): a day, YYYY-MM-DD, as the desk writes it. */
export function deskDay(date: string, { year = true }: { year?: boolean } = {}): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  })
    .format(new Date(`${date}T00:00:00Z`))
    .replace(",", "");
}

/** A buyer's needed-by date this many business days away or fewer is close: the office says so. */
export const NEEDED_BY_CLOSE_BUSINESS_DAYS = 10;

export type DayAhead = { kind: "passed" } | { kind: "today" } | { kind: "ahead"; businessDays: number };

/**
 * How far a day (YYYY-MM-DD, Pakistan) is from the Pakistan day of `now`: passed, today, or ahead by
 * the office's working days after today up to and including it (0 for a weekend right ahead).
 */
export function dayAhead(date: string, now: number): DayAhead {
  const today = pakistanMidnight(now);
  const day = Date.parse(`${date}T00:00:00Z`) - PKT_OFFSET_MS;
  if (day < today) return { kind: "passed" };
  if (day === today) return { kind: "today" };
  let businessDays = 0;
  for (let midnight = today + DAY_MS; midnight <= day; midnight += DAY_MS) if (opensOn(midnight)) businessDays++;
  return { kind: "ahead", businessDays };
}

/** An instant as the desk lists it, date always given: "Thu 26 Nov 12:00" (Pakistan time). */
export const shortDateTime = (instant: number) => deadline(instant, instant + 7 * DAY_MS, "short");

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** An instant with its day, as the WhatsApp window is told: "27 Nov, 14:05 PKT" (Pakistan time). */
export function dayMonthTime(iso: string): string {
  const local = new Date(Date.parse(iso) + PKT_OFFSET_MS);
  return `${dayMonth.format(local)}, ${local.toISOString().slice(11, 16)} PKT`;
}

/** Near now, by its day: "14:05 PKT today", "14:05 PKT tomorrow", "14:05 PKT yesterday", else "27 Nov, 14:05 PKT". */
export function timeNearNow(iso: string, now: Date): string {
  const local = Date.parse(iso) + PKT_OFFSET_MS;
  const days = Math.floor(local / DAY_MS) - Math.floor((now.getTime() + PKT_OFFSET_MS) / DAY_MS);
  const time = `${new Date(local).toISOString().slice(11, 16)} PKT`;
  const day = ({ [-1]: "yesterday", 0: "today", 1: "tomorrow" } as Record<number, string>)[days];
  return day ? `${time} ${day}` : dayMonthTime(iso);
}
