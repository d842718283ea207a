import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { type OrderRules, orderRules } from "~/content/order-rules";
import { type AuditActor, actorLabel } from "~/lib/audit/events";
import { pakistanDate } from "~/lib/desk/time";
import { Invoices } from "~/lib/invoices/invoices.server";
import { formatPkr, MAX_PAISA, percentOf } from "~/lib/money";
import type { StoredOrder } from "~/lib/orders/orders.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { paymentKindLabel, paymentMethodLabel } from "./labels";
import {
  orderPayments,
  paymentKinds,
  paymentMethods,
  paymentReceipts,
  paymentReversals,
  receiptSequences,
} from "./schema";

// An order's payments: recorded by staff as the money arrives, never changed; a mistaken one is
// reversed with a reason and stays in the list. What is due is the order's total (the accepted
// quotation's, or what its invoices still stand for once credit notes took some off) less what was
// settled: the money received and the tax the buyer withheld at source for us (each with its
// certificate), which settles an invoice as surely as money does. Each payment sends the buyer a
// receipt, numbered with the payment in the same IMMEDIATE transaction, so the receipts of a year have
// no gap and no duplicate whatever the number of processes.

export type PaymentKind = (typeof paymentKinds)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export { paymentKinds, paymentMethods };

export { paymentKindLabel, paymentMethodLabel };

export type ReceiptRow = typeof paymentReceipts.$inferSelect;

export type StoredPayment = typeof orderPayments.$inferSelect & {
  reversal: { reason: string; reversedAt: string; reversedBy: string } | null;
  /** Its receipt; null for a payment recorded before receipts were sent. */
  receipt: ReceiptRow | null;
};

/** A receipt with the payment it acknowledges and the order's reference. */
export type StoredReceipt = ReceiptRow & { payment: StoredPayment; orderReference: string };

/** What a payment settles: the money received and the tax withheld for us. */
export const settledBy = (payment: {
  amountPaisa: number;
  incomeTaxWithheldPaisa: number;
  salesTaxWithheldPaisa: number;
}) => payment.amountPaisa + payment.incomeTaxWithheldPaisa + payment.salesTaxWithheldPaisa;

/** "R-2026-0001": the receipts' series and the year (Pakistan) of the receipt's date. */
export const receiptNumber = (year: string, sequence: number) => `R-${year}-${String(sequence).padStart(4, "0")}`;

/** Receipt numbers as a URL may carry them (the routes check the rest). */
export const receiptNumberPattern = /^R-\d{4}-\d{4,}$/;

export type PaymentSummary = {
  /** What the order costs: the acceptance's total, less what credit notes took off. */
  totalPaisa: number;
  /** Settled by payments not reversed: the money received and the tax withheld. */
  paidPaisa: number;
  /** What is left to pay (never below 0). */
  duePaisa: number;
  /** Paid beyond the total (a recorded overpayment). */
  overpaidPaisa: number;
  /** Of what was settled, the tax the buyer withheld at source (counted in `paidPaisa`). */
  withheldPaisa: number;
  /** The advance the payment terms ask for ("50 % advance, …"); 0 when they ask none. */
  advanceRequiredPaisa: number;
  advanceMet: boolean;
};

export type PaymentRefusal =
  | "no order"
  | "not accepted"
  /** Not a whole, positive number of paisa (received and withheld together; none of them negative). */
  | "amount not allowed"
  /** Income tax withheld without its certificate's number. */
  | "income tax certificate"
  /** Sales tax withheld without its certificate's number. */
  | "sales tax certificate"
  /** More than is due, and not marked as an overpayment. */
  | "more than due"
  /** Not a calendar date, or after today in Pakistan. */
  | "date not allowed"
  /** Before the day the order was made (Pakistan). */
  | "before order"
  /** The order already has a payment (not reversed) with this bank reference: see `first`. */
  | "same reference";

export type ReversalRefusal = "no payment" | "already reversed" | "no reason";

type Done<T, R> = { ok: true; value: T } | { ok: false; reason: R; first?: StoredPayment };

/** Longest reference and reason kept. */
const MAX_TEXT = 200;

/**
 * The advance a quotation's payment terms ask for, in percent: "50 % advance, balance on delivery" →
 * 50; "30% advance" → 30; 0 when they name none ("Payment on delivery"). Never more than 100.
 */
