import { MAX_PAISA, percentOf } from "~/lib/money";

// A quotation's money, computed one way for the desk, the buyer's page, the acceptance and every PDF:
// whole paisa, tax rounded half up once on the whole supply. Plain functions, no I/O.

export type PricedOption = { quantity: number; unitPaisa: number };
export type PricedLine = { setupPaisa: number; options: readonly PricedOption[] };
export type PricedQuotation = { lines: readonly PricedLine[]; deliveryPaisa: number; taxRateBp: number };

export type LineTotal = { option: number; quantity: number; unitPaisa: number; goodsPaisa: number; setupPaisa: number };

export type QuotationTotals = {
  lines: LineTotal[];
  goodsPaisa: number;
  setupPaisa: number;
  deliveryPaisa: number;
  /** Goods, set-up and delivery: the value excluding tax. */
  taxablePaisa: number;
  taxRateBp: number;
  taxPaisa: number;
  totalPaisa: number;
};

/**
 * Which option (1-based) is chosen on each line: one per line, each one of that line's options. Null
 * when the list does not fit the quotation (a tampered or stale post), never a guess.
 */
export function checkChoices(quotation: Pick<PricedQuotation, "lines">, choices: readonly number[]): number[] | null {
  if (choices.length !== quotation.lines.length) return null;
  const ok = choices.every(
    (choice, index) => Number.isInteger(choice) && choice >= 1 && choice <= quotation.lines[index]!.options.length,
  );
  return ok ? [...choices] : null;
}

/** The first option of every line: what the buyer's page shows before a choice. */
export const firstChoices = (quotation: Pick<PricedQuotation, "lines">) => quotation.lines.map(() => 1);

/** The totals of a quotation for the options chosen (see checkChoices); throws on choices that do not fit. */
export function quotationTotals(quotation: PricedQuotation, choices: readonly number[]): QuotationTotals {
  const checked = checkChoices(quotation, choices);
  if (!checked) throw new RangeError("The choices do not fit the quotation's lines");
  const lines = quotation.lines.map((line, index): LineTotal => {
    const option = checked[index]!;
    const { quantity, unitPaisa } = line.options[option - 1]!;
    return { option, quantity, unitPaisa, goodsPaisa: quantity * unitPaisa, setupPaisa: line.setupPaisa };
  });
  const goodsPaisa = lines.reduce((sum, line) => sum + line.goodsPaisa, 0);
  const setupPaisa = lines.reduce((sum, line) => sum + line.setupPaisa, 0);
  const taxablePaisa = goodsPaisa + setupPaisa + quotation.deliveryPaisa;
  const taxPaisa = percentOf(taxablePaisa, quotation.taxRateBp);
  if (!Number.isSafeInteger(taxablePaisa + taxPaisa)) throw new RangeError("Amounts too large");
  return {
    lines,
    goodsPaisa,
    setupPaisa,
    deliveryPaisa: quotation.deliveryPaisa,
    taxablePaisa,
    taxRateBp: quotation.taxRateBp,
    taxPaisa,
    totalPaisa: taxablePaisa + taxPaisa,
  };
}

/**
 * The most a quotation's total may be, at any choice of options: PKR 1 billion (MAX_PAISA), far above
 * any order of promotional products, while every sum, tax and PDF figure made from it stays an exact
 * integer (a safe integer ends near PKR 90 trillion; quantity × unit price alone can pass that).
 */
export const MAX_TOTAL_PAISA = MAX_PAISA;

/**
 * The largest total any choice of options can come to (each line at its dearest option, with tax);
 * Infinity when it is beyond exact arithmetic. What a draft is checked against before it is saved.
 */
export function largestTotalPaisa(quotation: PricedQuotation): number {
  const taxable = quotation.lines.reduce(
    (sum, line) =>
      sum + line.setupPaisa + Math.max(0, ...line.options.map((option) => option.quantity * option.unitPaisa)),
    quotation.deliveryPaisa,
  );
  if (!Number.isSafeInteger(taxable) || taxable > MAX_TOTAL_PAISA) return Number.POSITIVE_INFINITY;
  return taxable + percentOf(taxable, quotation.taxRateBp);
}

/**
 * The total at each quantity a buyer can pick, when exactly one line offers several (the other lines at
 * their only or first option): what a buyer comparing 250, 500 and 1,000 pcs looks for. Null when no
 * line, or more than one, has a choice (their combinations are the buyer's page's to add up).
 */
export function totalsAtEachQuantity(
  quotation: PricedQuotation,
): { line: number; quantity: number; totals: QuotationTotals }[] | null {
  const varying = quotation.lines.flatMap((line, index) => (line.options.length > 1 ? [index] : []));
  if (varying.length !== 1) return null;
  const index = varying[0]!;
  return quotation.lines[index]!.options.map((option, position) => ({
    line: index + 1,
    quantity: option.quantity,
    totals: quotationTotals(
      quotation,
      quotation.lines.map((_, other) => (other === index ? position + 1 : 1)),
    ),
  }));
}
