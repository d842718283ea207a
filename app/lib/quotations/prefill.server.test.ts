import { describe, expect, it } from "vitest";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { fillPriceLists } from "../../../tests/support/price-lists";
import { PriceBook } from "~/lib/prices/prices.server";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { prefillDraft } from "./prefill.server";

// A new quotation starts from what the buyer asked for.

const now = new Date("2026-11-26T07:00:00Z");

describe("a new quotation's draft", () => {
  it("names the studio design's item by its catalogue title, with its print method and the design's colours", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const design = { itemId: "onset-pen", text: "ONSET", colours: ["#00897b", "#ffffff"], logo: null, warnings: [] };
    const { quote } = store.insert(buyerFields, submissionMeta("p1"), { notify: false, now, design });
    expect(prefillDraft(quote, now)).toMatchObject({
      validUntil: "2026-12-10",
      taxRateBp: 1_800,
      lines: [
        {
          itemId: "onset-pen",
          description: "ONSET Signature Pen",
          decoration: "Pad print, 2 colours (#00897b, #ffffff)",
          setupPaisa: 0,
          options: [],
        },
      ],
    });
  });

  it("names the product the buyer wrote when there is no design", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const { quote } = store.insert(buyerFields, submissionMeta("p2"), { notify: false, now });
    expect(prefillDraft(quote, now).lines).toEqual([
      { itemId: null, description: "Pens", decoration: "", setupPaisa: 0, options: [] },
    ]);
  });

  it("prices the line from the price list at the buyer's quantity: its break, the design's set-up per colour, the lead time", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const owner = new StaffDirectory(store.db).add("sana@promo.example", "Sana Iqbal").staff;
    const book = new PriceBook(store.db);
    fillPriceLists(book, owner, now);
    const design = { itemId: "acecol-pen", text: "ACECOL", colours: ["#c62828", "#ffffff"], logo: null, warnings: [] };
    const fields = { ...buyerFields, quantity: 600 };
    const { quote } = store.insert(fields, submissionMeta("p3"), { notify: false, now, design });
    const draft = prefillDraft(quote, now, book.priceFor.bind(book));
    expect(draft).toMatchObject({ leadTimeDays: 10, leadTime: "10 business days after artwork approval" });
    // 600 pcs fall in the 500 break (PKR 95 each); pad print PKR 2,500 a colour, two colours.
    expect(draft.lines).toEqual([
      {
        itemId: "acecol-pen",
        description: "ACECOL Retractable Ballpoint Pen",
        decoration: "Pad print, 2 colours (#c62828, #ffffff)",
        setupPaisa: 500_000,
        options: [{ quantity: 600, unitPaisa: 9_500 }],
      },
    ]);
    // An item without prices, or a request without a quantity, is left for staff to price.
    const unpriced = store.insert(buyerFields, submissionMeta("p4"), { notify: false, now, design }).quote;
    expect(prefillDraft(unpriced, now, book.priceFor.bind(book)).lines[0]?.options).toEqual([]);
  });
});
