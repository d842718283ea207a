import type { ReactNode } from "react";
import { Form } from "react-router";
import { BarChart } from "~/components/desk/bar-chart";
import { SubmitButton } from "~/components/desk/submit-button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { REPLY_WITHIN_BUSINESS_HOURS } from "~/lib/desk/time";
import { formatPkr } from "~/lib/money";
import {
  monthLabel,
  monthOnAxis,
  readRange,
  reportPeriod,
  reportRanges,
  weekLabel,
  weekOnAxis,
} from "~/lib/reports/periods";
import { categoryLabel, type ReportFile, requestCategories } from "~/lib/reports/report-names";
import { ordersOnTime, ownerReports } from "~/lib/reports/reports.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/reports";

const text = deskText.reportsPage;
const promise = REPLY_WITHIN_BUSINESS_HOURS;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "reports.read");
  const now = Date.now();
  const period = reportPeriod(readRange(new URL(request.url).searchParams.get("weeks")), now);
  const reports = ownerReports(getQuoteService().db, period, now);
  return { range: period.range, ...reports, onTime: ordersOnTime(reports.orders) };
}

export const action = takesNoForm;

const categoryColours = [
  "#1d4ed8",
  "#0f766e",
  "#b45309",
  "#7c3aed",
  "#be123c",
  "#0369a1",
  "#4d7c0f",
  "#a16207",
  "#64748b",
];
const percent = (value: number | null) => (value === null ? "–" : `${value} %`);
const hours = (value: number | null) => (value === null ? "–" : `${value} h`);
/** Rupees on an axis, short: "PKR 1.5M", "PKR 250k". */
const shortPkr = (paisa: number) => {
  const rupees = paisa / 100;
  if (rupees >= 1_000_000) return `PKR ${Number((rupees / 1_000_000).toFixed(1))}M`;
  if (rupees >= 1_000) return `PKR ${Number((rupees / 1_000).toFixed(1))}k`;
  return `PKR ${rupees}`;
};

function Report({
  id,
  title,
  lead,
  file,
  range,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  file: ReportFile;
  range: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <a
          href={`/desk/reports/${file}.csv?weeks=${range}`}
          download
          className="text-sm font-medium text-blue-800 underline underline-offset-2"
        >
          {text.csv}
          <span className="sr-only">: {title}</span>
        </a>
      </div>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{lead}</p>
      <div className="mt-4 grid min-w-0 items-start gap-4 xl:grid-cols-2">{children}</div>
    </section>
  );
}

