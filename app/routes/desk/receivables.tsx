import { deskText } from "~/content/desk";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { deskDay } from "~/lib/desk/time";
import { formatPkr } from "~/lib/money";
import { ageBuckets, receivables } from "~/lib/payments/receivables.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/receivables";

const text = deskText.receivables;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

export function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "payments.record");
  const owed = receivables(getQuoteService().db);
  return {
    today: deskDay(owed.today),
    total: formatPkr(owed.totalPaisa),
    buckets: ageBuckets.map((bucket) => ({
      bucket,
      label: text.bucket[bucket],
      total: formatPkr(owed.totals[bucket]),
      rows: owed.rows
        .filter((row) => row.bucket === bucket)
        .map((row) => ({
          reference: row.reference,
          company: row.company,
          owed:
            row.owed.kind === "invoice"
              ? text.invoice(row.owed.number, deskDay(row.since))
              : text.advance(deskDay(row.since)),
          age: text.days(row.days),
          due: formatPkr(row.duePaisa),
        })),
    })),
    empty: owed.rows.length === 0,
  };
}

export const action = takesNoForm;

export default function Receivables({ loaderData }: Route.ComponentProps) {
  const { today, total, buckets, empty } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{text.lead}</p>
      <p className="mt-1 text-sm text-slate-700">{text.asOf(today)}</p>

      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {buckets.map((bucket) => (
          <div key={bucket.bucket} className="rounded-lg border border-border bg-white p-3">
            <dt className="font-semibold text-slate-700">{bucket.label}</dt>
            <dd className="text-base font-semibold whitespace-nowrap tabular-nums">{bucket.total}</dd>
          </div>
        ))}
        <div className="col-span-2 rounded-lg border border-border bg-slate-50 p-3 sm:col-span-1">
          <dt className="font-semibold text-slate-700">{text.total}</dt>
          <dd className="text-base font-bold whitespace-nowrap tabular-nums">{total}</dd>
        </div>
      </dl>

      {empty ? (
        <p className="mt-6 text-sm text-slate-700">{text.none}</p>
      ) : (
        <div className="mt-6 space-y-6">
          {buckets.map((bucket) => (
            <section key={bucket.bucket} aria-labelledby={`bucket-${bucket.bucket}`}>
              <h2 id={`bucket-${bucket.bucket}`} className="text-lg font-bold">
                {bucket.label} <span className="font-semibold tabular-nums text-slate-700">· {bucket.total}</span>
              </h2>
              {bucket.rows.length === 0 ? (
                <p className="mt-1 text-sm text-slate-700">{text.noneInBucket}</p>
              ) : (
                <ul className="mt-2 divide-y divide-border rounded-xl border border-border bg-white">
                  {bucket.rows.map((row) => (
                    <li
                      key={row.reference}
                      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-3 text-sm sm:grid-cols-[8rem_1fr_1fr_6rem_9rem] sm:items-center sm:gap-4"
                    >
                      <a
                        href={`/desk/orders/${row.reference}#payments`}
                        className="font-semibold text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                      >
                        {row.reference}
                      </a>
                      {/* On a phone the amount sits beside the order; on a wider screen in the last column. */}
                      <p className="text-right font-semibold tabular-nums sm:order-last">
                        <span className="sr-only">{text.columns.due}: </span>
                        {row.due}
                      </p>
                      <p className="col-span-2 min-w-0 truncate font-medium sm:col-span-1">
                        <span className="sr-only">{text.columns.buyer}: </span>
                        {row.company}
                      </p>
                      <p className="col-span-2 text-slate-700 sm:col-span-1">
                        <span className="sr-only">{text.columns.owed}: </span>
                        {row.owed}
                      </p>
                      <p className="col-span-2 text-slate-700 sm:col-span-1">
                        <span className="sr-only">{text.columns.age}: </span>
                        {row.age}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  );
}
