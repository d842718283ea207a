import * as z from "zod/mini"; // the mini build: the form's rules may run in the browser too
import { oneLineText, severalLinesText } from "~/lib/text-fields";
import {
  fbrProvinces,
  fbrSaleTypes,
  fbrUnits,
  isFbrProvince,
  isFbrSaleType,
  isFbrUnit,
  isHsCode,
  ntnCnicDigits,
  registrationTypes,
} from "./lists";
import type { ReportCorrection } from "./report-types";

z.config({ jitless: true });

// Staff's correction of a report FBR refused: the buyer's registration as FBR is told it and each
// line's HS code, unit and sale type. One schema for what the invoice panel's form posts (strings as
// typed) and the correction it makes; every bad field gets its own message and keeps what was typed.

/** The order page's intent of the correction form. */
export const correctionIntent = "fbr-correct";

/** The order page's query after a correction was accepted: the invoice panel says so. */
export const correctionDoneParam = "fbr-done";

/** The form's field names: the same on the page, in the post and as the keys of its errors. */
export const correctionField = {
  report: "report",
  registrationType: "buyerRegistrationType",
  ntnCnic: "buyerNtnCnic",
  businessName: "buyerBusinessName",
  province: "buyerProvince",
  address: "buyerAddress",
  /** Each line's position, once per line, in the order shown. */
  position: "linePosition",
  hsCode: (position: number) => `line-${position}-hsCode`,
  uom: (position: number) => `line-${position}-uom`,
  saleType: (position: number) => `line-${position}-saleType`,
  /** Errors that belong to no one field. */
  form: "form",
} as const;

export const correctionLimits = { businessName: 200, address: 500, ntnCnic: 20, maxLines: 200 } as const;

/** What the browser checks before sending: the HS code's shape (four digits, a dot, four digits). */
export const hsCodePattern = "\\d{4}\\.\\d{4}";

export const correctionMessages = {
  registrationType: "Choose whether the buyer is registered for sales tax or not.",
  ntnCnicMissing:
    "A registered buyer needs their NTN (7 digits, e.g. 1234567-8) or CNIC (13 digits, e.g. 35202-1234567-1).",
  ntnCnic: "Write the NTN as 7 digits (e.g. 1234567 or 1234567-8) or the CNIC as 13 digits (e.g. 35202-1234567-1).",
  businessName: "Write the buyer's business name as FBR should show it.",
  province: "Choose the buyer's province from FBR's list.",
  address: "Write the buyer's address.",
  hsCode: "Write the HS code as FBR does: four digits, a dot, four digits (e.g. 9608.1000).",
  uom: "Choose a unit from FBR's list.",
  saleType: "Choose a sale type from FBR's list.",
  lines: "The invoice's lines did not come with the form: open the order again and correct it there.",
  report: "The form does not name a report: open the order again and correct it there.",
} as const;

const choice = (allowed: (value: string) => boolean, message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((value) => allowed(value), { message, abort: true }),
  );

const ntnCnic = z.pipe(
  z.string({ error: correctionMessages.ntnCnic }).check(
    z.trim(),
    z.maxLength(correctionLimits.ntnCnic, correctionMessages.ntnCnic),
    z.refine((value) => value === "" || ntnCnicDigits(value) !== null, {
      message: correctionMessages.ntnCnic,
      abort: true,
    }),
  ),
  z.transform((value) => (value === "" ? "" : ntnCnicDigits(value)!)),
);

const buyerSchema = z
  .object({
    registrationType: choice(
      (value) => (registrationTypes as readonly string[]).includes(value),
      correctionMessages.registrationType,
    ),
    ntnCnic,
    businessName: oneLineText("The business name", correctionLimits.businessName, {
      required: correctionMessages.businessName,
    }),
    province: choice(isFbrProvince, correctionMessages.province),
    address: severalLinesText("The address", correctionLimits.address, { required: correctionMessages.address }),
  })
  .check(
    z.refine((buyer) => buyer.registrationType !== "Registered" || buyer.ntnCnic !== "", {
      message: correctionMessages.ntnCnicMissing,
      path: ["ntnCnic"],
    }),
  );

const lineSchema = z.object({
  position: z.number().check(z.refine(Number.isInteger), z.positive()),
  hsCode: choice(isHsCode, correctionMessages.hsCode),
  uom: choice(isFbrUnit, correctionMessages.uom),
  saleType: choice(isFbrSaleType, correctionMessages.saleType),
});

