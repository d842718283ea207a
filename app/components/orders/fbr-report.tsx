import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import {
  correctionChoices,
  correctionField,
  correctionIntent,
  correctionLimits,
  hsCodePattern,
} from "~/lib/fbr/correction-schema";
import type { CorrectionRefused, FbrReportView, FbrTone } from "~/lib/fbr/desk.server";
import { saleTypeLabels } from "~/lib/fbr/lists";
import { cn } from "~/lib/utils";

const badgeTone: Record<FbrTone, string> = {
  plain: "bg-slate-100 text-slate-800 ring-slate-300",
  waiting: "bg-amber-100 text-amber-950 ring-amber-300",
  refused: "bg-red-100 text-red-900 ring-red-300",
  accepted: "bg-emerald-100 text-emerald-900 ring-emerald-300",
};

/** A document's FBR state as a badge: "Waiting for FBR". */
export function FbrBadge({ view }: { view: FbrReportView }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        badgeTone[view.tone],
      )}
      data-fbr-status={view.status}
    >
      {view.badge}
    </span>
  );
}

/**
 * What FBR made of a document: its badge and sentence, the facts (tries, next try, FBR number), FBR's
 * reasons when it refused, and for staff who may issue invoices the correction form.
 */
export function FbrReportState({
  view,
  orderReference,
  refused,
}: {
  view: FbrReportView;
  orderReference: string;
  /** The last correction post when it was refused, if it was this report's. */
  refused: CorrectionRefused | null;
}) {
  return (
    <div className="mt-2 space-y-2" data-fbr-report={view.reportId ?? ""}>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <FbrBadge view={view} />
        <span className={cn(view.tone === "refused" && "font-semibold text-red-900")}>{view.sentence}</span>
      </p>
      {view.facts.length > 0 && (
        <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[max-content_1fr]">
          {view.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className={cn("wrap-anywhere", fact.mono && "font-mono font-semibold")}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {view.note && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{view.note}</p>
      )}
      {view.errors.length > 0 && (
        <div className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
          <p className="font-semibold">What FBR said</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {view.errors.map((error, index) => (
              <li key={index} className="wrap-anywhere">
                <span className="font-semibold">{error.where}:</span> {error.words}
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.correction && (
        <CorrectionForm
          correction={view.correction}
          orderReference={orderReference}
          refused={refused && refused.reportId === view.correction.reportId ? refused : null}
        />
      )}
    </div>
  );
}

const fieldLabels = {
  [correctionField.registrationType]: "Buyer's sales tax registration",
  [correctionField.ntnCnic]: "Buyer's NTN or CNIC",
  [correctionField.businessName]: "Buyer's business name",
  [correctionField.province]: "Buyer's province",
  [correctionField.address]: "Buyer's address",
} as Record<string, string>;

function CorrectionForm({
  correction,
  orderReference,
  refused,
}: {
  correction: NonNullable<FbrReportView["correction"]>;
  orderReference: string;
  refused: CorrectionRefused | null;
}) {
  const values = refused?.values ?? correction.values;
  const errors = refused?.errors ?? {};
  const prefix = `fbr-${correction.reportId}`;
  const id = (name: string) => `${prefix}-${name}`;
  const errorId = (name: string) => `${prefix}-${name}-error`;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
  const problem = (name: string) =>
    errors[name] ? (
      <p id={errorId(name)} className="text-sm font-semibold text-red-800">
        {errors[name]}
      </p>
    ) : null;
  const lineLabel = (name: string) => {
    const line = correction.lines.find(
      (each) =>
        name === correctionField.hsCode(each.position) ||
        name === correctionField.uom(each.position) ||
        name === correctionField.saleType(each.position),
    );
    if (!line) return "The form";
    const what = name.endsWith("hsCode") ? "HS code" : name.endsWith("uom") ? "unit" : "sale type";
    return `Line ${line.position}, ${what}`;
  };
  const listed = Object.entries(errors);
  return (
    <Form
      method="post"
      action={`/desk/orders/${orderReference}`}
      className="space-y-4 rounded-md border border-border bg-slate-50 p-3"
      aria-labelledby={id("heading")}
    >
      <h3 id={id("heading")} className="font-semibold">
        Correct what FBR refused
      </h3>
      <input type="hidden" name={correctionField.report} value={correction.reportId} />
      {listed.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-white px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">
            Nothing was sent to FBR: correct {listed.length === 1 ? "this" : "these"} first.
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {listed.map(([name, message]) => (
              <li key={name}>
                {fieldLabels[name] ?? lineLabel(name)}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">The buyer, as FBR is told</legend>
        <FormField id={id("registration")} label={fieldLabels[correctionField.registrationType]}>
          <NativeSelect
            id={id("registration")}
            name={correctionField.registrationType}
            defaultValue={values[correctionField.registrationType] ?? ""}
            required
            {...invalid(correctionField.registrationType)}
          >
            {correctionChoices.registrationTypes.map((type) => (
              <option key={type} value={type}>
                {type === "Registered" ? "Registered (has NTN/STRN)" : "Unregistered"}
              </option>
            ))}
          </NativeSelect>
          {problem(correctionField.registrationType)}
        </FormField>
        <FormField id={id("ntn")} label={fieldLabels[correctionField.ntnCnic]} hint="(required when registered)">
          <Input
            id={id("ntn")}
            name={correctionField.ntnCnic}
            defaultValue={values[correctionField.ntnCnic] ?? ""}
            maxLength={correctionLimits.ntnCnic}
            autoComplete="off"
            inputMode="numeric"
            placeholder="1234567-8 or 35202-1234567-1"
            {...invalid(correctionField.ntnCnic)}
          />
          {problem(correctionField.ntnCnic)}
        </FormField>
        <FormField id={id("name")} label={fieldLabels[correctionField.businessName]}>
          <Input
            id={id("name")}
            name={correctionField.businessName}
            defaultValue={values[correctionField.businessName] ?? ""}
            maxLength={correctionLimits.businessName}
            required
            dir="auto"
            {...invalid(correctionField.businessName)}
          />
          {problem(correctionField.businessName)}
        </FormField>
        <FormField id={id("province")} label={fieldLabels[correctionField.province]}>
          <NativeSelect
            id={id("province")}
            name={correctionField.province}
            defaultValue={values[correctionField.province] ?? ""}
            required
            {...invalid(correctionField.province)}
          >
            <option value="">Choose…</option>
            {correctionChoices.provinces.map((province) => (
              <option key={province} value={province}>
                {province}
              </option>
            ))}
          </NativeSelect>
          {problem(correctionField.province)}
        </FormField>
        <FormField id={id("address")} label={fieldLabels[correctionField.address]} className="sm:col-span-2">
          <Textarea
            id={id("address")}
            name={correctionField.address}
            defaultValue={values[correctionField.address] ?? ""}
            maxLength={correctionLimits.address}
            rows={2}
            required
            dir="auto"
            {...invalid(correctionField.address)}
          />
          {problem(correctionField.address)}
        </FormField>
      </fieldset>
      {correction.lines.map((line) => {
        const hs = correctionField.hsCode(line.position);
        const uom = correctionField.uom(line.position);
        const saleType = correctionField.saleType(line.position);
        return (
          // The rule sits on a wrapper: on the fieldset it would run through the legend.
          <div key={line.position} className="border-t border-border pt-3">
            <fieldset className="grid gap-3 sm:grid-cols-[9rem_1fr]">
              <legend className="mb-2 text-sm font-semibold wrap-anywhere">
                Line {line.position} · {line.description}
              </legend>
              <input type="hidden" name={correctionField.position} value={line.position} />
              <FormField id={id(hs)} label="HS code">
                <Input
                  id={id(hs)}
                  name={hs}
                  defaultValue={values[hs] ?? ""}
                  required
                  pattern={hsCodePattern}
                  title="Four digits, a dot, four digits: 9608.1000"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={9}
                  className="font-mono"
                  {...invalid(hs)}
                />
                {problem(hs)}
              </FormField>
              <FormField id={id(uom)} label="Unit">
                <NativeSelect id={id(uom)} name={uom} defaultValue={values[uom] ?? ""} required {...invalid(uom)}>
                  <option value="">Choose…</option>
                  {correctionChoices.units.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </NativeSelect>
                {problem(uom)}
              </FormField>
              <FormField id={id(saleType)} label="Sale type" className="sm:col-span-2">
                <NativeSelect
                  id={id(saleType)}
                  name={saleType}
                  defaultValue={values[saleType] ?? ""}
                  required
                  {...invalid(saleType)}
                >
                  <option value="">Choose…</option>
                  {correctionChoices.saleTypes.map((type) => (
                    <option key={type} value={type}>
                      {saleTypeLabels[type]}
                    </option>
                  ))}
                </NativeSelect>
                {problem(saleType)}
              </FormField>
            </fieldset>
          </div>
        );
      })}
      <div className="space-y-1">
        <SubmitButton name="intent" value={correctionIntent} pendingLabel="Submitting to FBR…">
          Submit to FBR again
        </SubmitButton>
        <p className="text-xs text-slate-700">
          It goes back to "Waiting for FBR" at once; FBR's answer shows here when it comes (reload the page).
        </p>
      </div>
    </Form>
  );
}
