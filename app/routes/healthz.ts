import { getQuoteService } from "~/lib/quotes/service.server";
import { healthReport } from "~/lib/system/health.server";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * For the process manager and an uptime checker: 200 when the database answers and the backup is at most
 * 15 minutes behind, else 503; no session, no personal data, no paths (app/lib/system/health.server.ts).
 */
export function loader() {
  let answer: ReturnType<typeof healthReport>;
  try {
    answer = getQuoteService().system.health();
  } catch {
    // The service could not even open its database.
    answer = healthReport({
      pingDatabase: () => {
        throw new Error("The service did not start.");
      },
      backupStatus: () => {
        throw new Error("The service did not start.");
      },
      outboxBacklog: () => 0,
    });
  }
  return Response.json(answer.report, { status: answer.status, headers });
}
