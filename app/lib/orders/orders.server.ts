import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { type CourierId, courierName, trackingUrl } from "~/content/couriers";
import { actorLabel, type Actor } from "~/lib/audit/events";
import { Messaging } from "~/lib/messaging/messaging.server";
import { mayStartProduction } from "~/lib/payments/payments.server";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { orderStageMail } from "./mail";
import { orderQcPhotos, orderStageEvents, orders } from "./schema";
import {
  isLate,
  type OrderStage,
  orderStages,
  previousStage,
  promisedDate,
  QC_MAX_PHOTOS,
  qcChecklist,
  stageMoveRefusal,
  type StartRefusal,
  waitingForProof,
} from "./stages";

export { QC_MAX_PHOTOS, qcChecklist } from "./stages";

type OrderRow = typeof orders.$inferSelect;
export type StoredOrder = Omit<OrderRow, "stage"> & { stage: OrderStage };
export type StageEvent = Omit<typeof orderStageEvents.$inferSelect, "stage" | "detail"> & {
  stage: OrderStage;
  detail: Record<string, unknown>;
};
export type QcPhoto = typeof orderQcPhotos.$inferSelect;

/** An order's reference: its request's number with an O (Q-2026-0042 → O-2026-0042). */
export const orderReference = (requestReference: string) => requestReference.replace(/^Q-/, "O-");

/** A checked photo already written to the attachments folder (app/lib/orders/photos.server.ts). */
export type WrittenPhoto = {
  storedName: string;
  smallStoredName: string;
  mediaType: string;
  byteSize: number;
  sha256: string;
};

/** What each forward move records. */
export type StageInput =
  | { stage: "in_production"; plannedDispatchDate: string }
  | { stage: "quality_checked"; checklist: readonly string[]; photos: readonly WrittenPhoto[] }
  | { stage: "dispatched"; courier: CourierId; consignmentNumber: string }
  | { stage: "delivered"; receivedBy: string; receivedDate: string };

export type MoveRefusal = "skipped" | StartRefusal | "delivered" | "checklist" | "photos" | "not_started";
export type MoveResult = { ok: true; order: StoredOrder } | { ok: false; reason: MoveRefusal };

const fromRow = (row: OrderRow): StoredOrder => ({ ...row, stage: row.stage as OrderStage });

/**
 * Whether production may start on an order, and if not why, in words for the desk: a proof of the
 * request must be approved, and the advance paid when the order rules ask for it.
 */
export function productionMayStart(
  orders: Orders,
  order: StoredOrder,
): { ok: true } | { ok: false; reason: StartRefusal; why: string } {
  if (!orders.approvedProof(order.quoteId)) {
    return { ok: false, reason: "no_approved_proof", why: waitingForProof };
  }
  const paid = mayStartProduction(orders.store, order);
  return paid.ok ? paid : { ok: false, reason: "advance_unpaid", why: paid.why };
}

/** Orders: one per request at most, made when the buyer accepts a quotation (acceptance.server.ts), and their stages. */
export class Orders {
  private readonly orm;

  constructor(
    readonly store: QuoteStore,
    /** Whether e-mail is on: a stage move then queues the buyer's e-mail. */
    private readonly mailOn = false,
    private readonly messaging = new Messaging(store),
  ) {
    this.orm = drizzle({ client: store.db });
  }

  /** Makes the request's order for an accepted version; call inside the acceptance's transaction. */
  create(quote: { id: number; reference: string }, quotationId: number, now: Date): StoredOrder {
    const order = this.orm
      .insert(orders)
      .values({
        reference: orderReference(quote.reference),
        quoteId: quote.id,
        quotationId,
        createdAt: now.toISOString(),
      })
      .returning()
      .get();
    this.orm
      .insert(orderStageEvents)
      .values({ orderId: order.id, stage: "awaiting_artwork", by: "buyer", at: now.toISOString() })
      .run();
    return this.refreshPromisedDate(quote.id) ?? fromRow(order);
  }

  /** The request's order, if its quotation was accepted. */
  forRequest(quoteId: number): StoredOrder | null {
    const row = this.orm.select().from(orders).where(eq(orders.quoteId, quoteId)).get();
    return row ? fromRow(row) : null;
  }

  byReference(reference: string): StoredOrder | null {
    const row = this.orm.select().from(orders).where(eq(orders.reference, reference)).get();
    return row ? fromRow(row) : null;
  }

  /** The latest approved proof of a request (version, when, hash), or null. */
  approvedProof(quoteId: number) {
    return (
      (this.store.db
        .prepare(
          `SELECT version, answered_at AS answeredAt, sha256, answer_name AS answerName FROM proofs
           WHERE quote_id = ? AND answer = 'approved' ORDER BY version DESC LIMIT 1`,
        )
        .get(quoteId) as { version: number; answeredAt: string; sha256: string; answerName: string } | undefined) ??
      null
    );
  }

