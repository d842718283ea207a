import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { staff } from "../desk/staff-schema";

// The desk's price list (app/lib/prices/prices.server.ts writes every table here): the shop's own
// items ("Metal ball pen, one-colour pad print"), grouped by the catalogue's categories. The catalogue's
// portfolio pieces name the item they are made from (Product.priceItemId). Money is whole paisa.
// CHECKs name bare columns: drizzle-kit keeps a table's name in a CHECK when it rebuilds the table,
// which SQLite then refuses.

/** One row per item the shop sells: its name, category, lead time, and whether it is retired. */
export const priceItems = sqliteTable(
  "price_items",
  {
    /** A slug made from the first name, kept when the item is renamed: quotation lines keep it. */
    itemId: text("item_id").primaryKey(),
    name: text("name").notNull(),
    /** A category slug of app/content/category-slugs.ts. */
    category: text("category").notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    /** ISO 8601, UTC. */
    updatedAt: text("updated_at").notNull(),
    /** ISO 8601, UTC: a retired item is offered to no new quotation; old ones and its history keep it. */
    retiredAt: text("retired_at"),
    // What FBR's Digital Invoicing is told of the item; null: its category's default
    // (app/lib/prices/tax-defaults.ts). Owners set them in the price list.
    /** "9608.1000": four digits, a dot, four digits. */
    hsCode: text("hs_code"),
    /** A unit of measure as FBR's list names it ("Numbers, pieces, units"). */
    uom: text("uom"),
    /** FBR's sale type ("Goods at standard rate (default)"). */
    saleType: text("sale_type"),
  },
  () => [
    check("price_items_lead_time", sql`lead_time_days BETWEEN 1 AND 365`),
    check("price_items_name", sql`length(name) BETWEEN 1 AND 120`),
    check(
      "price_items_category",
      sql`category IN ('pens', 'paper-chit-pads', 'drinkware', 'office-accessories', 'games', 'shirts', 'acrylic', 'clocks')`,
    ),
  ],
);

/** A unit price from a quantity up: the highest break at or below an order's quantity applies. */
export const priceBreaks = sqliteTable(
  "price_breaks",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => priceItems.itemId, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    unitPaisa: integer("unit_paisa").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.quantity] }),
    check("price_breaks_quantity", sql`quantity > 0`),
    check("price_breaks_unit", sql`unit_paisa > 0`),
  ],
);

/** A named set-up charge (per print colour, per print method), in the order the owner wrote them. */
export const priceSetupCharges = sqliteTable(
  "price_setup_charges",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => priceItems.itemId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    paisa: integer("paisa").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.position] }),
    check("price_setup_charges_paisa", sql`paisa >= 0`),
  ],
);

/**
 * The price list's history: one row per save that changed something, append-only (a trigger in the
 * migration that made it refuses every update but the staff id's clearing when an account goes, and
 * every deletion). Kept apart from audit_events, whose subjects are numbered requests, quotations,
 * orders and invoices: a catalogue item is named by a text id.
 */
export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: integer("id").primaryKey(),
    itemId: text("item_id").notNull(),
    /** ISO 8601, UTC. */
    at: text("at").notNull(),
    /** The staff account, while it exists: removing the account leaves the change, with the name below. */
    actorStaffId: integer("actor_staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** The staff member's name as it was then. */
    actorName: text("actor_name").notNull(),
    /** JSON: what changed, old → new (`PriceChange[]` in prices.server.ts). */
    changes: text("changes").notNull(),
  },
  (table) => [
    index("price_changes_item").on(table.itemId, table.id),
    check("price_changes_json", sql`json_valid(changes)`),
  ],
);
