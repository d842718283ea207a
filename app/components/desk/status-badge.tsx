import { statusLabel } from "~/content/desk";
import type { Waiting } from "~/lib/desk/time";
import type { QuoteStatus } from "~/lib/quote-status";
import { cn } from "~/lib/utils";

const statusTone: Record<QuoteStatus, string> = {
  new: "bg-sky-100 text-sky-900",
  // The office's move stands out; the buyer's is quiet.
  waiting_on_us: "bg-violet-100 text-violet-900",
  waiting_on_buyer: "bg-slate-100 text-slate-800",
  won: "bg-emerald-100 text-emerald-900",
  lost: "bg-stone-200 text-stone-800",
};

export function StatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", statusTone[status])}>
      {statusLabel[status]}
    </span>
  );
}

const waitingTone: Record<Waiting["level"], string> = {
  ok: "text-slate-700",
  late: "bg-amber-100 text-amber-900",
  overdue: "bg-red-100 text-red-900",
};

/** "waiting 3 business h": amber past 1 business hour, red past 24. */
export function WaitingBadge({ waiting }: { waiting: Waiting }) {
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", waitingTone[waiting.level])}>
      {waiting.label}
    </span>
  );
}