export const correctionSchema = z.object({
  report: z
    .number({ error: correctionMessages.report })
    .check(z.refine(Number.isInteger, correctionMessages.report), z.positive(correctionMessages.report)),
  buyer: buyerSchema,
  lines: z.array(lineSchema).check(
    z.minLength(1, correctionMessages.lines),
    z.maxLength(correctionLimits.maxLines, correctionMessages.lines),
    z.refine((lines) => new Set(lines.map((line) => line.position)).size === lines.length, correctionMessages.lines),
  ),
});

/** What the form holds, as typed: by field name. */
export type CorrectionValues = Record<string, string>;
/** Each refused field's message, by field name (`form` for the whole form). */
export type CorrectionErrors = Record<string, string>;

/** A form's fields, whether it came with files or not. */
type SentFields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

const textOf = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");

/**
 * The correction form's post read with the schema: the report's id and the correction, or each bad
 * field's message with everything as typed (to show the form again).
 */
export function readCorrectionForm(
  fields: SentFields,
):
  | { ok: true; reportId: number; correction: ReportCorrection }
  | { ok: false; reportId: number | null; errors: CorrectionErrors; values: CorrectionValues } {
  const positions = fields
    .getAll(correctionField.position)
    .slice(0, correctionLimits.maxLines + 1)
    .map((value) => (/^\d{1,4}$/.test(textOf(value)) ? Number(value) : Number.NaN));
  const reportText = textOf(fields.get(correctionField.report));
  const reportId = /^\d{1,12}$/.test(reportText) ? Number(reportText) : null;
  const values: CorrectionValues = {};
  const keep = (name: string) => {
    values[name] = textOf(fields.get(name));
    return values[name];
  };
  const typed = {
    report: reportId ?? Number.NaN,
    buyer: {
      registrationType: keep(correctionField.registrationType),
      ntnCnic: keep(correctionField.ntnCnic),
      businessName: keep(correctionField.businessName),
      province: keep(correctionField.province),
      address: keep(correctionField.address),
    },
    lines: positions.map((position) => ({
      position,
      hsCode: keep(correctionField.hsCode(position)),
      uom: keep(correctionField.uom(position)),
      saleType: keep(correctionField.saleType(position)),
    })),
  };
  const parsed = correctionSchema.safeParse(typed);
  if (parsed.success) {
    const { buyer, lines } = parsed.data;
    return {
      ok: true,
      reportId: parsed.data.report,
      correction: {
        buyer: { ...buyer, registrationType: buyer.registrationType as ReportCorrection["buyer"]["registrationType"] },
        lines,
      },
    };
  }
  const errors: CorrectionErrors = {};
  for (const issue of parsed.error.issues) {
    const name = fieldOfIssue(issue.path, positions);
    errors[name] ??= issue.message;
  }
  return { ok: false, reportId, errors, values };
}

const buyerFields: Record<string, string> = {
  registrationType: correctionField.registrationType,
  ntnCnic: correctionField.ntnCnic,
  businessName: correctionField.businessName,
  province: correctionField.province,
  address: correctionField.address,
};
const lineFields = { hsCode: correctionField.hsCode, uom: correctionField.uom, saleType: correctionField.saleType };

/** The field an issue of the schema belongs to, by its path; the whole form when none. */
function fieldOfIssue(path: readonly PropertyKey[], positions: number[]): string {
  const [first, second, third] = path;
  if (first === "buyer" && typeof second === "string" && buyerFields[second]) return buyerFields[second];
  if (first === "lines" && typeof second === "number" && typeof third === "string" && third in lineFields) {
    const position = positions[second];
    if (position !== undefined && Number.isInteger(position))
      return lineFields[third as keyof typeof lineFields](position);
  }
  return correctionField.form;
}

/** The form's values as a report holds them (what FBR was last told), to fill the form with. */
export function correctionValuesOf(report: {
  buyer: { registrationType: string; ntnCnic: string; businessName: string; province: string; address: string };
  lines: readonly { position: number; hsCode: string; uom: string; saleType: string }[];
}): CorrectionValues {
  const values: CorrectionValues = {
    [correctionField.registrationType]: report.buyer.registrationType,
    [correctionField.ntnCnic]: report.buyer.ntnCnic,
    [correctionField.businessName]: report.buyer.businessName,
    [correctionField.province]: report.buyer.province,
    [correctionField.address]: report.buyer.address,
  };
  for (const line of report.lines) {
    values[correctionField.hsCode(line.position)] = line.hsCode;
    values[correctionField.uom(line.position)] = line.uom;
    values[correctionField.saleType(line.position)] = line.saleType;
  }
  return values;
}

/** The choices the form offers, from FBR's lists. */
export const correctionChoices = {
  registrationTypes,
  provinces: fbrProvinces.map((province) => province.name),
  units: fbrUnits,
  saleTypes: fbrSaleTypes,
} as const;
