import type Database from "better-sqlite3";
import { addBusinessMs, REPLY_WITHIN_BUSINESS_HOURS } from "~/lib/desk/time";
import { requestCategory } from "~/lib/quotes/category";
import { pakistanWeekOfArrival } from "~/lib/quotes/schema";
import { BOM, csvCell } from "~/lib/quotes/inbox.server";
import { type LostReason, lostReasons } from "~/lib/requests/status";
import type { ReportPeriod } from "./periods";
import { categoryLabel, type ReportFile, type RequestCategory, requestCategories } from "./report-names";

/**
 * The owner's reports: read-only SQL over the tables of other modules (requests, which keep their first
 * answer and category for this, quotations, acceptances, orders), counted in SQL by Pakistan week or
 * month, so that the work grows with the weeks and months shown rather than the requests. Nothing here
 * writes.
 */

const HOUR_MS = 3_600_000;
const PROMISE_MS = REPLY_WITHIN_BUSINESS_HOURS * HOUR_MS;

/** The Pakistan day of an ISO instant column, in SQL. */
const pakistanDay = (column: string) => `date(${column}, '+5 hours')`;

const DAY_MS = 24 * HOUR_MS;
/** Longer than any 24 business hours can last, holidays and all: an unanswered request older is past due. */
const SURELY_DUE_MS = 30 * DAY_MS;

/** The week a request arrived in, as the requests' report indexes have it (its text must be theirs). */
const week = pakistanWeekOfArrival;

/**
 * The instant from which an unanswered request is not yet past due as of `now`: one that arrived
 * before it has had its 24 business hours (or surely has, being older than 30 days). Adding business
 * hours never goes back in time, so "due" holds up to one instant and not after: found by halving.
 */
export function dueBefore(now: number): number {
  const due = (received: number) => now - received > SURELY_DUE_MS || addBusinessMs(received, PROMISE_MS) < now;
  let low = now - SURELY_DUE_MS - 1; // due
  let high = now; // not due: its hours are all ahead
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (due(middle)) low = middle;
    else high = middle;
  }
  return high;
}

export type FirstAnswerWeek = {
  week: string;
  requests: number;
  answered: number;
  /** The median first-answer time of the week's answered requests, in business hours; null with none. */
  medianHours: number | null;
  /** Answered within the promise. */
  withinPromise: number;
  /** Answered late, or still unanswered past the promise. */
  late: number;
  /** Share of the week's requests whose outcome is known (answered, or past due) answered in time, 0–100. */
  withinPercent: number | null;
};

/**
 * Per week of arrival: how long the first answer took in business hours (kept on each request when it
 * was first answered: quotes.first_answer_business_ms), and how often it kept the promise. Each figure
 * is a count of a range of the index by week and answer time (quotes_report_answers), the exact median
 * its middle one or two: nothing is sorted and no request is read into JavaScript.
 */
export function firstAnswerByWeek(db: Database.Database, period: ReportPeriod, now: number): FirstAnswerWeek[] {
  const count = (where: string) => db.prepare(`SELECT COUNT(*) FROM quotes WHERE ${week} = @week AND ${where}`).pluck();
  const requests = count("1");
  const answered = count("first_answer_business_ms IS NOT NULL");
  const answeredLate = count("first_answer_business_ms > @promise");
  const unansweredLate = count("first_answer_business_ms IS NULL AND received_at < @dueBefore");
  const middle = db
    .prepare(
      `SELECT AVG(took) FROM (SELECT first_answer_business_ms AS took FROM quotes
         WHERE ${week} = @week AND first_answer_business_ms IS NOT NULL
         ORDER BY first_answer_business_ms LIMIT @middleCount OFFSET @beforeMiddle)`,
    )
    .pluck();
  const overdueFrom = new Date(dueBefore(now)).toISOString();
  return period.weeks.map((monday) => {
    const timed = answered.get({ week: monday }) as number;
    const timedLate = answeredLate.get({ week: monday, promise: PROMISE_MS }) as number;
    const late = timedLate + (unansweredLate.get({ week: monday, dueBefore: overdueFrom }) as number);
    const withinPromise = timed - timedLate;
    const known = withinPromise + late;
    // The middle one of an odd count, the mean of the middle two of an even one.
    const median = timed
      ? (middle.get({ week: monday, middleCount: 2 - (timed % 2), beforeMiddle: (timed - 1) >> 1 }) as number)
      : null;
    return {
      week: monday,
      requests: requests.get({ week: monday }) as number,
      answered: timed,
      medianHours: median === null ? null : Math.round((median / HOUR_MS) * 10) / 10,
      withinPromise,
      late,
      withinPercent: known ? Math.round((withinPromise / known) * 100) : null,
    };
  });
}

