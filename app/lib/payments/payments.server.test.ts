import { describe, expect, it } from "vitest";
import { acceptedOrder, invoiceDraft } from "../../../tests/support/invoice-fixture";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { advancePercent, mayStartProduction, paymentSummary, Payments, summarize } from "./payments.server";

// An order's payments on a real SQLite store: what is due, the advance, refusals that store nothing.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

function setup(draft?: ReturnType<typeof invoiceDraft>) {
  const store = QuoteStore.open(tempDir("payments"));
  const accepted = acceptedOrder(store, { now, ...(draft ? { draft } : {}) });
  const order = new Orders(store).forRequest(accepted.quote.id)!;
  return { store, order, accepted, payments: new Payments(store) };
}

const advance = { kind: "advance", method: "bank_transfer", paidOn: "2026-11-26", actor: bilal, now } as const;

describe("the advance the payment terms ask for", () => {
  it("is read from the quotation's words, and is none when they name no advance", () => {
    expect(advancePercent("50 % advance, balance on delivery")).toBe(50);
    expect(advancePercent("30% advance with the PO")).toBe(30);
    expect(advancePercent("100 percent advance")).toBe(100);
    expect(advancePercent("Payment on delivery")).toBe(0);
    expect(advancePercent("Balance within 30 days")).toBe(0);
    expect(advancePercent("150 % advance")).toBe(100);
  });
});

describe("a payment summary's arithmetic", () => {
  it("takes credit notes off the total and the advance from what is left", () => {
    expect(
      summarize({
        acceptedTotalPaisa: 1_000_000,
        invoices: [{ payablePaisa: 1_000_000, creditedPaisa: 200_000 }],
        paidAmounts: [300_000],
        advancePercent: 50,
      }),
    ).toEqual({
      totalPaisa: 800_000,
      paidPaisa: 300_000,
      duePaisa: 500_000,
      overpaidPaisa: 0,
      withheldPaisa: 0,
      advanceRequiredPaisa: 400_000,
      advanceMet: false,
    });
  });

  it("counts a fully credited invoice and the one issued again once, and never shows a negative due", () => {
    const summary = summarize({
      acceptedTotalPaisa: 1_000_000,
      invoices: [
        { payablePaisa: 1_000_000, creditedPaisa: 1_000_000 },
        { payablePaisa: 1_000_000, creditedPaisa: 0 },
      ],
      paidAmounts: [600_000, 500_000],
      advancePercent: 0,
    });
    expect(summary).toMatchObject({ totalPaisa: 1_000_000, duePaisa: 0, overpaidPaisa: 100_000 });
    expect(summary.advanceMet).toBe(true);
  });

  it("rounds the advance half up to the paisa", () => {
    expect(summarize({ acceptedTotalPaisa: 101, invoices: [], paidAmounts: [], advancePercent: 50 })).toMatchObject({
      advanceRequiredPaisa: 51,
      advanceMet: false,
    });
  });
});

