import { Form, useSearchParams } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { deskText } from "~/content/desk";
import { correctionDoneParam } from "~/lib/fbr/correction-schema";
import type { CorrectionRefused } from "~/lib/fbr/desk.server";
import type { InvoicePanelData } from "~/lib/invoices/desk.server";
import { onceKeyField } from "~/lib/once/key";
import { FbrReportState } from "./fbr-report";
import { cn } from "~/lib/utils";
import { MoneyNotice } from "./money-notice";

const text = deskText.orderMoney;
const linkClass =
  "text-primary underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center";

/**
 * An order's sales tax invoice: the issued ones with their PDFs, credit notes and what FBR made of each,
 * "Issue invoice" while the order has none standing (staff and owners), and "Issue credit note" (owners).
 * A document FBR refused carries FBR's reasons and the form to correct it and submit it again.
 */
export function InvoicePanel({
  data,
  correction = null,
}: {
  data: InvoicePanelData;
  /** The correction form's last post, when it was refused: shown again with its messages. */
  correction?: CorrectionRefused | null;
}) {
  const action = `/desk/orders/${data.order}/invoices`;
  const creditable = data.invoices.filter((invoice) => invoice.canBeCredited);
  const [params] = useSearchParams();
  const resubmitted = params.get(correctionDoneParam) === "resubmitted";
  return (
    <section
      id="invoices"
      aria-labelledby="invoices-heading"
      className="scroll-mt-4 space-y-4 rounded-xl border border-border p-4"
    >
      <h2 id="invoices-heading" className="text-lg font-bold">
        {text.invoiceHeading}
      </h2>
      <MoneyNotice panel="invoices" />
      {resubmitted && (
        <DeskNotice tone="ok">
          Submitted to FBR again with your corrections: FBR's answer shows on the invoice below.
        </DeskNotice>
      )}
      {data.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.noInvoice}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {data.invoices.map((invoice) => (
            <li
              key={invoice.number}
              className={cn(
                "rounded-lg border p-2",
                data.fbr?.[invoice.number]?.tone === "refused" ? "border-red-300" : "border-border",
              )}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span>
                  <span className="font-mono font-semibold">{invoice.number}</span> · {invoice.day} ·{" "}
                  <span className="tabular-nums">{invoice.total}</span>
                  {invoice.credited && <span> · {text.credited(invoice.credited)}</span>}
                  {invoice.settlement && (
                    <span className={invoice.settlement.settled ? "font-semibold text-green-800" : "font-semibold"}>
                      {" · "}
                      {invoice.settlement.settled ? text.settled : text.balanceDue(invoice.settlement.due)}
                    </span>
                  )}
                </span>
                <a className={linkClass} href={invoice.pdf} download>
                  {text.pdf}
                  <span className="sr-only"> {invoice.number}</span>
                </a>
              </div>
              {data.fbr?.[invoice.number] && (
                <FbrReportState view={data.fbr[invoice.number]!} orderReference={data.order} refused={correction} />
              )}
              {invoice.creditNotes.length > 0 && (
                <ul className="mt-2 space-y-2 border-l-2 border-border pl-3 text-xs">
                  {invoice.creditNotes.map((note) => (
                    <li key={note.number}>
                      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="wrap-anywhere">
                          <span className="font-mono">{note.number}</span> · {note.day} · {note.amount} · {note.reason}
                        </span>
                        <a className={linkClass} href={note.pdf} download>
                          {text.pdf}
                          <span className="sr-only"> {note.number}</span>
                        </a>
                      </div>
                      {data.fbr?.[note.number] && (
                        <FbrReportState
                          view={data.fbr[note.number]!}
                          orderReference={data.order}
                          refused={correction}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.canIssue && data.mayIssue && (
        <Form method="post" action={action} className="space-y-3 border-t border-border pt-4">
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name={onceKeyField} value={data.formKey} />
          <FormField id="invoice-address" label={text.buyerAddress} hint="(optional)">
            <Textarea id="invoice-address" name="buyerAddress" maxLength={500} rows={3} dir="auto" />
          </FormField>
          <SubmitButton pendingLabel={deskText.pending.issuing}>{text.issue}</SubmitButton>
        </Form>
      )}
      {data.canCredit && creditable.length > 0 && (
        <details className="border-t border-border pt-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-700 pointer-coarse:py-3">
            {text.creditHeading}
          </summary>
          <Form method="post" action={action} className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="credit" />
            <input type="hidden" name={onceKeyField} value={data.formKey} />
            {creditable.length === 1 ? (
              <input type="hidden" name="invoice" value={creditable[0]!.number} />
            ) : (
              <FormField id="credit-invoice" label="Invoice" className="sm:col-span-2">
                <NativeSelect id="credit-invoice" name="invoice">
                  {creditable.map((invoice) => (
                    <option key={invoice.number} value={invoice.number}>
                      {invoice.number}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <FormField id="credit-amount" label={text.creditAmount}>
              <Input
                id="credit-amount"
                name="amount"
                required
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                defaultValue={creditable[0]!.leftToCredit}
              />
            </FormField>
            <FormField id="credit-reason" label={text.creditReason}>
              <Input id="credit-reason" name="reason" required maxLength={500} />
            </FormField>
            <div className="sm:col-span-2">
              <SubmitButton variant="outline">{text.credit}</SubmitButton>
            </div>
          </Form>
        </details>
      )}
    </section>
  );
}