export { requestCategory };

export type CategoryWeek = { week: string; total: number; byCategory: Record<RequestCategory, number> };

/**
 * Per week of arrival, the requests of each category (kept on each request when it arrived), each week
 * counted in its range of the index by week and category (quotes_report_categories), read alone.
 */
export function requestsByWeekAndCategory(db: Database.Database, period: ReportPeriod): CategoryWeek[] {
  const counts = db.prepare(`SELECT category, COUNT(*) FROM quotes WHERE ${week} = ? GROUP BY category`).raw();
  return period.weeks.map((monday) => {
    const byCategory = Object.fromEntries(requestCategories.map((category) => [category, 0])) as Record<
      RequestCategory,
      number
    >;
    let total = 0;
    for (const [category, count] of counts.all(monday) as [string | null, number][]) {
      total += count;
      // A category the catalogue no longer has counts as Other.
      byCategory[requestCategories.find((option) => option === category) ?? "other"] += count;
    }
    return { week: monday, total, byCategory };
  });
}

export type Outcomes = {
  /** Requests received in the period. */
  requests: number;
  won: number;
  lost: number;
  /** Won out of those decided (won or lost), 0–100; null when none is. */
  winPercent: number | null;
  /** Lost requests by the reason's choice, in the list's order. */
  lostReasons: { reason: LostReason; count: number }[];
};

/** The requests of the period won and lost, and why the lost ones were lost. */
export function outcomes(db: Database.Database, period: ReportPeriod): Outcomes {
  const requests = db.prepare("SELECT COUNT(*) FROM quotes WHERE received_at >= ?").pluck().get(period.from) as number;
  const rows = db
    .prepare(
      `SELECT status, status_reason, COUNT(*) FROM quotes
       WHERE status IN ('won', 'lost') AND received_at >= ? GROUP BY status, status_reason`,
    )
    .raw()
    .all(period.from) as [string, string, number][];
  const byReason = new Map<LostReason, number>(lostReasons.map((reason) => [reason, 0]));
  let won = 0;
  let lost = 0;
  for (const [status, reason, count] of rows) {
    if (status === "won") {
      won += count;
      continue;
    }
    lost += count;
    // A reason from before the list (none should be) counts as Other.
    const choice = lostReasons.find((option) => reason === option || reason.startsWith(`${option}: `)) ?? "Other";
    byReason.set(choice, byReason.get(choice)! + count);
  }
  return {
    requests,
    won,
    lost,
    winPercent: won + lost ? Math.round((won / (won + lost)) * 100) : null,
    lostReasons: [...byReason].map(([reason, count]) => ({ reason, count })),
  };
}

export type ValueMonth = { month: string; quotedPaisa: number; quoted: number; wonPaisa: number; won: number };

/**
 * Per month in Pakistan: the value quoted (each request's latest sent version, once, in the month it
 * was sent: the total of the options the buyer accepted, else the total kept when it was sent, at the
 * options nearest the quantity they asked for) and the value won (the accepted totals).
 */
export function valueByMonth(db: Database.Database, period: ReportPeriod): ValueMonth[] {
  const quoted = db
    .prepare(
      `SELECT substr(${pakistanDay("q.sent_at")}, 1, 7) AS month, SUM(COALESCE(a.total_paisa, q.quoted_total_paisa)),
         COUNT(*)
       FROM quotations q LEFT JOIN quotation_acceptances a ON a.quotation_id = q.id
       WHERE q.version IS NOT NULL AND q.sent_at >= ?
         AND NOT EXISTS (SELECT 1 FROM quotations later WHERE later.quote_id = q.quote_id AND later.version > q.version)
       GROUP BY month`,
    )
    .raw()
    .all(period.monthsFrom) as [string, number, number][];
  const byMonth = new Map(
    period.months.map((month) => [month, { month, quotedPaisa: 0, quoted: 0, wonPaisa: 0, won: 0 }]),
  );
  for (const [monthKey, paisa, count] of quoted) {
    const month = byMonth.get(monthKey);
    if (!month) continue;
    month.quotedPaisa += paisa;
    month.quoted += count;
  }
  const won = db
    .prepare(
      `SELECT substr(${pakistanDay("accepted_at")}, 1, 7) AS month, SUM(total_paisa), COUNT(*)
       FROM quotation_acceptances WHERE accepted_at >= ? GROUP BY month`,
    )
    .raw()
    .all(period.monthsFrom) as [string, number, number][];
  for (const [monthKey, paisa, count] of won) {
    const month = byMonth.get(monthKey);
    if (!month) continue;
    month.wonPaisa += paisa;
    month.won += count;
  }
  return [...byMonth.values()];
}

