import type { RegistrationType } from "~/lib/fbr/lists";

/** What a save on the order page came to, as its notice says it. */
export type TaxFactsOutcome = "checked" | "unavailable" | "not-configured" | "nothing-to-check";

/** The words of the buyer's tax registration fields, the same on the buyer's acceptance and the desk's order page. */
export const taxRegistrationText = {
  registrationType: "Sales tax registration",
  chooseOne: "Choose…",
  ntnCnic: "NTN or CNIC",
  ntnCnicHint: "NTN as 1234567-8, or CNIC as 35202-1234567-1; may be left empty when not registered",
  businessName: "Business name",
  province: "Province",
  address: "Address on the invoice",
} as const;

/** The order page's "Buyer's tax registration" section. */
export const taxFactsDeskText = {
  heading: "Buyer's tax registration",
  lead: "What FBR's Digital Invoicing is told of the buyer on this order's invoices. Fill or correct it before invoicing.",
  missing: "Not given yet: fill it before issuing the invoice.",
  suggested: "Filled in from the quotation and the request: check it, then save.",
  givenBy: (by: string, when: string) => `Given by ${by === "buyer" ? "the buyer on accepting" : by}, ${when}.`,
  checked: (when: string) => `Checked with FBR ${when}.`,
  notChecked: "Not checked with FBR.",
  noNumber: "No NTN or CNIC to check with FBR.",
  notConfigured: "FBR is not asked: FBR Digital Invoicing is not configured (FBR_DI_TOKEN is not set).",
  correct: "Correct the buyer's tax registration",
  save: "Save tax registration",
  saved: {
    checked: "Buyer's tax registration saved and checked with FBR.",
    unavailable: "FBR could not be asked; saved unchecked. Save again later to check it.",
    "not-configured": "Buyer's tax registration saved. Not checked with FBR: FBR_DI_TOKEN is not set.",
    "nothing-to-check": "Buyer's tax registration saved.",
  } satisfies Record<TaxFactsOutcome, string>,
  refused: "Not saved: fix the fields marked below.",
  mismatch: (number: string, typed: RegistrationType, fbr: RegistrationType) =>
    `Not saved: FBR lists ${number} as ${fbr}, not ${typed}. Check the number with the buyer, or choose ${fbr}.`,
} as const;
