// FBR's sales error codes (PRAL's "Technical Specification for DI API" v1.12, section 7) in words staff
// understand, each naming what to correct. A code not listed here is shown in FBR's own words.

/** What staff correct on the invoice panel, or who must act when it is not on the invoice. */
export type RefusalField =
  | "HS code"
  | "unit"
  | "rate"
  | "sale type"
  | "quantity"
  | "amounts"
  | "buyer NTN/CNIC"
  | "buyer registration type"
  | "buyer name"
  | "buyer province"
  | "seller details"
  | "invoice date"
  | "invoice reference"
  | "access token";

type Advice = { field: RefusalField; words: string };

// Codes FBR gives for the same fault share one piece of advice.
const sellerNotRegistered: Advice = {
  field: "seller details",
  words: "FBR does not have the business as registered for sales tax: check the business's NTN.",
};
const salesTaxMissing: Advice = { field: "amounts", words: "The line's sales tax is missing." };
const noHsCode: Advice = { field: "HS code", words: "The line has no HS code: fill it in." };
const noteBeforeInvoice: Advice = {
  field: "invoice date",
  words: "A note cannot be dated before the invoice it corrects.",
};
const unreadableDate: Advice = { field: "invoice date", words: "FBR could not read the invoice date." };

const advice: Record<string, Advice> = {
  "0001": sellerNotRegistered,
  "0002": {
    field: "buyer NTN/CNIC",
    words: "The buyer's NTN or CNIC is not in FBR's format: give 7 digits (NTN) or 13 (CNIC).",
  },
  "0003": { field: "seller details", words: "FBR did not accept the kind of document (invoice or note)." },
  "0005": unreadableDate,
  "0009": { field: "buyer NTN/CNIC", words: "A registered buyer needs their NTN or CNIC: fill it in." },
  "0010": { field: "buyer name", words: "The buyer's business name is missing: fill it in." },
  "0011": { field: "seller details", words: "FBR received no kind of document (invoice or note)." },
  "0012": { field: "buyer registration type", words: "Say whether the buyer is registered for sales tax." },
  "0013": {
    field: "sale type",
    words: "The line's sale type is missing or not one FBR knows: choose one from the list.",
  },
  "0018": salesTaxMissing,
  "0019": noHsCode,
  "0020": { field: "rate", words: "The line has no sales tax rate." },
  "0021": { field: "quantity", words: "The line's quantity or value is missing." },
  "0023": salesTaxMissing,
  "0026": { field: "invoice reference", words: "A note must name the FBR number of the invoice it corrects." },
  "0029": noteBeforeInvoice,
  "0031": salesTaxMissing,
  "0034": { field: "invoice date", words: "A note is allowed only within 180 days of the invoice it corrects." },
  "0035": noteBeforeInvoice,
  "0036": { field: "amounts", words: "The note's value is more than the invoice it corrects." },
  "0042": { field: "invoice date", words: "The invoice date is missing." },
  "0043": { field: "invoice date", words: "The invoice date is not a real date." },
  "0044": noHsCode,
  "0046": { field: "rate", words: "The line's sales tax rate does not fit its sale type: check the sale type." },
  "0052": {
    field: "HS code",
    words: "An HS code is not one FBR accepts for the line's sale type: check each line's HS code against FBR's list.",
  },
  "0053": {
    field: "buyer registration type",
    words: "The buyer's registration type must be Registered or Unregistered.",
  },
  "0057": { field: "invoice reference", words: "FBR does not know the invoice this note corrects." },
  "0058": {
    field: "buyer NTN/CNIC",
    words: "The buyer's NTN is the business's own: an invoice to oneself is not allowed.",
  },
  "0064": { field: "invoice reference", words: "FBR already has a note for this invoice." },
  "0067": { field: "amounts", words: "The note's sales tax is more than the invoice's." },
  "0068": { field: "amounts", words: "The note's sales tax does not match the invoice's rate." },
  "0073": { field: "seller details", words: "The business's province is missing or not in FBR's list." },
  "0074": {
    field: "buyer province",
    words: "The buyer's province is missing or not in FBR's list: choose it from the list.",
  },
  "0077": {
    field: "rate",
    words: "A rate other than the standard one needs an SRO or schedule number: check the sale type.",
  },
  "0078": {
    field: "rate",
    words: "A rate other than the standard one needs the SRO's item number: check the sale type.",
  },
  "0080": {
    field: "buyer registration type",
    words:
      "The further tax does not fit the buyer: it is due only on sales to unregistered buyers. Check the buyer's registration.",
  },
  "0082": sellerNotRegistered,
  "0083": { field: "seller details", words: "The seller's NTN does not match the one FBR has for the access token." },
  "0090": { field: "amounts", words: "FBR asks for a fixed or retail price for this sale type: check the sale type." },
  "0091": { field: "sale type", words: "Extra tax is not allowed for this sale type." },
  "0098": { field: "quantity", words: "The line's quantity is missing." },
  "0099": { field: "unit", words: "The unit of measure does not fit the HS code: choose the unit FBR lists for it." },
  "0104": {
    field: "amounts",
    words: "The sales tax is not the rate times the value: the invoice's amounts need checking.",
  },
  "0105": { field: "amounts", words: "The sales tax does not match the quantity." },
  "0106": {
    field: "buyer NTN/CNIC",
    words: "FBR does not have the buyer as registered: check their NTN, or mark them unregistered.",
  },
  "0107": { field: "buyer NTN/CNIC", words: "The buyer's NTN or CNIC does not match FBR's records: check it." },
  "0108": { field: "seller details", words: "The business's NTN is not valid for FBR: check the business's NTN." },
  "0113": unreadableDate,
  "0300": { field: "amounts", words: "An amount or the quantity is not a number FBR accepts." },
  "0401": {
    field: "access token",
    words:
      "FBR_DI_TOKEN is not the token IRIS issued for the business's NTN: the owner must check the token and the NTN.",
  },
  "0402": { field: "buyer NTN/CNIC", words: "The buyer's NTN or CNIC is not 7 or 13 digits: correct it." },
};

/** What to correct for an FBR error code, or null when the code is not one this module explains. */
export const refusalAdvice = (code: string): Advice | null => advice[code.trim()] ?? null;

/** FBR's error in staff's words; an unknown code falls back to FBR's own text (or, with none, the code). */
export function refusalWords(code: string, fbrText: string): string {
  const known = refusalAdvice(code);
  if (known) return known.words;
  const text = fbrText.replace(/\s+/g, " ").trim().slice(0, 500);
  if (text) return `FBR says: ${text}`;
  return code.trim() ? `FBR refused it with error ${code.trim()}.` : "FBR refused it without saying why.";
}
