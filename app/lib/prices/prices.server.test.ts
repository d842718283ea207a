import { describe, expect, it } from "vitest";
import { fillPriceLists, samplePriceLists } from "../../../tests/support/price-lists";
import { tempDir } from "../../../tests/support/temp-dir";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { categorySlugs } from "~/content/categories";
import { isValidList, type TaxDataInput } from "./price-list";
import { describeChange, PriceBook } from "./prices.server";

/** A store on a real SQLite file with its migrations, an owner and a staff member. */
function open() {
  const store = QuoteStore.open(tempDir("prices"));
  const staff = new StaffDirectory(store.db);
  const sana = staff.add("sana@promo.example", "Sana Iqbal").staff;
  const bilal = staff.add("bilal@promo.example", "Bilal Ahmed").staff;
  return { store, staff, book: new PriceBook(store.db), sana, bilal, [Symbol.dispose]: () => store.close() };
}

const tuesday = new Date("2026-11-24T10:02:00Z"); // Tue 24 Nov 15:02 in Lahore

describe("the price book", () => {
  it("starts with the shop's own items, priced, for every category of the catalogue, and no history", () => {
    using desk = open();
    const lists = [...desk.book.all().values()];
    expect(new Set(lists.map((list) => list.category))).toEqual(new Set(categorySlugs));
    for (const list of lists) {
      expect(list.retiredAt).toBeNull();
      expect(list.breaks.length, list.itemId).toBeGreaterThanOrEqual(3);
      expect(list.setupCharges.length, list.itemId).toBeGreaterThanOrEqual(1);
      expect(isValidList(list), list.itemId).toBe(true);
      expect(desk.book.history(list.itemId)).toEqual([]);
    }
    // No portfolio piece is an item: the list names what the shop makes, not past clients' brands.
    expect(lists.filter((list) => /NAPROX|ACECOL|Healix/.test(list.name))).toEqual([]);
    expect(desk.book.list("metal-ball-pen-pad-print")).toMatchObject({
      name: "Metal ball pen, one-colour pad print",
      category: "pens",
      breaks: [
        { quantity: 100, unitPaisa: 18_000 },
        { quantity: 250, unitPaisa: 16_000 },
        { quantity: 500, unitPaisa: 14_500 },
        { quantity: 1_000, unitPaisa: 13_000 },
      ],
      setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
    });
    expect(desk.book.list("acecol-pen")).toBeNull();
    expect(desk.book.priceFor("acecol-pen", 500)).toBeNull();
  });

  it("adds an item unpriced, renames it, moves it to another category, retires it and offers it again, in its history", () => {
    using desk = open();
    const added = desk.book.add({ name: "  Bamboo   ball pen, laser-engraved ", category: "pens" }, desk.sana, tuesday);
    expect(added).toEqual({ ok: true, itemId: "bamboo-ball-pen-laser-engraved" });
    expect(desk.book.list("bamboo-ball-pen-laser-engraved")).toMatchObject({
      name: "Bamboo ball pen, laser-engraved",
      category: "pens",
      breaks: [],
      retiredAt: null,
    });
    expect(desk.book.priceFor("bamboo-ball-pen-laser-engraved", 500)).toBeNull();
    // The same name again gets its own id.
    expect(desk.book.add({ name: "Bamboo ball pen, laser-engraved", category: "pens" }, desk.sana)).toEqual({
      ok: true,
      itemId: "bamboo-ball-pen-laser-engraved-2",
    });
    expect(desk.book.add({ name: "   ", category: "pens" }, desk.sana)).toEqual({
      ok: false,
      refused: "invalid details",
    });
    expect(desk.book.add({ name: "Mug", category: "kitchen" as never }, desk.sana)).toEqual({
      ok: false,
      refused: "invalid details",
    });

    const later = new Date("2026-11-25T05:30:00Z");
    const id = "bamboo-ball-pen-laser-engraved";
    expect(
      desk.book.rename(id, { name: "Bamboo pen, laser-engraved", category: "office-accessories" }, desk.bilal, later),
    ).toMatchObject({ ok: true });
    expect(
      desk.book.rename(id, { name: "Bamboo pen, laser-engraved", category: "office-accessories" }, desk.bilal),
    ).toEqual({ ok: true, changes: [] });
    expect(desk.book.retire(id, true, desk.bilal, later)).toMatchObject({ ok: true });
    expect(desk.book.offered().map((item) => item.itemId)).not.toContain(id);
    expect(desk.book.items().map((item) => item.itemId)).toContain(id);
    expect(desk.book.retire(id, false, desk.sana, later)).toMatchObject({ ok: true });
    expect(desk.book.offered().map((item) => item.itemId)).toContain(id);
    expect(desk.book.list(id)?.itemId).toBe(id);
    expect(desk.book.history(id).map((entry) => [entry.by, entry.changes.map(describeChange)])).toEqual([
      ["Sana Iqbal", ["Offered again for new quotations"]],
      ["Bilal Ahmed", ["Retired: no longer offered for new quotations"]],
      [
        "Bilal Ahmed",
        [
          "Renamed “Bamboo ball pen, laser-engraved” → “Bamboo pen, laser-engraved”",
          "Category Pens → Office Accessories",
        ],
      ],
      ["Sana Iqbal", ["Added as “Bamboo ball pen, laser-engraved” in Pens"]],
    ]);
    expect(desk.book.rename("no-such-item", { name: "A", category: "pens" }, desk.sana)).toEqual({
      ok: false,
      refused: "unknown item",
    });
  });

  it("saves an item's list and answers priceFor from it", () => {
    using desk = open();
    fillPriceLists(desk.book, desk.sana, tuesday);
    expect(desk.book.list("plastic-click-pen-pad-print")).toEqual({
      itemId: "plastic-click-pen-pad-print",
      name: "Plastic click pen, pad print",
      category: "pens",
      retiredAt: null,
      updatedAt: tuesday.toISOString(),
      ...samplePriceLists["plastic-click-pen-pad-print"],
    });
    expect(desk.book.priceFor("plastic-click-pen-pad-print", 750)).toEqual({
      itemId: "plastic-click-pen-pad-print",
      quantity: 750,
      unitPaisa: 9_500,
      breakQuantity: 500,
      belowLowestBreak: false,
      leadTimeDays: 10,
      setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
    });
    expect(desk.book.priceFor("click-pen-gold-foil", 100)).toMatchObject({ unitPaisa: 18_000, belowLowestBreak: true });
    expect(desk.book.priceFor("click-pen-gold-foil", 100)?.setupCharges.map((charge) => charge.label)).toEqual([
      "Gold foil stamping",
      "Pad print, per colour",
    ]);
  });

  it("keeps a history of every save: who, when, and each price old → new, newest first", () => {
    using desk = open();
    const list = samplePriceLists["plastic-click-pen-pad-print"]!;
    const added = desk.book.add({ name: "Slim click pen, pad print", category: "pens" }, desk.sana, tuesday);
    const id = added.ok ? added.itemId : "";
    desk.book.save(id, list, desk.sana, tuesday);
    const later = new Date("2026-11-25T05:30:00Z");
    const cheaper = {
      ...list,
      breaks: list.breaks.map((b) => (b.quantity === 500 ? { quantity: 500, unitPaisa: 9_200 } : b)),
    };
    expect(desk.book.save(id, cheaper, desk.bilal, later)).toEqual({
      ok: true,
      changes: [{ kind: "break", quantity: 500, from: 9_500, to: 9_200 }],
    });
    const history = desk.book.history(id);
    expect(
      history.map((entry) => ({ by: entry.by, at: entry.at, changes: entry.changes.map(describeChange) })),
    ).toEqual([
      { by: "Bilal Ahmed", at: later.toISOString(), changes: ["500 pcs PKR 95 → PKR 92"] },
      {
        by: "Sana Iqbal",
        at: tuesday.toISOString(),
        changes: [
          "100 pcs PKR 120 (new)",
          "250 pcs PKR 105 (new)",
          "500 pcs PKR 95 (new)",
          "1,000 pcs PKR 85 (new)",
          "Set-up “Pad print, per colour” PKR 2,500 (new)",
          "Lead time 10 business days",
        ],
      },
      { by: "Sana Iqbal", at: tuesday.toISOString(), changes: ["Added as “Slim click pen, pad print” in Pens"] },
    ]);
    // Repricing a seeded item says what changed from the seed's prices.
    expect(desk.book.save("gel-pen-screen-print", samplePriceLists["gel-pen-screen-print"]!, desk.sana).ok).toBe(true);
    expect(desk.book.history("gel-pen-screen-print")[0]?.changes.map(describeChange)).toEqual([
      "250 pcs removed (was PKR 70)",
      "500 pcs PKR 60 → PKR 90",
      "1,000 pcs removed (was PKR 52)",
      "Set-up “Screen print, per colour” removed (was PKR 3,000)",
      "Lead time 9 → 8 business days",
    ]);
  });

  it("writes nothing for a save that changes nothing", () => {
    using desk = open();
    const id = "gel-pen-screen-print";
    desk.book.save(id, samplePriceLists[id]!, desk.sana, tuesday);
    expect(desk.book.save(id, samplePriceLists[id]!, desk.bilal)).toEqual({ ok: true, changes: [] });
    expect(desk.book.history(id)).toHaveLength(1);
    expect(desk.book.list(id)?.updatedAt).toBe(tuesday.toISOString());
  });

  it("refuses an item not on the list, and a list the form would not give, writing nothing", () => {
    using desk = open();
    const before = desk.book.all();
    const list = samplePriceLists["gel-pen-screen-print"]!;
    expect(desk.book.save("no-such-item", list, desk.sana)).toEqual({ ok: false, refused: "unknown item" });
    const bad = [
      { ...list, breaks: [] },
      { ...list, breaks: [{ quantity: 500, unitPaisa: -1 }] },
      { ...list, breaks: [{ quantity: 500, unitPaisa: 9.5 }] },
      {
        ...list,
        breaks: [
          { quantity: 500, unitPaisa: 9_000 },
          { quantity: 500, unitPaisa: 8_000 },
        ],
      },
      {
        ...list,
        breaks: [
          { quantity: 100, unitPaisa: 9_000 },
          { quantity: 500, unitPaisa: 9_500 },
        ],
      },
      { ...list, leadTimeDays: 0 },
      { ...list, setupCharges: [{ label: "Laser engraving", paisa: -100 }] },
    ];
    for (const each of bad)
      expect(desk.book.save("gel-pen-screen-print", each, desk.sana)).toEqual({ ok: false, refused: "invalid list" });
    expect(desk.book.all()).toEqual(before);
    expect(desk.book.history("gel-pen-screen-print")).toEqual([]);
  });

  it("keeps its history append-only in the database, and the editor's name once their account is gone", () => {
    using desk = open();
    desk.book.save("gel-pen-screen-print", samplePriceLists["gel-pen-screen-print"]!, desk.bilal, tuesday);
    expect(() => desk.store.db.prepare("UPDATE price_changes SET actor_name = 'Someone else'").run()).toThrow(
      /append-only/,
    );
    expect(() => desk.store.db.prepare("DELETE FROM price_changes").run()).toThrow(/append-only/);
    expect(desk.staff.remove("bilal@promo.example")).toBe("removed");
    expect(desk.book.history("gel-pen-screen-print").map((entry) => entry.by)).toEqual(["Bilal Ahmed"]);
    expect(desk.store.db.prepare("SELECT actor_staff_id FROM price_changes").pluck().get()).toBeNull();
  });
});

