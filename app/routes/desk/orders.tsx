import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";
import { deskStageLabel, stageLabel } from "~/content/order-stages";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { longDate } from "~/lib/desk/time";
import { formatPkr } from "~/lib/money";
import { boardDate, isLate, isOrderStage, orderStages } from "~/lib/orders/stages";
import { dueNext, orderBalances } from "~/lib/payments/receivables.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/orders";

const text = deskText.orders;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "orders.manage");
  const service = getQuoteService();
  const params = new URL(request.url).searchParams;
  const stageParam = params.get("stage");
  const stage = isOrderStage(stageParam) ? stageParam : undefined;
  const ownerParam = Number(params.get("owner"));
  const owner = Number.isSafeInteger(ownerParam) && ownerParam > 0 ? ownerParam : undefined;
  const lateOnly = params.get("late") === "1";
  const now = Date.now();
  const balances = orderBalances(service.db);
  const rows = service.orders
    .board({ stage, ownerStaffId: owner })
    .map((row) => {
      const date = boardDate(row);
      const summary = balances.get(row.id)?.summary;
      const next = summary && dueNext(summary);
      return {
        reference: row.reference,
        company: row.company,
        product: row.product,
        stage: deskStageLabel(row.stage, {
          approved: row.promisedDate !== null,
          advanceUnpaid: next?.kind === "advance",
        }),
        // What the order still owes, not what it costs; the advance when that is what is due first.
        money: !summary
          ? null
          : summary.duePaisa === 0
            ? text.paidInFull
            : next?.kind === "advance"
              ? text.dueWithAdvance(formatPkr(summary.duePaisa), formatPkr(next.paisa))
              : text.dueAmount(formatPkr(summary.duePaisa)),
        date: date && { label: text.dateLabel[date.kind], day: longDate(date.date) },
        late: isLate(row, now),
      };
    })
    .filter((row) => !lateOnly || row.late);
  return {
    rows,
    stage: stage ?? "",
    owner: owner ?? "",
    lateOnly,
    staff: service.staff.list().map(({ id, name }) => ({ id, name })),
  };
}

export const action = takesNoForm;

export default function OrdersBoard({ loaderData }: Route.ComponentProps) {
  const { rows, stage, owner, lateOnly, staff } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{text.lead}</p>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="stage">{text.stage}</Label>
          <NativeSelect id="stage" name="stage" defaultValue={stage}>
            <option value="">{text.anyStage}</option>
            {orderStages.map((value) => (
              <option key={value} value={value}>
                {stageLabel[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="owner">{text.owner}</Label>
          <NativeSelect id="owner" name="owner" defaultValue={String(owner)}>
            <option value="">{text.anyOwner}</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="late" value="1" defaultChecked={lateOnly} className="size-5" />
          {text.lateOnly}
        </label>
        <SubmitButton variant="outline">{text.show}</SubmitButton>
      </Form>

      {rows.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">{text.none}</p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border bg-white" aria-label={text.title}>
          {rows.map((row) => (
            <li
              key={row.reference}
              className={cn(
                "grid gap-1 p-3 sm:grid-cols-[8rem_1fr_10rem_15rem] sm:items-center sm:gap-4",
                row.late && "border-l-4 border-l-red-700 bg-red-50",
              )}
            >
              <a
                href={`/desk/orders/${row.reference}`}
                className="font-semibold text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
              >
                {row.reference}
              </a>
              <div className="min-w-0">
                <p className="truncate font-medium">{row.company}</p>
                <p className="truncate text-sm text-slate-700">{row.product}</p>
                {row.money && <p className="text-sm font-semibold tabular-nums">{row.money}</p>}
              </div>
              <p className="text-sm">
                <span className="sr-only">{text.columns.stage}: </span>
                {row.stage}
              </p>
              <p className={cn("text-sm", row.late && "font-semibold text-red-800")}>
                {row.late && <span>{text.late} · </span>}
                {row.date ? (
                  <>
                    <span className={row.late ? undefined : "text-slate-700"}>{row.date.label}:</span> {row.date.day}
                  </>
                ) : (
                  <>
                    <span className="text-slate-700">{text.dateLabel.promised}:</span> {text.notYet.toLowerCase()}
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