/** A report's numbers: the same as its chart's, scrolling sideways inside its box on a narrow screen. */
function Numbers({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={index ? "px-2 py-1.5 text-right" : "py-1.5 pr-2"}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest], row) => (
            <tr key={row} className="border-b border-border/60">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal whitespace-nowrap">
                {first}
              </th>
              {rest.map((cell, index) => (
                <td key={index} className="px-2 py-1.5 text-right whitespace-nowrap">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The tax buyers withheld at source, by month: two series, the certificates counted beside them. */
function TaxWithheldReport({
  range,
  months,
}: {
  range: number;
  months: Route.ComponentProps["loaderData"]["taxWithheld"];
}) {
  const words = text.taxWithheld;
  const income = months.reduce((sum, month) => sum + month.incomeTaxPaisa, 0);
  const sales = months.reduce((sum, month) => sum + month.salesTaxPaisa, 0);
  return (
    <Report id="tax-withheld" title={words.title} lead={words.lead} file="tax-withheld-by-month" range={range}>
      <BarChart
        label={words.chart(formatPkr(income), formatPkr(sales), months.length)}
        categories={months.map((month) => monthLabel(month.month))}
        series={[
          { name: words.incomeTax, colour: "#b45309", values: months.map((month) => month.incomeTaxPaisa) },
          { name: words.salesTax, colour: "#0369a1", values: months.map((month) => month.salesTaxPaisa) },
        ]}
        format={shortPkr}
      />
      <Numbers
        caption={words.title}
        head={[words.month, words.incomeTax, words.salesTax, words.certificates]}
        rows={months.map((month) => [
          monthLabel(month.month),
          formatPkr(month.incomeTaxPaisa),
          formatPkr(month.salesTaxPaisa),
          month.certificates,
        ])}
      />
    </Report>
  );
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { range, firstAnswer, categories, outcomes, value, orders, onTime, taxWithheld } = loaderData;
  const answered = firstAnswer.reduce((sum, week) => sum + week.answered, 0);
  const within = firstAnswer.reduce((sum, week) => sum + week.withinPromise, 0);
  const known = firstAnswer.reduce((sum, week) => sum + week.withinPromise + week.late, 0);
  const latestMedian = [...firstAnswer].reverse().find((week) => week.medianHours !== null)?.medianHours ?? null;
  const shown = requestCategories.filter((category) => categories.some((week) => week.byCategory[category] > 0));
  const categoryTotals = shown.map((category) => categories.reduce((sum, week) => sum + week.byCategory[category], 0));
  const top = shown[categoryTotals.indexOf(Math.max(...categoryTotals))];
  const totalRequests = categories.reduce((sum, week) => sum + week.total, 0);
  const quotedTotal = value.reduce((sum, month) => sum + month.quotedPaisa, 0);
  const wonTotal = value.reduce((sum, month) => sum + month.wonPaisa, 0);
  const ordersTotal = orders.reduce((sum, month) => sum + month.orders, 0);
  const weekLabels = firstAnswer.map((week) => weekLabel(week.week));
  const monthLabels = value.map((month) => monthLabel(month.month));
  // On the charts' axes: every week by its Monday's day under its month, every month under its year.
  const weeksOnAxis = firstAnswer.map((week) => weekOnAxis(week.week));
  const weekAxis = { categories: weeksOnAxis.map((week) => week.day), groups: weeksOnAxis.map((week) => week.month) };
  const monthAxis = (months: readonly { month: string }[]) => ({
    categories: months.map((month) => monthOnAxis(month.month).month),
    groups: months.map((month) => monthOnAxis(month.month).year),
  });

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{text.lead}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="report-range">{text.range}</Label>
          <NativeSelect id="report-range" name="weeks" defaultValue={String(range)}>
            {reportRanges.map((weeks) => (
              <option key={weeks} value={weeks}>
                {text.rangeOption(weeks)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <SubmitButton variant="outline">{text.show}</SubmitButton>
      </Form>

      <div className="mt-6 grid gap-6">
        <Report
          id="first-answer"
          title={text.firstAnswer.title}
          lead={text.firstAnswer.lead(promise)}
          file="first-answer"
          range={range}
        >
          <BarChart
            label={text.firstAnswer.chart(
              range,
              answered,
              percent(known ? Math.round((within / known) * 100) : null),
              latestMedian === null ? text.none.toLowerCase() : `${latestMedian} business hours`,
            )}
            {...weekAxis}
            series={[
              { name: text.firstAnswer.median, colour: "#1d4ed8", values: firstAnswer.map((w) => w.medianHours ?? 0) },
            ]}
            format={(value) => `${value} h`}
            reference={{ value: promise, label: text.firstAnswer.promise(promise) }}
          />
          <Numbers
            caption={text.firstAnswer.title}
            head={[
              text.firstAnswer.week,
              text.firstAnswer.requests,
              text.firstAnswer.median,
              text.firstAnswer.within(promise),
            ]}
            rows={firstAnswer.map((week, index) => [
              weekLabels[index],
              week.requests,
              hours(week.medianHours),
              percent(week.withinPercent),
            ])}
          />
        </Report>

        <Report
          id="categories"
          title={text.categories.title}
          lead={text.categories.lead}
          file="requests-by-category"
          range={range}
        >
          <BarChart
            label={text.categories.chart(totalRequests, range, top ? categoryLabel(top) : text.none)}
            {...weekAxis}
            layout="stacked"
            series={shown.map((category) => ({
              name: categoryLabel(category),
              colour: categoryColours[requestCategories.indexOf(category) % categoryColours.length]!,
              values: categories.map((week) => week.byCategory[category]),
            }))}
          />
          <Numbers
            caption={text.categories.title}
            head={[text.firstAnswer.week, ...shown.map(categoryLabel), text.firstAnswer.requests]}
            rows={categories.map((week, index) => [
              weekLabels[index],
              ...shown.map((category) => week.byCategory[category]),
              week.total,
            ])}
          />
        </Report>

        <Report id="outcomes" title={text.outcomes.title} lead={text.outcomes.lead} file="outcomes" range={range}>
          <BarChart
            label={text.outcomes.chart(outcomes.won, outcomes.lost, percent(outcomes.winPercent))}
            categories={[
              text.outcomes.won,
              ...outcomes.lostReasons.map(({ reason }) => text.outcomes.reasonOnAxis[reason]),
            ]}
            series={[
              {
                name: text.outcomes.count,
                colour: "#0f766e",
                values: [outcomes.won, ...outcomes.lostReasons.map(({ count }) => count)],
              },
            ]}
          />
          <div className="min-w-0">
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {(
                [
                  [text.outcomes.received, outcomes.requests],
                  [text.outcomes.won, outcomes.won],
                  [text.outcomes.lost, outcomes.lost],
                  [text.outcomes.winRate, percent(outcomes.winPercent)],
                ] as const
              ).map(([term, figure]) => (
                <div key={term} className="rounded-md bg-slate-50 p-2">
                  <dt className="text-slate-700">{term}</dt>
                  <dd className="text-lg font-bold tabular-nums">{figure}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3">
              <Numbers
                caption={text.outcomes.reason}
                head={[text.outcomes.reason, text.outcomes.count]}
                rows={outcomes.lostReasons.map(({ reason, count }) => [reason, count])}
              />
            </div>
          </div>
        </Report>

        <Report id="value" title={text.value.title} lead={text.value.lead} file="value-by-month" range={range}>
          <BarChart
            label={text.value.chart(formatPkr(quotedTotal), formatPkr(wonTotal), value.length)}
            {...monthAxis(value)}
            series={[
              { name: text.value.quoted, colour: "#1d4ed8", values: value.map((month) => month.quotedPaisa) },
              { name: text.value.won, colour: "#0f766e", values: value.map((month) => month.wonPaisa) },
            ]}
            format={shortPkr}
          />
          <Numbers
            caption={text.value.title}
            head={[text.value.month, text.value.quoted, text.value.won]}
            rows={value.map((month, index) => [
              monthLabels[index],
              formatPkr(month.quotedPaisa),
              formatPkr(month.wonPaisa),
            ])}
          />
        </Report>

        <Report id="orders" title={text.orders.title} lead={text.orders.lead} file="orders-by-month" range={range}>
          <BarChart
            label={text.orders.chart(ordersTotal, orders.length)}
            {...monthAxis(orders)}
            series={[{ name: text.orders.orders, colour: "#7c3aed", values: orders.map((month) => month.orders) }]}
          />
          <div className="min-w-0">
            <Numbers
              caption={text.orders.title}
              head={[text.orders.month, text.orders.orders, text.orders.delivered, text.orders.dispatchedOnTime]}
              rows={orders.map((month) => [monthLabel(month.month), month.orders, month.delivered, month.onTime])}
            />
            <p className="mt-3 text-sm text-slate-700">
              <span className="font-semibold">{text.orders.onTime}:</span>{" "}
              {onTime.onTimePercent === null
                ? text.orders.noDeliveries
                : text.orders.onTimeShare(onTime.onTime, onTime.delivered, onTime.onTimePercent)}
            </p>
          </div>
        </Report>

        <TaxWithheldReport range={range} months={taxWithheld} />
      </div>
    </>
  );
}
