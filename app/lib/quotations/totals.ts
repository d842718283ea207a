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
 * The option of each line nearest the quantity the buyer asked for (of two as near, the larger: it
 * covers what they need); each line's first when they did not say. What the buyer's page chooses
 * before they do, what the documents call recommended and what the reports count as quoted.
 */
export function nearestChoices(quotation: Pick<PricedQuotation, "lines">, askedQuantity: number | null): number[] {
  return quotation.lines.map((line) => {
    if (askedQuantity === null) return 1;
    let best = 0;
    line.options.forEach((option, index) => {
      const current = line.options[best]!;
      const distance = Math.abs(option.quantity - askedQuantity);
      const bestDistance = Math.abs(current.quantity - askedQuantity);
      if (distance < bestDistance || (distance === bestDistance && option.quantity > current.quantity)) best = index;
    });
    return best + 1;
  });
}

export type OptionTotals = {
  /** 1, 2, 3: each line's option of that number (its last on a line with fewer); null for a mix. */
  option: number | null;
  choices: number[];
  /** The quantity of each line at these choices. */
  quantities: number[];
  totals: QuotationTotals;
  /** The choices nearest the buyer's asked quantity (nearestChoices). */
  nearest: boolean;
};

/**
 * The totals of each option of a quotation, so the buyer compares 250, 500 and 1,000 pcs without adding
 * up: option 2 takes every line's second option (its last when it has fewer). When the options nearest
 * the buyer's quantity are no such column (lines whose options do not line up), they follow as one more
 * entry, so the recommended total is always among them. One entry when no line offers a choice.
 */
export function optionTotals(quotation: PricedQuotation, askedQuantity: number | null): OptionTotals[] {
  const count = Math.max(1, ...quotation.lines.map((line) => line.options.length));
  const nearest = nearestChoices(quotation, askedQuantity);
  const same = (choices: readonly number[]) => choices.every((choice, index) => choice === nearest[index]);
  const entry = (option: number | null, choices: number[]): OptionTotals => ({
    option,
    choices,
    quantities: choices.map((choice, index) => quotation.lines[index]!.options[choice - 1]!.quantity),
    totals: quotationTotals(quotation, choices),
    nearest: same(choices),
  });
  const columns = Array.from({ length: count }, (_, index) =>
    entry(
      index + 1,
      quotation.lines.map((line) => Math.min(index + 1, line.options.length)),
    ),
  );
  return columns.some((column) => column.nearest) ? columns : [...columns, entry(null, nearest)];
}
