import { z } from "zod";
import { quotationPageText as text } from "~/content/quotation-page";
import { optionalTaxFactsSchema, taxFactsValuesOf } from "~/lib/orders/tax-facts-schema";
import { oneLineText, severalLinesText } from "~/lib/text-fields";

export const buyerAnswerLimits = { nameChars: 200, roleChars: 200, poChars: 100, changesChars: 5_000 } as const;

const version = z.coerce.number().int().positive();

const acceptFields = {
  version,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  // Printed on the record, its PDF and both sides' mails: one line each, no control or direction characters.
  name: oneLineText(text.yourName, buyerAnswerLimits.nameChars, { required: text.nameNeeded }),
  role: oneLineText(text.yourRole, buyerAnswerLimits.roleChars),
  poNumber: oneLineText(text.poNumber, buyerAnswerLimits.poChars),
  // The optional "For your sales tax invoice" section, read from its fields by taxFactsValuesOf.
  taxFacts: optionalTaxFactsSchema,
};

/** The posted form as the schema reads it: the tax registration's fields gathered into `taxFacts`. */
export const answerInput = (form: Record<string, FormDataEntryValue>) => ({
  ...form,
  taxFacts: taxFactsValuesOf(form),
});

/**
 * The forms of the buyer's quotation: "Update total", "Review" (what accepting will record, in words),
 * "Accept" (all three with the choices) and "Ask for changes".
 */
export const quotationAnswerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totals"), version }),
  z.object({ intent: z.literal("review"), ...acceptFields }),
  z.object({ intent: z.literal("accept"), ...acceptFields }),
  z.object({
    intent: z.literal("quotation-changes"),
    version,
    changes: severalLinesText(text.whatChange, buyerAnswerLimits.changesChars, { required: text.changesNeeded }),
  }),
]);
export type QuotationAnswer = z.infer<typeof quotationAnswerSchema>;

export const quotationIntents: readonly string[] = ["totals", "review", "accept", "quotation-changes"];

/**
 * The option chosen on each line, from the radio groups line-1, line-2, … in line order. Whatever is
 * posted becomes numbers (NaN for junk, a gap for a missing line): checkChoices decides whether they fit.
 */
export function postedChoices(form: Record<string, FormDataEntryValue>): number[] {
  const positions = Object.keys(form)
    .map((key) => /^line-([1-9]\d{0,2})$/.exec(key)?.[1])
    .filter((position): position is string => position !== undefined)
    .map(Number);
  const count = positions.length ? Math.max(...positions) : 0;
  return Array.from({ length: count }, (_, index) => {
    const value = form[`line-${index + 1}`];
    return typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
  });
}