describe("an item's tax data for FBR", () => {
  it("is its category's default for every seeded item, and the free-text default for a line without an item", () => {
    using desk = open();
    const expected: Record<string, string> = {
      pens: "9608.1000",
      "paper-chit-pads": "4820.1000",
      drinkware: "6912.0000",
      "office-accessories": "3926.1000",
      games: "9504.9000",
      shirts: "6109.1000",
      acrylic: "3926.4000",
      clocks: "9105.2100",
    };
    for (const item of desk.book.items())
      expect(desk.book.taxDataOf(item.itemId), item.itemId).toEqual({
        hsCode: expected[item.category],
        uom: "Numbers, pieces, units",
        saleType: "Goods at standard rate (default)",
        fromCategory: true,
      });
    const officeAccessory = {
      hsCode: "3926.1000",
      uom: "Numbers, pieces, units",
      saleType: "Goods at standard rate (default)",
      fromCategory: true,
    };
    expect(desk.book.taxDataOf(null)).toEqual(officeAccessory);
    expect(desk.book.taxDataOf("acecol-pen")).toEqual(officeAccessory);
  });

  it("takes an owner's HS code, unit and sale type, refuses values not FBR's whoever calls, and follows a category move while a default", () => {
    using desk = open();
    const itemId = "metal-ball-pen-pad-print";
    for (const bad of [
      { hsCode: "9608", uom: null, saleType: null },
      { hsCode: null, uom: "Barrels", saleType: null },
      { hsCode: null, uom: null, saleType: "Goods we like" },
    ])
      // As a caller that skipped the form's schema would send them.
      expect(desk.book.setTaxData(itemId, bad as unknown as TaxDataInput, desk.sana, tuesday)).toEqual({
        ok: false,
        refused: "invalid tax data",
      });
    expect(desk.book.setTaxData("no-such-item", { hsCode: null, uom: null, saleType: null }, desk.sana)).toEqual({
      ok: false,
      refused: "unknown item",
    });
    expect(desk.book.history(itemId)).toEqual([]);

    const saved = desk.book.setTaxData(
      itemId,
      { hsCode: null, uom: null, saleType: "Goods at Reduced Rate" },
      desk.sana,
      tuesday,
    );
    expect(saved).toEqual({
      ok: true,
      changes: [{ kind: "tax", field: "saleType", from: null, to: "Goods at Reduced Rate" }],
    });
    expect(desk.book.taxDataOf(itemId)).toEqual({
      hsCode: "9608.1000",
      uom: "Numbers, pieces, units",
      saleType: "Goods at Reduced Rate",
      fromCategory: false,
    });
    // Saving the same again writes no history row.
    expect(
      desk.book.setTaxData(itemId, { hsCode: null, uom: null, saleType: "Goods at Reduced Rate" }, desk.sana),
    ).toEqual({ ok: true, changes: [] });
    expect(desk.book.history(itemId)).toHaveLength(1);
    expect(describeChange(desk.book.history(itemId)[0]!.changes[0]!)).toBe(
      "Sale type the category's default → Goods at Reduced Rate",
    );

    // The HS code left to the default follows the item into its new category.
    desk.book.rename(
      itemId,
      { name: "Metal ball pen, one-colour pad print", category: "office-accessories" },
      desk.sana,
    );
    expect(desk.book.taxDataOf(itemId).hsCode).toBe("3926.1000");
  });
});
