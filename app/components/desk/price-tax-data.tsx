import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";

const text = deskText.pricesPage;

type Shown = { value: string; isDefault: boolean };

/** An item's tax data as its page shows it (page.server.ts's taxDataView). */
export type TaxDataView = {
  hsCode: Shown;
  uom: Shown;
  saleType: Shown;
  values: { hsCode: string; uom: string; saleType: string };
  defaults: { hsCode: string; uom: string; saleType: string };
  units: string[];
  saleTypes: string[];
};

/** The owner's refused form: the message and what was typed. */
export type TaxDataProblem = { field: "hsCode" | "uom" | "saleType"; error: string; values: TaxDataView["values"] };

const fieldId = { hsCode: "tax-hs-code", uom: "tax-uom", saleType: "tax-sale-type" } as const;

/**
 * An item's HS code, unit of measure and sale type: read-only for staff, a form for owners, each
 * field empty for the category's default.
 */
export function PriceTaxData({
  tax,
  canEdit,
  action,
  problem,
}: {
  tax: TaxDataView;
  canEdit: boolean;
  action: string;
  problem: TaxDataProblem | null;
}) {
  const values = problem?.values ?? tax.values;
  const invalid = (field: TaxDataProblem["field"]) =>
    problem?.field === field ? { "aria-invalid": true, "aria-describedby": "tax-error" } : {};
  return (
    <section aria-labelledby="tax-heading" className="rounded-lg border border-border p-4">
      <h2 id="tax-heading" className="text-lg font-bold">
        {text.taxTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.taxLead}</p>
      {!canEdit ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {(["hsCode", "uom", "saleType"] as const).map((field) => (
              <div key={field} className="contents">
                <dt className="font-semibold">{text[field]}</dt>
                <dd className="min-w-0 break-words">
                  <span className={field === "hsCode" ? "font-mono" : undefined}>{tax[field].value}</span>
                  {tax[field].isDefault && <span className="text-slate-600"> ({text.isDefault})</span>}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-700">{text.taxReadOnly}</p>
        </>
      ) : (
        <Form method="post" action={action} noValidate className="mt-3 space-y-3">
          {problem && (
            <p role="alert" id="tax-error" className="text-sm font-medium text-red-800">
              {problem.error}
            </p>
          )}
          <FormField id={fieldId.hsCode} label={text.hsCode}>
            <Input
              id={fieldId.hsCode}
              name="hsCode"
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              placeholder={tax.defaults.hsCode}
              defaultValue={values.hsCode}
              className="font-mono"
              {...invalid("hsCode")}
            />
            <p className="text-sm text-slate-600">{text.hsCodeHint(tax.defaults.hsCode)}</p>
          </FormField>
          <FormField id={fieldId.uom} label={text.uom}>
            <NativeSelect id={fieldId.uom} name="uom" defaultValue={values.uom} {...invalid("uom")}>
              <option value="">{text.categoryDefault(tax.defaults.uom)}</option>
              {tax.units.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={fieldId.saleType} label={text.saleType}>
            <NativeSelect id={fieldId.saleType} name="saleType" defaultValue={values.saleType} {...invalid("saleType")}>
              <option value="">{text.categoryDefault(tax.defaults.saleType)}</option>
              {tax.saleTypes.map((saleType) => (
                <option key={saleType} value={saleType}>
                  {saleType}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <SubmitButton name="intent" value="tax-data" variant="outline" pendingLabel={deskText.pending.saving}>
            {text.saveTax}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
