import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { EnterPresses, SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { deskText } from "~/content/desk";
import { quotationTerms } from "~/content/quotation-terms";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { formatPkr, formatRate } from "~/lib/money";
import { cn } from "~/lib/utils";
import { missingOnceKey, onceKeyField, onceKeyPattern } from "~/lib/once/key";
import {
  editorPage,
  type FoundItem,
  type LineAction,
  priceLineFromList,
  saveQuotationDraft,
  sendFromEditor,
} from "~/lib/quotations/desk.server";
import {
  blankLine,
  editorField,
  type EditorErrors,
  type EditorValues,
  optionSlots,
  valuesFromForm,
} from "~/lib/quotations/editor-schema";
import { getQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { formDataWithin } from "~/lib/quotes/uploads.server";
import type { Route } from "./+types/quotation";

export const meta: Route.MetaFunction = ({ params }) => deskMeta(`Quotation · ${params.reference}`);

const notFound = () => data("Not found", { status: 404 });
const text = deskText.quotation;

/** Once a version is accepted the order is made: no further version is prepared or sent for this request. */
function refuseOnceOrdered(service: QuoteService, quote: StoredQuote) {
  const order = service.orders.forRequest(quote.id);
  if (order) throw data(text.ordered(order.reference), { status: 409 });
}

/** What the editor says after the action it redirected from. */
const editorDone = {
  saved: null,
  added: text.lineAdded,
  removed: text.lineRemoved,
  duplicated: text.duplicated,
} as const;

export function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(context, "quotations.send");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  if (!quote) throw notFound();
  refuseOnceOrdered(service, quote);
  const page = editorPage(service, quote);
  const doneParam = new URL(request.url).searchParams.get("done");
  const done = doneParam && doneParam in editorDone ? (doneParam as keyof typeof editorDone) : null;
  // "Add line" saved the draft: the form shows it with one more, empty line to fill.
  if (done === "added" && page.values.lines.length < quotationTerms.maxLines) page.values.lines.push(blankLine());
  return {
    reference: quote.reference,
    buyer: [quote.name, quote.company].filter(Boolean).join(" · "),
    ...page,
    done,
    formKey: crypto.randomUUID(),
  };
}

/** The editor's buttons: save, add a line, remove line n, send; a line's find, use-this-item and free-line. */
const readIntent = (value: FormDataEntryValue | null, body: FormData) => {
  if (value === "save" || value === "add-line" || value === "send") return value;
  if (typeof value !== "string") return null;
  const remove = /^remove-(\d{1,2})$/.exec(value);
  if (remove) return { kind: "remove", line: Number(remove[1]) } as const;
  const find = /^find-(\d{1,2})$/.exec(value);
  if (find) {
    const query = body.get(findField(Number(find[1])));
    return { kind: "find", line: Number(find[1]), query: typeof query === "string" ? query : "" } satisfies LineAction;
  }
  const pick = /^pick-(\d{1,2})-([a-z0-9-]{1,80})$/.exec(value);
  if (pick) return { kind: "pick", line: Number(pick[1]), itemId: pick[2]! } satisfies LineAction;
  const free = /^free-(\d{1,2})$/.exec(value);
  return free ? ({ kind: "free", line: Number(free[1]) } satisfies LineAction) : null;
};

/** A line's search box: read only by its Find button, never saved. */
const findField = (line: number) => `line-${line}-find`;

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  const staff = requirePermission(context, "quotations.send");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  if (!quote) throw notFound();
  refuseOnceOrdered(service, quote);
  const body = await formDataWithin(request, 256 * 1024);
  if (!body) throw data("Too large", { status: 413 });
  const intent = readIntent(body.get("intent"), body);
  if (!intent) throw data("Unknown action.", { status: 400 });
  const values = valuesFromForm(body);
  const refused = (errors: EditorErrors, notice: string, shown: EditorValues = values) =>
    data(
      { values: shown, errors, notice, tone: "error" as const, found: null, formKey: crypto.randomUUID() },
      { status: 400 },
    );
  // A line priced from the price list (or made free): the form again, filled, nothing saved.
  if (typeof intent === "object" && intent.kind !== "remove") {
    const outcome = priceLineFromList(service, quote, values, intent);
    if (!outcome) throw data("Unknown action.", { status: 400 });
    return data({ ...outcome, errors: {} as EditorErrors, formKey: crypto.randomUUID() });
  }
  if (typeof intent === "object") values.lines.splice(intent.line, 1);

  if (intent === "send") {
    const key = body.get(onceKeyField);
    if (typeof key !== "string" || !onceKeyPattern.test(key)) throw data(missingOnceKey, { status: 400 });
    const sent = sendFromEditor(service, quote, values, { key, staff });
    if ("nothing" in sent) return refused({ [editorField.form]: text.nothingToSend }, text.nothingToSend);
    if (!sent.ok) return refused(sent.errors, text.fix);
    throw redirect(`/desk/quotes/${quote.reference}?done=${service.emailOn ? "quotation" : "quotation-off"}`);
  }
  const saved = saveQuotationDraft(service, quote, values, staff.id);
  if (!saved.ok) {
    const room = values.lines.length < quotationTerms.maxLines;
    return intent === "add-line" && room
      ? refused(saved.errors, text.lineAddedUnsaved, { ...values, lines: [...values.lines, blankLine()] })
      : refused(saved.errors, text.fix);
  }
  const here = `/desk/quotes/${quote.reference}/quotation`;
  if (intent === "save") throw redirect(`${here}?done=saved`);
  if (intent === "add-line") throw redirect(`${here}?done=added`);
  throw redirect(`${here}?done=removed`);
}

