import { SALES_TAX_RATE_BP } from "~/lib/fbr/rates";

/**
 * What a new quotation starts with, in one place: staff change any of it per quotation before sending.
 * Sales tax is charged on the whole supply (goods, set-up and delivery) at this rate.
 */
export const quotationTerms = {
  /** General sales tax, in basis points (its source: app/lib/fbr/rates.ts). */
  salesTaxRateBp: SALES_TAX_RATE_BP,
  /** A quotation can be accepted for this many days after it is sent (the last day included). */
  validForDays: 14,
  leadTimeDays: 10,
  leadTime: (days: number) => `${days} business days after artwork approval`,
  paymentTerms: "50 % advance, balance on delivery",
  /** The buyer is reminded once when this many business days are left and it is still unanswered. */
  reminderBusinessDaysBefore: 2,
  /** One to three quantity options per line. */
  maxOptions: 3,
  maxLines: 20,
} as const;
