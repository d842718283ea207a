import type { PriceBook, PriceEditor, PriceListInput } from "../../app/lib/prices/prices.server";

/** Prices an owner sets over a few of the seeded items (drizzle/0022), amounts in paisa. */
export const samplePriceLists: Record<string, PriceListInput> = {
  "plastic-click-pen-pad-print": {
    breaks: [
      { quantity: 100, unitPaisa: 12_000 },
      { quantity: 250, unitPaisa: 10_500 },
      { quantity: 500, unitPaisa: 9_500 },
      { quantity: 1_000, unitPaisa: 8_500 },
    ],
    setupCharges: [{ label: "Pad print, per colour", paisa: 250_000 }],
    leadTimeDays: 10,
  },
  "click-pen-gold-foil": {
    breaks: [
      { quantity: 250, unitPaisa: 18_000 },
      { quantity: 1_000, unitPaisa: 15_050 },
    ],
    setupCharges: [
      { label: "Gold foil stamping", paisa: 350_000 },
      { label: "Pad print, per colour", paisa: 250_000 },
    ],
    leadTimeDays: 12,
  },
  "gel-pen-screen-print": {
    breaks: [{ quantity: 500, unitPaisa: 9_000 }],
    setupCharges: [],
    leadTimeDays: 8,
  },
};

/** Saves the sample price lists over the seeded items', as `editor`; returns the items' ids. */
export function fillPriceLists(book: PriceBook, editor: PriceEditor, now = new Date()): string[] {
  for (const [itemId, list] of Object.entries(samplePriceLists)) {
    const saved = book.save(itemId, list, editor, now);
    if (!saved.ok) throw new Error(`Sample prices for ${itemId} refused: ${saved.refused}`);
  }
  return Object.keys(samplePriceLists);
}
