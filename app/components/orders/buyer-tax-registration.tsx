import { Form } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { deskText } from "~/content/desk";
import { taxFactsDeskText as text } from "~/content/tax-registration";
import type { TaxFactsPanel, TaxFactsSaveResult } from "~/lib/orders/tax-facts-desk.server";
import { cn } from "~/lib/utils";
import { TaxFactsFields } from "./tax-facts-fields";

/**
 * The order page's "Buyer's tax registration": what FBR is told of the buyer, who gave it and whether
 * FBR confirmed it, and the form staff fill or correct it with before invoicing (open while nothing
 * is given or a save was refused).
 */
export function BuyerTaxRegistration({
  data,
  refused,
}: {
  data: TaxFactsPanel;
  refused: Extract<TaxFactsSaveResult, { ok: false }> | null;
}) {
  const form = (
    <Form method="post" action={`/desk/orders/${data.order}#tax-registration`} noValidate className="space-y-3">
      <TaxFactsFields idPrefix="tax" values={refused?.values ?? data.values ?? undefined} errors={refused?.errors} />
      <SubmitButton name="intent" value="tax-facts" pendingLabel={deskText.pending.saving}>
        {text.save}
      </SubmitButton>
    </Form>
  );
  return (
    <section
      id="tax-registration"
      aria-labelledby="tax-registration-heading"
      className="scroll-mt-4 space-y-3 rounded-xl border border-border bg-white p-4 text-sm"
    >
      <h2 id="tax-registration-heading" className="text-lg font-semibold">
        {text.heading}
      </h2>
      <p className="text-slate-700">{text.lead}</p>
      {data.notice && !refused && <DeskNotice tone="ok">{data.notice}</DeskNotice>}
      {refused && <DeskNotice tone="error">{refused.error}</DeskNotice>}
      {data.given ? (
        <>
          <ul className="space-y-0.5">
            {data.given.lines.map((line) => (
              <li key={line} dir="auto" className="break-words first:font-semibold">
                {line}
              </li>
            ))}
          </ul>
          <p className="text-slate-700">
            {data.given.by}{" "}
            <span className={cn(data.given.checked ? "font-semibold text-green-800" : "text-amber-900")}>
              {data.given.check}
            </span>
          </p>
          {!data.fbrAsked && <p className="text-slate-700">{text.notConfigured}</p>}
          {refused ? (
            form
          ) : (
            <details className="rounded-lg border border-border p-3">
              <summary className="cursor-pointer font-semibold pointer-coarse:min-h-11">{text.correct}</summary>
              <div className="mt-3">{form}</div>
            </details>
          )}
        </>
      ) : (
        <>
          <p className="font-semibold text-amber-900">{text.missing}</p>
          {data.values && Object.values(data.values).some(Boolean) && (
            <p className="text-slate-700">{text.suggested}</p>
          )}
          {!data.fbrAsked && <p className="text-slate-700">{text.notConfigured}</p>}
          {form}
        </>
      )}
    </section>
  );
}