export function advancePercent(paymentTerms: string): number {
  const match = /(\d{1,3}(?:\.\d{1,2})?)\s*(?:%|per\s*cent|percent)\s*(?:\(?[^,;.)]*\)?\s*)?advance/i.exec(
    paymentTerms,
  );
  if (!match) return 0;
  return Math.min(Number(match[1]), 100);
}

/** The summary's arithmetic, from the order's total, what credit notes took off and the payments kept. */
export function summarize({
  acceptedTotalPaisa,
  invoices,
  paidAmounts,
  advancePercent: percent,
  withheldPaisa = 0,
}: {
  acceptedTotalPaisa: number;
  /** The order's invoices: when there are any, the total is what they still stand for. */
  invoices: readonly { payablePaisa: number; creditedPaisa: number }[];
  paidAmounts: readonly number[];
  advancePercent: number;
  /** Of the amounts paid, how much was tax withheld. */
  withheldPaisa?: number;
}): PaymentSummary {
  const totalPaisa =
    invoices.length > 0
      ? invoices.reduce((sum, invoice) => sum + invoice.payablePaisa - invoice.creditedPaisa, 0)
      : acceptedTotalPaisa;
  const paidPaisa = paidAmounts.reduce((sum, amount) => sum + amount, 0);
  const advanceRequiredPaisa = percentOf(totalPaisa, Math.round(percent * 100));
  return {
    totalPaisa,
    paidPaisa,
    duePaisa: Math.max(totalPaisa - paidPaisa, 0),
    overpaidPaisa: Math.max(paidPaisa - totalPaisa, 0),
    withheldPaisa,
    advanceRequiredPaisa,
    advanceMet: paidPaisa >= advanceRequiredPaisa,
  };
}

const isCalendarDate = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

/**
 * A bank reference as two people may type it: "tt 4471" and "TT-4471 " are the same transfer. Blank
 * when it has no digit: a transfer, cheque or Raast reference always has one, while "cash" or "N/A"
 * typed on two payments names no transfer and is no sign of the same money twice.
 */
const sameReference = (reference: string) => {
  const plain = reference.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return /\d/.test(plain) ? plain : "";
};

const recordedBy = (actor: AuditActor) => (typeof actor === "object" ? actorLabel(actor) : actor);

export class Payments {
  private readonly orm;
  private readonly quotations;
  private readonly invoices;

  constructor(readonly store: QuoteStore) {
    this.orm = drizzle({ client: store.db });
    this.quotations = new Quotations(store);
    this.invoices = new Invoices(store);
  }

  /** An order's payments, oldest first, each with its reversal if it had one. */
  paymentsOf(orderId: number): StoredPayment[] {
    return this.orm
      .select()
      .from(orderPayments)
      .leftJoin(paymentReversals, eq(paymentReversals.paymentId, orderPayments.id))
      .leftJoin(paymentReceipts, eq(paymentReceipts.paymentId, orderPayments.id))
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(asc(orderPayments.paidOn), asc(orderPayments.id))
      .all()
      .map(({ order_payments: payment, payment_reversals: reversal, payment_receipts: receipt }) => ({
        ...payment,
        reversal: reversal
          ? { reason: reversal.reason, reversedAt: reversal.reversedAt, reversedBy: reversal.reversedBy }
          : null,
        receipt,
      }));
  }

  /** A receipt by its number, with its payment and order; null when there is none. */
  receipt(number: string): StoredReceipt | null {
    const row = this.orm.select().from(paymentReceipts).where(eq(paymentReceipts.number, number)).get();
    if (!row) return null;
    const { orderId } = this.orm
      .select({ orderId: orderPayments.orderId })
      .from(orderPayments)
      .where(eq(orderPayments.id, row.paymentId))
      .get()!;
    const payment = this.paymentsOf(orderId).find((candidate) => candidate.id === row.paymentId)!;
    const orderReference = this.store.db.prepare("SELECT reference FROM orders WHERE id = ?").pluck().get(orderId);
    return { ...row, payment, orderReference: orderReference as string };
  }

  /** An order's receipt by its number: null for another order's, or none. */
  receiptOf(orderId: number, number: string): StoredReceipt | null {
    const receipt = this.receipt(number);
    return receipt && receipt.payment.orderId === orderId ? receipt : null;
  }

