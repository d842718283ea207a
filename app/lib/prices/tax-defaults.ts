import type { CategorySlug } from "~/content/category-slugs";
import type { FbrSaleType, FbrUnit } from "~/lib/fbr/lists";

/** What FBR's Digital Invoicing is told of a line: its HS code, unit of measure and sale type. */
export type TaxData = { hsCode: string; uom: FbrUnit; saleType: FbrSaleType };

const pieces: FbrUnit = "Numbers, pieces, units";
const standardRate: FbrSaleType = "Goods at standard rate (default)";

/**
 * Each category's tax data, unless an owner sets an item's own. The HS codes are the Pakistan Customs
 * Tariff's (First Schedule to the Customs Act 1969) headings for what the category sells:
 * 9608.1000 ball point pens; 4820.1000 note books, memorandum pads and letter pads; 6912.0000
 * ceramic tableware and kitchenware other than porcelain (mugs); 3926.1000 office and school supplies
 * of plastics; 9504.9000 other games; 6109.1000 T-shirts and the like, knitted, of cotton; 3926.4000
 * statuettes and other ornamental articles of plastics (acrylic awards); 9105.2100 wall clocks,
 * electrically operated. Each is sold by the piece at the standard rate.
 */
export const categoryTaxDefaults: Record<CategorySlug, TaxData> = {
  pens: { hsCode: "9608.1000", uom: pieces, saleType: standardRate },
  "paper-chit-pads": { hsCode: "4820.1000", uom: pieces, saleType: standardRate },
  drinkware: { hsCode: "6912.0000", uom: pieces, saleType: standardRate },
  "office-accessories": { hsCode: "3926.1000", uom: pieces, saleType: standardRate },
  games: { hsCode: "9504.9000", uom: pieces, saleType: standardRate },
  shirts: { hsCode: "6109.1000", uom: pieces, saleType: standardRate },
  acrylic: { hsCode: "3926.4000", uom: pieces, saleType: standardRate },
  clocks: { hsCode: "9105.2100", uom: pieces, saleType: standardRate },
};

/**
 * A quotation line typed by hand, made from no item of the price list: taken as an office accessory
 * (plastic office supplies), the widest of the categories, until staff correct it on the invoice.
 */
export const freeTextTaxDefaults: TaxData = categoryTaxDefaults["office-accessories"];