export type OrdersMonth = { month: string; orders: number; delivered: number; onTime: number };

/**
 * Per month in Pakistan: the orders made (accepted quotations), and the orders delivered, with how
 * many of those left by the dispatch date promised to the buyer (their last dispatch, in Pakistan).
 */
export function ordersByMonth(db: Database.Database, period: ReportPeriod): OrdersMonth[] {
  const made = db
    .prepare(
      `SELECT substr(${pakistanDay("created_at")}, 1, 7) AS month, COUNT(*) FROM orders
       WHERE created_at >= ? GROUP BY month`,
    )
    .raw()
    .all(period.monthsFrom) as [string, number][];
  const dispatched = `(SELECT MAX(e.at) FROM order_stage_events e
    WHERE e.order_id = o.id AND e.stage = 'dispatched' AND e.back = 0)`;
  const delivered = db
    .prepare(
      `SELECT substr(o.received_date, 1, 7) AS month, COUNT(*),
         COALESCE(SUM(${pakistanDay(dispatched)} <= o.promised_date), 0)
       FROM orders o WHERE o.stage = 'delivered' AND o.received_date >= ? GROUP BY month`,
    )
    .raw()
    .all(period.months[0]) as [string, number, number][];
  const counts = new Map(made);
  const deliveries = new Map(delivered.map(([month, count, onTime]) => [month, { count, onTime }]));
  return period.months.map((month) => ({
    month,
    orders: counts.get(month) ?? 0,
    delivered: deliveries.get(month)?.count ?? 0,
    onTime: deliveries.get(month)?.onTime ?? 0,
  }));
}

export type OnTime = { delivered: number; onTime: number; onTimePercent: number | null };

/** Of the orders delivered over the months, how many left on time; no figure while none was delivered. */
export function ordersOnTime(months: readonly OrdersMonth[]): OnTime {
  const delivered = months.reduce((sum, month) => sum + month.delivered, 0);
  const onTime = months.reduce((sum, month) => sum + month.onTime, 0);
  return { delivered, onTime, onTimePercent: delivered ? Math.round((onTime / delivered) * 100) : null };
}

export type TaxWithheldMonth = {
  month: string;
  incomeTaxPaisa: number;
  salesTaxPaisa: number;
  /** Payments with tax withheld: each carries its certificates. */
  certificates: number;
};

/**
 * Per month in Pakistan (the day paid), the income tax and sales tax buyers withheld at source from
 * payments not reversed: what the business claims back with the certificates.
 */
export function taxWithheldByMonth(db: Database.Database, period: ReportPeriod): TaxWithheldMonth[] {
  const rows = db
    .prepare(
      `SELECT substr(p.paid_on, 1, 7) AS month, SUM(p.income_tax_withheld_paisa), SUM(p.sales_tax_withheld_paisa),
              SUM((p.income_tax_withheld_paisa > 0) + (p.sales_tax_withheld_paisa > 0))
       FROM order_payments p
       WHERE p.paid_on >= ? AND (p.income_tax_withheld_paisa > 0 OR p.sales_tax_withheld_paisa > 0)
         AND NOT EXISTS (SELECT 1 FROM payment_reversals r WHERE r.payment_id = p.id)
       GROUP BY month`,
    )
    .raw()
    .all(`${period.months[0]}-01`) as [string, number, number, number][];
  const byMonth = new Map(rows.map(([month, income, sales, certificates]) => [month, { income, sales, certificates }]));
  return period.months.map((month) => ({
    month,
    incomeTaxPaisa: byMonth.get(month)?.income ?? 0,
    salesTaxPaisa: byMonth.get(month)?.sales ?? 0,
    certificates: byMonth.get(month)?.certificates ?? 0,
  }));
}

/** Rupees as a CSV cell reads them: "4500.50", never paisa. */
const rupeesCell = (paisa: number) => (paisa / 100).toFixed(2);

