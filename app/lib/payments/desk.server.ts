import { z } from "zod";
import { oneLine } from "~/lib/text-fields";
import { deskText } from "~/content/desk";
import type { Actor } from "~/lib/audit/events";
import { hasPermission } from "~/lib/desk/permissions";
import { storedPermissions } from "~/lib/desk/staff-switches.server";
import type { StaffMember } from "~/lib/desk/staff.server";
import { deskDay, pakistanDate } from "~/lib/desk/time";
import { formatPkr, parseRupees, rupeesField } from "~/lib/money";
import { onceKeyField, onceKeyPattern } from "~/lib/once/key";
import { newOnceKey, once } from "~/lib/once/once.server";
import { Orders, type StoredOrder } from "~/lib/orders/orders.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import {
  paymentKindLabel,
  paymentKinds,
  paymentMethodLabel,
  paymentMethods,
  Payments,
  type PaymentRefusal,
  type ReversalRefusal,
} from "./payments.server";
import { dueNext } from "./receivables.server";

// The desk's side of an order's money: which order a form is about, its forms read with one schema
// per intent, and what the payments panel shows.

export type MoneyError = keyof typeof deskText.orderMoney.errors;
export type MoneyDone = keyof typeof deskText.orderMoney.done;

/** The order "O-2026-0042" and its request, through the request's number; null for any other reference. */
export function orderByReference(
  service: QuoteService,
  reference: string,
): { quote: StoredQuote; order: StoredOrder } | null {
  if (!/^O-\d{4}-\d{4,}$/.test(reference)) return null;
  const quote = service.store.byReference(reference.replace(/^O-/, "Q-"));
  const order = quote ? new Orders(service.store).forRequest(quote.id) : null;
  return quote && order && order.reference === reference ? { quote, order } : null;
}

/** The subject of the buyer's receipt e-mail. */
export const receiptSubject = (number: string, orderReference: string) =>
  `Receipt ${number} for your payment on order ${orderReference}`;

/** Where the desk downloads a payment's receipt. */
export const deskReceiptPath = (orderReference: string, number: string) =>
  `/desk/orders/${orderReference}/receipts/${number}.pdf`;

/** Every money form's one-time key (app/lib/once/): a post without one is refused, never recorded. */
export const onceKey = z.string().regex(onceKeyPattern);

export const recordPaymentSchema = z.object({
  intent: z.literal("record"),
  [onceKeyField]: onceKey,
  amount: z.string().max(40),
  method: z.enum(paymentMethods),
  kind: z.enum(paymentKinds),
  date: z.string().max(20),
  reference: z.string().max(200).check(oneLine("The reference")).default(""),
  overpayment: z.literal("on").optional(),
  // Tax the buyer withheld at source: each amount (blank for none) with its certificate's number.
  incomeTax: z.string().max(40).default(""),
  incomeTaxCertificate: z.string().max(200).check(oneLine("The certificate number")).default(""),
  salesTax: z.string().max(40).default(""),
  salesTaxCertificate: z.string().max(200).check(oneLine("The certificate number")).default(""),
});

export const reversePaymentSchema = z.object({
  intent: z.literal("reverse"),
  [onceKeyField]: onceKey,
  payment: z.coerce.number().int().positive(),
  reason: z.string().max(200).check(oneLine("The reason")),
});

const paymentFormSchema = z.discriminatedUnion("intent", [recordPaymentSchema, reversePaymentSchema]);

const recordRefusal: Record<Exclude<PaymentRefusal, "no order" | "not accepted">, MoneyError> = {
  "amount not allowed": "amount",
  "income tax certificate": "income-tax-certificate",
  "sales tax certificate": "sales-tax-certificate",
  "more than due": "more-than-due",
  "date not allowed": "date",
  "before order": "date-before-order",
  "same reference": "same-reference",
};
const reverseRefusal: Record<ReversalRefusal, MoneyError | "not found"> = {
  "no payment": "not found",
  "already reversed": "already-reversed",
  "no reason": "reason",
};

