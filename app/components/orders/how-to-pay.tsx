import { bankDetails, buyerPaymentText as text, paymentReference } from "~/content/buyer-payment";

/** "How to pay": the amount due now, the business's bank details and the order's number as the reference. */
export function HowToPay({ order, dueNow }: { order: string; dueNow: string }) {
  return (
    <section
      aria-labelledby="how-to-pay-heading"
      className="space-y-3 rounded-xl border-2 border-primary/40 bg-white p-4 text-sm"
    >
      <h2 id="how-to-pay-heading" className="text-lg font-bold">
        {text.howToPay}
      </h2>
      <p className="text-base font-semibold">{dueNow}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {bankDetails.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold break-words tabular-nums select-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-md bg-amber-50 px-3 py-2 font-semibold text-amber-950">{paymentReference(order)}</p>
    </section>
  );
}