describe("an order's payments", () => {
  it("are recorded with who and when, counted in the summary, and in the request's history", () => {
    const { store, order, accepted, payments } = setup();
    const total = store.db
      .prepare("SELECT total_paisa FROM quotation_acceptances WHERE quote_id = ?")
      .pluck()
      .get(accepted.quote.id) as number;
    const half = Math.floor((total + 1) / 2);
    const recorded = payments.record(order, { ...advance, amountPaisa: half, reference: " TT-4471 " });
    expect(recorded.ok && recorded.value).toMatchObject({
      kind: "advance",
      method: "bank_transfer",
      amountPaisa: half,
      reference: "TT-4471",
      overpayment: false,
      recordedBy: "Bilal <bilal@promo.example>",
      reversal: null,
    });
    expect(paymentSummary(store, order)).toEqual({
      totalPaisa: total,
      paidPaisa: half,
      duePaisa: total - half,
      overpaidPaisa: 0,
      withheldPaisa: 0,
      advanceRequiredPaisa: half,
      advanceMet: true,
    });
    const line = store.audit.requestHistory(accepted.quote.id).at(-1)!;
    expect(line.body).toMatch(
      /^Payment recorded for order O-\d{4}-\d{4}: PKR [\d,.]+ advance by bank transfer on 2026-11-26 \(ref\. TT-4471\); receipt R-2026-0001$/,
    );
  });

  it("refuse a zero, negative, fractional, future-dated or more-than-due amount, storing nothing", () => {
    const { store, order, payments } = setup();
    const due = paymentSummary(store, order)!.duePaisa;
    expect(payments.record(order, { ...advance, amountPaisa: 0 })).toEqual({ ok: false, reason: "amount not allowed" });
    expect(payments.record(order, { ...advance, amountPaisa: -500 })).toEqual({
      ok: false,
      reason: "amount not allowed",
    });
    expect(payments.record(order, { ...advance, amountPaisa: 10.5 })).toEqual({
      ok: false,
      reason: "amount not allowed",
    });
    expect(payments.record(order, { ...advance, amountPaisa: 100, paidOn: "2026-11-27" })).toEqual({
      ok: false,
      reason: "date not allowed",
    });
    expect(payments.record(order, { ...advance, amountPaisa: 100, paidOn: "2026-02-30" })).toEqual({
      ok: false,
      reason: "date not allowed",
    });
    expect(payments.record(order, { ...advance, amountPaisa: due + 1 })).toEqual({
      ok: false,
      reason: "more than due",
    });
    expect(payments.paymentsOf(order.id)).toEqual([]);
    expect(store.audit.requestHistory(order.quoteId).some((line) => line.type === "payment.recorded")).toBe(false);
    // Said on purpose, more than due is kept and shown as paid over.
    const over = payments.record(order, { ...advance, amountPaisa: due + 1, overpayment: true });
    expect(over.ok && over.value.overpayment).toBe(true);
    expect(paymentSummary(store, order)).toMatchObject({ duePaisa: 0, overpaidPaisa: 1 });
  });

  it("take a day paid that is today in Pakistan though it is still yesterday in UTC", () => {
    const { order, payments } = setup();
    const lateEvening = new Date("2026-11-26T20:30:00Z"); // 01:30 PKT on the 27th
    expect(payments.record(order, { ...advance, amountPaisa: 100, paidOn: "2026-11-27", now: lateEvening }).ok).toBe(
      true,
    );
  });

  it("once reversed stay listed with the reason, no longer counted; a reversal is not reversed twice", () => {
    const { store, order, payments } = setup();
    const recorded = payments.record(order, { ...advance, amountPaisa: 50_000 });
    if (!recorded.ok) throw new Error(recorded.reason);
    expect(payments.reverse(order, recorded.value.id, { reason: "  ", actor: bilal, now })).toEqual({
      ok: false,
      reason: "no reason",
    });
    const reversed = payments.reverse(order, recorded.value.id, { reason: "Cheque bounced", actor: bilal, now });
    expect(reversed.ok && reversed.value.reversal).toMatchObject({ reason: "Cheque bounced" });
    expect(payments.reverse(order, recorded.value.id, { reason: "Again", actor: bilal, now })).toEqual({
      ok: false,
      reason: "already reversed",
    });
    expect(paymentSummary(store, order)!.paidPaisa).toBe(0);
    expect(payments.paymentsOf(order.id)).toHaveLength(1);
    expect(store.audit.requestHistory(order.quoteId).at(-1)!.body).toBe(
      `Payment of PKR 500 on 2026-11-26 reversed for order ${order.reference}: Cheque bounced`,
    );
  });

  it("of another order cannot be reversed through this one", () => {
    const { store, order, payments } = setup();
    const other = acceptedOrder(store, { now });
    const otherOrder = new Orders(store).forRequest(other.quote.id)!;
    const recorded = payments.record(otherOrder, { ...advance, amountPaisa: 10_000 });
    if (!recorded.ok) throw new Error(recorded.reason);
    expect(payments.reverse(order, recorded.value.id, { reason: "Wrong order", actor: bilal, now })).toEqual({
      ok: false,
      reason: "no payment",
    });
  });

  it("are final in the database: no update, no delete", () => {
    const { store, order, payments } = setup();
    payments.record(order, { ...advance, amountPaisa: 10_000 });
    expect(() => store.db.prepare("UPDATE order_payments SET amount_paisa = 1").run()).toThrow(/final/);
    expect(() => store.db.prepare("DELETE FROM order_payments").run()).toThrow(/final/);
  });

  it("are due against the total less credit notes", () => {
    const { store, order, payments } = setup();
    const issued = new Invoices(store).issueInvoice(order.id, { actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    new Invoices(store).issueCreditNote(issued.value.number, {
      amountPaisa: 100_000,
      reason: "Short",
      actor: bilal,
      now,
    });
    const summary = paymentSummary(store, order)!;
    expect(summary.totalPaisa).toBe(issued.value.totalPaisa - 100_000);
    expect(payments.record(order, { ...advance, amountPaisa: summary.totalPaisa + 1 })).toEqual({
      ok: false,
      reason: "more than due",
    });
    expect(payments.record(order, { ...advance, amountPaisa: summary.totalPaisa }).ok).toBe(true);
  });
});

describe("whether production may start", () => {
  it("waits for the advance the terms ask for, unless the rule is off or the terms ask none", () => {
    const { store, order, payments } = setup();
    const refused = mayStartProduction(store, order);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.why).toMatch(/^The advance of PKR [\d,.]+ is not paid yet \(PKR 0 received\)/);
    expect(mayStartProduction(store, order, { requireAdvanceBeforeProduction: false })).toEqual({ ok: true });
    payments.record(order, { ...advance, amountPaisa: paymentSummary(store, order)!.advanceRequiredPaisa });
    expect(mayStartProduction(store, order)).toEqual({ ok: true });

    const onDelivery = setup({ ...invoiceDraft(now), paymentTerms: "Payment on delivery" });
    expect(mayStartProduction(onDelivery.store, onDelivery.order)).toEqual({ ok: true });
  });
});