export type FormOutcome =
  | { ok: true; done: MoneyDone }
  /** `payment`: the earlier payment the refusal names (one with the same bank reference). */
  | { ok: false; error: MoneyError; payment?: number }
  /** Another order's payment or invoice: the route answers 404. */
  | { ok: false; error: "not found" }
  /** Posted without its one-time key: the route answers 400, nothing is recorded. */
  | { ok: false; error: "no key" };

/** A form's post read with its schema: a missing or malformed one-time key is told apart from the rest. */
export function readMoneyForm<T>(
  schema: z.ZodType<T>,
  body: Record<string, unknown>,
): { ok: true; form: T } | { ok: false; error: "form" | "no key" } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, form: parsed.data };
  const keyless = !(typeof body[onceKeyField] === "string" && onceKeyPattern.test(body[onceKeyField]));
  return { ok: false, error: keyless ? "no key" : "form" };
}

/**
 * A payments panel's post: a payment recorded or reversed, or why not (nothing is stored then). Once per
 * one-time key: the same key again gets the first post's outcome, never a second payment or reversal.
 */
export function paymentForm(
  service: QuoteService,
  order: StoredOrder,
  body: Record<string, unknown>,
  actor: Actor,
  now = new Date(),
): FormOutcome {
  const read = readMoneyForm(paymentFormSchema, body);
  if (!read.ok) return { ok: false, error: read.error };
  const form = read.form;
  // One page's key serves its every form: each is its own form here (a reversal, per payment).
  const which = form.intent === "reverse" ? `reverse:${order.reference}:${form.payment}` : `payment:${order.reference}`;
  return once(service.db, which, form[onceKeyField], () => paymentFormOnce(service, order, form, actor, now));
}

function paymentFormOnce(
  service: QuoteService,
  order: StoredOrder,
  form: z.infer<typeof paymentFormSchema>,
  actor: Actor,
  now: Date,
): FormOutcome {
  const payments = new Payments(service.store);
  if (form.intent === "reverse") {
    const reversed = payments.reverse(order, form.payment, { reason: form.reason, actor, now });
    if (reversed.ok) return { ok: true, done: "reversed" };
    const error = reverseRefusal[reversed.reason];
    return error === "not found" ? { ok: false, error } : { ok: false, error };
  }
  const amountPaisa = parseRupees(form.amount);
  // A blank withheld amount is none; anything typed must read as rupees.
  const withheld = (typed: string) => (typed.trim() === "" ? 0 : parseRupees(typed));
  const incomeTax = withheld(form.incomeTax);
  const salesTax = withheld(form.salesTax);
  if (incomeTax === null || salesTax === null) return { ok: false, error: "withheld" };
  if (amountPaisa === null || amountPaisa + incomeTax + salesTax <= 0) return { ok: false, error: "amount" };
  const recorded = service.db
    .transaction(() => {
      const result = payments.record(order, {
        kind: form.kind,
        method: form.method,
        paidOn: form.date,
        amountPaisa,
        incomeTaxWithheldPaisa: incomeTax,
        incomeTaxCertificate: form.incomeTaxCertificate,
        salesTaxWithheldPaisa: salesTax,
        salesTaxCertificate: form.salesTaxCertificate,
        reference: form.reference,
        overpayment: form.overpayment === "on",
        actor,
        now,
      });
      // The receipt goes to the buyer with the payment, or neither is stored.
      const quote = result.ok ? service.store.get(order.quoteId) : null;
      if (result.ok && quote && result.value.receipt)
        service.messaging.queue({
          quoteId: quote.id,
          kind: "receipt",
          recipient: quote.email,
          subject: receiptSubject(result.value.receipt.number, order.reference),
          payload: { receipt: result.value.receipt.number },
          status: service.emailOn ? "queued" : "off",
          now,
        });
      return result;
    })
    .immediate();
  if (recorded.ok) {
    service.outbox?.kick();
    return { ok: true, done: service.emailOn ? "payment" : "payment-off" };
  }
  if (recorded.reason === "no order" || recorded.reason === "not accepted") return { ok: false, error: "not found" };
  const error = recordRefusal[recorded.reason];
  return recorded.first ? { ok: false, error, payment: recorded.first.id } : { ok: false, error };
}

