import { orderTimelineText, stageLabel } from "~/content/order-stages";
import { longDate, pakistanDate } from "~/lib/desk/time";
import type { Orders } from "./orders.server";
import { isLate } from "./stages";

const day = (iso: string) => longDate(pakistanDate(Date.parse(iso)));

/** The buyer's page of a request, once there is an order: its stages with their dates (Pakistan), honestly late or not. */
export function buyerOrderTimeline(orders: Orders, quoteId: number, now = Date.now()) {
  const order = orders.forRequest(quoteId);
  if (!order) return null;
  const today = pakistanDate(now);
  const late = isLate(order, now);
  const newDate = order.plannedDispatchDate && order.plannedDispatchDate >= today ? order.plannedDispatchDate : null;
  return {
    reference: order.reference,
    steps: orders.timeline(order).map((step) => ({
      stage: step.stage,
      label: stageLabel[step.stage],
      state: step.state,
      date: step.at && day(step.at),
    })),
    promised: order.promisedDate && longDate(order.promisedDate),
    planned:
      order.plannedDispatchDate && (order.stage === "in_production" || order.stage === "quality_checked")
        ? longDate(order.plannedDispatchDate)
        : null,
    late: late ? (newDate ? orderTimelineText.late(longDate(newDate)) : orderTimelineText.lateNoDate) : null,
    tracking: order.stage === "dispatched" || order.stage === "delivered" ? orders.tracking(order) : null,
    receivedBy: order.stage === "delivered" ? order.receivedBy : null,
    received: order.stage === "delivered" && order.receivedDate ? longDate(order.receivedDate) : null,
  };
}

export type BuyerOrderTimeline = NonNullable<ReturnType<typeof buyerOrderTimeline>>;
