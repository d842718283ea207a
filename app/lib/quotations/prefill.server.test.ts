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
  it("names the studio design's piece by its catalogue title and the price-list item it is made from, with its print method and the design's colours", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const design = { itemId: "onset-pen", text: "ONSET", colours: ["#00897b", "#ffffff"], logo: null, warnings: [] };
    const { quote } = store.insert(buyerFields, submissionMeta("p1"), { notify: false, now, design });
    expect(prefillDraft(quote, now)).toMatchObject({
      validUntil: "2026-12-10",
      taxRateBp: 1_800,
      lines: [
        {
          itemId: "plastic-click-pen-pad-print",
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

  it("prices the line from the item the design's piece is made from: options around the buyer's quantity, the design's set-up per colour, the lead time", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const owner = new StaffDirectory(store.db).add("sana@promo.example", "Sana Iqbal").staff;
    const book = new PriceBook(store.db);
    fillPriceLists(book, owner, now);
    const design = { itemId: "acecol-pen", text: "ACECOL", colours: ["#c62828", "#ffffff"], logo: null, warnings: [] };
    const fields = { ...buyerFields, quantity: 600 };
    const { quote } = store.insert(fields, submissionMeta("p3"), { notify: false, now, design });
    const draft = prefillDraft(quote, now, book);
    expect(draft).toMatchObject({ leadTimeDays: 10, leadTime: "10 business days after artwork approval" });
    // Breaks 100/250/500/1000 at PKR 120/105/95/85: 600 pcs at the 500 break's price, between 500 and
    // 1,000; pad print PKR 2,500 a colour, two colours.
    expect(draft.lines).toEqual([
      {
        itemId: "plastic-click-pen-pad-print",
        description: "ACECOL Retractable Ballpoint Pen",
        decoration: "Pad print, 2 colours (#c62828, #ffffff)",
        setupPaisa: 500_000,
        options: [
          { quantity: 500, unitPaisa: 9_500 },
          { quantity: 600, unitPaisa: 9_500 },
          { quantity: 1_000, unitPaisa: 8_500 },
        ],
      },
    ]);
    // Without a quantity, the item's lowest breaks.
    const noQuantity = store.insert(buyerFields, submissionMeta("p4"), { notify: false, now, design }).quote;
    expect(prefillDraft(noQuantity, now, book).lines[0]?.options.map((option) => option.quantity)).toEqual([
      100, 250, 500,
    ]);
  });

  it("prices a contact-form request from the item its product words name, at the buyer's quantity", () => {
    const store = QuoteStore.open(tempDir("prefill"));
    const book = new PriceBook(store.db);
    const fields = { ...buyerFields, product: "Custom pens with logo", quantity: 500 };
    const { quote } = store.insert(fields, submissionMeta("p5"), { notify: false, now });
    expect(prefillDraft(quote, now, book).lines).toEqual([
      {
        itemId: "metal-ball-pen-pad-print",
        description: "Metal ball pen, one-colour pad print",
        decoration: "",
        setupPaisa: 250_000,
        options: [
          { quantity: 250, unitPaisa: 16_000 },
          { quantity: 500, unitPaisa: 14_500 },
          { quantity: 1_000, unitPaisa: 13_000 },
        ],
      },
    ]);
    const mugs = store.insert({ ...fields, product: "11 oz mugs" }, submissionMeta("p6"), { notify: false, now });
    expect(prefillDraft(mugs.quote, now, book).lines[0]?.itemId).toBe("ceramic-mug-11-oz");
    // A retired item is offered no more: the next pen is.
    const owner = new StaffDirectory(store.db).add("sana@promo.example", "Sana Iqbal").staff;
    book.retire("metal-ball-pen-pad-print", true, owner, now);
    expect(prefillDraft(quote, now, book).lines[0]?.itemId).toBe("metal-ball-pen-laser");
    // Words that name nothing on the list: the buyer's words, for staff to price.
    const other = store.insert({ ...fields, product: "Conference giveaways" }, submissionMeta("p7"), {
      notify: false,
      now,
    });
    expect(prefillDraft(other.quote, now, book).lines[0]).toMatchObject({
      itemId: null,
      description: "Conference giveaways",
      options: [],
    });
  });
});