/** Which panel a form came from: its notice shows there, and the page scrolls to it. */
export type MoneyPanel = "payments" | "invoices";

/** Where a panel's form sends the desk back to, with what happened: `?payments-done=payment#payments`. */
export function moneyRedirect(
  order: StoredOrder,
  panel: MoneyPanel,
  outcome: Exclude<FormOutcome, { error: "not found" | "no key" }>,
): string {
  const said = outcome.ok
    ? `${panel}-done=${outcome.done}`
    : `${panel}-error=${outcome.error}${outcome.payment ? `&payment=${outcome.payment}` : ""}`;
  return `/desk/orders/${order.reference}?${said}#${panel}`;
}

/** What the payments panel shows of an order; null when it has no acceptance. */
export function paymentsPanelData(service: QuoteService, order: StoredOrder, member: StaffMember, now = new Date()) {
  const payments = new Payments(service.store);
  const summary = payments.summary(order);
  if (!summary) return null;
  return {
    order: order.reference,
    total: formatPkr(summary.totalPaisa),
    paid: formatPkr(summary.paidPaisa),
    due: formatPkr(summary.duePaisa),
    overpaid: summary.overpaidPaisa > 0 ? formatPkr(summary.overpaidPaisa) : null,
    advance:
      summary.advanceRequiredPaisa > 0
        ? { amount: formatPkr(summary.advanceRequiredPaisa), met: summary.advanceMet }
        : null,
    withheld: summary.withheldPaisa > 0 ? formatPkr(summary.withheldPaisa) : null,
    payments: payments.paymentsOf(order.id).map((payment) => ({
      id: payment.id,
      day: deskDay(payment.paidOn),
      kind: paymentKindLabel[payment.kind],
      // Tax withheld alone (a certificate that came later) arrived by no method.
      method: payment.amountPaisa > 0 ? paymentMethodLabel[payment.method] : null,
      amount: formatPkr(payment.amountPaisa),
      withheld: [
        payment.incomeTaxWithheldPaisa > 0 && {
          tax: "income" as const,
          amount: formatPkr(payment.incomeTaxWithheldPaisa),
          certificate: payment.incomeTaxCertificate,
        },
        payment.salesTaxWithheldPaisa > 0 && {
          tax: "sales" as const,
          amount: formatPkr(payment.salesTaxWithheldPaisa),
          certificate: payment.salesTaxCertificate,
        },
      ].filter((line) => line !== false),
      reference: payment.reference,
      recordedBy: payment.recordedBy,
      receipt: payment.receipt && {
        number: payment.receipt.number,
        pdf: deskReceiptPath(order.reference, payment.receipt.number),
      },
      reversal: payment.reversal && { reason: payment.reversal.reason, by: payment.reversal.reversedBy },
    })),
    /** What the record form is filled with: what is due next (the advance still unpaid, or the balance). */
    next: {
      kind: dueNext(summary).kind,
      amount: dueNext(summary).paisa > 0 ? rupeesField(dueNext(summary).paisa) : "",
    },
    today: pakistanDate(now.getTime()),
    /** The first day a payment may be dated: the order's (Pakistan). */
    orderDay: pakistanDate(Date.parse(order.createdAt)),
    /** The one-time key of the panel's forms (the record form and each reversal). */
    formKey: newOnceKey(),
    canRecord: hasPermission(member.role, "payments.record"),
    canReverse: hasPermission(member.role, "payments.reverse", storedPermissions(service.db)),
  };
}

export type PaymentsPanelData = NonNullable<ReturnType<typeof paymentsPanelData>>;
