import type { OrderStage } from "~/lib/orders/stages";

/** Each stage as the buyer and the desk name it. */
export const stageLabel: Record<OrderStage, string> = {
  awaiting_artwork: "Awaiting artwork approval",
  in_production: "In production",
  quality_checked: "Quality check passed",
  dispatched: "Dispatched",
  delivered: "Delivered",
};

/**
 * The stage as the desk names it: an order awaiting artwork whose proof is approved says what it now
 * waits for (the advance, or only someone to start production), so nobody chases an approval given.
 */
export function deskStageLabel(stage: OrderStage, artwork: { approved: boolean; advanceUnpaid: boolean }): string {
  if (stage !== "awaiting_artwork" || !artwork.approved) return stageLabel[stage];
  return artwork.advanceUnpaid
    ? "Artwork approved — waiting for the advance"
    : "Artwork approved — production can start";
}

/** The buyer's page: their order's timeline. */
export const orderTimelineText = {
  heading: (reference: string) => `Your order ${reference}`,
  promised: "Promised for dispatch by",
  notYetPromised: "The dispatch date is set once your artwork proof is approved.",
  artworkApproved: "Artwork approved — production starts next",
  artworkDone: "Artwork approved",
  waitingForAdvance: "Artwork approved — waiting for your advance",
  late: (date: string) => `Running late: now planned for dispatch on ${date}.`,
  lateNoDate: "Running late: we will write to you with the new date.",
  plannedDispatch: "Planned dispatch",
  qcPhotos: "Photos from the quality check",
  qcPhoto: (n: number) => `Quality check photo ${n}`,
  courier: "Courier",
  consignment: "Consignment number",
  track: "Track your parcel",
  receivedBy: "Received by",
  done: "Done",
  current: "Now",
  next: "Next",
} as const;
