import { pakistanDate, pakistanDayStart } from "~/lib/desk/time";

/**
 * The periods the owner's reports cover and how they cut time: weeks start on Monday and months on the
 * 1st, both in Pakistan time (UTC+5, the office's calendar), whatever the server's clock zone. Plain
 * functions, no I/O: the queries group by Pakistan day and these put the days into weeks and months.
 */
const DAY_MS = 86_400_000;

/** The ranges the page offers, in weeks back from this one (this one included). */
export const reportRanges = [4, 12, 26, 52] as const;
export type ReportRange = (typeof reportRanges)[number];
export const defaultRange: ReportRange = 12;

/** The range a `?weeks=` asks for, or the default for anything else. */
export function readRange(value: string | null): ReportRange {
  const weeks = Number(value);
  return reportRanges.find((range) => range === weeks) ?? defaultRange;
}

/** The Monday (Pakistan date, "2026-11-23") of the week a Pakistan date falls in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week an instant falls in, in Pakistan. */
export const pakistanWeek = (instant: number) => mondayOf(pakistanDate(instant));

/** The month ("2026-11") an instant falls in, in Pakistan. */
export const pakistanMonth = (instant: number) => pakistanDate(instant).slice(0, 7);

/** What a report covers: from `from` (a UTC instant, ISO) up to now, cut into weeks and months. */
export type ReportPeriod = {
  range: ReportRange;
  /** The start of the first week's Monday in Pakistan, as an ISO UTC instant. */
  from: string;
  /** The start of the first month's 1st in Pakistan: the monthly reports count whole months. */
  monthsFrom: string;
  /** The Mondays of the weeks covered, oldest first. */
  weeks: string[];
  /** The months covered ("2026-09"), oldest first. */
  months: string[];
};

const pakistanMidnightOf = (date: string) => pakistanDayStart(Date.parse(`${date}T12:00:00Z`));

/** The last `range` weeks, this one included, and the months they touch, as of `now`. */
export function reportPeriod(range: ReportRange, now: number): ReportPeriod {
  const thisMonday = pakistanWeek(now);
  const weeks = Array.from({ length: range }, (_, index) =>
    new Date(Date.parse(`${thisMonday}T00:00:00Z`) - (range - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
  const firstMonth = weeks[0]!.slice(0, 7);
  const months: string[] = [];
  for (let month = firstMonth; month <= pakistanMonth(now); month = nextMonth(month)) months.push(month);
  return {
    range,
    from: new Date(pakistanMidnightOf(weeks[0]!)).toISOString(),
    monthsFrom: new Date(pakistanMidnightOf(`${firstMonth}-01`)).toISOString(),
    weeks,
    months,
  };
}

function nextMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "23 Nov" for a week's Monday; "Nov 2026" for a month. */
export const weekLabel = (monday: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${monday}T00:00:00Z`),
  );
/** A week's place on a chart's axis: the day its Monday falls on ("23") under its month ("Nov"). */
export const weekOnAxis = (monday: string) => ({
  day: String(Number(monday.slice(8, 10))),
  month: shortMonth(monday.slice(0, 7)),
});
/** A month's place on a chart's axis: "Nov" under its year. */
export const monthOnAxis = (month: string) => ({ month: shortMonth(month), year: month.slice(0, 4) });
const shortMonth = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
