// The sales tax rates an invoice reported to FBR carries, in one place with their source. Basis points
// (1800 = 18 %). Change them here when the Finance Act does.

/** Sales tax on taxable supplies: Sales Tax Act 1990, section 3(1), 18 % since the Finance Act 2024. */
export const SALES_TAX_RATE_BP = 1_800;

/**
 * Further tax on taxable supplies to a person who is not registered: Sales Tax Act 1990, section
 * 3(1A), 4 % of the value of the supply, on top of the sales tax.
 */
export const FURTHER_TAX_RATE_BP = 400;

/** The rate as the DI API's `rate` field spells it: "18%", "17.5%". */
export const diRate = (basisPoints: number) => `${basisPoints / 100}%`;

/** Further tax, in basis points, on a supply to a buyer of this registration type. */
export const furtherTaxRateBp = (registrationType: "Registered" | "Unregistered") =>
  registrationType === "Unregistered" ? FURTHER_TAX_RATE_BP : 0;
