import { data, Form, redirect } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { fbrDeskSources } from "~/lib/fbr/desk-sources.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { type SystemCard, systemView } from "~/lib/system/view.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/system";

export const meta: Route.MetaFunction = () => deskMeta("System");

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "system.read");
  const service = getQuoteService();
  const { system } = service;
  const done = new URL(request.url).searchParams.get("done");
  return {
    ...systemView(system.status(), system.alerts.open(), fbrDeskSources(service)),
    canRehearse: system.canRehearse(),
    rehearsed: done === "rehearsed",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  requirePermission(context, "system.read");
  const form = await request.formData();
  if (form.get("intent") !== "rehearse") return data({ error: "The form was not understood." }, { status: 400 });
  const { system } = getQuoteService();
  if (!system.canRehearse()) return data({ error: "There is no backup to rehearse a restore from." }, { status: 409 });
  await system.rehearseNow();
  throw redirect("/desk/system?done=rehearsed");
}

export default function SystemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, alerts, checkedAt, canRehearse, rehearsed, placeSet } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">System</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        The server's own watch: where the records are copied and how far behind, the last rehearsed restore, the e-mail
        waiting, the mailbox and the disk. As of <span className="whitespace-nowrap">{checkedAt}</span>.
      </p>
      {actionData?.error ? (
        <div className="mt-4">
          <DeskNotice tone="error">{actionData.error}</DeskNotice>
        </div>
      ) : (
        rehearsed && (
          <div className="mt-4">
            <DeskNotice tone="ok">The restore was rehearsed: its result is below.</DeskNotice>
          </div>
        )
      )}
      {!placeSet && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900"
        >
          Not set: BACKUP_URL is not set — nothing is copied off this machine. A failed disk loses every record.
        </p>
      )}
      {alerts.length > 0 && (
        <section aria-labelledby="alerts-heading" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3">
          <h2 id="alerts-heading" className="text-sm font-bold text-amber-950">
            Needs attention
          </h2>
          <ul className="mt-1 space-y-1 text-sm text-amber-950">
            {alerts.map((alert) => (
              <li key={alert.id} className="wrap-anywhere">
                {alert.detail}
                <span className="block text-xs">
                  Since {alert.since}; {alert.mailed}.
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-6 grid items-start gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <StatusCard key={card.id} card={card}>
            {card.id === "rehearsal" && canRehearse && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="rehearse" />
                <SubmitButton variant="outline" size="sm" pendingLabel="Rehearsing…">
                  Rehearse now
                </SubmitButton>
              </Form>
            )}
          </StatusCard>
        ))}
      </div>
    </>
  );
}

function StatusCard({ card, children }: { card: SystemCard; children?: React.ReactNode }) {
  const headingId = `${card.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("min-w-0 rounded-lg border p-4", card.tone === "warn" ? "border-amber-400" : "border-border")}
    >
      <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-lg font-bold">
        {card.title}
        <span
          className={cn(
            "rounded px-1.5 py-0.5 text-xs font-semibold",
            card.tone === "warn" ? "bg-amber-100 text-amber-950" : "bg-teal-50 text-teal-900",
          )}
        >
          {card.tone === "warn" ? "Needs attention" : "Fine"}
        </span>
      </h2>
      <p className="mt-1 text-sm wrap-anywhere">{card.summary}</p>
      {card.lines.length > 0 && (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {card.lines.map((line) => (
            <div key={line.label} className="contents">
              <dt className="text-slate-600">{line.label}</dt>
              <dd className={cn("wrap-anywhere", line.tone === "warn" && "font-semibold text-amber-950")}>
                {line.href ? (
                  <a
                    href={line.href}
                    className="underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                  >
                    {line.value}
                  </a>
                ) : (
                  line.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}
