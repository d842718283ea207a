import { Form } from "react-router";
import { SourceBadge } from "~/components/desk/channel-badges";
import { StatusBadge, WaitingBadge } from "~/components/desk/status-badge";
import { SubmitButton } from "~/components/desk/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText, statusLabel } from "~/content/desk";
import { deskPermissions, requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { hasPermission } from "~/lib/desk/permissions";
import { deskMeta } from "~/lib/desk/meta";
import { pakistanTime, shortDeadline, waitingFor } from "~/lib/desk/time";
import { type Wants, wantsOf } from "~/lib/desk/wants";
import { getQuoteService } from "~/lib/quotes/service.server";
import { inboxParams, inboxQuery } from "~/lib/quotes/inbox-query";
import { inboxViews, type InboxView } from "~/lib/quotes/inbox-views";
import { proofLine } from "~/lib/proofs/rules";
import { quoteStatuses } from "~/lib/quote-status";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = () => deskMeta(deskText.inbox.title);

/** The inbox's address for a view, keeping the status and the search (the three combine). */
function inboxHref({ view, status, search, page }: { view: InboxView; status: string; search: string; page?: number }) {
  const query = inboxParams({ view, status, search });
  if (page && page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/desk?${text}` : "/desk";
}

/** An export of what the inbox shows now: its view, status and search. */
function exportHref(
  format: "csv" | "json",
  shown: { view: InboxView; status: string; search: string },
  technical = false,
) {
  const query = inboxParams(shown);
  if (technical) query.set("technical", "1");
  const text = query.toString();
  return `/desk/export/${format}${text ? `?${text}` : ""}`;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const member = requirePermission(context, "requests.read");
  const url = new URL(request.url);
  const { view, status, search } = inboxQuery(url.searchParams);
  const service = getQuoteService();
  const now = Date.now();
  const inbox = service.store.inbox({
    view,
    staffId: member.id,
    status,
    search,
    page: Number(url.searchParams.get("page")) || 1,
    now,
  });
  return {
    view,
    counts: service.store.inboxCounts(member.id, now),
    canExport: hasPermission(member.role, "requests.export", deskPermissions(service)),
    status: status ?? "",
    search,
    page: inbox.page,
    pages: inbox.pages,
    total: inbox.total,
    quotes: inbox.quotes.map((quote) => ({
      reference: quote.reference,
      name: quote.name,
      company: quote.company,
      source: quote.source,
      product: quote.product,
      wants: wantsOf(quote, now),
      status: quote.status,
      owner: quote.ownerName,
      received: pakistanTime(quote.receivedAt),
      // The clock stops at the first answer: no deadline, no waiting after it.
      waiting: quote.answeredAt ? null : waitingFor(quote.receivedAt, now),
      replyBy: quote.answeredAt ? null : shortDeadline(quote.replyBy, now),
      overdue: !quote.answeredAt && quote.replyBy < now,
      proof: proofLine(service.proofs.latest(quote.id)),
    })),
  };
}

export const action = takesNoForm;

const exportLinkClass =
  "text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center";

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const text = deskText.inbox;
  const { quotes, page, pages, status, search, total, view, counts, canExport } = loaderData;
  const pageHref = (target: number) => inboxHref({ view, status, search, page: target });
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
        {canExport && (
          <p className="flex gap-4 text-sm font-semibold">
            <a className={exportLinkClass} href={exportHref("csv", { view, status, search })}>
              {text.exportCsv}
            </a>
            <a className={exportLinkClass} href={exportHref("csv", { view, status, search }, true)}>
              {text.exportTechnical}
            </a>
            <a className={exportLinkClass} href={exportHref("json", { view, status, search })}>
              {text.exportJson}
            </a>
          </p>
        )}
      </div>
      {/* The views wrap on a phone rather than scroll: each one is in sight. */}
      <nav aria-label={text.views} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {inboxViews.map((each) => {
            const current = each === view;
            return (
              <li key={each}>
                <a
                  href={inboxHref({ view: each, status, search })}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap pointer-coarse:min-h-11",
                    current
                      ? "border-primary bg-primary/10 text-foreground"
                      : "border-border text-slate-700 hover:border-slate-400 hover:text-foreground",
                  )}
                >
                  {text.view[each]}
                  <span
                    className={cn(
                      "rounded-full px-1.5 text-xs tabular-nums",
                      each === "overdue" && counts.overdue > 0
                        ? "bg-red-100 text-red-900"
                        : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {counts[each]}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div className="space-y-2">
          <Label htmlFor="q">{text.search}</Label>
          <Input id="q" name="q" type="search" defaultValue={search} aria-describedby="q-hint" />
          <p id="q-hint" className="text-xs text-muted-foreground">
            {text.searchHint}
          </p>
        </div>
        <div className="space-y-2 sm:self-start">
          <Label htmlFor="status">{text.status}</Label>
          <NativeSelect id="status" name="status" defaultValue={status}>
            <option value="">{text.allStatuses}</option>
            {quoteStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {view !== "open" && <input type="hidden" name="view" value={view} />}
        <SubmitButton className="sm:mt-6 sm:self-start">{text.show}</SubmitButton>
      </Form>

      <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
        {total} request{total === 1 ? "" : "s"}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
        <span className="block text-xs">{text.viewHint[view]}</span>
      </p>
      {quotes.length === 0 ? (
        <p className="mt-4">{text.none}</p>
      ) : (
        <ul
          aria-label={text.requests}
          className="mt-3 divide-y divide-border rounded-xl border border-border bg-background"
        >
          {quotes.map((quote) => (
            <li key={quote.reference} className="p-4 sm:flex sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <a
                    href={`/desk/quotes/${quote.reference}`}
                    className="font-semibold text-primary underline-offset-4 hover:underline"
                    dir="auto"
                  >
                    {quote.name}
                    {quote.company ? ` · ${quote.company}` : ""}
                  </a>
                  <span className="font-mono text-xs text-slate-600">{quote.reference}</span>
                  <SourceBadge source={quote.source} />
                </p>
                <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-700">
                  <span className="min-w-0 max-w-full truncate" title={quote.product || undefined} dir="auto">
                    {quote.product || "—"}
                  </span>
                  <WantsLine wants={quote.wants} />
                </p>
                {quote.proof && <p className="mt-1 text-sm font-semibold text-slate-800">{quote.proof}</p>}
                <p className="mt-1 text-sm text-slate-700">
                  <span className="sr-only">Owner: </span>
                  <span className={quote.owner ? "font-semibold text-slate-800" : "italic"}>
                    {quote.owner ?? text.unassigned}
                  </span>
                </p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 sm:mt-0 sm:max-w-xs sm:justify-end">
                <StatusBadge status={quote.status} />
                {quote.overdue && (
                  <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white">
                    {text.overdue}
                  </span>
                )}
                {quote.replyBy && (
                  <span className={cn("text-xs font-semibold", quote.overdue ? "text-red-900" : "text-slate-800")}>
                    {text.replyBy(quote.replyBy)}
                  </span>
                )}
                {quote.waiting && <WaitingBadge waiting={quote.waiting} />}
                <span className="text-xs text-slate-600">{quote.received}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex justify-between">
          {page > 1 ? (
            <a className={buttonVariants({ variant: "outline", size: "sm" })} href={pageHref(page - 1)}>
              {text.newer}
            </a>
          ) : (
            <span />
          )}
          {page < pages && (
            <a className={buttonVariants({ variant: "outline", size: "sm" })} href={pageHref(page + 1)}>
              {text.older}
            </a>
          )}
        </nav>
      )}
    </>
  );
}

/** How many and by when, beside the product: "500 pcs · by Mon 14 Dec (in 6 business days)". */
function WantsLine({ wants }: { wants: Wants }) {
  const { quantity, neededBy } = wants;
  if (!quantity && !neededBy) return null;
  return (
    <span className="whitespace-nowrap">
      {quantity && (
        <>
          <span aria-hidden="true">· </span>
          <span className="sr-only">{deskText.wants.quantity}: </span>
          {quantity}
        </>
      )}
      {neededBy && (
        <>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {neededBy.short}
          {neededBy.nearness && <span className="font-semibold text-amber-900"> ({neededBy.nearness})</span>}
        </>
      )}
    </span>
  );
}
