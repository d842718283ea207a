import { addBusinessDays, pakistanDate } from "~/lib/desk/time";

/** An order's stages in their only order; reorder ("Order again") reads "delivered". */
export const orderStages = ["awaiting_artwork", "in_production", "quality_checked", "dispatched", "delivered"] as const;
export type OrderStage = (typeof orderStages)[number];

export const isOrderStage = (value: unknown): value is OrderStage => orderStages.includes(value as OrderStage);

/** The stage after this one, or null once delivered. */
export const nextStage = (stage: OrderStage): OrderStage | null => orderStages[orderStages.indexOf(stage) + 1] ?? null;
export const previousStage = (stage: OrderStage): OrderStage | null =>
  orderStages[orderStages.indexOf(stage) - 1] ?? null;

/** The QC checklist: every point must be ticked for "Quality check passed". */
export const qcChecklist = ["quantity", "print", "colours", "packing"] as const;
export const QC_MAX_PHOTOS = 6;

/**
 * A QC photo as a phone camera takes it: up to 10 MB and 50 megapixels (a 48 MP phone's full
 * size), kept as a JPEG at most `largeSide` pixels on its longest side, and shown to the buyer at
 * `smallSide`.
 */
export const qcPhotoLimits = {
  bytes: 10 * 1024 * 1024,
  pixels: 50_000_000,
  largeSide: 2000,
  smallSide: 800,
  types: ["image/jpeg", "image/png", "image/webp"],
} as const;

const photoMegabytes = `${qcPhotoLimits.bytes / (1024 * 1024)} MB`;

/** What the QC form says of photos it cannot take. */
export const qcPhotoMessages = {
  tooMany: `Too many photos: up to ${QC_MAX_PHOTOS}. Nothing was changed.`,
  tooLarge: `A photo is over ${photoMegabytes}: each may be at most ${photoMegabytes}. Nothing was changed.`,
  requestTooLarge: `Too large: up to ${QC_MAX_PHOTOS} photos of ${photoMegabytes} each. Nothing was changed.`,
  notPhoto: "A file is not a photo: photos must be JPEG, PNG or WebP pictures. Nothing was changed.",
} as const;

/** Why production may not start yet: no approved proof, or (when the rules ask for it) the advance unpaid. */
export type StartRefusal = "no_approved_proof" | "advance_unpaid";

/** What the desk reads when production waits for a proof. */
export const waitingForProof = "Production can start only once a proof of the artwork is approved.";

export type StageRefusal = "skipped" | "delivered" | StartRefusal;

/**
 * Whether an order at `from` may move on to `to`: only the next stage, never one skipped; production
 * starts only when nothing stands in its way (`startRefusal`, from productionMayStart).
 */
export function stageMoveRefusal(
  from: OrderStage,
  to: OrderStage,
  startRefusal: StartRefusal | null,
): StageRefusal | null {
  const next = nextStage(from);
  if (!next) return "delivered";
  if (to !== next) return "skipped";
  if (to === "in_production" && startRefusal) return startRefusal;
  return null;
}

/**
 * The date promised to the buyer (YYYY-MM-DD, Pakistan): the quotation's lead time in business days
 * from the later of the acceptance and the proof's approval; null until a proof is approved.
 */
export function promisedDate(acceptedAt: string, approvedAt: string | null, leadTimeDays: number): string | null {
  if (!approvedAt) return null;
  const from = Math.max(Date.parse(acceptedAt), Date.parse(approvedAt));
  return addBusinessDays(from, leadTimeDays);
}

/** The date an order is now due to leave: the planned dispatch date once production started, otherwise the promised date. */
export const dueDate = (order: { promisedDate: string | null; plannedDispatchDate: string | null }) =>
  order.plannedDispatchDate ?? order.promisedDate;

/**
 * Late: not yet on its way and today (Pakistan) is past the date promised to the buyer or the planned
 * dispatch date; a dispatch planned after the promised date does not make a late order on time.
 */
export function isLate(
  order: { stage: OrderStage; promisedDate: string | null; plannedDispatchDate: string | null },
  now: number,
): boolean {
  if (order.stage === "delivered" || order.stage === "dispatched") return false;
  const today = pakistanDate(now);
  return [order.promisedDate, order.plannedDispatchDate].some((date) => date !== null && today > date);
}

/** What the date an order shows on the board is: each one named, never a bare date. */
export type BoardDateKind = "promised" | "planned" | "dispatched" | "delivered";

/**
 * The one date the board shows for an order, and what it is: the day it was delivered once delivered,
 * the day it left once dispatched (no dispatch date is promised any more then), else the planned
 * dispatch date once production started, else the dispatch date promised; null before a proof is approved.
 */
export function boardDate(order: {
  stage: OrderStage;
  promisedDate: string | null;
  plannedDispatchDate: string | null;
  dispatchedAt: string | null;
  receivedDate: string | null;
}): { kind: BoardDateKind; date: string } | null {
  if (order.stage === "delivered") return order.receivedDate ? { kind: "delivered", date: order.receivedDate } : null;
  if (order.stage === "dispatched")
    return order.dispatchedAt ? { kind: "dispatched", date: pakistanDate(Date.parse(order.dispatchedAt)) } : null;
  if (order.plannedDispatchDate) return { kind: "planned", date: order.plannedDispatchDate };
  if (order.promisedDate) return { kind: "promised", date: order.promisedDate };
  return null;
}
