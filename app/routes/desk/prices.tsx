import { ChevronRight, Plus } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { PriceItemFields } from "~/components/desk/price-item-fields";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { hasPermission } from "~/lib/desk/permissions";
import { deskMeta } from "~/lib/desk/meta";
import { priceListPage } from "~/lib/prices/page.server";
import { itemDetailsSchema } from "~/lib/prices/price-list";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/prices";

const text = deskText.pricesPage;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

export function loader({ request, context }: Route.LoaderArgs) {
  const member = requirePermission(context, "prices.read");
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return {
    query,
    canEdit: hasPermission(member.role, "prices.manage"),
    ...priceListPage(getQuoteService().prices, query),
  };
}

/** An owner adds an item: its name and category; its prices are set on its page, where this leads. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const me = requirePermission(context, "prices.manage");
  // The server bounds every form body before a route reads it (server/body-limits.ts).
  const form = await request.formData();
  const typed = { name: String(form.get("name") ?? ""), category: String(form.get("category") ?? "") };
  const parsed = itemDetailsSchema.safeParse(typed);
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? text.detailsProblem, values: typed }, { status: 400 });
  const added = getQuoteService().prices.add(parsed.data, me);
  if (!added.ok) return data({ error: text.detailsProblem, values: typed }, { status: 400 });
  throw redirect(`/desk/prices/${added.itemId}?done=added`);
}

export default function PricesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, retired, categories, query, canEdit, priced, total } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        {text.lead} {!canEdit && text.leadReadOnly}
      </p>
      {priced === 0 ? (
        <p className="mt-4 max-w-prose rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {canEdit ? text.empty : text.emptyReadOnly}
        </p>
      ) : (
        <p className="mt-2 text-sm font-semibold text-slate-700">{text.priced(priced, total)}</p>
      )}

      <Form method="get" role="search" className="mt-4 flex max-w-xl flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor="price-search">{text.search}</Label>
          <Input id="price-search" name="q" type="search" defaultValue={query} placeholder={text.searchHint} />
        </div>
        <SubmitButton variant="outline">{text.searchButton}</SubmitButton>
      </Form>
      {query && (
        <p className="mt-2 text-sm">
          <a href="/desk/prices" className="text-primary underline underline-offset-4">
            {text.clearSearch}
          </a>
        </p>
      )}

      {canEdit && (
        <details className="mt-4 max-w-xl rounded-lg border border-border p-3" open={Boolean(actionData)}>
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
            <Plus aria-hidden="true" className="size-4" />
            {text.addTitle}
          </summary>
          <Form method="post" noValidate className="mt-2 space-y-3" aria-label={text.addTitle}>
            <p className="text-sm text-slate-700">{text.addHint}</p>
            {actionData?.error && (
              <p role="alert" id="add-error" className="text-sm font-medium text-red-800">
                {actionData.error}
              </p>
            )}
            <PriceItemFields
              idPrefix="add"
              name={actionData?.values.name}
              category={actionData?.values.category ?? "pens"}
              categories={categories}
              errorId={actionData?.error ? "add-error" : null}
            />
            <SubmitButton pendingLabel="Adding…">{text.add}</SubmitButton>
          </Form>
        </details>
      )}

      {groups.length === 0 && retired.length === 0 && (
        <p className="mt-6 text-sm text-slate-700">{text.noMatch(query)}</p>
      )}
      <div className="mt-6 space-y-8">
        {groups.map((group) => (
          <section key={group.slug} aria-labelledby={`category-${group.slug}`}>
            <h2 id={`category-${group.slug}`} className="text-lg font-bold">
              {group.label} <span className="text-sm font-normal text-slate-600">({group.items.length})</span>
            </h2>
            <ItemRows items={group.items} />
          </section>
        ))}
        {retired.length > 0 && (
          <section aria-labelledby="category-retired">
            <h2 id="category-retired" className="text-lg font-bold">
              {text.retiredTitle} <span className="text-sm font-normal text-slate-600">({retired.length})</span>
            </h2>
            <ItemRows items={retired} />
          </section>
        )}
      </div>
    </>
  );
}

type ItemRow = Route.ComponentProps["loaderData"]["retired"][number];

function ItemRows({ items }: { items: ItemRow[] }) {
  return (
    <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
      {items.map((item) => (
        <li key={item.id}>
          <a
            href={`/desk/prices/${item.id}`}
            className="flex min-h-11 items-center gap-3 p-3 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-foreground" dir="auto">
                {item.name}
              </span>
              <span className="block text-xs text-slate-600">
                {text.hsCode} <span className="font-mono">{item.hsCode}</span>
              </span>
            </span>
            {item.retired ? (
              <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {text.retiredBadge}
              </span>
            ) : item.prices ? (
              <span className="shrink-0 text-right">
                <span className="block font-semibold tabular-nums">
                  {text.from(item.prices.from, item.prices.fromQuantity)}
                </span>
                <span className="block text-slate-600">{text.leadTime(item.prices.leadTimeDays)}</span>
              </span>
            ) : (
              <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
                {text.noPrices}
              </span>
            )}
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          </a>
        </li>
      ))}
    </ul>
  );
}
