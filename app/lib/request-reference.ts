/**
 * A request's reference, "Q-2026-0001": the year in Lahore and a number of four digits or more. Pure, so
 * code that reads mail can find references without opening the quotes database.
 */
export const referencePattern = /^Q-\d{4}-\d{4,9}$/;

/** Whether a text has the shape of a reference (anything else is not looked up). */
export const isReference = (text: string) => referencePattern.test(text);

/**
 * Every distinct reference written in a text, in upper case, in order of appearance. A reference is not
 * part of a longer Latin word or number ("XQ-2026-0001", "Q-2026-0001b" are not); Urdu text may touch it.
 */
export function referencesIn(text: string): string[] {
  const found = text.normalize("NFKC").matchAll(/(?<![A-Za-z0-9-])Q-\d{4}-\d{4,9}(?![A-Za-z0-9])/gi);
  return [...new Set([...found].map((match) => match[0].toUpperCase()))];
}
