import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { releaseDatabase } from "../../../tests/support/release-database";
import { tempDir } from "../../../tests/support/temp-dir";
import { products } from "~/content/catalogue";
import { migrate, migrationsFolder } from "~/lib/db/migrate.server";
import { DB_FILE, Sqlite } from "~/lib/db/database.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { describeChange, PriceBook } from "./prices.server";

const MIGRATION = "0022_price_list_items";

/** drizzle/ as it was before the price list held the shop's own items. */
function migrationsBefore() {
  const folder = join(tempDir("migrations-before"), "drizzle");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  rmSync(join(folder, `${MIGRATION}.sql`));
  return folder;
}

describe("the seeded price list", () => {
  it("has the item every portfolio piece and studio item is made from, in the piece's category", () => {
    const store = QuoteStore.open(tempDir("seeded"));
    try {
      const items = new Map(new PriceBook(store.db).items().map((item) => [item.itemId, item]));
      for (const product of products) {
        const item = items.get(product.priceItemId);
        expect(item, `${product.id} → ${product.priceItemId}`).toBeDefined();
        expect(item?.category, product.id).toBe(product.category);
        expect(item?.retiredAt).toBeNull();
      }
    } finally {
      store.close();
    }
  });

  it("takes over the prices the desk had set per portfolio piece: on the item it is made from, with their history", () => {
    const dir = tempDir("price-move");
    releaseDatabase(dir).close();
    const before = new Sqlite(join(dir, DB_FILE));
    migrate(before, DB_FILE, migrationsBefore());
    const insertItem = before.prepare("INSERT INTO price_items (item_id, lead_time_days, updated_at) VALUES (?, ?, ?)");
    const insertBreak = before.prepare("INSERT INTO price_breaks (item_id, quantity, unit_paisa) VALUES (?, ?, ?)");
    const insertChange = before.prepare(
      "INSERT INTO price_changes (item_id, at, actor_staff_id, actor_name, changes) VALUES (?, ?, NULL, 'Sana Iqbal', ?)",
    );
    // Two pieces made from the plastic click pen: the later-saved one's prices win.
    insertItem.run("acecol-pen", 9, "2026-11-20T08:00:00.000Z");
    insertBreak.run("acecol-pen", 500, 9_500);
    insertItem.run("onset-pen", 7, "2026-11-24T08:00:00.000Z");
    insertBreak.run("onset-pen", 250, 5_000);
    insertBreak.run("onset-pen", 1_000, 4_200);
    before
      .prepare("INSERT INTO price_setup_charges (item_id, position, label, paisa) VALUES (?, 0, ?, ?)")
      .run("onset-pen", "Pad print, per colour", 200_000);
    const saved = JSON.stringify([{ kind: "break", quantity: 250, from: null, to: 5_000 }]);
    insertChange.run("onset-pen", "2026-11-24T08:00:00.000Z", saved);
    insertChange.run("acecol-pen", "2026-11-20T08:00:00.000Z", saved);
    // A piece that is no longer in the catalogue: its prices go.
    insertItem.run("retired-piece", 5, "2026-11-24T08:00:00.000Z");
    insertBreak.run("retired-piece", 100, 1_000);
    before.close();

    const store = QuoteStore.open(dir);
    try {
      const book = new PriceBook(store.db);
      expect(book.list("plastic-click-pen-pad-print")).toMatchObject({
        name: "Plastic click pen, pad print",
        leadTimeDays: 7,
        updatedAt: "2026-11-24T08:00:00.000Z",
        breaks: [
          { quantity: 250, unitPaisa: 5_000 },
          { quantity: 1_000, unitPaisa: 4_200 },
        ],
        setupCharges: [{ label: "Pad print, per colour", paisa: 200_000 }],
      });
      expect(book.history("plastic-click-pen-pad-print").map((entry) => entry.changes.map(describeChange))).toEqual([
        ["Prices carried over from the portfolio piece “ONSET Signature Pen”"],
        ["250 pcs PKR 50 (new)"],
      ]);
      // The other items keep the seed's prices; no row is keyed by a piece any more.
      expect(book.list("metal-ball-pen-pad-print")?.breaks).toHaveLength(4);
      for (const id of ["acecol-pen", "onset-pen", "retired-piece"]) expect(book.list(id)).toBeNull();
      expect(
        store.db
          .prepare("SELECT count(*) FROM price_breaks WHERE item_id NOT IN (SELECT item_id FROM price_items)")
          .pluck()
          .get(),
      ).toBe(0);
      // The set-aside piece's history stays, append-only, under its own id.
      expect(store.db.prepare("SELECT count(*) FROM price_changes WHERE item_id = 'acecol-pen'").pluck().get()).toBe(1);
      expect(() => store.db.prepare("DELETE FROM price_changes").run()).toThrow(/append-only/);
    } finally {
      store.close();
    }
  });
});
