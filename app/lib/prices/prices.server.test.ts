import { describe, expect, it } from "vitest";
import { fillPriceLists, samplePriceLists } from "../../../tests/support/price-lists";
import { tempDir } from "../../../tests/support/temp-dir";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { QuoteStore } from "~/lib/quotes/store.server";
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
  it("holds no prices until an owner sets some", () => {
    using desk = open();
    expect(desk.book.all().size).toBe(0);
    expect(desk.book.list("acecol-pen")).toBeNull();
    expect(desk.book.priceFor("acecol-pen", 500)).toBeNull();
  });

  it("saves an item's list and answers priceFor from it", () => {
    using desk = open();
    fillPriceLists(desk.book, desk.sana, tuesday);
    expect(desk.book.list("acecol-pen")).toEqual({
      itemId: "acecol-pen",
      updatedAt: tuesday.toISOString(),
      ...samplePriceLists["acecol-pen"],
    });
    expect(desk.book.priceFor("acecol-pen", 750)).toEqual({
      itemId: "acecol-pen",
      quantity: 750,
      unitPaisa: 9_500,
      breakQuantity: 500,
      belowLowestBreak: false,
      leadTimeDays: 10,
      setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
    });
    expect(desk.book.priceFor("biofer-pen", 100)).toMatchObject({ unitPaisa: 18_000, belowLowestBreak: true });
    expect(desk.book.priceFor("biofer-pen", 100)?.setupCharges.map((charge) => charge.label)).toEqual([
      "Gold foil stamping",
      "Pad print, per colour",
    ]);
    expect([...desk.book.all().keys()].sort()).toEqual(["acecol-pen", "biofer-pen", "onset-pen"]);
  });

  it("keeps a history of every save: who, when, and each price old → new, newest first", () => {
    using desk = open();
    desk.book.save("acecol-pen", samplePriceLists["acecol-pen"]!, desk.sana, tuesday);
    const later = new Date("2026-11-25T05:30:00Z");
    const cheaper = {
      ...samplePriceLists["acecol-pen"]!,
      breaks: samplePriceLists["acecol-pen"]!.breaks.map((b) =>
        b.quantity === 500 ? { quantity: 500, unitPaisa: 9_200 } : b,
      ),
    };
    expect(desk.book.save("acecol-pen", cheaper, desk.bilal, later)).toEqual({
      ok: true,
      changes: [{ kind: "break", quantity: 500, from: 9_500, to: 9_200 }],
    });
    const history = desk.book.history("acecol-pen");
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
    ]);
    expect(desk.book.history("biofer-pen")).toEqual([]);
  });

  it("writes nothing for a save that changes nothing", () => {
    using desk = open();
    desk.book.save("onset-pen", samplePriceLists["onset-pen"]!, desk.sana, tuesday);
    expect(desk.book.save("onset-pen", samplePriceLists["onset-pen"]!, desk.bilal)).toEqual({ ok: true, changes: [] });
    expect(desk.book.history("onset-pen")).toHaveLength(1);
    expect(desk.book.list("onset-pen")?.updatedAt).toBe(tuesday.toISOString());
  });

  it("refuses an item not in the catalogue, and a list the form would not give, writing nothing", () => {
    using desk = open();
    const list = samplePriceLists["onset-pen"]!;
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
      expect(desk.book.save("onset-pen", each, desk.sana)).toEqual({ ok: false, refused: "invalid list" });
    expect(desk.book.all().size).toBe(0);
    expect(desk.book.history("onset-pen")).toEqual([]);
  });

  it("keeps its history append-only in the database, and the editor's name once their account is gone", () => {
    using desk = open();
    desk.book.save("onset-pen", samplePriceLists["onset-pen"]!, desk.bilal, tuesday);
    expect(() => desk.store.db.prepare("UPDATE price_changes SET actor_name = 'Someone else'").run()).toThrow(
      /append-only/,
    );
    expect(() => desk.store.db.prepare("DELETE FROM price_changes").run()).toThrow(/append-only/);
    expect(desk.staff.remove("bilal@promo.example")).toBe("removed");
    expect(desk.book.history("onset-pen").map((entry) => entry.by)).toEqual(["Bilal Ahmed"]);
    expect(desk.store.db.prepare("SELECT actor_staff_id FROM price_changes").pluck().get()).toBeNull();
  });
});
