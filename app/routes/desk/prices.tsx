import { ChevronRight } from "lucide-react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { hasPermission } from "~/lib/desk/permissions";
import { deskMeta } from "~/lib/desk/meta";
import { priceListPage } from "~/lib/prices/page.server";
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

export const action = takesNoForm;

export default function PricesPage({ loaderData }: Route.ComponentProps) {
  const { groups, query, canEdit, priced, total } = loaderData;
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

      {groups.length === 0 && <p className="mt-6 text-sm text-slate-700">{text.noMatch(query)}</p>}
      <div className="mt-6 space-y-8">
        {groups.map((group) => (
          <section key={group.slug} aria-labelledby={`category-${group.slug}`}>
            <h2 id={`category-${group.slug}`} className="text-lg font-bold">
              {group.label} <span className="text-sm font-normal text-slate-600">({group.items.length})</span>
            </h2>
            <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
              {group.items.map((item) => (
                <li key={item.id}>
                  <a
                    href={`/desk/prices/${item.id}`}
                    className="flex min-h-11 items-center gap-3 p-3 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-foreground">{item.title}</span>
                      <span className="block text-slate-600">{item.brand}</span>
                    </span>
                    {item.prices ? (
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
          </section>
        ))}
      </div>
    </>
  );
}
