import type * as React from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { FormField, OptionsOf } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";
import { onceKeyField } from "~/lib/once/key";
import type { PaymentsPanelData } from "~/lib/payments/desk.server";
import { paymentKindLabel, paymentMethodLabel } from "~/lib/payments/labels";
import { MoneyNotice } from "./money-notice";

const text = deskText.orderMoney;

/**
 * An order's payments: what it costs, what was paid and what is due, each payment (a reversed one
 * struck through with why), and the form to record the next one.
 */
export function PaymentsPanel({ data }: { data: PaymentsPanelData }) {
  const action = `/desk/orders/${data.order}/payments`;
  return (
    <section
      id="payments"
      aria-labelledby="payments-heading"
      className="scroll-mt-4 space-y-4 rounded-xl border border-border p-4"
    >
      <h2 id="payments-heading" className="text-lg font-bold">
        {text.paymentsHeading}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        {(
          [
            [text.total, data.total],
            [text.paid, data.paid],
            [text.due, data.due],
          ] as const
        ).map(([label, value]) => (
          // On a phone one row each, the amount on the right; side by side from a tablet on.
          <div key={label} className="flex items-baseline justify-between gap-2 rounded-md bg-muted/60 p-2 sm:block">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="text-base font-semibold whitespace-nowrap tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {data.withheld && (
        <p className="text-sm">
          {text.withheld}: <span className="font-semibold tabular-nums">{data.withheld}</span>
        </p>
      )}
      {(data.advance || data.overpaid) && (
        <p className="text-sm">
          {data.advance && (
            <span className={data.advance.met ? undefined : "font-semibold text-amber-900"}>
              {text.advance(data.advance.amount, data.advance.met)}
            </span>
          )}
          {data.overpaid && (
            <span className="ml-2">
              {text.overpaid}: {data.overpaid}
            </span>
          )}
        </p>
      )}
      <MoneyNotice panel="payments" payments={data.payments} />
      {data.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.noPayments}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {data.payments.map((payment) => (
            <li key={payment.id} className="rounded-lg border border-border p-2">
              <p className={payment.reversal ? "text-slate-600 line-through" : undefined}>
                <span className="font-semibold tabular-nums">{payment.amount}</span> · {payment.day} · {payment.kind} ·{" "}
                {payment.method ?? text.withheldOnly}
                {payment.reference && <span className="wrap-anywhere"> · {payment.reference}</span>}
              </p>
              {payment.withheld.map((line) => (
                <p key={line.tax} className={payment.reversal ? "text-slate-600 line-through" : "wrap-anywhere"}>
                  {text.withheldLine(line.tax, line.amount, line.certificate)}
                </p>
              ))}
              {payment.receipt && (
                <p className="text-xs">
                  <a
                    href={payment.receipt.pdf}
                    download
                    className="font-semibold text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                  >
                    {text.receipt(payment.receipt.number)} · {text.pdf}
                  </a>
                  {payment.reversal && <span className="text-slate-700"> · {text.receiptCancelled}</span>}
                </p>
              )}
              <p className="text-xs text-slate-600">{text.recordedBy(payment.recordedBy)}</p>
              {payment.reversal ? (
                <p className="text-xs font-semibold text-slate-700">
                  {text.reversed(payment.reversal.reason, payment.reversal.by)}
                </p>
              ) : (
                data.canReverse && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs font-semibold text-slate-700 pointer-coarse:py-3">
                      {text.reverse}
                    </summary>
                    <Form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="reverse" />
                      <input type="hidden" name={onceKeyField} value={data.formKey} />
                      <input type="hidden" name="payment" value={payment.id} />
                      <div className="min-w-48 flex-1 space-y-1">
                        <Label htmlFor={`reverse-${payment.id}`}>{text.reverseReason}</Label>
                        <Input id={`reverse-${payment.id}`} name="reason" required maxLength={200} />
                      </div>
                      <SubmitButton variant="outline">{text.reverse}</SubmitButton>
                    </Form>
                  </details>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {data.canRecord && (
        <PaymentForm nothingDue={data.next.amount === ""}>
          <Form method="post" action={action} className="grid gap-3 border-t border-border pt-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="record" />
            <input type="hidden" name={onceKeyField} value={data.formKey} />
            <FormField
              id="payment-amount"
              label={text.amount}
              hint={data.next.amount ? `(${text.amountHint})` : undefined}
            >
              <Input
                id="payment-amount"
                name="amount"
                required
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                defaultValue={data.next.amount}
              />
            </FormField>
            <FormField id="payment-method" label={text.method}>
              <NativeSelect id="payment-method" name="method" defaultValue="bank_transfer">
                <OptionsOf labels={paymentMethodLabel} />
              </NativeSelect>
            </FormField>
            <FormField id="payment-kind" label={text.kind}>
              <NativeSelect id="payment-kind" name="kind" defaultValue={data.next.kind}>
                <OptionsOf labels={paymentKindLabel} />
              </NativeSelect>
            </FormField>
            <FormField id="payment-date" label={text.date}>
              <Input
                id="payment-date"
                name="date"
                type="date"
                required
                min={data.orderDay}
                max={data.today}
                defaultValue={data.today}
              />
            </FormField>
            <FormField
              id="payment-reference"
              label={text.reference}
              hint={`(${text.referenceHint})`}
              className="sm:col-span-2"
            >
              <Input id="payment-reference" name="reference" maxLength={200} autoComplete="off" />
            </FormField>
            <fieldset className="space-y-3 rounded-lg border border-border p-3 sm:col-span-2">
              <legend className="px-1 text-sm font-semibold">{text.withheldHeading}</legend>
              <p className="text-xs text-slate-700">{text.withheldHint}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <WithheldTax
                  id="payment-income-tax"
                  name="incomeTax"
                  label={text.incomeTax}
                  certificateLabel={text.incomeTaxCertificate}
                />
                <WithheldTax
                  id="payment-sales-tax"
                  name="salesTax"
                  label={text.salesTax}
                  certificateLabel={text.salesTaxCertificate}
                />
              </div>
            </fieldset>
            <label className="flex items-center gap-2 text-sm sm:col-span-2 pointer-coarse:min-h-11">
              <input type="checkbox" name="overpayment" className="size-4" />
              {text.overpayment}
            </label>
            <div className="sm:col-span-2">
              <SubmitButton pendingLabel={deskText.pending.recording}>{text.record}</SubmitButton>
            </div>
          </Form>
        </PaymentForm>
      )}
    </section>
  );
}

/** Once nothing is due the form folds away, still there for a late certificate or a payment on purpose. */
function PaymentForm({ nothingDue, children }: { nothingDue: boolean; children: React.ReactNode }) {
  if (!nothingDue) return children;
  return (
    <details className="border-t border-border pt-3 [&>div>form]:border-t-0 [&>div>form]:pt-0">
      <summary className="cursor-pointer text-sm font-semibold pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center">
        {text.recordWhenNothingDue}
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** A tax the buyer withheld: its amount and the number of its certificate (`<name>Certificate`). */
function WithheldTax({
  id,
  name,
  label,
  certificateLabel,
}: {
  id: string;
  name: "incomeTax" | "salesTax";
  label: string;
  certificateLabel: string;
}) {
  return (
    <>
      <FormField id={id} label={label}>
        <Input id={id} name={name} inputMode="decimal" autoComplete="off" maxLength={40} />
      </FormField>
      <FormField id={`${id}-certificate`} label={certificateLabel}>
        <Input id={`${id}-certificate`} name={`${name}Certificate`} autoComplete="off" maxLength={200} />
      </FormField>
    </>
  );
}
