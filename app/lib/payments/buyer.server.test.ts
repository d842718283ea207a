import { describe, expect, it } from "vitest";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { buyerPaymentData } from "./buyer.server";
import { Payments } from "./payments.server";

// What the buyer's page and the acceptance e-mail ask the buyer to pay now, on a real SQLite store.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

describe("what the buyer is asked to pay now", () => {
  it("is the advance while unpaid, nothing while the order is made, the balance once invoiced, nothing when paid", () => {
    const store = QuoteStore.open(tempDir("buyer-payment"));
    const { quote } = acceptedOrder(store, { now });
    const order = new Orders(store).forRequest(quote.id)!;
    const payments = new Payments(store);
    const paid = (kind: "advance" | "balance", amountPaisa: number) => {
      const recorded = payments.record(order, {
        kind,
        method: "bank_transfer",
        paidOn: "2026-11-26",
        amountPaisa,
        actor: bilal,
        now,
      });
      if (!recorded.ok) throw new Error(recorded.reason);
    };

    const accepted = buyerPaymentData(store, quote)!;
    expect(accepted.advance).not.toBeNull();
    expect(accepted.dueNow).toEqual({ kind: "advance", amount: accepted.advance });
    expect(accepted.balanceLater).toBe(false);

    // The advance paid: the balance is owed, but not asked for while the order is being made.
    paid("advance", payments.summary(order)!.advanceRequiredPaisa);
    const making = buyerPaymentData(store, quote)!;
    expect(making.due).not.toBe("PKR 0");
    expect(making.dueNow).toBeNull();
    expect(making.balanceLater).toBe(true);

    // Invoiced: the balance is asked for.
    const issued = new Invoices(store).issueInvoice(order.id, { actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    const invoiced = buyerPaymentData(store, quote)!;
    expect(invoiced.dueNow).toEqual({ kind: "balance", amount: making.due });
    expect(invoiced.balanceLater).toBe(false);

    // Paid in full: nothing to pay.
    paid("balance", payments.summary(order)!.duePaisa);
    const settled = buyerPaymentData(store, quote)!;
    expect(settled.due).toBe("PKR 0");
    expect(settled.dueNow).toBeNull();
    expect(settled.balanceLater).toBe(false);
    store.close();
  });
});
