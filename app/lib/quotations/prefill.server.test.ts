import { describe, expect, it } from "vitest";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
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
});
