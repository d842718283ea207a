import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Quotations } from "~/lib/quotations/quotations.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { reportPeriod } from "./periods";
import { addBusinessMs } from "~/lib/desk/time";
import {
  dueBefore,
  firstAnswerByWeek,
  ordersByMonth,
  ordersOnTime,
  outcomes,
  ownerReports,
  reportCsv,
  requestCategory,
  requestsByWeekAndCategory,
  toReportCsv,
  valueByMonth,
} from "./reports.server";

// The owner's reports on a real SQLite store, seeded by the store (requests, answers, statuses) and,
// for the tables no code of this branch fills, by direct inserts. Every figure is worked out by hand
// from the office's hours (11:00–19:00 PKT, Monday to Friday) in the comments.

/** Thursday 26 November 2026, 12:00 PKT. */
const now = Date.parse("2026-11-26T07:00:00Z");
const period = reportPeriod(4, now); // the weeks of 2, 9, 16 and 23 November
const sana = { name: "Sana", email: "sana@promo.example" };
let store: QuoteStore;
let dataDir: string;

function receive(key: string, product: string, at: string) {
  return store.insert(
    { name: key, company: "", email: `${key}@buyer.example`, phone: "", product, message: "500 pieces" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false, now: new Date(at) },
  ).quote.id;
}

