import { orderTimelineText, stageLabel } from "~/content/order-stages";
import { longDate, pakistanDate } from "~/lib/desk/time";
import { type Orders, productionMayStart } from "./orders.server";
import { isLate, orderStages } from "./stages";

const day = (iso: string) => longDate(pakistanDate(Date.parse(iso)));

/**
 * The photos of the order's last quality check, in their smaller copies, by the buyer's link
 * (`/proof/:token/photos/:id`): none until the check is passed.
 */
function qcPhotos(orders: Orders, order: NonNullable<ReturnType<Orders["forRequest"]>>, token: string) {
  const at = orderStages.indexOf(order.stage);
  if (at < orderStages.indexOf("quality_checked")) return [];
  const check = orders
    .history(order.id)
    .filter((event) => event.stage === "quality_checked" && !event.back)
    .at(-1);
  if (!check) return [];
  return orders
    .photos(order.id)
    .filter((photo) => photo.stageEventId === check.id && photo.smallStoredName)
    .map((photo) => `/proof/${token}/photos/${photo.id}`);
}

/** The buyer's page of a request, once there is an order: its stages with their dates (Pakistan), honestly late or not. */
export function buyerOrderTimeline(orders: Orders, quoteId: number, token: string, now = Date.now()) {
  const order = orders.forRequest(quoteId);
  if (!order) return null;
  const today = pakistanDate(now);
  const late = isLate(order, now);
  const newDate = order.plannedDispatchDate && order.plannedDispatchDate >= today ? order.plannedDispatchDate : null;
  // Waiting for artwork only while no proof is approved: after that it waits for the advance, or for nothing.
  const start = order.stage === "awaiting_artwork" ? productionMayStart(orders, order) : null;
  const artworkLabel =
    start === null || (!start.ok && start.reason === "no_approved_proof")
      ? stageLabel.awaiting_artwork
      : start.ok
        ? orderTimelineText.artworkApproved
        : orderTimelineText.waitingForAdvance;
  const delivered = order.stage === "delivered";
  return {
    reference: order.reference,
    steps: orders.timeline(order).map((step) => ({
      stage: step.stage,
      label:
        step.stage !== "awaiting_artwork"
          ? stageLabel[step.stage]
          : step.state === "current"
            ? artworkLabel
            : step.state === "done"
              ? orderTimelineText.artworkDone
              : stageLabel.awaiting_artwork,
      state: step.state,
      date: step.at && day(step.at),
    })),
    // Once delivered, a promised dispatch date says nothing any more.
    delivered,
    promised: delivered ? null : order.promisedDate && longDate(order.promisedDate),
    planned:
      order.plannedDispatchDate && (order.stage === "in_production" || order.stage === "quality_checked")
        ? longDate(order.plannedDispatchDate)
        : null,
    late: late ? (newDate ? orderTimelineText.late(longDate(newDate)) : orderTimelineText.lateNoDate) : null,
    tracking: order.stage === "dispatched" || order.stage === "delivered" ? orders.tracking(order) : null,
    receivedBy: order.stage === "delivered" ? order.receivedBy : null,
    received: order.stage === "delivered" && order.receivedDate ? longDate(order.receivedDate) : null,
    photos: qcPhotos(orders, order, token),
  };
}

export type BuyerOrderTimeline = NonNullable<ReturnType<typeof buyerOrderTimeline>>;
