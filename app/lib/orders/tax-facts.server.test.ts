import { describe, expect, it } from "vitest";
import { onsetPenLine, sentQuotation } from "../../../tests/support/quotation-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { InvalidTaxFacts, OrderTaxFacts, type TaxFacts } from "./tax-facts.server";

// The buyer's tax registration per order, on a real SQLite store with its migrations.

const accepted = new Date("2026-11-26T07:00:00Z");
const corrected = new Date("2026-11-27T09:30:00Z");
const checked = new Date("2026-11-27T09:30:02Z");
const sana = { name: "Sana Iqbal", email: "sana@promo.example" };

function open() {
  const store = QuoteStore.open(tempDir("tax-facts"));
  const orderOf = (key: string, buyerNtn = "") =>
    sentQuotation(store, key, {
      lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])],
      terms: { buyerNtn },
      now: accepted,
    }).accept([1]);
  return { store, facts: new OrderTaxFacts(store), orderOf, [Symbol.dispose]: () => store.close() };
}

const acme: TaxFacts = {
  registrationType: "Registered",
  ntnCnic: "1234567",
  businessName: "Acme Pharma (Pvt) Ltd",
  province: "PUNJAB",
  address: "Plot 12, Sundar Industrial Estate, Lahore",
};

describe("an order's buyer tax registration", () => {
  it("is none until given, then stored with who gave it and when, in the request's history", () => {
    using desk = open();
    const order = desk.orderOf("first");
    expect(desk.facts.get(order.id)).toBeNull();
    const saved = desk.facts.save(order.id, acme, sana, { now: corrected, checkedAt: checked });
    expect(saved).toEqual({
      ...acme,
      givenBy: "Sana Iqbal",
      updatedAt: corrected.toISOString(),
      checkedAt: checked.toISOString(),
    });
    expect(desk.facts.get(order.id)).toEqual(saved);
    const lines = desk.store.audit
      .requestHistory(order.quoteId)
      .filter((line) => line.type === "order.tax_facts_saved");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: "order.tax_facts_saved",
      actor: "Sana Iqbal <sana@promo.example>",
      body: `${order.reference}: buyer's tax registration Registered, NTN 1234567, Acme Pharma (Pvt) Ltd, PUNJAB (checked with FBR)`,
    });
  });

  it("keeps FBR's check while the number stays, drops it when the number or type changes", () => {
    using desk = open();
    const order = desk.orderOf("check");
    desk.facts.save(order.id, acme, "buyer", { now: accepted, checkedAt: accepted });
    // A new address, same NTN: still checked.
    const moved = desk.facts.save(order.id, { ...acme, address: "House 4, F-7/2, Islamabad" }, sana, {
      now: corrected,
    });
    expect(moved).toMatchObject({
      givenBy: "Sana Iqbal",
      checkedAt: accepted.toISOString(),
      address: "House 4, F-7/2, Islamabad",
    });
    const renumbered = desk.facts.save(order.id, { ...acme, ntnCnic: "7654321" }, sana, { now: corrected });
    expect(renumbered.checkedAt).toBeNull();
    const unregistered = desk.facts.save(order.id, { ...acme, registrationType: "Unregistered", ntnCnic: "" }, sana);
    expect(unregistered).toMatchObject({ registrationType: "Unregistered", ntnCnic: "", checkedAt: null });
  });

  it("refuses facts no form lets through, whoever calls, changing nothing", () => {
    using desk = open();
    const order = desk.orderOf("refused");
    for (const bad of [
      { ...acme, ntnCnic: "" },
      { ...acme, ntnCnic: "1234567-8" },
      { ...acme, province: "Punjab" as TaxFacts["province"] },
      { ...acme, registrationType: "Filer" as TaxFacts["registrationType"] },
      { ...acme, businessName: " " },
      { ...acme, address: "" },
    ])
      expect(() => desk.facts.save(order.id, bad, sana), JSON.stringify(bad)).toThrow(InvalidTaxFacts);
    expect(desk.facts.get(order.id)).toBeNull();
    expect(desk.store.audit.requestHistory(order.quoteId).some((line) => line.type === "order.tax_facts_saved")).toBe(
      false,
    );
  });

  it("suggests the quotation's buyer NTN as Registered, the request's company, and a repeat buyer's earlier facts", () => {
    using desk = open();
    const first = desk.orderOf("repeat", "1234567-8");
    expect(desk.facts.suggested(first.id)).toEqual({
      registrationType: "Registered",
      ntnCnic: "1234567",
      businessName: "Acme Pharma",
      province: "",
      address: "",
    });
    const noNtn = desk.orderOf("plain");
    expect(desk.facts.suggested(noNtn.id)).toEqual({
      registrationType: "",
      ntnCnic: "",
      businessName: "Acme Pharma",
      province: "",
      address: "",
    });
    // The same buyer orders again (a second request from the same address): their facts come back.
    desk.facts.save(first.id, acme, "buyer", { now: accepted });
    const second = desk.orderOf("repeat-2");
    desk.store.db.prepare("UPDATE quotes SET email = 'Repeat-2@acme.example' WHERE id = ?").run(first.quoteId);
    expect(desk.facts.suggested(second.id)).toEqual({ ...acme });
    expect(desk.facts.suggested(999_999)).toBeNull();
  });
});