/** A sent version with lines of [setup, [quantity, unit]…] (a draft first: a sent one takes no lines). */
function sendQuotation(
  quoteId: number,
  version: number,
  sentAt: string,
  deliveryPaisa: number,
  lines: [number, [number, number][]][],
) {
  const db = store.db;
  const id = db
    .prepare(
      `INSERT INTO quotations (quote_id, valid_until, lead_time_days, lead_time, payment_terms, delivery_paisa, tax_rate_bp, created_at, updated_at)
       VALUES (?, '2026-12-31', 10, '10 days', '50% advance', ?, 1800, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(quoteId, deliveryPaisa, sentAt, sentAt) as number;
  lines.forEach(([setup, options], index) => {
    const lineId = db
      .prepare(
        "INSERT INTO quotation_lines (quotation_id, position, description, setup_paisa) VALUES (?, ?, 'Item', ?) RETURNING id",
      )
      .pluck()
      .get(id, index + 1, setup) as number;
    options.forEach(([quantity, unit], option) =>
      db
        .prepare("INSERT INTO quotation_options (line_id, position, quantity, unit_paisa) VALUES (?, ?, ?, ?)")
        .run(lineId, option + 1, quantity, unit),
    );
  });
  db.prepare("UPDATE quotations SET version = ?, sent_at = ?, sha256 = 'x' WHERE id = ?").run(version, sentAt, id);
  // Written as a version sent before totals were kept: the server fills them once at start.
  new Quotations(store).fillQuotedTotals();
  return id;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "reports-"));
  store = QuoteStore.open(dataDir);
  // Week of 16 November.
  const a = receive("a", "Pens", "2026-11-16T06:00:00Z"); // Mon 11:00
  store.setStatus(a, "waiting_on_buyer", "", sana, new Date("2026-11-16T11:00:00Z")); // Mon 16:00: 5 h
  store.changeStatus(a, { type: "buyer replied" }, {}, "buyer", new Date("2026-11-17T06:00:00Z"));
  store.setStatus(a, "waiting_on_buyer", "", sana, new Date("2026-11-18T06:00:00Z")); // a later answer: not the first
  const b = receive("b", "Lanyards for a conference", "2026-11-16T13:00:00Z"); // Mon 18:00
  store.addNote(b, "Called them", sana, new Date("2026-11-16T13:30:00Z")); // a note answers nobody
  store.audit.record({
    subject: { type: "request", id: b },
    actor: "website",
    at: new Date("2026-11-17T06:00:00Z"),
    type: "request.status_changed",
    payload: { status: "waiting_on_us", reason: "" },
  }); // the site's move, not staff's: no answer
  // A proof sent, as the proof desk records it: its event, and the status move that answers.
  store.audit.record({
    subject: { type: "request", id: b },
    actor: sana,
    at: new Date("2026-11-19T07:00:00Z"),
    type: "proof.sent",
    payload: { version: 1, message: "" },
  });
  store.changeStatus(b, { type: "proof sent" }, {}, sana, new Date("2026-11-19T07:00:00Z")); // Thu 12:00: 1 + 8 + 8 + 1 = 18 h
  const c = receive("c", "MARENA Campaign Mug", "2026-11-17T06:00:00Z"); // Tue 11:00
  store.setStatus(c, "lost", "Price: 20% dearer", sana, new Date("2026-11-23T06:00:00Z")); // next Mon 11:00: 32 h, late
  receive("d", "  pens ", "2026-11-20T13:00:00Z"); // Fri 18:00, unanswered: 1 + 8 + 8 + 8 = 25 h by now, overdue
  // Week of 23 November.
  receive("e", "Mugs", "2026-11-25T06:00:00Z"); // Wed 11:00, unanswered: 9 h by now, not due yet
  const f = receive("f", "Drinkware", "2026-11-24T06:00:00Z"); // Tue 11:00
  store.setStatus(f, "won", "", sana, new Date("2026-11-24T08:00:00Z")); // 2 h
  // Week of 2 November: Monday 00:30 in Pakistan is still Sunday in UTC.
  receive("h", "", "2026-11-01T19:30:00Z");
  // Before the period: Sunday 1 November, 23:00 PKT.
  const g = receive("g", "Pens", "2026-11-01T18:00:00Z");
  store.setStatus(g, "lost", "Delivery time", sana, new Date("2026-11-02T06:00:00Z"));

  // Quotations: A's latest version counts, not its first; B's was sent on 1 November in Pakistan.
  sendQuotation(a, 1, "2026-11-18T07:00:00Z", 200_000, [[500_000, [[100, 15_000]]]]);
  const aLatest = sendQuotation(a, 2, "2026-11-20T07:00:00Z", 200_000, [
    [
      500_000,
      [
        [200, 14_000],
        [500, 12_000],
      ],
    ],
    [0, [[10, 5_000]]],
  ]); // goods 2,800,000 + 50,000, set-up 500,000, delivery 200,000: 3,550,000 + 18 % 639,000 = 4,189,000
  sendQuotation(b, 1, "2026-10-31T20:00:00Z", 0, [[0, [[50, 10_001]]]]); // 500,050 + 90,009 = 590,059
  store.db
    .prepare(
      `INSERT INTO quotation_acceptances (quotation_id, quote_id, accepted_at, name, choices, goods_paisa, setup_paisa,
         delivery_paisa, tax_paisa, total_paisa, quotation_sha256)
       VALUES (?, ?, '2026-11-21T07:00:00Z', 'Buyer A', '[1, 1]', 2850000, 500000, 200000, 639000, 4189000, 'x')`,
    )
    .run(aLatest, a);
  store.db
    .prepare("INSERT INTO orders (reference, quote_id, quotation_id, created_at) VALUES ('O-2026-0001', ?, ?, ?)")
    .run(a, aLatest, "2026-11-21T07:00:00Z");
});

afterAll(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the first-answer report", () => {
  it("times each request's first answer from the audit trail in business hours, by its Pakistan week", () => {
    expect(firstAnswerByWeek(store.db, period, now)).toEqual([
      { week: "2026-11-02", requests: 1, answered: 0, medianHours: null, withinPromise: 0, late: 1, withinPercent: 0 },
      {
        week: "2026-11-09",
        requests: 0,
        answered: 0,
        medianHours: null,
        withinPromise: 0,
        late: 0,
        withinPercent: null,
      },
      // A 5 h, B 18 h, C 32 h; D unanswered past due.
      { week: "2026-11-16", requests: 4, answered: 3, medianHours: 18, withinPromise: 2, late: 2, withinPercent: 50 },
      // F 2 h; E not due yet, so not counted either way.
      { week: "2026-11-23", requests: 2, answered: 1, medianHours: 2, withinPromise: 1, late: 0, withinPercent: 100 },
    ]);
  });
});

describe("the instant before which an unanswered request is past due", () => {
  it("is where 24 business hours from arrival stop ending before now, weekends and nights included", () => {
    const promise = 24 * 3_600_000;
    for (const at of [now, Date.parse("2026-11-23T01:00:00Z"), Date.parse("2026-11-28T10:00:00Z")]) {
      const edge = dueBefore(at);
      expect(addBusinessMs(edge - 1, promise)).toBeLessThan(at);
      expect(addBusinessMs(edge, promise)).toBeGreaterThanOrEqual(at);
    }
  });
});

describe("the requests-by-category report", () => {
  it("counts each week's requests by the category their product's words name, Other for words it does not know", () => {
    const weeks = requestsByWeekAndCategory(store.db, period);
    const nonZero = weeks.map((week) => ({
      week: week.week,
      total: week.total,
      ...Object.fromEntries(Object.entries(week.byCategory).filter(([, count]) => count > 0)),
    }));
    expect(nonZero).toEqual([
      { week: "2026-11-02", total: 1, other: 1 },
      { week: "2026-11-09", total: 0 },
      { week: "2026-11-16", total: 4, pens: 2, drinkware: 1, other: 1 },
      { week: "2026-11-23", total: 2, drinkware: 2 }, // "Mugs" and "Drinkware"
    ]);
  });

  it("takes a studio design's item before the words, and knows items by id and title", () => {
    expect(requestCategory("Lanyards", "marena-mug")).toBe(requestCategory("MARENA Campaign Mug", null));
    expect(requestCategory("anything", "no-such-item")).toBe("other");
    expect(requestCategory("Pens", null)).toBe("pens");
  });
});

describe("the outcomes report", () => {
  it("counts the period's won and lost requests, the win rate of those decided, and lost reasons by choice", () => {
    const result = outcomes(store.db, period);
    expect(result).toMatchObject({ requests: 7, won: 1, lost: 1, winPercent: 50 });
    expect(result.lostReasons).toEqual([
      { reason: "Price", count: 1 },
      { reason: "Delivery time", count: 0 }, // G's was lost before the period
      { reason: "Chose another supplier", count: 0 },
      { reason: "No reply from buyer", count: 0 },
      { reason: "Other", count: 0 },
    ]);
  });
});

describe("the value and orders reports", () => {
  it("adds each request's latest sent version once (nearest the quantity asked, or accepted) and the accepted totals, by Pakistan month", () => {
    expect(valueByMonth(store.db, period)).toEqual([
      { month: "2026-11", quotedPaisa: 4_189_000 + 590_059, quoted: 2, wonPaisa: 4_189_000, won: 1 },
    ]);
  });

  it("counts orders per month", () => {
    expect(ordersByMonth(store.db, reportPeriod(12, now))).toEqual([
      { month: "2026-09", orders: 0, delivered: 0, onTime: 0 },
      { month: "2026-10", orders: 0, delivered: 0, onTime: 0 },
      { month: "2026-11", orders: 1, delivered: 0, onTime: 0 },
    ]);
  });

  it("counts the orders delivered each month and those dispatched by the promised date, in Pakistan", () => {
    const order = store.db.prepare("SELECT id FROM orders").pluck().get() as number;
    const deliver = (promised: string, dispatchedAt: string) => {
      store.db.exec("DELETE FROM order_stage_events");
      store.db
        .prepare("UPDATE orders SET stage = 'delivered', promised_date = ?, received_date = '2026-11-20' WHERE id = ?")
        .run(promised, order);
      store.db
        .prepare("INSERT INTO order_stage_events (order_id, stage, by, at) VALUES (?, 'dispatched', 'Bilal', ?)")
        .run(order, dispatchedAt);
      return ordersByMonth(store.db, reportPeriod(12, now)).at(-1);
    };
    // 18 November 23:30 PKT is still the 18th in Lahore: on time for a promise of the 18th.
    expect(deliver("2026-11-18", "2026-11-18T18:30:00Z")).toMatchObject({ delivered: 1, onTime: 1 });
    // 19 November 00:30 PKT: a day late.
    expect(deliver("2026-11-18", "2026-11-18T19:30:00Z")).toMatchObject({ delivered: 1, onTime: 0 });
    store.db.prepare("UPDATE orders SET stage = 'awaiting_artwork', promised_date = NULL, received_date = NULL").run();
    store.db.exec("DELETE FROM order_stage_events");
  });

  it("says how many delivered orders left on time over the months, none delivered being no figure", () => {
    const month = (delivered: number, onTime: number) => ({ month: "2026-11", orders: 0, delivered, onTime });
    expect(ordersOnTime([month(0, 0)])).toEqual({ delivered: 0, onTime: 0, onTimePercent: null });
    expect(ordersOnTime([month(1, 1), month(2, 0)])).toEqual({ delivered: 3, onTime: 1, onTimePercent: 33 });
  });
});

describe("the reports' CSV", () => {
  it("starts with the byte order mark and the header as its first row, then the rows as the page counts them", () => {
    const csv = reportCsv(store.db, "first-answer", period, now);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "week_from,requests,answered,median_business_hours,answered_within_24_business_hours,late_or_overdue,within_percent",
    );
    expect(lines[3]).toBe("2026-11-16,4,3,18,2,2,50");
  });

  it("writes money in rupees with two decimals, as a spreadsheet adds it up", () => {
    const lines = reportCsv(store.db, "value-by-month", period, now).slice(1).split("\r\n");
    expect(lines[0]).toBe("month,quotations_sent,quoted_pkr,accepted,won_pkr");
    // 4,189,000 + 590,059 paisa quoted, 4,189,000 won.
    expect(lines[1]).toBe("2026-11,2,47790.59,1,41890.00");
  });

  it("defuses a cell a spreadsheet would run as a formula, as the inbox's export does", () => {
    const csv = toReportCsv(
      ["a", "b"],
      [
        ['=HYPERLINK("x")', "-2+3"],
        ["@SUM(A1)", "plain"],
      ],
    );
    const rows = csv.slice(1).split("\r\n").slice(1);
    expect(rows[0]).toBe(`"'=HYPERLINK(""x"")","'-2+3"`);
    expect(rows[1]).toBe(`"'@SUM(A1)",plain`);
  });
});

describe("the page's figures", () => {
  it("are given again while nothing changed, and worked out anew once a request arrives or time moves on", () => {
    const first = ownerReports(store.db, period, now);
    expect(ownerReports(store.db, period, now + 60_000)).toBe(first);
    expect(ownerReports(store.db, period, now + 6 * 60_000)).not.toBe(first);
    const later = ownerReports(store.db, period, now + 7 * 60_000);
    const id = receive("late-comer", "Pens", "2026-11-26T06:00:00Z");
    const fresh = ownerReports(store.db, period, now + 7 * 60_000);
    expect(fresh).not.toBe(later);
    expect(fresh.firstAnswer.at(-1)!.requests).toBe(later.firstAnswer.at(-1)!.requests + 1);
    store.setStatus(id, "waiting_on_buyer", "", sana, new Date(now));
    expect(ownerReports(store.db, period, now + 7 * 60_000).firstAnswer.at(-1)!.answered).toBe(
      fresh.firstAnswer.at(-1)!.answered + 1,
    );
  });
});
