// The owner's reports at 100,000 requests (npm run bench -- --reports): the desk's seed (bench/desk-data.ts)
// with quotations, acceptances, orders and outcomes added, then each report's query timed in-process and
// the page and its CSVs over HTTP, medians against the inbox's 50 ms.
import { median } from "./budgets";
import { QuoteStore } from "../app/lib/quotes/store.server";
import { Quotations } from "../app/lib/quotations/quotations.server";
import { reportPeriod } from "../app/lib/reports/periods";
import {
  firstAnswerByWeek,
  ordersByMonth,
  outcomes,
  requestsByWeekAndCategory,
  valueByMonth,
} from "../app/lib/reports/reports.server";
import { reportFiles } from "../app/lib/reports/report-names";

const BUDGET_MS = 50;

/**
 * Adds what the reports read beyond requests: every 20th request a sent quotation (every 60th a second
 * version) of two lines, every 100th accepted with its order, every 25th won and every 30th lost. Written
 * straight into the tables, as a seed may: the modules that own them have their own benches.
 */
export function seedReports(dataDir: string, now = Date.now()) {
  const store = QuoteStore.open(dataDir);
  try {
    const db = store.db;
    const staff = { name: "Sana", email: "sana@promo.example" };
    const ids = db.prepare("SELECT id, received_at FROM quotes ORDER BY id").raw().all() as [number, string][];
    const insertQuotation = db.prepare(
      `INSERT INTO quotations (quote_id, valid_until, lead_time_days, lead_time, payment_terms, delivery_paisa,
         tax_rate_bp, created_at, updated_at)
       VALUES (?, '2099-12-31', 10, '10 days', '50% advance', 150000, 1800, ?, ?) RETURNING id`,
    );
    const insertLine = db.prepare(
      "INSERT INTO quotation_lines (quotation_id, position, description, setup_paisa) VALUES (?, ?, 'Item', 250000) RETURNING id",
    );
    const insertOption = db.prepare(
      "INSERT INTO quotation_options (line_id, position, quantity, unit_paisa) VALUES (?, ?, ?, ?)",
    );
    const markSent = db.prepare("UPDATE quotations SET version = ?, sent_at = ?, sha256 = 'bench' WHERE id = ?");
    const accept = db.prepare(
      `INSERT INTO quotation_acceptances (quotation_id, quote_id, accepted_at, name, choices, goods_paisa, setup_paisa,
         delivery_paisa, tax_paisa, total_paisa, quotation_sha256)
       VALUES (?, ?, ?, 'Buyer', '[1, 1]', 0, 0, 0, 0, ?, 'bench')`,
    );
    const order = db.prepare("INSERT INTO orders (reference, quote_id, quotation_id, created_at) VALUES (?, ?, ?, ?)");
    const send = (quoteId: number, version: number, at: string, quantity: number) => {
      const id = insertQuotation.pluck().get(quoteId, at, at) as number;
      for (const position of [1, 2]) {
        const line = insertLine.pluck().get(id, position) as number;
        insertOption.run(line, 1, quantity, 12_500);
        insertOption.run(line, 2, quantity * 2, 11_000);
      }
      markSent.run(version, at, id);
      return id;
    };
    db.transaction(() => {
      for (const [id, receivedAt] of ids) {
        const received = Date.parse(receivedAt);
        if (id % 25 === 0) store.setStatus(id, "won", "", staff, new Date(received + 7_200_000));
        else if (id % 30 === 0) store.setStatus(id, "lost", "Price: dearer", staff, new Date(received + 7_200_000));
        if (id % 20 !== 0) continue;
        const sentAt = new Date(Math.min(now, received + 86_400_000)).toISOString();
        let latest = send(id, 1, sentAt, 100 + (id % 400));
        if (id % 60 === 0) latest = send(id, 2, sentAt, 200 + (id % 400));
        if (id % 100 === 0) {
          accept.run(latest, id, sentAt, 1_000_000 + id);
          order.run(`O-BENCH-${id}`, id, latest, sentAt);
        }
      }
    })();
    // The totals the desk keeps as each version is sent, as the server fills them at start.
    new Quotations(store).fillQuotedTotals();
  } finally {
    store.close();
  }
}

export type ReportFigures = {
  queries: { label: string; ms: number }[];
  /** The median of repeated asks (the page reuses unchanged figures), and the first ask, worked out. */
  pages: { label: string; ms: number; firstMs?: number }[];
};

/** Each report's query on the seeded store, in this process: the median of `runs` after a warm one. */
export function measureReportQueries(dataDir: string, runs = 7): ReportFigures["queries"] {
  const store = QuoteStore.open(dataDir);
  try {
    const now = Date.now();
    const period = reportPeriod(12, now);
    const queries: [string, () => unknown][] = [
      ["first answer by week (12 weeks)", () => firstAnswerByWeek(store.db, period, now)],
      ["requests by week and category", () => requestsByWeekAndCategory(store.db, period)],
      ["won, lost and why", () => outcomes(store.db, period)],
      ["quoted and won value by month", () => valueByMonth(store.db, period)],
      ["orders by month", () => ordersByMonth(store.db, period)],
    ];
    return queries.map(([label, run]) => {
      run();
      const times: number[] = [];
      for (let index = 0; index < runs; index++) {
        const start = performance.now();
        run();
        times.push(performance.now() - start);
      }
      return { label, ms: median(times) };
    });
  } finally {
    store.close();
  }
}

/** The page (12 and 52 weeks) and each CSV, over HTTP with an owner's session. */
export async function measureReportPages(origin: string, cookie: string, runs = 7): Promise<ReportFigures["pages"]> {
  const paths: [string, string][] = [
    ["the reports page, 12 weeks", "/desk/reports"],
    ["the reports page, 52 weeks", "/desk/reports?weeks=52"],
    ...reportFiles.map((file): [string, string] => [`${file}.csv`, `/desk/reports/${file}.csv`]),
  ];
  const pages = [];
  for (const [label, path] of paths) {
    const times: number[] = [];
    for (let index = 0; index <= runs; index++) {
      const start = performance.now();
      const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - start);
    }
    const [firstMs, ...rest] = times;
    pages.push({ label, ms: median(rest), firstMs });
  }
  return pages;
}

export function describeReports(figures: ReportFigures): string[] {
  const miss = (ms: number) => (ms > BUDGET_MS ? `  MISS: over ${BUDGET_MS} ms` : "");
  const row = ({ label, ms, firstMs }: { label: string; ms: number; firstMs?: number }) =>
    `${label.padEnd(36)} ${`${ms.toFixed(1)} ms`.padStart(10)}${miss(ms)}` +
    (firstMs === undefined ? "" : `; the first ask ${firstMs.toFixed(1)} ms${miss(firstMs)}`);
  return [
    "Each report's query (in-process, median):",
    ...figures.queries.map((query) => `  ${row(query)}`),
    "The page and its CSVs (over HTTP, median of repeated asks; the page reuses unchanged figures):",
    ...figures.pages.map((page) => `  ${row(page)}`),
  ];
}
