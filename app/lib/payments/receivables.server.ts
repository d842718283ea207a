import { pakistanDate } from "~/lib/desk/time";
import type Database from "better-sqlite3";
import { advancePercent, type PaymentSummary, summarize } from "./payments.server";

// Who owes what: every order's balance read in three queries (not three per order), with the same
// arithmetic as one order's summary, and the money owed put into ages. An invoiced order owes its
// balance from the invoice's date; an order not yet invoiced owes only the advance its payment terms
// ask for, from the day the buyer accepted the quotation (the rest falls due with the invoice).

export type OrderBalance = {
  orderId: number;
  reference: string;
  quoteId: number;
  company: string;
  summary: PaymentSummary;
  /** The Pakistan date the buyer accepted the quotation. */
  acceptedOn: string;
  /** The order's invoice still standing (the latest not fully credited), or null. */
  invoice: { number: string; issueDate: string } | null;
  /** Whether it has any invoice, even a fully credited one. */
  invoiced: boolean;
};

/** Every order with an acceptance, by order id, with what it costs, what was settled and what is due. */
export function orderBalances(db: Database.Database): Map<number, OrderBalance> {
  const orders = db
    .prepare(
      `SELECT o.id, o.reference, o.quote_id AS quoteId, q.company, q.name, a.total_paisa AS total,
              a.accepted_at AS acceptedAt, t.payment_terms AS terms
       FROM orders o JOIN quotes q ON q.id = o.quote_id
       JOIN quotation_acceptances a ON a.quotation_id = o.quotation_id
       JOIN quotations t ON t.id = o.quotation_id`,
    )
    .all() as {
    id: number;
    reference: string;
    quoteId: number;
    company: string;
    name: string;
    total: number;
    acceptedAt: string;
    terms: string;
  }[];
  const invoices = db
    .prepare(
      `SELECT i.order_id AS orderId, i.number, i.issue_date AS issueDate,
              i.total_paisa + i.further_tax_paisa AS payablePaisa,
              COALESCE((SELECT SUM(c.amount_paisa + c.further_tax_paisa) FROM credit_notes c WHERE c.invoice_id = i.id), 0)
                AS creditedPaisa
       FROM invoices i ORDER BY i.id`,
    )
    .all() as { orderId: number; number: string; issueDate: string; payablePaisa: number; creditedPaisa: number }[];
  const settled = new Map(
    db
      .prepare(
        `SELECT p.order_id, p.amount_paisa + p.income_tax_withheld_paisa + p.sales_tax_withheld_paisa,
                p.income_tax_withheld_paisa + p.sales_tax_withheld_paisa
         FROM order_payments p
         WHERE NOT EXISTS (SELECT 1 FROM payment_reversals r WHERE r.payment_id = p.id) ORDER BY p.id`,
      )
      .raw()
      .all()
      .reduce((byOrder: Map<number, [number, number][]>, row) => {
        const [orderId, amount, withheld] = row as [number, number, number];
        byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), [amount, withheld]]);
        return byOrder;
      }, new Map<number, [number, number][]>()),
  );
  const invoicesByOrder = new Map<number, typeof invoices>();
  for (const invoice of invoices)
    invoicesByOrder.set(invoice.orderId, [...(invoicesByOrder.get(invoice.orderId) ?? []), invoice]);

  return new Map(
    orders.map((order) => {
      const own = invoicesByOrder.get(order.id) ?? [];
      const standing = own.filter((invoice) => invoice.payablePaisa > invoice.creditedPaisa).at(-1);
      const balance: OrderBalance = {
        orderId: order.id,
        reference: order.reference,
        quoteId: order.quoteId,
        company: order.company || order.name,
        summary: summarize({
          acceptedTotalPaisa: order.total,
          invoices: own,
          paidAmounts: (settled.get(order.id) ?? []).map(([amount]) => amount),
          advancePercent: advancePercent(order.terms),
          withheldPaisa: (settled.get(order.id) ?? []).reduce((sum, [, withheld]) => sum + withheld, 0),
        }),
        acceptedOn: pakistanDate(Date.parse(order.acceptedAt)),
        invoice: standing ? { number: standing.number, issueDate: standing.issueDate } : null,
        invoiced: own.length > 0,
      };
      return [order.id, balance];
    }),
  );
}

/** What is due next on an order: the advance still unpaid, else the balance (0 when nothing is). */
export function dueNext(summary: PaymentSummary): { kind: "advance" | "balance"; paisa: number } {
  if (summary.advanceRequiredPaisa > 0 && !summary.advanceMet)
    return { kind: "advance", paisa: Math.min(summary.advanceRequiredPaisa - summary.paidPaisa, summary.duePaisa) };
  return { kind: "balance", paisa: summary.duePaisa };
}

export const ageBuckets = ["0-30", "31-60", "61-90", "over-90"] as const;
export type AgeBucket = (typeof ageBuckets)[number];

/** Whole days from one Pakistan date to another ("2026-11-01" to "2026-12-01" is 30). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The age's bucket: 0–30 days, 31–60, 61–90, over 90 (a date in the future counts as 0). */
export function ageBucket(days: number): AgeBucket {
  if (days <= 30) return "0-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "over-90";
}

export type Receivable = {
  orderId: number;
  reference: string;
  company: string;
  /** What is owed: an invoice's balance, or the advance of an order not yet invoiced. */
  owed: { kind: "invoice"; number: string } | { kind: "advance" };
  /** The Pakistan date its age counts from: the invoice's date, or the acceptance's. */
  since: string;
  days: number;
  bucket: AgeBucket;
  duePaisa: number;
};

/** The money owed now, oldest first, and its total in each age bucket, as of `now` in Pakistan. */
export function receivables(db: Database.Database, now = Date.now()) {
  const today = pakistanDate(now);
  const rows: Receivable[] = [];
  for (const balance of orderBalances(db).values()) {
    const { summary } = balance;
    let owed: Receivable["owed"];
    let since: string;
    let duePaisa: number;
    if (balance.invoiced) {
      if (summary.duePaisa <= 0 || !balance.invoice) continue;
      owed = { kind: "invoice", number: balance.invoice.number };
      since = balance.invoice.issueDate;
      duePaisa = summary.duePaisa;
    } else {
      const next = dueNext(summary);
      if (next.kind !== "advance" || next.paisa <= 0) continue;
      owed = { kind: "advance" };
      since = balance.acceptedOn;
      duePaisa = next.paisa;
    }
    const days = Math.max(daysBetween(since, today), 0);
    rows.push({
      orderId: balance.orderId,
      reference: balance.reference,
      company: balance.company,
      owed,
      since,
      days,
      bucket: ageBucket(days),
      duePaisa,
    });
  }
  rows.sort((a, b) => b.days - a.days || a.reference.localeCompare(b.reference));
  const totals = Object.fromEntries(
    ageBuckets.map((bucket) => [
      bucket,
      rows.filter((row) => row.bucket === bucket).reduce((sum, row) => sum + row.duePaisa, 0),
    ]),
  ) as Record<AgeBucket, number>;
  return { today, rows, totals, totalPaisa: rows.reduce((sum, row) => sum + row.duePaisa, 0) };
}
