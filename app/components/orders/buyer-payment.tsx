import { buyerPaymentText as text } from "~/content/buyer-payment";
import type { BuyerPayment } from "~/lib/payments/buyer.server";

/**
 * The buyer's order money: total, paid, due, the payments received with their receipts, and the
 * invoices, as PDFs through their link.
 */
export function BuyerPaymentSection({ payment, base }: { payment: BuyerPayment; base: string }) {
  return (
    <section aria-labelledby="payment-heading" className="@container space-y-4">
      <h2 id="payment-heading" className="text-xl font-bold">
        {text.heading} <span className="text-base font-normal text-slate-700">· {text.order(payment.order)}</span>
      </h2>
      <dl className="grid gap-2 text-sm @lg:grid-cols-3">
        {(
          [
            [text.total, payment.total],
            [text.paid, payment.paid],
            [text.due, payment.due],
          ] as const
        ).map(([label, value]) => (
          // In a narrow place (a phone, the page's side column) one row each, the amount on the right; side by side where there is room.
          <div
            key={label}
            className="flex items-baseline justify-between gap-2 rounded-lg border border-border p-3 @lg:block"
          >
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="text-base font-semibold whitespace-nowrap tabular-nums @lg:text-lg">{value}</dd>
          </div>
        ))}
      </dl>
      {payment.advance && <p className="text-sm font-semibold">{text.advance(payment.advance)}</p>}
      {/* What is due but not asked for yet: said, so "Due" does not read as "pay now". */}
      {payment.balanceLater && <p className="text-sm">{text.balanceLater(payment.due)}</p>}
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{text.payments}</h3>
        {payment.payments.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{text.noPayments}</p>
        ) : (
          <ul className="mt-1 divide-y divide-border rounded-lg border border-border text-sm">
            {payment.payments.map((row) => (
              <li key={row.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
                <span>
                  {row.day} · {row.method ?? text.withheldOnly}
                </span>
                <span className="font-semibold tabular-nums">
                  {row.amount}
                  {row.withheld && <span className="font-normal text-slate-700"> ({text.withheld(row.withheld)})</span>}
                </span>
                {row.receipt && (
                  <span className="flex w-full flex-wrap items-center justify-between gap-x-3 text-slate-700">
                    {text.receipt(row.receipt)}
                    <a
                      className="font-semibold text-primary underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                      href={`${base}/receipts/${row.receipt}.pdf`}
                      download
                    >
                      {text.pdf}
                      <span className="sr-only"> {row.receipt}</span>
                    </a>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {payment.documents.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-700">{text.invoices}</h3>
          <ul className="mt-1 space-y-2 text-sm">
            {payment.documents.map((document) => (
              <li key={document.number} className="flex flex-wrap items-center justify-between gap-x-3">
                <span>
                  {document.kind === "invoice"
                    ? text.invoice(document.number, document.day, document.amount)
                    : text.creditNote(document.number, document.day, document.amount)}
                </span>
                <a
                  className="font-semibold text-primary underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                  href={`${base}/invoices/${document.number}.pdf`}
                  download
                >
                  {text.pdf}
                  <span className="sr-only"> {document.number}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
