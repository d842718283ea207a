import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { quotations } from "../quotations/schema";
import { quotes } from "../quotes/schema";

// Orders (app/lib/orders/orders.server.ts writes them): an accepted quotation becomes one, with its own
// reference, the request's number with an O (Q-2026-0042 → O-2026-0042), and moves through its stages.

const stageList = sql.raw(
  ["awaiting_artwork", "in_production", "quality_checked", "dispatched", "delivered"].map((s) => `'${s}'`).join(", "),
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    quoteId: integer("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "cascade" }),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id),
    createdAt: text("created_at").notNull(),
    /** Where it stands (app/lib/orders/stages.ts): only ever the next one, or back with a reason. */
    stage: text("stage").notNull().default("awaiting_artwork"),
    /** YYYY-MM-DD, Pakistan: the quotation's lead time after the acceptance and the proof's approval. */
    promisedDate: text("promised_date"),
    /** YYYY-MM-DD, Pakistan: set by staff when production starts. */
    plannedDispatchDate: text("planned_dispatch_date"),
    courier: text("courier"),
    consignmentNumber: text("consignment_number"),
    receivedBy: text("received_by"),
    /** YYYY-MM-DD, Pakistan: the day the buyer received it. */
    receivedDate: text("received_date"),
  },
  // No CHECK on stage: adding one would rebuild the table; its one writer keeps it to the list.
  (table) => [index("orders_stage_idx").on(table.stage)],
);

/** Every move of an order's stage, forward or back (with its reason), with who and when: append-only. */
export const orderStageEvents = sqliteTable(
  "order_stage_events",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    back: integer("back", { mode: "boolean" }).notNull().default(false),
    reason: text("reason").notNull().default(""),
    /** What the move recorded: the planned date, the checklist, courier and number, who received it. */
    detail: text("detail").notNull().default("{}"),
    by: text("by").notNull(),
    at: text("at").notNull(),
  },
  (table) => [
    index("order_stage_events_order_idx").on(table.orderId),
    check("order_stage_events_stage_check", sql`stage IN (${stageList})`),
  ],
);

/** The photos of a quality check: upright JPEGs without metadata, kept under generated names. */
export const orderQcPhotos = sqliteTable(
  "order_qc_photos",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    stageEventId: integer("stage_event_id")
      .notNull()
      .references(() => orderStageEvents.id, { onDelete: "cascade" }),
    mediaType: text("media_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    storedName: text("stored_name").notNull().unique(),
    /** The smaller copy the buyer's link shows (none for photos kept before there was one). */
    smallStoredName: text("small_stored_name").unique(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("order_qc_photos_order_idx").on(table.orderId)],
);

/**
 * The buyer's tax registration for the order's invoices, as FBR's Digital Invoicing needs it: given by
 * the buyer on acceptance or filled by staff before invoicing, checked against FBR's lists.
 */
export const orderTaxFacts = sqliteTable(
  "order_tax_facts",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "Registered" or "Unregistered" (FBR's words). */
    registrationType: text("registration_type").notNull(),
    /** 7-digit NTN or 13-digit CNIC, digits only; "" for an unregistered buyer without one. */
    ntnCnic: text("ntn_cnic").notNull().default(""),
    /** The business name FBR is told (the company on the request unless changed). */
    businessName: text("business_name").notNull(),
    /** A province as FBR's list names it ("PUNJAB"). */
    province: text("province").notNull(),
    address: text("address").notNull(),
    /** "buyer" (on acceptance) or the staff member's name. */
    givenBy: text("given_by").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** ISO 8601: when FBR's registration-type lookup confirmed the NTN/CNIC; null when not (yet) checked. */
    checkedAt: text("checked_at"),
  },
  () => [check("order_tax_facts_registration", sql`registration_type IN ('Registered', 'Unregistered')`)],
);