function computeReports(db: Database.Database, period: ReportPeriod, now: number) {
  return {
    firstAnswer: firstAnswerByWeek(db, period, now),
    categories: requestsByWeekAndCategory(db, period),
    outcomes: outcomes(db, period),
    value: valueByMonth(db, period),
    orders: ordersByMonth(db, period),
    taxWithheld: taxWithheldByMonth(db, period),
  };
}
export type OwnerReports = ReturnType<typeof computeReports>;

/** How long the page's figures may be reused while nothing changed: a request falls past due as time goes. */
const REUSE_MS = 5 * 60_000;
const reused = new WeakMap<Database.Database, Map<string, { stamp: string; until: number; reports: OwnerReports }>>();

/**
 * What changes any figure: every answer, status, quotation and acceptance appends to the trail, and a
 * request arrives or is removed. Three index lookups, against a page that reads every sent quotation.
 */
const changeStamp = (db: Database.Database) =>
  JSON.stringify(
    db
      .prepare("SELECT (SELECT MAX(id) FROM audit_events), (SELECT MAX(id) FROM quotes), (SELECT COUNT(*) FROM quotes)")
      .raw()
      .get(),
  );

/**
 * Every report of the page, for one period. The weekly ones count in indexes, but the value quoted
 * still adds up each sent quotation of the months shown, so the figures are kept (per database and
 * period) and given again while the trail and the requests are unchanged, for up to five minutes.
 */
export function ownerReports(db: Database.Database, period: ReportPeriod, now: number): OwnerReports {
  const stamp = changeStamp(db);
  const kept = reused.get(db) ?? new Map();
  reused.set(db, kept);
  const key = `${period.range} ${period.from}`;
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp && now < hit.until) return hit.reports;
  const reports = computeReports(db, period, now);
  kept.set(key, { stamp, until: now + REUSE_MS, reports });
  return reports;
}

/**
 * A report as CSV: the byte order mark (Excel reads UTF-8 then), the header row first, then the rows,
 * every cell through the export's neutraliser, CRLF line ends.
 */
export function toReportCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
  return BOM + line(header) + rows.map(line).join("");
}

/** Money as the exports write it: rupees with two decimals and no separators (7906000 paisa: 79060.00). */
export const csvPkr = (paisa: number) => {
  const whole = Math.abs(paisa);
  return `${paisa < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
};

/** One report of the period as CSV; weeks by their Monday and months as Pakistan dates. */
export function reportCsv(db: Database.Database, file: ReportFile, period: ReportPeriod, now: number): string {
  switch (file) {
    case "first-answer":
      return toReportCsv(
        [
          "week_from",
          "requests",
          "answered",
          "median_business_hours",
          "answered_within_24_business_hours",
          "late_or_overdue",
          "within_percent",
        ],
        firstAnswerByWeek(db, period, now).map((week) => [
          week.week,
          week.requests,
          week.answered,
          week.medianHours,
          week.withinPromise,
          week.late,
          week.withinPercent,
        ]),
      );
    case "requests-by-category":
      return toReportCsv(
        ["week_from", "total", ...requestCategories.map(categoryLabel)],
        requestsByWeekAndCategory(db, period).map((week) => [
          week.week,
          week.total,
          ...requestCategories.map((category) => week.byCategory[category]),
        ]),
      );
    case "outcomes": {
      const result = outcomes(db, period);
      return toReportCsv(
        ["measure", "count"],
        [
          ["Requests received", result.requests],
          ["Won", result.won],
          ["Lost", result.lost],
          ["Win rate (percent of decided)", result.winPercent],
          ...result.lostReasons.map(({ reason, count }) => [`Lost: ${reason}`, count]),
        ],
      );
    }
    case "value-by-month":
      return toReportCsv(
        ["month", "quotations_sent", "quoted_pkr", "accepted", "won_pkr"],
        valueByMonth(db, period).map((month) => [
          month.month,
          month.quoted,
          csvPkr(month.quotedPaisa),
          month.won,
          csvPkr(month.wonPaisa),
        ]),
      );
    case "orders-by-month":
      return toReportCsv(
        ["month", "orders", "delivered", "dispatched_on_time"],
        ordersByMonth(db, period).map((month) => [month.month, month.orders, month.delivered, month.onTime]),
      );
    case "tax-withheld-by-month":
      return toReportCsv(
        ["month", "income_tax_withheld_pkr", "sales_tax_withheld_pkr", "certificates"],
        taxWithheldByMonth(db, period).map((month) => [
          month.month,
          rupeesCell(month.incomeTaxPaisa),
          rupeesCell(month.salesTaxPaisa),
          month.certificates,
        ]),
      );
  }
}
