import { asc, eq } from "drizzle-orm";
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
import { orderPayments, paymentKinds, paymentMethods, paymentReversals } from "./schema";

// An order's payments: recorded by staff as the money arrives, never changed; a mistaken one is
// reversed with a reason and stays in the list. What is due is the order's total (the accepted
// quotation's, or what its invoices still stand for once credit notes took some off) less what was paid.

export type PaymentKind = (typeof paymentKinds)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export { paymentKinds, paymentMethods };

export { paymentKindLabel, paymentMethodLabel };

export type StoredPayment = typeof orderPayments.$inferSelect & {
  reversal: { reason: string; reversedAt: string; reversedBy: string } | null;
};

export type PaymentSummary = {
  /** What the order costs: the acceptance's total, less what credit notes took off. */
  totalPaisa: number;
  /** Payments not reversed. */
  paidPaisa: number;
  /** What is left to pay (never below 0). */
  duePaisa: number;
  /** Paid beyond the total (a recorded overpayment). */
  overpaidPaisa: number;
  /** The advance the payment terms ask for ("50 % advance, …"); 0 when they ask none. */
  advanceRequiredPaisa: number;
  advanceMet: boolean;
};

export type PaymentRefusal =
  | "no order"
  | "not accepted"
  /** Not a whole, positive number of paisa. */
  | "amount not allowed"
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
}: {
  acceptedTotalPaisa: number;
  /** The order's invoices: when there are any, the total is what they still stand for. */
  invoices: readonly { totalPaisa: number; creditedPaisa: number }[];
  paidAmounts: readonly number[];
  advancePercent: number;
}): PaymentSummary {
  const totalPaisa =
    invoices.length > 0
      ? invoices.reduce((sum, invoice) => sum + invoice.totalPaisa - invoice.creditedPaisa, 0)
      : acceptedTotalPaisa;
  const paidPaisa = paidAmounts.reduce((sum, amount) => sum + amount, 0);
  const advanceRequiredPaisa = percentOf(totalPaisa, Math.round(percent * 100));
  return {
    totalPaisa,
    paidPaisa,
    duePaisa: Math.max(totalPaisa - paidPaisa, 0),
    overpaidPaisa: Math.max(paidPaisa - totalPaisa, 0),
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
      .where(eq(orderPayments.orderId, orderId))
      .orderBy(asc(orderPayments.paidOn), asc(orderPayments.id))
      .all()
      .map(({ order_payments: payment, payment_reversals: reversal }) => ({
        ...payment,
        reversal: reversal
          ? { reason: reversal.reason, reversedAt: reversal.reversedAt, reversedBy: reversal.reversedBy }
          : null,
      }));
  }

  private acceptanceOf(order: StoredOrder) {
    const quotation = this.quotations.versions(order.quoteId).find((version) => version.id === order.quotationId);
    return quotation?.acceptance ? { quotation, acceptance: quotation.acceptance } : null;
  }

  /** Total, paid, due and the advance the payment terms ask for; null when the order has no acceptance. */
  summary(order: StoredOrder): PaymentSummary | null {
    const accepted = this.acceptanceOf(order);
    if (!accepted) return null;
    return summarize({
      acceptedTotalPaisa: accepted.acceptance.totalPaisa,
      invoices: this.invoices.invoicesOf(order.id),
      paidAmounts: this.paymentsOf(order.id)
        .filter((payment) => !payment.reversal)
        .map((payment) => payment.amountPaisa),
      advancePercent: advancePercent(accepted.quotation.paymentTerms),
    });
  }

  /**
   * Records a payment of the order, paid on `paidOn` (a Pakistan date from the order's day to today).
   * Refused with nothing stored when the amount is not a positive whole number of paisa (at most
   * MAX_PAISA), more than is due unless `overpayment` says it is meant, or when a payment of the order
   * not reversed already carries its bank reference (the same money recorded twice; `first` is that one).
   */
  record(
    order: StoredOrder,
    input: {
      kind: PaymentKind;
      method: PaymentMethod;
      paidOn: string;
      amountPaisa: number;
      reference?: string;
      overpayment?: boolean;
      actor: AuditActor;
      now?: Date;
    },
  ): Done<StoredPayment, PaymentRefusal> {
    const now = input.now ?? new Date();
    return this.store.db
      .transaction((): Done<StoredPayment, PaymentRefusal> => {
        if (!Number.isSafeInteger(input.amountPaisa) || input.amountPaisa <= 0 || input.amountPaisa > MAX_PAISA)
          return { ok: false, reason: "amount not allowed" };
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
        const over = input.amountPaisa > summary.duePaisa;
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
            reference,
            overpayment: over,
            recordedAt: now.toISOString(),
            recordedBy: recordedBy(input.actor),
          })
          .returning({ id: orderPayments.id })
          .get();
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
