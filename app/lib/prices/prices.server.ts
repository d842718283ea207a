import type Database from "better-sqlite3";
import { products } from "~/content/catalogue";
import {
  changesBetween,
  type ItemPrice,
  isValidList,
  type PriceChange,
  priceAt,
  priceChangeSchema,
  type PriceList,
  type PriceListInput,
  type SetupCharge,
} from "./price-list";

export {
  type ItemPrice,
  type PriceBreak,
  type PriceChange,
  type PriceFor,
  type PriceList,
  type PriceListInput,
  type SetupCharge,
  describeChange,
  formatPieces,
} from "./price-list";

/** Who saved: the staff member signed in (their account, and their name as the history shows it). */
export type PriceEditor = { id: number; name: string };

/** One save of an item's prices that changed something, as its history shows it. */
export type PriceHistoryEntry = {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  by: string;
  changes: PriceChange[];
};

export type SaveResult = { ok: true; changes: PriceChange[] } | { ok: false; refused: "unknown item" | "invalid list" };

const catalogueIds = new Set(products.map((product) => product.id));

type ItemRow = { itemId: string; leadTimeDays: number; updatedAt: string };

/**
 * The desk's price list (price_items, price_breaks, price_setup_charges, and price_changes, its
 * append-only history): prices per catalogue item by quantity break, set-up charges and lead time,
 * in whole paisa. Owners save a whole item at a time; every save that changes something appends one
 * history row saying who, when, and each old → new. Read by the desk and by `priceFor`, which the
 * quotation editor calls.
 */
export class PriceBook {
  private readonly db: Database.Database;
  private readonly sql;

  constructor(db: Database.Database) {
    this.db = db;
    this.sql = {
      item: db.prepare(
        "SELECT item_id AS itemId, lead_time_days AS leadTimeDays, updated_at AS updatedAt FROM price_items WHERE item_id = ?",
      ),
      items: db.prepare(
        "SELECT item_id AS itemId, lead_time_days AS leadTimeDays, updated_at AS updatedAt FROM price_items",
      ),
      breaks: db.prepare(
        "SELECT quantity, unit_paisa AS unitPaisa FROM price_breaks WHERE item_id = ? ORDER BY quantity",
      ),
      allBreaks: db.prepare(
        "SELECT item_id AS itemId, quantity, unit_paisa AS unitPaisa FROM price_breaks ORDER BY item_id, quantity",
      ),
      charges: db.prepare("SELECT label, paisa FROM price_setup_charges WHERE item_id = ? ORDER BY position"),
      allCharges: db.prepare(
        "SELECT item_id AS itemId, label, paisa FROM price_setup_charges ORDER BY item_id, position",
      ),
      upsertItem: db.prepare(
        `INSERT INTO price_items (item_id, lead_time_days, updated_at) VALUES (@itemId, @leadTimeDays, @updatedAt)
         ON CONFLICT (item_id) DO UPDATE SET lead_time_days = excluded.lead_time_days, updated_at = excluded.updated_at`,
      ),
      clearBreaks: db.prepare("DELETE FROM price_breaks WHERE item_id = ?"),
      insertBreak: db.prepare("INSERT INTO price_breaks (item_id, quantity, unit_paisa) VALUES (?, ?, ?)"),
      clearCharges: db.prepare("DELETE FROM price_setup_charges WHERE item_id = ?"),
      insertCharge: db.prepare("INSERT INTO price_setup_charges (item_id, position, label, paisa) VALUES (?, ?, ?, ?)"),
      insertChange: db.prepare(
        `INSERT INTO price_changes (item_id, at, actor_staff_id, actor_name, changes)
         VALUES (@itemId, @at, (SELECT id FROM staff WHERE id = @staffId), @actorName, @changes)`,
      ),
      history: db.prepare(
        `SELECT id, at, actor_name AS by, changes FROM price_changes WHERE item_id = ? ORDER BY id DESC LIMIT ?`,
      ),
    };
  }

  /** An item's price list, or null when it has none. */
  list(itemId: string): PriceList | null {
    const item = this.sql.item.get(itemId) as ItemRow | undefined;
    if (!item) return null;
    return {
      ...item,
      breaks: this.sql.breaks.all(itemId) as PriceList["breaks"],
      setupCharges: this.sql.charges.all(itemId) as SetupCharge[],
    };
  }

  /** Every priced item's list, by item id (three queries, whatever the number of items). */
  all(): Map<string, PriceList> {
    const lists = new Map<string, PriceList>();
    for (const item of this.sql.items.all() as ItemRow[])
      lists.set(item.itemId, { ...item, breaks: [], setupCharges: [] });
    for (const row of this.sql.allBreaks.all() as { itemId: string; quantity: number; unitPaisa: number }[])
      lists.get(row.itemId)?.breaks.push({ quantity: row.quantity, unitPaisa: row.unitPaisa });
    for (const row of this.sql.allCharges.all() as (SetupCharge & { itemId: string })[])
      lists.get(row.itemId)?.setupCharges.push({ label: row.label, paisa: row.paisa });
    return lists;
  }

  /**
   * The price of `quantity` pieces of an item: the unit price of the highest break at or below the
   * quantity (or the lowest break, with `belowLowestBreak`, when the quantity is under them all), its
   * lead time and set-up charges. Null when the item has no prices. Throws on a quantity that is not a
   * whole number from 1.
   */
  priceFor(itemId: string, quantity: number): ItemPrice | null {
    const list = this.list(itemId);
    return list ? priceAt(list, quantity) : null;
  }

  /**
   * Replaces an item's price list, in one transaction with its history row; a save that changes
   * nothing writes nothing. The list must be one the editor's form gives (breaks rising in quantity,
   * unit prices not rising with it): anything else is refused, whoever calls.
   */
  save(itemId: string, list: PriceListInput, editor: PriceEditor, now = new Date()): SaveResult {
    if (!catalogueIds.has(itemId)) return { ok: false, refused: "unknown item" };
    if (!isValidList(list)) return { ok: false, refused: "invalid list" };
    return this.db
      .transaction((): SaveResult => {
        const changes = changesBetween(this.list(itemId), list);
        if (changes.length === 0) return { ok: true, changes };
        const at = now.toISOString();
        this.sql.upsertItem.run({ itemId, leadTimeDays: list.leadTimeDays, updatedAt: at });
        this.sql.clearBreaks.run(itemId);
        for (const priceBreak of list.breaks)
          this.sql.insertBreak.run(itemId, priceBreak.quantity, priceBreak.unitPaisa);
        this.sql.clearCharges.run(itemId);
        list.setupCharges.forEach((charge, position) =>
          this.sql.insertCharge.run(itemId, position, charge.label, charge.paisa),
        );
        this.sql.insertChange.run({
          itemId,
          at,
          staffId: editor.id,
          actorName: editor.name,
          changes: JSON.stringify(changes),
        });
        return { ok: true, changes };
      })
      .immediate();
  }

  /** An item's latest saves, newest first. */
  history(itemId: string, limit = 20): PriceHistoryEntry[] {
    const rows = this.sql.history.all(itemId, limit) as { id: number; at: string; by: string; changes: string }[];
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      by: row.by,
      changes: priceChangeSchema.array().parse(JSON.parse(row.changes)),
    }));
  }
}
