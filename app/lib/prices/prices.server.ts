import type Database from "better-sqlite3";
import { type CategorySlug, categorySlugs } from "~/content/categories";
import { isFbrSaleType, isFbrUnit, isHsCode } from "~/lib/fbr/lists";
import {
  changesBetween,
  type ItemDetails,
  itemDetailsSchema,
  type ItemPrice,
  isValidList,
  type PriceChange,
  priceAt,
  priceChangeSchema,
  type PriceItem,
  type PriceList,
  type PriceListInput,
  type SetupCharge,
  slugFor,
  type TaxDataInput,
} from "./price-list";
import { categoryTaxDefaults, freeTextTaxDefaults, type TaxData } from "./tax-defaults";

export {
  type ItemPrice,
  type PriceBreak,
  type PriceChange,
  type PriceFor,
  type PriceItem,
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
export type AddResult = { ok: true; itemId: string } | { ok: false; refused: "invalid details" };
export type DetailsResult =
  { ok: true; changes: PriceChange[] } | { ok: false; refused: "unknown item" | "invalid details" };
export type TaxDataResult =
  { ok: true; changes: PriceChange[] } | { ok: false; refused: "unknown item" | "invalid tax data" };

/** What FBR is told of a line's item, and whether all of it is a default (the item sets none of its own). */
export type ItemTaxData = TaxData & { fromCategory: boolean };
/** An item's own tax data as stored: null where it takes its category's default. */
export type OwnTaxData = { hsCode: string | null; uom: string | null; saleType: string | null };

type ItemRow = PriceItem & { leadTimeDays: number; updatedAt: string };

const itemColumns = `item_id AS itemId, name, category, lead_time_days AS leadTimeDays, updated_at AS updatedAt,
  retired_at AS retiredAt`;
// The list's order: the catalogue's categories, then the order items were added (the seed's most usual first).
const categoryOrder = `CASE category ${categorySlugs.map((slug, index) => `WHEN '${slug}' THEN ${index}`).join(" ")} END`;

/** A new item's lead time until an owner sets its prices. */
const DEFAULT_LEAD_TIME_DAYS = 10;

/**
 * The desk's price list (price_items, price_breaks, price_setup_charges, and price_changes, its
 * append-only history): the shop's own items by category, each with prices by quantity break, set-up
 * charges and lead time, in whole paisa. Owners add, rename, retire and reprice items; every change
 * appends one history row saying who, when, and each old → new. Read by the desk and by `priceFor`,
 * which the quotation editor calls.
 */
export class PriceBook {
  private readonly db: Database.Database;
  private readonly sql;

  constructor(db: Database.Database) {
    this.db = db;
    this.sql = {
      item: db.prepare(`SELECT ${itemColumns} FROM price_items WHERE item_id = ?`),
      items: db.prepare(`SELECT ${itemColumns} FROM price_items ORDER BY ${categoryOrder}, rowid`),
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
      idTaken: db.prepare("SELECT 1 FROM price_items WHERE item_id = ?").pluck(),
      insertItem: db.prepare(
        `INSERT INTO price_items (item_id, name, category, lead_time_days, updated_at)
         VALUES (@itemId, @name, @category, @leadTimeDays, @updatedAt)`,
      ),
      updateLeadTime: db.prepare("UPDATE price_items SET lead_time_days = ?, updated_at = ? WHERE item_id = ?"),
      updateDetails: db.prepare("UPDATE price_items SET name = ?, category = ?, updated_at = ? WHERE item_id = ?"),
      updateRetired: db.prepare("UPDATE price_items SET retired_at = ?, updated_at = ? WHERE item_id = ?"),
      clearBreaks: db.prepare("DELETE FROM price_breaks WHERE item_id = ?"),
      insertBreak: db.prepare("INSERT INTO price_breaks (item_id, quantity, unit_paisa) VALUES (?, ?, ?)"),
      clearCharges: db.prepare("DELETE FROM price_setup_charges WHERE item_id = ?"),
      insertCharge: db.prepare("INSERT INTO price_setup_charges (item_id, position, label, paisa) VALUES (?, ?, ?, ?)"),
      insertChange: db.prepare(
        `INSERT INTO price_changes (item_id, at, actor_staff_id, actor_name, changes)
         VALUES (@itemId, @at, (SELECT id FROM staff WHERE id = @staffId), @actorName, @changes)`,
      ),
      taxData: db.prepare(
        "SELECT category, hs_code AS hsCode, uom, sale_type AS saleType FROM price_items WHERE item_id = ?",
      ),
      updateTaxData: db.prepare(
        "UPDATE price_items SET hs_code = ?, uom = ?, sale_type = ?, updated_at = ? WHERE item_id = ?",
      ),
      history: db.prepare(
        `SELECT id, at, actor_name AS by, changes FROM price_changes WHERE item_id = ? ORDER BY id DESC LIMIT ?`,
      ),
    };
  }

  private record(itemId: string, changes: PriceChange[], editor: PriceEditor, at: string) {
    this.sql.insertChange.run({
      itemId,
      at,
      staffId: editor.id,
      actorName: editor.name,
      changes: JSON.stringify(changes),
    });
  }

  /** Every item, retired ones too, in the list's order (by category, then as added). */
  items(): PriceItem[] {
    return (this.sql.items.all() as ItemRow[]).map(({ itemId, name, category, retiredAt }) => ({
      itemId,
      name,
      category,
      retiredAt,
    }));
  }

  /** The items a new quotation may use: not retired, in the list's order. */
  offered(): PriceItem[] {
    return this.items().filter((item) => item.retiredAt === null);
  }

  /** An item with its prices, or null when there is no such item. */
  list(itemId: string): PriceList | null {
    const item = this.sql.item.get(itemId) as ItemRow | undefined;
    if (!item) return null;
    return {
      ...item,
      breaks: this.sql.breaks.all(itemId) as PriceList["breaks"],
      setupCharges: this.sql.charges.all(itemId) as SetupCharge[],
    };
  }

  /** Every item with its prices, by item id, in the list's order (three queries, whatever the number of items). */
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
   * Adds an item, not priced yet (its prices are set on its page), with a history row. Its id is a slug
   * of its name, numbered when taken; the id stays when the item is renamed.
   */
  add(details: ItemDetails, editor: PriceEditor, now = new Date()): AddResult {
    const checked = itemDetailsSchema.safeParse(details);
    if (!checked.success) return { ok: false, refused: "invalid details" };
    const { name, category } = checked.data;
    return this.db
      .transaction((): AddResult => {
        const base = slugFor(name);
        let itemId = base;
        for (let n = 2; this.sql.idTaken.get(itemId); n += 1) itemId = `${base}-${n}`;
        const at = now.toISOString();
        this.sql.insertItem.run({ itemId, name, category, leadTimeDays: DEFAULT_LEAD_TIME_DAYS, updatedAt: at });
        this.record(itemId, [{ kind: "added", name, category }], editor, at);
        return { ok: true, itemId };
      })
      .immediate();
  }

  /** Renames an item or moves it to another category; quotations already made keep the words they were sent with. */
  rename(itemId: string, details: ItemDetails, editor: PriceEditor, now = new Date()): DetailsResult {
    const checked = itemDetailsSchema.safeParse(details);
    if (!checked.success) return { ok: false, refused: "invalid details" };
    const { name, category } = checked.data;
    return this.db
      .transaction((): DetailsResult => {
        const item = this.sql.item.get(itemId) as ItemRow | undefined;
        if (!item) return { ok: false, refused: "unknown item" };
        const changes: PriceChange[] = [];
        if (item.name !== name) changes.push({ kind: "name", from: item.name, to: name });
        if (item.category !== category) changes.push({ kind: "category", from: item.category, to: category });
        if (changes.length === 0) return { ok: true, changes };
        const at = now.toISOString();
        this.sql.updateDetails.run(name, category, at, itemId);
        this.record(itemId, changes, editor, at);
        return { ok: true, changes };
      })
      .immediate();
  }

  /**
   * Retires an item (`retired`: no new quotation offers it; old ones and its history keep it) or offers
   * it again.
   */
  retire(itemId: string, retired: boolean, editor: PriceEditor, now = new Date()): DetailsResult {
    return this.db
      .transaction((): DetailsResult => {
        const item = this.sql.item.get(itemId) as ItemRow | undefined;
        if (!item) return { ok: false, refused: "unknown item" };
        if ((item.retiredAt !== null) === retired) return { ok: true, changes: [] };
        const at = now.toISOString();
        this.sql.updateRetired.run(retired ? at : null, at, itemId);
        const changes: PriceChange[] = [{ kind: "retired", to: retired }];
        this.record(itemId, changes, editor, at);
        return { ok: true, changes };
      })
      .immediate();
  }

  /**
   * Replaces an item's price list, in one transaction with its history row; a save that changes
   * nothing writes nothing. The list must be one the editor's form gives (breaks rising in quantity,
   * unit prices not rising with it): anything else is refused, whoever calls.
   */
  save(itemId: string, list: PriceListInput, editor: PriceEditor, now = new Date()): SaveResult {
    if (!isValidList(list)) return { ok: false, refused: "invalid list" };
    return this.db
      .transaction((): SaveResult => {
        const saved = this.list(itemId);
        if (!saved) return { ok: false, refused: "unknown item" };
        // An item not priced yet has a lead time only as a default: its first prices are all new.
        const changes = changesBetween(saved.breaks.length > 0 ? saved : null, list);
        if (changes.length === 0) return { ok: true, changes };
        const at = now.toISOString();
        this.sql.updateLeadTime.run(list.leadTimeDays, at, itemId);
        this.sql.clearBreaks.run(itemId);
        for (const priceBreak of list.breaks)
          this.sql.insertBreak.run(itemId, priceBreak.quantity, priceBreak.unitPaisa);
        this.sql.clearCharges.run(itemId);
        list.setupCharges.forEach((charge, position) =>
          this.sql.insertCharge.run(itemId, position, charge.label, charge.paisa),
        );
        this.record(itemId, changes, editor, at);
        return { ok: true, changes };
      })
      .immediate();
  }

  /** An item's own tax data (null fields: its category's default), or null when there is no such item. */
  ownTaxData(itemId: string): (OwnTaxData & { category: CategorySlug }) | null {
    return (this.sql.taxData.get(itemId) as (OwnTaxData & { category: CategorySlug }) | undefined) ?? null;
  }

  /**
   * What FBR's Digital Invoicing is told of a line made from an item: the item's own HS code, unit
   * and sale type where an owner set them, its category's default for the rest. A line made from no
   * item (typed by hand), or from an id the list does not know, takes the free-text default.
   */
  taxDataOf(itemId: string | null): ItemTaxData {
    const own = itemId === null ? null : this.ownTaxData(itemId);
    if (!own) return { ...freeTextTaxDefaults, fromCategory: true };
    const fallback = categoryTaxDefaults[own.category];
    return {
      hsCode: own.hsCode ?? fallback.hsCode,
      uom: own.uom !== null && isFbrUnit(own.uom) ? own.uom : fallback.uom,
      saleType: own.saleType !== null && isFbrSaleType(own.saleType) ? own.saleType : fallback.saleType,
      fromCategory: own.hsCode === null && own.uom === null && own.saleType === null,
    };
  }

  /**
   * Sets an item's HS code, unit of measure and sale type (null: back to the category's default), with
   * a history row naming each old → new; a save that changes nothing writes nothing. Values that are
   * not FBR's (checked against its lists) are refused, whoever calls.
   */
  setTaxData(itemId: string, input: TaxDataInput, editor: PriceEditor, now = new Date()): TaxDataResult {
    const valid =
      (input.hsCode === null || isHsCode(input.hsCode)) &&
      (input.uom === null || isFbrUnit(input.uom)) &&
      (input.saleType === null || isFbrSaleType(input.saleType));
    if (!valid) return { ok: false, refused: "invalid tax data" };
    return this.db
      .transaction((): TaxDataResult => {
        const own = this.ownTaxData(itemId);
        if (!own) return { ok: false, refused: "unknown item" };
        const changes: PriceChange[] = [];
        for (const field of ["hsCode", "uom", "saleType"] as const)
          if (own[field] !== input[field]) changes.push({ kind: "tax", field, from: own[field], to: input[field] });
        if (changes.length === 0) return { ok: true, changes };
        const at = now.toISOString();
        this.sql.updateTaxData.run(input.hsCode, input.uom, input.saleType, at, itemId);
        this.record(itemId, changes, editor, at);
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
