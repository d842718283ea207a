import { z } from "zod";
import { oneLine, severalLines } from "~/lib/text-fields";
import { courierIds, couriers } from "~/content/couriers";
import { deskStageLabel, stageLabel } from "~/content/order-stages";
import { longDate, pakistanDate, pakistanTime } from "~/lib/desk/time";
import type { Actor } from "~/lib/audit/events";
import { formatPkr } from "~/lib/money";
import { chosenLines } from "~/lib/quotations/acceptance.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import {
  formDataWithin,
  readMultipart,
  type ReceivedFile,
  textLimits,
  type UploadProblem,
  uploadProblems,
} from "~/lib/quotes/uploads.server";
import { type MoveRefusal, productionMayStart, qcChecklist, type StageInput, type StoredOrder } from "./orders.server";
import { keepQcPhotos, qcPhotoForm } from "./photos.server";
import { dueDate, isLate, nextStage, previousStage, waitingForProof } from "./stages";

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
  .refine((value) => !Number.isNaN(Date.parse(value)), "Choose a date.");
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${label}.`)
    .max(max, `The ${label} is too long.`)
    .check(oneLine(`The ${label}`));
/** Several lines: of the control characters only line breaks and tabs are kept. */
const lines = (label: string, max: number) =>
  z.string().check(severalLines()).trim().min(1, `Write the ${label}.`).max(max, `The ${label} is too long.`);

/** One schema per form of the order page, told apart by its button's intent. */
export const orderFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("in_production"), plannedDispatchDate: date }),
  z.object({ intent: z.literal("quality_checked"), checklist: z.array(z.enum(qcChecklist)).max(qcChecklist.length) }),
  z.object({
    intent: z.literal("dispatched"),
    courier: z.enum(courierIds, { message: "Choose the courier." }),
    consignmentNumber: z
      .string()
      .trim()
      .max(60, "The consignment number is too long.")
      .check(oneLine("The consignment number")),
  }),
  z.object({ intent: z.literal("delivered"), receivedBy: text("name of who received it", 120), receivedDate: date }),
  z.object({ intent: z.literal("back"), reason: lines("reason", 1000) }),
  z.object({ intent: z.literal("whatsapp") }),
]);
export type OrderForm = z.infer<typeof orderFormSchema>;

/** A form's fields as read from a form sent with or without files. */
type SentFields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

export function readOrderForm(body: SentFields) {
  return orderFormSchema.safeParse({
    intent: body.get("intent"),
    plannedDispatchDate: body.get("plannedDispatchDate") ?? undefined,
    checklist: body.getAll("checklist"),
    courier: body.get("courier") ?? undefined,
    consignmentNumber: body.get("consignmentNumber") ?? undefined,
    receivedBy: body.get("receivedBy") ?? undefined,
    receivedDate: body.get("receivedDate") ?? undefined,
    reason: body.get("reason") ?? undefined,
  });
}

/**
 * An order page's post: a form without files read whole (64 KB at most), or the QC form with its
 * photos streamed to the incoming folder within `qcPhotoForm`'s limits. The caller removes the
 * photos received (`discardReceived`) whatever happens.
 */
export async function readOrderRequest(
  request: Request,
  incomingDir: string,
): Promise<{ fields: SentFields; photos: ReceivedFile<"photo">[]; problem: UploadProblem | null }> {
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  if (multipart) {
    const read = await readMultipart(request, incomingDir, qcPhotoForm);
    return { fields: new URLSearchParams(read.entries), photos: read.files, problem: read.ok ? null : read.problem };
  }
  const body = await formDataWithin(request, textLimits.totalBytes);
  return { fields: body ?? new FormData(), photos: [], problem: body ? null : uploadProblems.textTooLarge };
}

export const refusalText: Record<MoveRefusal | "consignment", string> = {
  skipped: "That is not this order's next stage: a stage cannot be skipped. Nothing was changed.",
  no_approved_proof: waitingForProof,
  advance_unpaid: "Production can start only once the advance is paid: record it in Payments.",
  delivered: "The order is delivered: there is no stage after it.",
  checklist: "Tick all four checks: quantity, print, colours and packing.",
  photos: "Up to 6 photos.",
  not_started: "The order is at its first stage: there is nothing to move back.",
  consignment: "Write the consignment number.",
};

/**
 * One stage move from the order page: the form read, QC photos checked and kept, the move made (or
 * refused with nothing changed, photos removed) and the outbox kicked.
 */
export async function moveOrder(
  service: QuoteService,
  order: StoredOrder,
  form: Exclude<OrderForm, { intent: "whatsapp" }>,
  photos: readonly ReceivedFile<"photo">[],
  actor: Actor,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (form.intent === "back") {
    const moved = service.orders.moveBack(order.id, form.reason, actor);
    if (!moved.ok) return { ok: false, error: refusalText[moved.reason] };
    service.outbox?.kick();
    return { ok: true };
  }
  // A post for another stage than the next one is refused before any photo is read.
  if (form.intent !== nextStage(order.stage)) return { ok: false, error: refusalText.skipped };
  let input: StageInput;
  if (form.intent === "quality_checked") {
    const kept = await keepQcPhotos(photos, { files: service.files });
    if (!kept.ok) return { ok: false, error: kept.problem.message };
    input = { stage: "quality_checked", checklist: form.checklist, photos: kept.photos };
  } else if (form.intent === "dispatched") {
    if (form.courier !== "own" && !form.consignmentNumber) return { ok: false, error: refusalText.consignment };
    input = { stage: "dispatched", courier: form.courier, consignmentNumber: form.consignmentNumber };
  } else if (form.intent === "in_production")
    input = { stage: "in_production", plannedDispatchDate: form.plannedDispatchDate };
  else input = { stage: "delivered", receivedBy: form.receivedBy, receivedDate: form.receivedDate };
  const moved = service.orders.advance(order.id, input, actor);
  if (!moved.ok) {
    if (input.stage === "quality_checked") service.orders.removePhotos(input.photos);
    return { ok: false, error: refusalText[moved.reason] };
  }
  service.outbox?.kick();
  return { ok: true };
}

/** An order's due date and whether it is late, as both pages show them. */
export function orderDue(order: StoredOrder, now: number) {
  // Once on its way, no dispatch date is due any more.
  const due = order.stage === "dispatched" || order.stage === "delivered" ? null : dueDate(order);
  return { due: due && longDate(due), late: isLate(order, now) };
}

/** The order page's data. */
export function orderPage(service: QuoteService, quote: StoredQuote, order: StoredOrder, now = Date.now()) {
  const quotation = service.quotations.versions(quote.id).find((version) => version.id === order.quotationId)!;
  const acceptance = quotation.acceptance;
  const choices = acceptance ? (JSON.parse(acceptance.choices) as number[]) : [];
  const proof = service.orders.approvedProof(quote.id);
  const history = service.orders.history(order.id);
  const photos = service.orders.photos(order.id);
  const next = nextStage(order.stage);
  // What stands before production, while it is the next stage.
  const start = next === "in_production" ? productionMayStart(service.orders, order) : null;
  return {
    order: {
      reference: order.reference,
      stage: order.stage,
      stageLabel: deskStageLabel(order.stage, {
        approved: proof !== null,
        advanceUnpaid: start?.ok === false && start.reason === "advance_unpaid",
      }),
      promised: order.promisedDate && longDate(order.promisedDate),
      planned: order.plannedDispatchDate && longDate(order.plannedDispatchDate),
      ...orderDue(order, now),
      tracking: service.orders.tracking(order),
      receivedBy: order.receivedBy,
      received: order.receivedDate && longDate(order.receivedDate),
    },
    request: { reference: quote.reference, company: quote.company || quote.name, name: quote.name },
    quotation: {
      version: quotation.version!,
      lines: acceptance ? chosenLines(quotation, choices) : [],
      total: acceptance ? formatPkr(acceptance.totalPaisa) : null,
      poNumber: acceptance?.poNumber ?? "",
      acceptedBy: acceptance ? [acceptance.name, acceptance.role].filter(Boolean).join(", ") : "",
      accepted: acceptance ? pakistanTime(acceptance.acceptedAt) : "",
      leadTime: quotation.leadTime,
    },
    proof: proof && {
      version: proof.version,
      approvedBy: proof.answerName,
      approved: pakistanTime(proof.answeredAt),
      sha256: proof.sha256,
      href: `/desk/quotes/${quote.reference}/proofs/${proof.version}`,
    },
    timeline: service.orders.timeline(order).map((step) => ({
      ...step,
      label: stageLabel[step.stage],
      when: step.at && pakistanTime(step.at),
    })),
    history: history.map((event) => ({
      id: event.id,
      label: stageLabel[event.stage],
      back: event.back,
      reason: event.reason,
      by: event.by,
      when: pakistanTime(event.at),
      photos: photos.filter((photo) => photo.stageEventId === event.id).map((photo) => photo.id),
    })),
    next: next && { stage: next, label: stageLabel[next] },
    canMoveBack: previousStage(order.stage) !== null,
    // Why production cannot start yet, in words, when it is the next stage.
    startBlocked: start?.ok === false ? start.why : null,
    today: pakistanDate(now),
    couriers: couriers.map(({ id, name }) => ({ id, name })),
  };
}

/** The request page's link to its order, with the stage it is at. */
export function orderLink(service: QuoteService, quote: StoredQuote) {
  const order = service.orders.forRequest(quote.id);
  return order && { reference: order.reference, stage: stageLabel[order.stage] };
}