  /**
   * Sets the promised date from the acceptance, the proof's approval and the quotation's lead time; the
   * proofs call it when a proof is approved, the acceptance when the order is made.
   */
  refreshPromisedDate(quoteId: number): StoredOrder | null {
    const row = this.store.db
      .prepare(
        `SELECT a.accepted_at AS acceptedAt, q.lead_time_days AS leadTimeDays FROM orders o
         JOIN quotation_acceptances a ON a.quotation_id = o.quotation_id
         JOIN quotations q ON q.id = o.quotation_id WHERE o.quote_id = ?`,
      )
      .get(quoteId) as { acceptedAt: string; leadTimeDays: number } | undefined;
    if (!row) return null;
    const date = promisedDate(row.acceptedAt, this.approvedProof(quoteId)?.answeredAt ?? null, row.leadTimeDays);
    const updated = this.orm.update(orders).set({ promisedDate: date }).where(eq(orders.quoteId, quoteId)).returning();
    const order = updated.get();
    return order ? fromRow(order) : null;
  }

  history(orderId: number): StageEvent[] {
    return this.orm
      .select()
      .from(orderStageEvents)
      .where(eq(orderStageEvents.orderId, orderId))
      .orderBy(asc(orderStageEvents.id))
      .all()
      .map((event) => ({
        ...event,
        stage: event.stage as OrderStage,
        detail: JSON.parse(event.detail) as Record<string, unknown>,
      }));
  }

  photos(orderId: number): QcPhoto[] {
    return this.orm
      .select()
      .from(orderQcPhotos)
      .where(eq(orderQcPhotos.orderId, orderId))
      .orderBy(asc(orderQcPhotos.id))
      .all();
  }

  /** One of this order's photos (another order's is not found), with where its copies are kept. */
  photo(orderId: number, photoId: number): (QcPhoto & { path: string; smallPath: string | null }) | null {
    const row = this.orm
      .select()
      .from(orderQcPhotos)
      .where(and(eq(orderQcPhotos.orderId, orderId), eq(orderQcPhotos.id, photoId)))
      .get();
    if (!row) return null;
    const path = (name: string) => this.store.files.path("attachments", name);
    return {
      ...row,
      path: path(row.storedName),
      smallPath: row.smallStoredName && path(row.smallStoredName),
    };
  }

  /** The board: every order with its request's company and owner, due soonest first (none yet last). */
  board(filter: { stage?: OrderStage; ownerStaffId?: number } = {}) {
    const rows = this.store.db
      .prepare(
        `SELECT o.*, q.company, q.name, q.product, q.reference AS request_reference, q.owner_staff_id AS owner_staff_id,
                a.total_paisa AS total_paisa,
                (SELECT description FROM quotation_lines WHERE quotation_id = o.quotation_id
                 ORDER BY position LIMIT 1) AS first_item,
                (SELECT MAX(at) FROM order_stage_events WHERE order_id = o.id AND stage = 'dispatched' AND back = 0)
                  AS dispatched_at
         FROM orders o JOIN quotes q ON q.id = o.quote_id
         LEFT JOIN quotation_acceptances a ON a.quotation_id = o.quotation_id
         WHERE (@stage IS NULL OR o.stage = @stage) AND (@owner IS NULL OR q.owner_staff_id = @owner)
         ORDER BY coalesce(o.planned_dispatch_date, o.promised_date) IS NULL,
                  coalesce(o.planned_dispatch_date, o.promised_date), o.id`,
      )
      .all({ stage: filter.stage ?? null, owner: filter.ownerStaffId ?? null }) as Record<string, unknown>[];
    return rows.map((row) => ({
      id: row.id as number,
      reference: row.reference as string,
      requestReference: row.request_reference as string,
      company: (row.company as string) || (row.name as string),
      // The accepted quotation's first item; the request's words if it has none.
      product: (row.first_item as string | null) ?? (row.product as string),
      totalPaisa: (row.total_paisa as number | null) ?? 0,
      stage: row.stage as OrderStage,
      promisedDate: row.promised_date as string | null,
      plannedDispatchDate: row.planned_dispatch_date as string | null,
      /** ISO 8601, UTC: its last move to dispatched. */
      dispatchedAt: row.dispatched_at as string | null,
      receivedDate: row.received_date as string | null,
    }));
  }

  /** How many orders are late now (the desk header shows it). */
  lateCount(now = Date.now()): number {
    return this.orm
      .select()
      .from(orders)
      .all()
      .filter((row) => isLate(fromRow(row), now)).length;
  }

