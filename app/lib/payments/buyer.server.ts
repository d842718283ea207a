import { deskDay } from "~/lib/desk/time";
import { FbrReports, shownToBuyer } from "~/lib/fbr/reports.server";
import { Invoices } from "~/lib/invoices/invoices.server";
import { formatPkr } from "~/lib/money";
import { Orders } from "~/lib/orders/orders.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import { paymentMethodLabel } from "./labels";
import { Payments, settledBy } from "./payments.server";

/**
 * What the buyer's page shows of their order's money: total, paid and due, the payments counted (a
 * reversed one is not the buyer's money received), and the invoices and credit notes to download.
 * Null while the request has no order.
 */
export function buyerPaymentData(store: QuoteStore, quote: StoredQuote) {
  const order = new Orders(store).forRequest(quote.id);
  const payments = new Payments(store);
  const summary = order && payments.summary(order);
  if (!order || !summary) return null;
  const advance =
    summary.advanceRequiredPaisa > 0 && !summary.advanceMet
      ? formatPkr(summary.advanceRequiredPaisa - summary.paidPaisa)
      : null;
  const invoices = new Invoices(store).invoicesOf(order.id);
  const reports = new FbrReports(store.db);
  // The balance is asked for once the order is delivered or invoiced, not while it is being made.
  const balanceAsked = order.stage === "delivered" || invoices.length > 0;
  return {
    order: order.reference,
    total: formatPkr(summary.totalPaisa),
    paid: formatPkr(summary.paidPaisa),
    due: formatPkr(summary.duePaisa),
    advance,
    /** What the buyer is asked to pay now, for "How to pay": the advance while unpaid, else the balance once asked. */
    dueNow: advance
      ? ({ kind: "advance", amount: advance } as const)
      : balanceAsked && summary.duePaisa > 0
        ? ({ kind: "balance", amount: formatPkr(summary.duePaisa) } as const)
        : null,
    /** The balance is owed but not asked for yet (the advance is paid, the order not delivered or invoiced). */
    balanceLater: !advance && !balanceAsked && summary.duePaisa > 0,
    payments: payments
      .paymentsOf(order.id)
      .filter((payment) => !payment.reversal)
      .map((payment) => ({
        id: payment.id,
        day: deskDay(payment.paidOn),
        method: payment.amountPaisa > 0 ? paymentMethodLabel[payment.method] : null,
        // What it settled: the money and the tax the buyer withheld for us.
        amount: formatPkr(settledBy(payment)),
        withheld: settledBy(payment) > payment.amountPaisa ? formatPkr(settledBy(payment) - payment.amountPaisa) : null,
        receipt: payment.receipt?.number ?? null,
      })),
    // Only final documents: an invoice waiting for FBR, or refused by it, is not yet a tax invoice.
    documents: invoices.flatMap((invoice) => [
      ...(shownToBuyer(reports.reportOfInvoice(invoice.id))
        ? [
            {
              kind: "invoice" as const,
              number: invoice.number,
              day: deskDay(invoice.issueDate),
              amount: formatPkr(invoice.payablePaisa),
            },
          ]
        : []),
      ...invoice.creditNotes
        .filter((note) => shownToBuyer(reports.reportOfCreditNote(note.id)))
        .map((note) => ({
          kind: "credit note" as const,
          number: note.number,
          day: deskDay(note.issueDate),
          amount: formatPkr(note.amountPaisa + note.furtherTaxPaisa),
        })),
    ]),
  };
}

export type BuyerPayment = NonNullable<ReturnType<typeof buyerPaymentData>>;
