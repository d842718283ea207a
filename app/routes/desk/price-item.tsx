import { ArrowLeft, Plus, Trash2 } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { PriceItemFields } from "~/components/desk/price-item-fields";
import { PriceTaxData, type TaxDataProblem } from "~/components/desk/price-tax-data";
import { EnterPresses, SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { hasPermission } from "~/lib/desk/permissions";
import { priceItemPage } from "~/lib/prices/page.server";
import {
  type FieldError,
  editRows,
  fieldIds,
  formFields,
  formValues,
  itemDetailsSchema,
  limits,
  priceFormSchema,
  type PriceFormValues,
  readPriceForm,
  taxDataFormSchema,
} from "~/lib/prices/price-list";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/price-item";

const text = deskText.pricesPage;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  deskMeta(loaderData ? `${text.title}: ${loaderData.item.name}` : text.title);

const notFound = () => data("Not found", { status: 404 });
const doneMessages = {
  saved: text.saved,
  unchanged: text.unchanged,
  added: text.added,
  renamed: text.renamed,
  retired: text.retiredDone,
  restored: text.restored,
  tax: text.taxSaved,
} as const;
type Done = keyof typeof doneMessages;
const isDone = (value: string | null): value is Done => value !== null && Object.hasOwn(doneMessages, value);

export function loader({ request, params, context }: Route.LoaderArgs) {
  const member = requirePermission(context, "prices.read");
  const page = priceItemPage(getQuoteService().prices, params.itemId);
  if (!page) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return { ...page, canEdit: hasPermission(member.role, "prices.manage"), done: isDone(done) ? done : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const me = requirePermission(context, "prices.manage");
  const book = getQuoteService().prices;
  if (!book.list(params.itemId)) throw notFound();
  const here = `/desk/prices/${params.itemId}`;
  // The server bounds every form body before a route reads it (server/body-limits.ts).
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "retire" || intent === "restore") {
    book.retire(params.itemId, intent === "retire", me);
    throw redirect(`${here}?done=${intent === "retire" ? "retired" : "restored"}`);
  }
  if (intent === "tax-data") {
    const typed = {
      hsCode: String(form.get("hsCode") ?? ""),
      uom: String(form.get("uom") ?? ""),
      saleType: String(form.get("saleType") ?? ""),
    };
    const read = taxDataFormSchema.safeParse(typed);
    if (!read.success) {
      const issue = read.error.issues[0];
      const field = issue?.path[0] === "uom" || issue?.path[0] === "saleType" ? issue.path[0] : "hsCode";
      const tax: TaxDataProblem = { field, error: issue?.message ?? text.taxProblem, values: typed };
      return data({ errors: [] as FieldError[], values: null, edited: false, details: null, tax }, { status: 400 });
    }
    const saved = book.setTaxData(params.itemId, read.data, me);
    if (!saved.ok) throw notFound();
    throw redirect(`${here}?done=${saved.changes.length > 0 ? "tax" : "unchanged"}`);
  }
  if (intent === "rename") {
    const typed = { name: String(form.get("name") ?? ""), category: String(form.get("category") ?? "") };
    const details = itemDetailsSchema.safeParse(typed);
    if (!details.success)
      return data(
        {
          errors: [] as FieldError[],
          values: null,
          edited: false,
          details: { error: details.error.issues[0]?.message ?? text.detailsProblem, values: typed },
          tax: null,
        },
        { status: 400 },
      );
    const renamed = book.rename(params.itemId, details.data, me);
    if (!renamed.ok) throw notFound();
    throw redirect(`${here}?done=${renamed.changes.length > 0 ? "renamed" : "unchanged"}`);
  }
  const parsed = priceFormSchema.safeParse(formFields(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The form could not be read.";
    return data(
      { errors: [{ field: "", message }] as FieldError[], values: null, edited: false, details: null, tax: null },
      { status: 400 },
    );
  }
  // A row added or removed: the form again, with what was typed, nothing saved.
  if (parsed.data.intent !== "save")
    return data({
      errors: [] as FieldError[],
      values: editRows(formValues(parsed.data), parsed.data.intent),
      edited: true,
      details: null,
      tax: null,
    });
  const read = readPriceForm(parsed.data);
  if (!read.ok)
    return data({ errors: read.errors, values: read.values, edited: false, details: null, tax: null }, { status: 400 });
  const saved = book.save(params.itemId, read.list, me);
  if (!saved.ok) throw notFound();
  throw redirect(`${here}?done=${saved.changes.length > 0 ? "saved" : "unchanged"}`);
}

export default function PriceItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, prices, history, canEdit, done, values, suggestions, categories, tax } = loaderData;
  const formAction = `/desk/prices/${item.id}`;
  return (
    <>
      <p className="text-sm">
        <a
          href="/desk/prices"
          className="inline-flex items-center gap-1 text-primary underline underline-offset-4 pointer-coarse:min-h-11"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {text.allPrices}
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight" dir="auto">
        {item.name}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {item.categoryLabel} · <span className="font-mono text-xs">{item.id}</span>
      </p>
      {item.pieces.length > 0 && (
        <p className="mt-1 text-sm text-slate-700">
          {text.madeInto}: {item.pieces.join(", ")}
        </p>
      )}
      {item.retiredOn && (
        <p className="mt-3 max-w-prose rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-900">
          {text.retiredNote(item.retiredOn)}
        </p>
      )}
      {done && !actionData && (
        <div className="mt-4">
          <DeskNotice tone="ok">{doneMessages[done]}</DeskNotice>
        </div>
      )}

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        {canEdit ? (
          <PriceEditor
            // A refused save, or a row added or removed, shows what was typed; a fresh page, what is saved.
            values={actionData?.values ?? values}
            errors={actionData?.errors ?? []}
            edited={actionData?.edited ?? false}
            action={formAction}
            suggestions={suggestions}
          />
        ) : (
          <PricesReadOnly prices={prices} />
        )}
        <div className="min-w-0 space-y-6">
          {canEdit && (
            <ItemDetailsForm
              action={formAction}
              item={item}
              categories={categories}
              problem={actionData?.details ?? null}
            />
          )}
          <PriceTaxData tax={tax} canEdit={canEdit} action={formAction} problem={actionData?.tax ?? null} />
          <section aria-labelledby="history-heading" className="min-w-0 rounded-lg border border-border p-4">
            <h2 id="history-heading" className="text-lg font-bold">
              {text.historyTitle}
            </h2>
            {history.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{text.historyEmpty}</p>
            ) : (
              <ol className="mt-2 space-y-3 text-sm">
                {history.map((entry) => (
                  <li key={entry.id}>
                    <p className="font-semibold">
                      <time dateTime={entry.at}>{text.changedBy(entry.by, entry.when)}</time>
                    </p>
                    <ul className="mt-1 list-disc pl-5 text-slate-800">
                      {entry.changes.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

type PageItem = Route.ComponentProps["loaderData"]["item"];

/** The owner's name-and-category form, and retiring (or offering again) the item. */
function ItemDetailsForm({
  action,
  item,
  categories,
  problem,
}: {
  action: string;
  item: PageItem;
  categories: { slug: string; label: string }[];
  problem: { error: string; values: { name: string; category: string } } | null;
}) {
  return (
    <section aria-labelledby="details-heading" className="rounded-lg border border-border p-4">
      <h2 id="details-heading" className="text-lg font-bold">
        {text.detailsTitle}
      </h2>
      <Form method="post" action={action} noValidate className="mt-2 space-y-3">
        {problem && (
          <p role="alert" id="details-error" className="text-sm font-medium text-red-800">
            {problem.error}
          </p>
        )}
        <PriceItemFields
          idPrefix="item"
          name={problem?.values.name ?? item.name}
          category={problem?.values.category ?? item.category}
          categories={categories}
          errorId={problem ? "details-error" : null}
        />
        <SubmitButton name="intent" value="rename" variant="outline" pendingLabel="Saving…">
          {text.rename}
        </SubmitButton>
      </Form>
      <Form method="post" action={action} className="mt-4 space-y-2 border-t border-border pt-4">
        {!item.retired && <p className="text-sm text-slate-700">{text.retireHint}</p>}
        <SubmitButton
          name="intent"
          value={item.retired ? "restore" : "retire"}
          variant="outline"
          pendingLabel="Saving…"
        >
          {item.retired ? text.restore : text.retire}
        </SubmitButton>
      </Form>
    </section>
  );
}

type ReadOnlyPrices = Route.ComponentProps["loaderData"]["prices"];

function PricesReadOnly({ prices }: { prices: ReadOnlyPrices }) {
  if (!prices)
    return (
      <section aria-labelledby="prices-heading" className="min-w-0">
        <h2 id="prices-heading" className="sr-only">
          {text.title}
        </h2>
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {text.notPriced} {text.leadReadOnly}
        </p>
      </section>
    );
  return (
    <section aria-labelledby="prices-heading" className="min-w-0 space-y-6">
      <h2 id="prices-heading" className="sr-only">
        {text.title}
      </h2>
      <table className="w-full max-w-md text-sm">
        <caption className="mb-2 text-left text-lg font-bold">{text.breaksTitle}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">
              {text.quantity}
            </th>
            <th scope="col" className="py-2 text-right">
              {text.unitPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.breaks.map((row) => (
            <tr key={row.quantity} className="border-b border-border">
              <td className="py-2 pr-4 tabular-nums">{row.quantity}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{row.unit}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <h3 id="setup-heading" className="text-lg font-bold">
          {text.setupTitle}
        </h3>
        {prices.setupCharges.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{text.none}</p>
        ) : (
          <ul aria-labelledby="setup-heading" className="mt-1 max-w-md divide-y divide-border text-sm">
            {prices.setupCharges.map((charge) => (
              <li key={charge.label} className="flex justify-between gap-4 py-2">
                <span>{charge.label}</span>
                <span className="font-semibold tabular-nums">{charge.amount}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-sm">
        <span className="font-semibold">{text.leadTimeLabel}:</span> {prices.leadTimeDays}
      </p>
    </section>
  );
}

function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  );
}

const invalid = (id: string, errors: Map<string, string>) =>
  errors.has(id) ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

/** One row's remove button: a post that saves nothing and shows the form again without that row. */
function RemoveRow({ intent, label, formAction }: { intent: string; label: string; formAction: string }) {
  return (
    <SubmitButton
      name="intent"
      value={intent}
      formAction={formAction}
      variant="outline"
      size="icon"
      aria-label={label}
      title={label}
    >
      <Trash2 aria-hidden="true" />
    </SubmitButton>
  );
}

/**
 * The owner's editor: breaks and set-up charges as rows, the lead time, one save. The desk runs no
 * script, so adding or removing a row is a button that posts the form and gets it back with what was
 * typed (saving nothing), landing where the rows are.
 */
function PriceEditor({
  values,
  errors,
  edited,
  suggestions,
  action,
}: {
  values: PriceFormValues;
  errors: FieldError[];
  edited: boolean;
  suggestions: string[];
  action: string;
}) {
  const byField = new Map(errors.map((error) => [error.field, error.message]));
  const breakRows = values.breaks.length > 0 ? values.breaks : [{ quantity: "", unitPrice: "" }];
  const setupRows = values.setupCharges.length > 0 ? values.setupCharges : [{ label: "", amount: "" }];

  return (
    <Form method="post" action={action} noValidate className="min-w-0 space-y-6" aria-labelledby="editor-heading">
      <h2 id="editor-heading" className="sr-only">
        {text.title}
      </h2>
      {/* The form's first submit button, so that Enter in any field saves (never a row's Remove). */}
      <EnterPresses name="intent" value="save" />
      {edited && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {text.notSavedYet}
        </p>
      )}
      {errors.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-red-900">{text.problems(errors.length)}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-red-900">
            {errors.map((error) => (
              <li key={`${error.field}:${error.message}`}>
                {error.field ? (
                  <a
                    href={`#${error.field}`}
                    className="underline underline-offset-2 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                  >
                    {error.message}
                  </a>
                ) : (
                  error.message
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <fieldset id="breaks" className="scroll-mt-4 space-y-2">
        <legend className="text-lg font-bold">{text.breaksTitle}</legend>
        <p className="text-sm text-slate-700">{text.breaksHint}</p>
        <div aria-hidden="true" className="grid grid-cols-[1fr_1fr_2.75rem] gap-2 text-sm font-semibold">
          <span>
            {text.quantity} ({text.quantityUnit})
          </span>
          <span>{text.unitPrice}</span>
        </div>
        <ol className="space-y-2">
          {breakRows.map((row, index) => {
            const quantityId = fieldIds.breakQuantity(index);
            const priceId = fieldIds.breakPrice(index);
            return (
              <li key={index}>
                <div className="grid grid-cols-[1fr_1fr_2.75rem] items-start gap-2">
                  <Input
                    id={quantityId}
                    name="quantity"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={row.quantity}
                    aria-label={`${text.quantity}, break ${index + 1}`}
                    {...invalid(quantityId, byField)}
                  />
                  <Input
                    id={priceId}
                    name="unitPrice"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={row.unitPrice}
                    aria-label={`${text.unitPrice}, break ${index + 1}`}
                    {...invalid(priceId, byField)}
                  />
                  <RemoveRow
                    intent={`remove-break-${index}`}
                    label={text.removeBreak(index + 1)}
                    formAction={`${action}#breaks`}
                  />
                </div>
                <FieldMessage id={quantityId} error={byField.get(quantityId)} />
                <FieldMessage id={priceId} error={byField.get(priceId)} />
              </li>
            );
          })}
        </ol>
        <SubmitButton
          name="intent"
          value="add-break"
          formAction={`${action}#breaks`}
          variant="outline"
          disabled={breakRows.length >= limits.breaks}
        >
          <Plus aria-hidden="true" />
          {text.addBreak}
        </SubmitButton>
      </fieldset>

      <fieldset id="setup" className="scroll-mt-4 space-y-2">
        <legend className="text-lg font-bold">{text.setupTitle}</legend>
        <p className="text-sm text-slate-700">{text.setupHint}</p>
        <div aria-hidden="true" className="grid grid-cols-[1.6fr_1fr_2.75rem] gap-2 text-sm font-semibold">
          <span>{text.setupLabel}</span>
          <span>{text.setupAmount}</span>
        </div>
        <ol className="space-y-2">
          {setupRows.map((row, index) => {
            const labelId = fieldIds.setupLabel(index);
            const amountId = fieldIds.setupAmount(index);
            return (
              <li key={index}>
                <div className="grid grid-cols-[1.6fr_1fr_2.75rem] items-start gap-2">
                  <Input
                    id={labelId}
                    name="setupLabel"
                    list="setup-label-suggestions"
                    autoComplete="off"
                    maxLength={120}
                    defaultValue={row.label}
                    aria-label={`${text.setupLabel}, set-up charge ${index + 1}`}
                    {...invalid(labelId, byField)}
                  />
                  <Input
                    id={amountId}
                    name="setupAmount"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={row.amount}
                    aria-label={`${text.setupAmount}, set-up charge ${index + 1}`}
                    {...invalid(amountId, byField)}
                  />
                  <RemoveRow
                    intent={`remove-setup-${index}`}
                    label={text.removeSetup(index + 1)}
                    formAction={`${action}#setup`}
                  />
                </div>
                <FieldMessage id={labelId} error={byField.get(labelId)} />
                <FieldMessage id={amountId} error={byField.get(amountId)} />
              </li>
            );
          })}
        </ol>
        <datalist id="setup-label-suggestions">
          {suggestions.map((label) => (
            <option key={label} value={label} />
          ))}
        </datalist>
        <SubmitButton
          name="intent"
          value="add-setup"
          formAction={`${action}#setup`}
          variant="outline"
          disabled={setupRows.length >= limits.setupCharges}
        >
          <Plus aria-hidden="true" />
          {text.addSetup}
        </SubmitButton>
      </fieldset>

      <div className="max-w-xs space-y-1.5">
        <Label htmlFor={fieldIds.leadTime}>{text.leadTimeLabel}</Label>
        <Input
          id={fieldIds.leadTime}
          name="leadTimeDays"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.leadTimeDays}
          aria-describedby={
            byField.has(fieldIds.leadTime) ? `${fieldIds.leadTime}-error lead-time-hint` : "lead-time-hint"
          }
          aria-invalid={byField.has(fieldIds.leadTime) || undefined}
        />
        <p id="lead-time-hint" className="text-sm text-slate-600">
          {text.leadTimeHint}
        </p>
        <FieldMessage id={fieldIds.leadTime} error={byField.get(fieldIds.leadTime)} />
      </div>

      <SubmitButton name="intent" value="save" pendingLabel={deskText.pending.saving}>
        {text.save}
      </SubmitButton>
    </Form>
  );
}