  private nextReceiptSequence(year: string): number {
    return this.orm
      .insert(receiptSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: receiptSequences.year, set: { last: sql`${receiptSequences.last} + 1` } })
      .returning({ last: receiptSequences.last })
      .get().last;
  }

  private acceptanceOf(order: StoredOrder) {
    const quotation = this.quotations.versions(order.quoteId).find((version) => version.id === order.quotationId);
    return quotation?.acceptance ? { quotation, acceptance: quotation.acceptance } : null;
  }

  /** Total, paid, due and the advance the payment terms ask for; null when the order has no acceptance. */
  summary(order: StoredOrder): PaymentSummary | null {
    const accepted = this.acceptanceOf(order);
    if (!accepted) return null;
    const counted = this.paymentsOf(order.id).filter((payment) => !payment.reversal);
    return summarize({
      acceptedTotalPaisa: accepted.acceptance.totalPaisa,
      invoices: this.invoices.invoicesOf(order.id),
      paidAmounts: counted.map(settledBy),
      advancePercent: advancePercent(accepted.quotation.paymentTerms),
      withheldPaisa: counted.reduce(
        (sum, payment) => sum + payment.incomeTaxWithheldPaisa + payment.salesTaxWithheldPaisa,
        0,
      ),
    });
  }

  /**
   * Records a payment of the order, paid on `paidOn` (a Pakistan date from the order's day to today),
   * with the tax the buyer withheld (each amount with its certificate's number), and numbers its
   * receipt. Refused with nothing stored when an amount is not a whole number of paisa, nothing is
   * settled (received and withheld at most MAX_PAISA, together more than 0), a withheld amount has no
   * certificate, it settles more than is due unless `overpayment` says it is meant, or when a payment
   * of the order not reversed already carries its bank reference (the same money recorded twice;
   * `first` is that one).
   */
  record(
    order: StoredOrder,
    input: {
      kind: PaymentKind;
      method: PaymentMethod;
      paidOn: string;
      amountPaisa: number;
      incomeTaxWithheldPaisa?: number;
      incomeTaxCertificate?: string;
      salesTaxWithheldPaisa?: number;
      salesTaxCertificate?: string;
      reference?: string;
      overpayment?: boolean;
      actor: AuditActor;
      now?: Date;
    },
  ): Done<StoredPayment, PaymentRefusal> {
    const now = input.now ?? new Date();
    const incomeTax = input.incomeTaxWithheldPaisa ?? 0;
    const salesTax = input.salesTaxWithheldPaisa ?? 0;
    const incomeTaxCertificate = incomeTax > 0 ? (input.incomeTaxCertificate ?? "").trim().slice(0, MAX_TEXT) : "";
    const salesTaxCertificate = salesTax > 0 ? (input.salesTaxCertificate ?? "").trim().slice(0, MAX_TEXT) : "";
    return this.store.db
      .transaction((): Done<StoredPayment, PaymentRefusal> => {
        const amounts = [input.amountPaisa, incomeTax, salesTax];
        if (amounts.some((amount) => !Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PAISA))
          return { ok: false, reason: "amount not allowed" };
        const settles = input.amountPaisa + incomeTax + salesTax;
        if (settles <= 0 || settles > MAX_PAISA) return { ok: false, reason: "amount not allowed" };
        if (incomeTax > 0 && !incomeTaxCertificate) return { ok: false, reason: "income tax certificate" };
        if (salesTax > 0 && !salesTaxCertificate) return { ok: false, reason: "sales tax certificate" };
        if (!isCalendarDate(input.paidOn) || input.paidOn > pakistanDate(now.getTime()))
          return { ok: false, reason: "date not allowed" };
        if (input.paidOn < pakistanDate(Date.parse(order.createdAt))) return { ok: false, reason: "before order" };
        const summary = this.summary(order);
        if (!summary) return { ok: false, reason: "not accepted" };
        const reference = (input.reference ?? "").trim().slice(0, MAX_TEXT);
        const first = sameReference(reference)
          ? this.paymentsOf(order.id).find(
              (payment) => !payment.reversal && sameReference(payment.reference) === sameReference(reference),
            )
          : undefined;
        if (first) return { ok: false, reason: "same reference", first };
        const over = settles > summary.duePaisa;
        if (over && !input.overpayment) return { ok: false, reason: "more than due" };
        const { id } = this.orm
          .insert(orderPayments)
          .values({
            orderId: order.id,
            quoteId: order.quoteId,
            kind: input.kind,
            method: input.method,
            paidOn: input.paidOn,
            amountPaisa: input.amountPaisa,
            incomeTaxWithheldPaisa: incomeTax,
            incomeTaxCertificate,
            salesTaxWithheldPaisa: salesTax,
            salesTaxCertificate,
            reference,
            overpayment: over,
            recordedAt: now.toISOString(),
            recordedBy: recordedBy(input.actor),
          })
          .returning({ id: orderPayments.id })
          .get();
        const quote = this.store.get(order.quoteId);
        const issueDate = pakistanDate(now.getTime());
        const year = issueDate.slice(0, 4);
        const sequence = this.nextReceiptSequence(year);
        const number = receiptNumber(year, sequence);
        this.orm
          .insert(paymentReceipts)
          .values({
            paymentId: id,
            number,
            year,
            sequence,
            issuedAt: now.toISOString(),
            issueDate,
            buyerName: quote?.name ?? "",
            buyerCompany: quote?.company ?? "",
            poNumber: this.acceptanceOf(order)?.acceptance.poNumber ?? "",
            orderTotalPaisa: summary.totalPaisa,
            settledBeforePaisa: summary.paidPaisa,
            dueAfterPaisa: Math.max(summary.duePaisa - settles, 0),
          })
          .run();
        this.store.audit.record({
          subject: { type: "request", id: order.quoteId },
          actor: input.actor,
          at: now,
          type: "payment.recorded",
          payload: {
            order: order.reference,
            kind: paymentKindLabel[input.kind].toLowerCase(),
            method: paymentMethodLabel[input.method].toLowerCase(),
            amountPaisa: input.amountPaisa,
            paidOn: input.paidOn,
            reference,
            ...(incomeTax > 0 ? { incomeTaxWithheldPaisa: incomeTax, incomeTaxCertificate } : {}),
            ...(salesTax > 0 ? { salesTaxWithheldPaisa: salesTax, salesTaxCertificate } : {}),
            receipt: number,
          },
        });
        return { ok: true, value: this.paymentsOf(order.id).find((payment) => payment.id === id)! };
      })
      .immediate();
  }

  /** Reverses a payment of the order recorded by mistake, with why: it stays listed, no longer counted. */
  reverse(
    order: StoredOrder,
    paymentId: number,
    { reason, actor, now = new Date() }: { reason: string; actor: AuditActor; now?: Date },
  ): Done<StoredPayment, ReversalRefusal> {
    return this.store.db
      .transaction((): Done<StoredPayment, ReversalRefusal> => {
        const payment = this.paymentsOf(order.id).find((candidate) => candidate.id === paymentId);
        if (!payment) return { ok: false, reason: "no payment" };
        if (payment.reversal) return { ok: false, reason: "already reversed" };
        const why = reason.trim().slice(0, MAX_TEXT);
        if (!why) return { ok: false, reason: "no reason" };
        this.orm
          .insert(paymentReversals)
          .values({ paymentId, reason: why, reversedAt: now.toISOString(), reversedBy: recordedBy(actor) })
          .run();
        this.store.audit.record({
          subject: { type: "request", id: order.quoteId },
          actor,
          at: now,
          type: "payment.reversed",
          payload: { order: order.reference, amountPaisa: payment.amountPaisa, paidOn: payment.paidOn, reason: why },
        });
        return { ok: true, value: this.paymentsOf(order.id).find((candidate) => candidate.id === paymentId)! };
      })
      .immediate();
  }
}

/** The order's total, paid, due and advance; null when it has no acceptance. */
export const paymentSummary = (store: QuoteStore, order: StoredOrder) => new Payments(store).summary(order);

/**
 * Whether the order may go into production: with `requireAdvanceBeforeProduction` on, not until the
 * advance its payment terms ask for is paid. The stage action asks this before it moves the order.
 */
export function mayStartProduction(
  store: QuoteStore,
  order: StoredOrder,
  rules: OrderRules = orderRules,
): { ok: true } | { ok: false; why: string } {
  if (!rules.requireAdvanceBeforeProduction) return { ok: true };
  const summary = paymentSummary(store, order);
  if (!summary) return { ok: false, why: "The order has no accepted quotation." };
  if (summary.advanceMet) return { ok: true };
  return {
    ok: false,
    why: `The advance of ${formatPkr(summary.advanceRequiredPaisa)} is not paid yet (${formatPkr(summary.paidPaisa)} received): record it before production starts.`,
  };
}