function Field({
  name,
  label,
  error,
  children,
  hint,
  className,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const described = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ");
  return (
    <div className={`space-y-1 ${className ?? ""}`}>
      <Label htmlFor={name}>{label}</Label>
      {children({
        id: name,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {hint && (
        <p id={`${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export default function QuotationEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { reference, buyer, totals, version, today, saved, savedAt, done, suggestions, itemNames } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: EditorErrors = actionData?.errors ?? {};
  const found = actionData?.found ?? null;
  const notice = actionData
    ? { tone: actionData.tone, text: actionData.notice }
    : done === "saved" && savedAt
      ? { tone: "ok" as const, text: text.saved(savedAt) }
      : done && editorDone[done]
        ? { tone: "ok" as const, text: editorDone[done]! }
        : null;
  const money = "decimal" as const;
  return (
    <>
      <p className="text-sm">
        <a
          href={`/desk/quotes/${reference}`}
          className="text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          ← {text.back}
        </a>
      </p>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{text.editorTitle(version, reference)}</h1>
      <p className="mt-1 text-sm text-slate-700" dir="auto">
        {buyer}
        {loaderData.buyerQuantity && ` · ${text.buyerAsked(loaderData.buyerQuantity)}`}
      </p>
      {notice && (
        <div className="mt-4">
          <DeskNotice tone={notice.tone}>{notice.text}</DeskNotice>
        </div>
      )}
      {errors[editorField.form] && (
        <div className="mt-4">
          <DeskNotice tone="error">{errors[editorField.form]}</DeskNotice>
        </div>
      )}

      <Form
        method="post"
        key={actionData?.formKey ?? loaderData.formKey}
        className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_20rem]"
        noValidate
      >
        <input type="hidden" name={editorField.lineCount} value={values.lines.length} />
        {/* The search's suggestions as one types: the names of the items offered (the browser filters them). */}
        <datalist id="price-list-items">
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <input type="hidden" name={onceKeyField} value={actionData?.formKey ?? loaderData.formKey} />
        {/* Enter in a field saves: the first submit button is the one a browser presses for it. */}
        <EnterPresses name="intent" value="save" />
        <div className="min-w-0 space-y-6">
          {values.lines.map((line, index) => (
            <fieldset key={index} className="space-y-3 rounded-xl border border-border p-4">
              <legend className="px-1 text-base font-bold">{text.line(index + 1)}</legend>
              <input type="hidden" name={editorField.item(index)} value={line.item} />
              <PriceListPicker
                line={index}
                item={line.item ? itemNames[line.item] : undefined}
                found={found?.line === index ? found : null}
              />
              <Field
                name={editorField.description(index)}
                label={text.description}
                error={errors[editorField.description(index)]}
              >
                {(props) => <Input {...props} defaultValue={line.description} maxLength={300} dir="auto" />}
              </Field>
              <Field
                name={editorField.decoration(index)}
                label={text.decoration}
                error={errors[editorField.decoration(index)]}
              >
                {(props) => <Input {...props} defaultValue={line.decoration} maxLength={300} dir="auto" />}
              </Field>
              {/* Each option's quantity and price side by side, one option a row: the labels never squeeze. */}
              <div className="grid max-w-md gap-3">
                {optionSlots.map((slot) => (
                  <div key={slot} className="grid grid-cols-2 gap-3">
                    <Field
                      name={editorField.quantity(index, slot)}
                      label={text.quantity(slot)}
                      error={errors[editorField.quantity(index, slot)]}
                    >
                      {(props) => (
                        <Input
                          {...props}
                          defaultValue={line.quantities[slot - 1]}
                          inputMode="numeric"
                          autoComplete="off"
                        />
                      )}
                    </Field>
                    <Field
                      name={editorField.unit(index, slot)}
                      label={text.unitPrice(slot)}
                      error={errors[editorField.unit(index, slot)]}
                    >
                      {(props) => (
                        <Input {...props} defaultValue={line.units[slot - 1]} inputMode={money} autoComplete="off" />
                      )}
                    </Field>
                  </div>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">{text.optionsHint}</p>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <Field
                  name={editorField.setup(index)}
                  label={text.setup}
                  error={errors[editorField.setup(index)]}
                  className="w-48"
                >
                  {(props) => <Input {...props} defaultValue={line.setup} inputMode={money} autoComplete="off" />}
                </Field>
                {values.lines.length > 1 && (
                  <SubmitButton name="intent" value={`remove-${index}`} variant="outline">
                    {text.removeLine}
                    <span className="sr-only"> {index + 1}</span>
                  </SubmitButton>
                )}
              </div>
            </fieldset>
          ))}
          {values.lines.length < quotationTerms.maxLines && (
            <SubmitButton name="intent" value="add-line" variant="outline">
              {text.addLine}
            </SubmitButton>
          )}

          <fieldset className="grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-2">
            <legend className="px-1 text-base font-bold">{text.terms}</legend>
            <Field name={editorField.delivery} label={text.delivery} error={errors[editorField.delivery]}>
              {(props) => <Input {...props} defaultValue={values.delivery} inputMode={money} autoComplete="off" />}
            </Field>
            <Field
              name={editorField.taxRate}
              label={text.taxRate}
              error={errors[editorField.taxRate]}
              hint={text.taxHint}
            >
              {(props) => <Input {...props} defaultValue={values.taxRate} inputMode={money} autoComplete="off" />}
            </Field>
            <Field name={editorField.buyerNtn} label={text.buyerNtn} error={errors[editorField.buyerNtn]}>
              {(props) => <Input {...props} defaultValue={values.buyerNtn} maxLength={30} autoComplete="off" />}
            </Field>
            <Field name={editorField.buyerStrn} label={text.buyerStrn} error={errors[editorField.buyerStrn]}>
              {(props) => <Input {...props} defaultValue={values.buyerStrn} maxLength={30} autoComplete="off" />}
            </Field>
            <Field name={editorField.validUntil} label={text.validUntil} error={errors[editorField.validUntil]}>
              {(props) => <Input {...props} type="date" min={today} defaultValue={values.validUntil} />}
            </Field>
            <Field name={editorField.leadTimeDays} label={text.leadTimeDays} error={errors[editorField.leadTimeDays]}>
              {(props) => (
                <Input {...props} defaultValue={values.leadTimeDays} inputMode="numeric" autoComplete="off" />
              )}
            </Field>
            <Field
              name={editorField.leadTime}
              label={text.leadTime}
              error={errors[editorField.leadTime]}
              className="sm:col-span-2"
            >
              {(props) => <Input {...props} defaultValue={values.leadTime} maxLength={200} />}
            </Field>
            <Field
              name={editorField.paymentTerms}
              label={text.paymentTerms}
              error={errors[editorField.paymentTerms]}
              className="sm:col-span-2"
            >
              {(props) => <Input {...props} defaultValue={values.paymentTerms} maxLength={500} />}
            </Field>
            <Field name={editorField.note} label={text.note} error={errors[editorField.note]} className="sm:col-span-2">
              {(props) => <Textarea {...props} defaultValue={values.note} maxLength={2_000} dir="auto" />}
            </Field>
          </fieldset>
        </div>

        <aside className="space-y-4 rounded-xl border border-border bg-muted/40 p-4 lg:sticky lg:top-4">
          <section aria-labelledby="editor-totals-heading" className="space-y-3">
            <h2 id="editor-totals-heading" className="text-base font-bold">
              {text.totals}
            </h2>
            {totals && !actionData ? (
              <ul className="space-y-3">
                {totals.map((option) => (
                  <li
                    key={option.heading}
                    className={cn(
                      "rounded-lg bg-white p-3",
                      option.recommended ? "border-2 border-primary" : "border border-border",
                    )}
                  >
                    <p className="text-sm font-semibold tabular-nums">{option.heading}</p>
                    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                      <dt>{text.goods}</dt>
                      <dd className="text-right tabular-nums">{formatPkr(option.goodsPaisa)}</dd>
                      <dt>{text.setupTotal}</dt>
                      <dd className="text-right tabular-nums">{formatPkr(option.setupPaisa)}</dd>
                      {option.deliveryPaisa > 0 && (
                        <>
                          <dt>{text.deliveryTotal}</dt>
                          <dd className="text-right tabular-nums">{formatPkr(option.deliveryPaisa)}</dd>
                        </>
                      )}
                      <dt>{text.tax(formatRate(option.taxRateBp))}</dt>
                      <dd className="text-right tabular-nums">{formatPkr(option.taxPaisa)}</dd>
                      <dt className="border-t border-border pt-1 font-bold">{text.total}</dt>
                      <dd className="border-t border-border pt-1 text-right font-bold tabular-nums">
                        {formatPkr(option.totalPaisa)}
                      </dd>
                    </dl>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{text.totalsUnsaved}</p>
            )}
          </section>
          {saved && savedAt && !actionData && !done && <p className="text-xs text-slate-700">{text.saved(savedAt)}</p>}
          <div className="flex flex-wrap gap-3">
            <SubmitButton name="intent" value="save" variant="outline" pendingLabel={deskText.pending.saving}>
              {text.save}
            </SubmitButton>
            <SubmitButton name="intent" value="send" pendingLabel={deskText.pending.sending}>
              {text.send}
            </SubmitButton>
          </div>
          <p className="text-xs text-muted-foreground">{text.sendHint}</p>
        </aside>
      </Form>
    </>
  );
}

/**
 * A line's price-list item: type part of a name (the browser suggests the items' names) and Find: one
 * item found fills the line, several are offered as buttons to choose from. Each is a post that saves
 * nothing and shows the form again, so it works without a script; a priced line can be made free.
 */
function PriceListPicker({
  line,
  item,
  found,
}: {
  line: number;
  item: { name: string; retired: boolean } | undefined;
  found: { query: string; items: FoundItem[] } | null;
}) {
  const id = findField(line);
  return (
    <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-3">
      {item ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold" dir="auto">
            {item.retired ? text.pricedFromRetired(item.name) : text.pricedFrom(item.name)}
          </p>
          <SubmitButton name="intent" value={`free-${line}`} variant="outline" size="sm">
            {text.freeLine}
          </SubmitButton>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{text.freeLineNote}</p>
      )}
      <Label htmlFor={id}>{text.priceItem}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          name={id}
          type="search"
          list="price-list-items"
          autoComplete="off"
          maxLength={100}
          className="min-w-0 flex-1 basis-48"
          aria-describedby={`${id}-hint`}
          defaultValue={found?.query}
          dir="auto"
        />
        <SubmitButton name="intent" value={`find-${line}`} variant="outline" pendingLabel="Finding…">
          {text.find}
        </SubmitButton>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {text.priceItemHint}
      </p>
      {found && found.items.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={text.itemsFound}>
          {found.items.map((each) => (
            <li key={each.itemId}>
              <SubmitButton
                name="intent"
                value={`pick-${line}-${each.itemId}`}
                variant="outline"
                className="h-auto min-h-11 w-full justify-start py-2 text-left whitespace-normal"
                aria-label={text.pick(each.name)}
              >
                <span className="flex flex-col items-start gap-0.5">
                  <span className="font-semibold">{each.name}</span>
                  <span className="text-xs font-normal text-muted-foreground">{each.detail}</span>
                </span>
              </SubmitButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
