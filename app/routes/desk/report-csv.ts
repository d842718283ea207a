import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { pakistanDate } from "~/lib/desk/time";
import { readRange, reportPeriod } from "~/lib/reports/periods";
import { isReportFile } from "~/lib/reports/report-names";
import { reportCsv } from "~/lib/reports/reports.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/report-csv";

/** One report of the reports page as CSV (/desk/reports/first-answer.csv?weeks=12), for owners. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(context, "reports.read");
  const stem = params.file.endsWith(".csv") ? params.file.slice(0, -4) : "";
  if (!isReportFile(stem)) return new Response("Not found", { status: 404 });
  const now = Date.now();
  const period = reportPeriod(readRange(new URL(request.url).searchParams.get("weeks")), now);
  const body = reportCsv(getQuoteService().db, stem, period, now);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${stem}-${period.range}-weeks-${pakistanDate(now)}.csv"`,
    },
  });
}

export const action = takesNoForm;