  /**
   * Moves an order on to its next stage with what that stage records, its history and the buyer's
   * e-mail, in one transaction; a skipped stage, production without an approved proof, an unticked
   * checklist or too many photos are refused with nothing changed (the caller removes written photos).
   */
  advance(orderId: number, input: StageInput, actor: Actor, now = new Date()): MoveResult {
    if (input.stage === "quality_checked") {
      if (!qcChecklist.every((point) => input.checklist.includes(point))) return { ok: false, reason: "checklist" };
      if (input.photos.length > QC_MAX_PHOTOS) return { ok: false, reason: "photos" };
    }
    return this.store.db
      .transaction((): MoveResult => {
        const row = this.orm.select().from(orders).where(eq(orders.id, orderId)).get();
        if (!row) return { ok: false, reason: "not_started" };
        const order = fromRow(row);
        const start = input.stage === "in_production" ? productionMayStart(this, order) : null;
        const refusal = stageMoveRefusal(order.stage, input.stage, start && !start.ok ? start.reason : null);
        if (refusal) return { ok: false, reason: refusal };
        const at = now.toISOString();
        const { stage, ...detail } = input;
        const recorded = "photos" in detail ? { checklist: detail.checklist } : detail;
        const changes =
          input.stage === "in_production"
            ? { plannedDispatchDate: input.plannedDispatchDate }
            : input.stage === "dispatched"
              ? { courier: input.courier, consignmentNumber: input.consignmentNumber }
              : input.stage === "delivered"
                ? { receivedBy: input.receivedBy, receivedDate: input.receivedDate }
                : {};
        const moved = fromRow(
          this.orm
            .update(orders)
            .set({ stage, ...changes })
            .where(eq(orders.id, orderId))
            .returning()
            .get()!,
        );
        const event = this.orm
          .insert(orderStageEvents)
          .values({ orderId, stage, detail: JSON.stringify(recorded), by: actorLabel(actor), at })
          .returning()
          .get();
        if (input.stage === "quality_checked" && input.photos.length)
          this.orm
            .insert(orderQcPhotos)
            .values(input.photos.map((photo) => ({ ...photo, orderId, stageEventId: event.id, createdAt: at })))
            .run();
        this.recordMove(moved, stage, false, "", actor, now);
        return { ok: true, order: moved };
      })
      .immediate();
  }

  /** Moves an order back one stage, for a reason the history keeps; what the stage left had recorded is cleared. */
  moveBack(orderId: number, reason: string, actor: Actor, now = new Date()): MoveResult {
    return this.store.db
      .transaction((): MoveResult => {
        const row = this.orm.select().from(orders).where(eq(orders.id, orderId)).get();
        if (!row) return { ok: false, reason: "not_started" };
        const back = previousStage(fromRow(row).stage);
        if (!back) return { ok: false, reason: "not_started" };
        const cleared =
          row.stage === "in_production"
            ? { plannedDispatchDate: null }
            : row.stage === "dispatched"
              ? { courier: null, consignmentNumber: null }
              : row.stage === "delivered"
                ? { receivedBy: null, receivedDate: null }
                : {};
        const moved = fromRow(
          this.orm
            .update(orders)
            .set({ stage: back, ...cleared })
            .where(eq(orders.id, orderId))
            .returning()
            .get()!,
        );
        this.orm
          .insert(orderStageEvents)
          .values({ orderId, stage: back, back: true, reason, by: actorLabel(actor), at: now.toISOString() })
          .run();
        this.recordMove(moved, back, true, reason, actor, now);
        return { ok: true, order: moved };
      })
      .immediate();
  }

  private recordMove(order: StoredOrder, stage: OrderStage, back: boolean, reason: string, actor: Actor, now: Date) {
    this.store.audit.record({
      subject: { type: "request", id: order.quoteId },
      actor,
      at: now,
      type: "order.stage_moved",
      payload: { order: order.reference, stage, back, reason },
    });
    if (!this.mailOn) return;
    const quote = this.store.get(order.quoteId);
    if (!quote) return;
    const text = orderStageMail(quote, order, stage, back, now, this.tracking(order));
    this.messaging.queue({
      quoteId: order.quoteId,
      kind: "order-stage",
      recipient: quote.email,
      subject: text.subject,
      payload: { order: order.reference, stage, back, body: text.body },
      now,
    });
  }

  /** The courier's name and tracking page of a dispatched order. */
  tracking(order: Pick<StoredOrder, "courier" | "consignmentNumber">) {
    if (!order.courier) return null;
    return {
      courier: courierName(order.courier),
      consignmentNumber: order.consignmentNumber ?? "",
      url: trackingUrl(order.courier, order.consignmentNumber ?? ""),
    };
  }

  /** Removes written photos of a move that was refused. */
  removePhotos(photos: readonly WrittenPhoto[]) {
    this.store.files.remove(
      "attachments",
      photos.flatMap((photo) => [photo.storedName, photo.smallStoredName]),
    );
  }

  /** The stages as the buyer and the desk see them: each done (with its latest date) or not. */
  timeline(order: StoredOrder) {
    const events = this.history(order.id);
    const current = orderStages.indexOf(order.stage);
    return orderStages.map((stage, index) => {
      const last = [...events].reverse().find((event) => event.stage === stage && !event.back);
      return {
        stage,
        // Delivered is the end: nothing is left current.
        state: index < current || order.stage === "delivered" ? "done" : index === current ? "current" : "next",
        at: index <= current ? (last?.at ?? null) : null,
        by: index <= current ? (last?.by ?? null) : null,
      } as const;
    });
  }
}
