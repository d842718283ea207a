import { z } from "zod";
import {
  type FbrProvince,
  fbrProvinces,
  ntnCnicDigits,
  type RegistrationType,
  registrationTypes,
} from "~/lib/fbr/lists";
import { keepLinesAndTabs, oneLine } from "~/lib/text-fields";

// The buyer's tax registration on an order, as FBR's Digital Invoicing takes it for the invoice's
// buyer: one form, filled by staff on the order page or by the buyer when accepting the quotation.

export const taxFactsLimits = { businessName: 200, address: 300 } as const;

/** The field names, the same in the desk's form and the buyer's. */
export const taxFactsFields = ["registrationType", "ntnCnic", "businessName", "province", "address"] as const;
export type TaxFactsField = (typeof taxFactsFields)[number];

/** What a person typed, kept to show again when the form is refused. */
export type TaxFactsValues = Record<TaxFactsField, string>;

/** The facts as stored: the NTN (7 digits) or CNIC (13 digits) as digits only, "" for none. */
export type TaxFacts = {
  registrationType: RegistrationType;
  ntnCnic: string;
  businessName: string;
  province: FbrProvince;
  address: string;
};

/** FBR's province names as people write them. */
export const provinceLabel: Record<FbrProvince, string> = {
  PUNJAB: "Punjab",
  SINDH: "Sindh",
  "KHYBER PAKHTUNKHWA": "Khyber Pakhtunkhwa",
  BALOCHISTAN: "Balochistan",
  "CAPITAL TERRITORY": "Islamabad Capital Territory",
  "GILGIT BALTISTAN": "Gilgit-Baltistan",
  "AZAD JAMMU AND KASHMIR": "Azad Jammu and Kashmir",
};
/** The provinces in the order the forms offer them: where most buyers are first. */
export const provinceChoices = (
  [
    "PUNJAB",
    "SINDH",
    "CAPITAL TERRITORY",
    "KHYBER PAKHTUNKHWA",
    "BALOCHISTAN",
    "GILGIT BALTISTAN",
    "AZAD JAMMU AND KASHMIR",
  ] as const satisfies readonly FbrProvince[]
).map((name) => ({ value: name, label: provinceLabel[name] }));

export const registrationLabel: Record<RegistrationType, string> = {
  Registered: "Registered for sales tax (has an NTN)",
  Unregistered: "Not registered for sales tax",
};

export const taxFactsText = {
  registrationType: "Choose whether the business is registered for sales tax or not.",
  ntnCnic:
    "Write the NTN as 7 digits (such as 1234567 or 1234567-8) or the CNIC as 13 digits (such as 35202-1234567-1).",
  ntnNeeded:
    "A business registered for sales tax has an NTN: write it (7 digits, such as 1234567-8) or the owner's CNIC.",
  businessName: "Write the business name as it should appear on the sales tax invoice.",
  businessNameLong: `The business name is too long (at most ${taxFactsLimits.businessName} characters).`,
  province: "Choose the business's province from FBR's list.",
  address: "Write the address the invoice is made out to.",
  addressLong: `The address is too long (at most ${taxFactsLimits.address} characters).`,
} as const;

const typed = (max: number, message: string) => z.string({ error: message }).max(max * 4, message);

/**
 * The form of a buyer's tax registration. The NTN or CNIC may be typed with dashes and spaces; it is
 * kept as FBR takes it (7 or 13 digits). It is required when the buyer is registered, optional when
 * not. The address may come on several lines; it is kept on one, its lines joined by commas.
 */
export const taxFactsSchema = z
  .object({
    registrationType: z.enum(registrationTypes, { error: taxFactsText.registrationType }),
    ntnCnic: typed(40, taxFactsText.ntnCnic)
      .default("")
      .check(oneLine("The NTN or CNIC"))
      .transform((text, context) => {
        if (text.trim() === "") return "";
        const digits = ntnCnicDigits(text);
        if (digits === null) context.addIssue({ code: "custom", message: taxFactsText.ntnCnic });
        return digits ?? "";
      }),
    businessName: typed(taxFactsLimits.businessName, taxFactsText.businessName)
      .check(oneLine("The business name"))
      .transform((text) => text.trim().replace(/\s+/g, " "))
      .pipe(
        z.string().min(1, taxFactsText.businessName).max(taxFactsLimits.businessName, taxFactsText.businessNameLong),
      ),
    province: z.enum(fbrProvinces.map((province) => province.name) as [FbrProvince, ...FbrProvince[]], {
      error: taxFactsText.province,
    }),
    address: typed(taxFactsLimits.address, taxFactsText.address)
      .transform((text) =>
        keepLinesAndTabs(text)
          .split("\n")
          .map((line) => line.trim().replace(/\s+/g, " ").replace(/,$/, ""))
          .filter(Boolean)
          .join(", "),
      )
      .pipe(z.string().min(1, taxFactsText.address).max(taxFactsLimits.address, taxFactsText.addressLong)),
  })
  .refine((facts) => !(facts.registrationType === "Registered" && facts.ntnCnic === ""), {
    path: ["ntnCnic"],
    message: taxFactsText.ntnNeeded,
    // Said beside the other fields' problems, not only once they are put right.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === "registrationType" || issue.path?.[0] === "ntnCnic"),
  }) satisfies z.ZodType<TaxFacts, unknown>;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The same form as the optional section of the buyer's acceptance: left wholly empty, nothing (null);
 * anything typed in it, the whole form is checked.
 */
export const optionalTaxFactsSchema = z.preprocess(
  (value) =>
    value === undefined ||
    value === null ||
    (typeof value === "object" && taxFactsFields.every((field) => blank((value as Record<string, unknown>)[field])))
      ? null
      : value,
  taxFactsSchema.nullable(),
);

type FormLike = { get(name: string): FormDataEntryValue | null };

/** The form's fields from a posted form (FormData or its entries), "" where absent. */
export function taxFactsValuesOf(form: FormLike | Record<string, unknown>): TaxFactsValues {
  const valueOf = (name: string): unknown =>
    typeof form.get === "function" ? (form as FormLike).get(name) : (form as Record<string, unknown>)[name];
  return Object.fromEntries(
    taxFactsFields.map((field) => {
      const value = valueOf(field);
      return [field, typeof value === "string" ? value.slice(0, 1_000) : ""];
    }),
  ) as TaxFactsValues;
}

/** Each refused field's message (the first for each), by field name. */
export function taxFactsErrors(error: z.ZodError): Partial<Record<TaxFactsField, string>> {
  const errors: Partial<Record<TaxFactsField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path.find((part): part is TaxFactsField => taxFactsFields.includes(part as TaxFactsField));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** An NTN or CNIC as people read it: 1234567, 35202-1234567-1. */
export const formatNtnCnic = (digits: string) =>
  digits.length === 13 ? `${digits.slice(0, 5)}-${digits.slice(5, 12)}-${digits.slice(12)}` : digits;

/** The facts in words, one line each, as the review and the desk show them. */
export function taxFactsInWords(facts: TaxFacts): string[] {
  return [
    facts.registrationType === "Registered" ? "Registered for sales tax" : "Not registered for sales tax",
    ...(facts.ntnCnic ? [`${facts.ntnCnic.length === 13 ? "CNIC" : "NTN"} ${formatNtnCnic(facts.ntnCnic)}`] : []),
    facts.businessName,
    `${facts.address} (${provinceLabel[facts.province]})`,
  ];
}
