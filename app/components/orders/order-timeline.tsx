import { orderTimelineText as text } from "~/content/order-stages";
import type { BuyerOrderTimeline } from "~/lib/orders/buyer-page.server";
import { cn } from "~/lib/utils";

/** The buyer's view of their order: each stage done, now or next, with its date; no script. */
export function OrderTimeline({ order }: { order: BuyerOrderTimeline }) {
  return (
    <section aria-labelledby="order-heading" className="rounded-xl border border-border bg-white p-4 sm:p-6">
      <h2 id="order-heading" className="text-xl font-semibold">
        {text.heading(order.reference)}
      </h2>
      {order.late && (
        <p
          role="status"
          className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900"
        >
          {order.late}
        </p>
      )}
      {!order.delivered && (
        <p className="mt-3 text-sm">
          {order.promised ? (
            <>
              {text.promised} <strong>{order.promised}</strong>
              {order.planned && order.planned !== order.promised && (
                <>
                  {" · "}
                  {text.plannedDispatch}: {order.planned}
                </>
              )}
            </>
          ) : (
            text.notYetPromised
          )}
        </p>
      )}
      <ol className="mt-4 space-y-3">
        {order.steps.map((step) => (
          <li key={step.stage} className="flex gap-3" aria-current={step.state === "current" ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                "mt-1 size-4 shrink-0 rounded-full border-2",
                step.state === "done" && "border-green-700 bg-green-700",
                step.state === "current" && "border-primary bg-primary",
                step.state === "next" && "border-slate-400 bg-white",
              )}
            />
            <div className="min-w-0 flex-1">
              <span className={cn("block", step.state === "current" && "font-semibold")}>{step.label}</span>
              <span className="block text-sm text-slate-700">
                {step.state === "next" ? text.next : step.state === "current" ? text.current : text.done}
                {step.date && ` · ${step.date}`}
              </span>
              {step.stage === "quality_checked" && <QcPhotos photos={order.photos} />}
            </div>
          </li>
        ))}
      </ol>
      {order.tracking && (
        <p className="mt-4 text-sm break-words">
          {text.courier}: {order.tracking.courier}
          {order.tracking.consignmentNumber && (
            <>
              {" · "}
              {text.consignment} {order.tracking.consignmentNumber}
            </>
          )}
          {order.tracking.url && (
            <>
              {" · "}
              <a
                href={order.tracking.url}
                rel="noreferrer noopener"
                className="text-primary underline underline-offset-4"
              >
                {text.track}
              </a>
            </>
          )}
        </p>
      )}
      {order.receivedBy && (
        <p className="mt-2 text-sm">
          {text.receivedBy} {order.receivedBy}
          {order.received && ` · ${order.received}`}
        </p>
      )}
    </section>
  );
}

/** The quality check's photos, in their smaller copies, each a link to itself. */
function QcPhotos({ photos }: { photos: readonly string[] }) {
  if (photos.length === 0) return null;
  return (
    <figure className="mt-2">
      <figcaption className="text-sm font-medium">{text.qcPhotos}</figcaption>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((href, index) => (
          <li key={href}>
            <a href={href} className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
              <img
                src={href}
                alt={text.qcPhoto(index + 1)}
                loading="lazy"
                className="aspect-[3/4] w-full rounded-md border border-border object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </figure>
  );
}
