// FBR's reference lists as Digital Invoicing names them (PRAL's "Technical Specification for DI API"
// v1.12, section 5: /pdi/v1/provinces, /pdi/v1/uom, the sale types of section 9): what the desk offers
// and what a report is checked against before it is sent. Plain data, no I/O.

/** The provinces FBR's list names (stateProvinceDesc), with their codes (stateProvinceCode). */
export const fbrProvinces = [
  { code: 2, name: "BALOCHISTAN" },
  { code: 4, name: "AZAD JAMMU AND KASHMIR" },
  { code: 5, name: "CAPITAL TERRITORY" },
  { code: 6, name: "KHYBER PAKHTUNKHWA" },
  { code: 7, name: "PUNJAB" },
  { code: 8, name: "SINDH" },
  { code: 9, name: "GILGIT BALTISTAN" },
] as const;
export type FbrProvince = (typeof fbrProvinces)[number]["name"];
export const isFbrProvince = (value: string): value is FbrProvince =>
  fbrProvinces.some((province) => province.name === value);

/** The units of measure of FBR's list this business sells in (its "description"). */
export const fbrUnits = [
  "Numbers, pieces, units",
  "Dozen",
  "Pair",
  "Set",
  "Thousand Unit",
  "KG",
  "Meter",
  "Square Metre",
] as const;
export type FbrUnit = (typeof fbrUnits)[number];
export const isFbrUnit = (value: string): value is FbrUnit => (fbrUnits as readonly string[]).includes(value);

/** FBR's sale types (section 9) that a supplier of promotional goods can make. */
export const fbrSaleTypes = [
  "Goods at standard rate (default)",
  "Goods at Reduced Rate",
  "Goods at zero-rate",
  "Exempt goods",
  "Services",
] as const;
export type FbrSaleType = (typeof fbrSaleTypes)[number];
/**
 * A sale type as the desk's select shows it: FBR's words, short enough to be read whole in a 360 px
 * phone's select. The value posted and sent to FBR stays FBR's own words above.
 */
export const saleTypeLabels: Record<FbrSaleType, string> = {
  "Goods at standard rate (default)": "Goods at standard rate",
  "Goods at Reduced Rate": "Goods at Reduced Rate",
  "Goods at zero-rate": "Goods at zero-rate",
  "Exempt goods": "Exempt goods",
  Services: "Services",
};
export const isFbrSaleType = (value: string): value is FbrSaleType =>
  (fbrSaleTypes as readonly string[]).includes(value);

export const registrationTypes = ["Registered", "Unregistered"] as const;
export type RegistrationType = (typeof registrationTypes)[number];

/** An HS code as the DI API takes it: "9608.1000" (four digits, a dot, four digits). */
export const isHsCode = (value: string) => /^\d{4}\.\d{4}$/.test(value);

/**
 * An NTN or CNIC typed any way ("1234567-8", "35202-1234567-1", "3520212345671") as the DI API takes it:
 * the 7 digits of the NTN (its check digit after the dash dropped) or the 13 of a CNIC; null otherwise.
 */
export function ntnCnicDigits(typed: string): string | null {
  const trimmed = typed.trim();
  const ntn = /^(\d{7})(?:-\d)?$/.exec(trimmed);
  if (ntn) return ntn[1]!;
  const digits = trimmed.replace(/[\s-]/g, "");
  return /^\d{13}$/.test(digits) ? digits : null;
}
