/**
 * Money is whole paisa (integers) everywhere: in forms' parsed values, the database, totals and
 * documents. Rupees are written one way on every screen, e-mail and PDF: "PKR 125,000" (the
 * international grouping procurement teams file in), with paisa only when there are some.
 */

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "PKR 125,000", "PKR 1,250.50", "-PKR 500" (a credit). */
export function formatPkr(paisa: number): string {
  if (!Number.isSafeInteger(paisa)) throw new RangeError(`Not a whole number of paisa: ${paisa}`);
  const sign = paisa < 0 ? "-" : "";
  const whole = Math.abs(paisa);
  const rupees = Math.floor(whole / 100);
  const rest = whole % 100;
  return `${sign}PKR ${grouping.format(rupees)}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** A form's rupee amount without the currency, as a field shows it again: "1250.5" → "1250.50". */
export function rupeesField(paisa: number): string {
  const rupees = Math.floor(Math.abs(paisa) / 100);
  const rest = Math.abs(paisa) % 100;
  return `${paisa < 0 ? "-" : ""}${rupees}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** The largest amount a field takes: PKR 1 billion, far above any order and far inside a safe integer. */
export const MAX_PAISA = 100_000_000_000;

/**
 * Paisa from what a person types in a rupee field: "125000", "1,25,000", "125,000.50", "Rs 1,250",
 * "PKR 99.5". Null for anything else (negative, more than two decimals, letters, too large): never a
 * guess, never a float.
 */
export function parseRupees(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^(?:pkr|rs\.?)\s*/i, "")
    .replace(/[,\s]/g, "");
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const paisa = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return paisa <= MAX_PAISA ? paisa : null;
}

/**
 * A share of an amount in basis points (1800 = 18 %), rounded half up to the paisa: the one rounding
 * rule for tax on every document.
 */
export function percentOf(paisa: number, basisPoints: number): number {
  if (!Number.isSafeInteger(paisa) || !Number.isSafeInteger(basisPoints)) throw new RangeError("Whole numbers only");
  const scaled = paisa * basisPoints;
  const sign = scaled < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(scaled) + 5_000) / 10_000);
}

/** "18 %" from 1800 basis points; "17.5 %" from 1750. */
export const formatRate = (basisPoints: number) => `${basisPoints / 100} %`;
