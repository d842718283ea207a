import * as z from "zod/mini"; // the mini build, jitless: the editor's page may show its rules in the browser
import { hasUnsafeCharacters, keepLinesAndTabs } from "~/lib/text-fields";
import { quotationTerms } from "~/content/quotation-terms";
import { formatPkr, formatRate, parseRupees, rupeesField } from "~/lib/money";
import type { QuotationDraft } from "./quotations.server";
import { largestTotalPaisa, MAX_TOTAL_PAISA } from "./totals";

z.config({ jitless: true });

// The desk's quotation editor: one schema for what its form posts (strings, as typed) and the draft it
// makes (paisa, basis points, whole quantities). A bad field gets its own message and keeps what was
// typed; a line left wholly blank (the "Add line" one, unused) is dropped, not refused.

export const optionSlots = [1, 2, 3] as const;
export type OptionSlot = (typeof optionSlots)[number];

/** The form's field names: the same on the page, in the post and in the error messages' keys. */
export const editorField = {
  lineCount: "lineCount",
  item: (line: number) => `line-${line}-item`,
  description: (line: number) => `line-${line}-description`,
  decoration: (line: number) => `line-${line}-decoration`,
  quantity: (line: number, slot: OptionSlot) => `line-${line}-quantity-${slot}`,
  unit: (line: number, slot: OptionSlot) => `line-${line}-unit-${slot}`,
  setup: (line: number) => `line-${line}-setup`,
  delivery: "delivery",
  taxRate: "taxRate",
  buyerNtn: "buyerNtn",
  buyerStrn: "buyerStrn",
  validUntil: "validUntil",
  leadTimeDays: "leadTimeDays",
  leadTime: "leadTime",
  paymentTerms: "paymentTerms",
  note: "note",
  /** Errors that belong to no one field. */
  form: "form",
} as const;

export const editorLimits = {
  description: 300,
  decoration: 300,
  leadTime: 200,
  paymentTerms: 500,
  note: 2_000,
  taxNumber: 30,
  maxQuantity: 10_000_000,
  maxLeadTimeDays: 365,
  /** How far ahead a quotation may be valid. */
  maxValidDays: 365,
} as const;

export const editorMessages = {
  money: "Write an amount in rupees, such as 1250 or 1,250.50.",
  quantity: "Write a whole number of pieces, such as 500.",
  unitMissing: "Give the unit price for this quantity.",
  quantityMissing: "Give the quantity for this unit price.",
  noOption: "Give at least one quantity with its unit price.",
  sameQuantity: (slot: number) => `Option ${slot} already has this quantity; give each option its own.`,
  description: "Describe the item.",
  tooLong: (max: number) => `Keep it within ${max} characters.`,
  oneLine: "Keep it on one line, without control or text-direction characters.",
  taxRate: "Write the rate in percent, such as 18 or 17.5 (at most 100).",
  taxNumber: "Letters, digits and dashes only.",
  validUntil: "Choose a date from today on.",
  validTooFar: `Choose a date within ${editorLimits.maxValidDays} days.`,
  leadTimeDays: `Write a whole number of business days (0 to ${editorLimits.maxLeadTimeDays}).`,
  leadTime: "Say when the goods are ready, such as 10 business days after artwork approval.",
  paymentTerms: "Give the payment terms.",
  noLines: "Add at least one line.",
  tooManyLines: `A quotation has at most ${quotationTerms.maxLines} lines.`,
  lineTooLarge: `At this quantity and price the option alone comes to more than ${formatPkr(MAX_TOTAL_PAISA)}, the most a quotation may total.`,
  totalTooLarge: `The total with tax may be at most ${formatPkr(MAX_TOTAL_PAISA)} for any choice of options: lower a quantity or a price, or split the order into several quotations.`,
} as const;

export type LineValues = {
  item: string;
  description: string;
  decoration: string;
  quantities: [string, string, string];
  units: [string, string, string];
  setup: string;
};

/** The editor's form as typed: every field a string. */
export type EditorValues = {
  lines: LineValues[];
  delivery: string;
  taxRate: string;
  buyerNtn: string;
  buyerStrn: string;
  validUntil: string;
  leadTimeDays: string;
  leadTime: string;
  paymentTerms: string;
  note: string;
};

export const blankLine = (): LineValues => ({
  item: "",
  description: "",
  decoration: "",
  quantities: ["", "", ""],
  units: ["", "", ""],
  setup: "",
});

/** A draft as the form shows it again. */
export function editorValues(draft: QuotationDraft): EditorValues {
  return {
    lines: draft.lines.map((line) => ({
      item: line.itemId ?? "",
      description: line.description,
      decoration: line.decoration,
      quantities: optionSlots.map((slot) => String(line.options[slot - 1]?.quantity ?? "")) as LineValues["quantities"],
      units: optionSlots.map((slot) => {
        const option = line.options[slot - 1];
        return option ? rupeesField(option.unitPaisa) : "";
      }) as LineValues["units"],
      setup: line.setupPaisa ? rupeesField(line.setupPaisa) : "",
    })),
    delivery: draft.deliveryPaisa ? rupeesField(draft.deliveryPaisa) : "",
    taxRate: formatRate(draft.taxRateBp).replace(" %", ""),
    buyerNtn: draft.buyerNtn,
    buyerStrn: draft.buyerStrn,
    validUntil: draft.validUntil,
    leadTimeDays: String(draft.leadTimeDays),
    leadTime: draft.leadTime,
    paymentTerms: draft.paymentTerms,
    note: draft.note,
  };
}

/** The form's values from a post; at most one line more than a quotation may have, whatever the post says. */
export function valuesFromForm(form: FormData | URLSearchParams): EditorValues {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const count = Math.min(
    Math.max(Number.parseInt(read(editorField.lineCount), 10) || 0, 0),
    quotationTerms.maxLines + 1,
  );
  return {
    lines: Array.from({ length: count }, (_, line) => ({
      item: read(editorField.item(line)),
      description: read(editorField.description(line)),
      decoration: read(editorField.decoration(line)),
      quantities: optionSlots.map((slot) => read(editorField.quantity(line, slot))) as LineValues["quantities"],
      units: optionSlots.map((slot) => read(editorField.unit(line, slot))) as LineValues["units"],
      setup: read(editorField.setup(line)),
    })),
    delivery: read(editorField.delivery),
    taxRate: read(editorField.taxRate),
    buyerNtn: read(editorField.buyerNtn),
    buyerStrn: read(editorField.buyerStrn),
    validUntil: read(editorField.validUntil),
    leadTimeDays: read(editorField.leadTimeDays),
    leadTime: read(editorField.leadTime),
    paymentTerms: read(editorField.paymentTerms),
    note: read(editorField.note),
  };
}

const isBlankLine = (line: LineValues) =>
  [line.description, line.decoration, line.setup, ...line.quantities, ...line.units].every((value) => !value.trim());

const parseQuantity = (text: string): number | null => {
  const plain = text.trim().replace(/[,\s]/g, "");
  if (!/^\d{1,8}$/.test(plain)) return null;
  const quantity = Number(plain);
  return quantity > 0 && quantity <= editorLimits.maxQuantity ? quantity : null;
};

/** "18" or "17.5" percent as basis points; null beyond two decimals or above 100. */
const parseRate = (text: string): number | null => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 10_000 ? basisPoints : null;
};

const isDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const lineShape = z.object({
  item: z.string(),
  description: z.string(),
  decoration: z.string(),
  quantities: z.tuple([z.string(), z.string(), z.string()]),
  units: z.tuple([z.string(), z.string(), z.string()]),
  setup: z.string(),
});

const valuesShape = z.object({
  lines: z.array(lineShape),
  delivery: z.string(),
  taxRate: z.string(),
  buyerNtn: z.string(),
  buyerStrn: z.string(),
  validUntil: z.string(),
  leadTimeDays: z.string(),
  leadTime: z.string(),
  paymentTerms: z.string(),
  note: z.string(),
});

/**
 * The editor's schema: the form's strings in, a draft out. `today` is the Pakistan date the check runs
 * on (a quotation cannot be valid only until yesterday). Each issue's path is the one field it is about.
 */
export const quotationFormSchema = (today: string) =>
  z.pipe(
    valuesShape,
    z.transform((values, ctx): QuotationDraft => {
      const problem = (field: string, message: string) =>
        ctx.issues.push({ code: "custom", message, input: values, path: [field] });
      // One-line fields refuse control and direction characters; the note keeps only line breaks and tabs.
      const text = (field: string, value: string, max: number, required?: string, severalLines = false) => {
        const trimmed = (severalLines ? keepLinesAndTabs(value) : value).trim();
        if (required && !trimmed) problem(field, required);
        else if (trimmed.length > max) problem(field, editorMessages.tooLong(max));
        else if (!severalLines && hasUnsafeCharacters(trimmed)) problem(field, editorMessages.oneLine);
        return trimmed;
      };
      const money = (field: string, value: string) => {
        if (!value.trim()) return 0;
        const paisa = parseRupees(value);
        if (paisa === null) problem(field, editorMessages.money);
        return paisa ?? 0;
      };

      const kept = values.lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlankLine(line));
      if (kept.length === 0) problem(editorField.form, editorMessages.noLines);
      if (kept.length > quotationTerms.maxLines) problem(editorField.form, editorMessages.tooManyLines);

      const lines = kept.map(({ line, index }) => {
        const options: { quantity: number; unitPaisa: number }[] = [];
        for (const slot of optionSlots) {
          const quantityText = line.quantities[slot - 1]!.trim();
          const unitText = line.units[slot - 1]!.trim();
          if (!quantityText && !unitText) continue;
          const quantity = quantityText ? parseQuantity(quantityText) : null;
          const unitPaisa = unitText ? parseRupees(unitText) : null;
          if (!quantityText) problem(editorField.quantity(index, slot), editorMessages.quantityMissing);
          else if (quantity === null) problem(editorField.quantity(index, slot), editorMessages.quantity);
          if (!unitText) problem(editorField.unit(index, slot), editorMessages.unitMissing);
          else if (unitPaisa === null) problem(editorField.unit(index, slot), editorMessages.money);
          if (quantity === null || unitPaisa === null) continue;
          const twin = optionSlots.find(
            (other) => other < slot && parseQuantity(line.quantities[other - 1]!.trim()) === quantity,
          );
          if (twin) problem(editorField.quantity(index, slot), editorMessages.sameQuantity(twin));
          // Said at the price that makes it so, as well as for the whole quotation below.
          if (quantity * unitPaisa > MAX_TOTAL_PAISA)
            problem(editorField.unit(index, slot), editorMessages.lineTooLarge);
          options.push({ quantity, unitPaisa });
        }
        // Options may be typed in any order (a 250 added below the buyer's 500): the buyer reads them smallest first.
        options.sort((a, b) => a.quantity - b.quantity);
        const anyTyped = optionSlots.some((slot) => line.quantities[slot - 1]!.trim() || line.units[slot - 1]!.trim());
        if (!anyTyped) problem(editorField.quantity(index, 1), editorMessages.noOption);
        const item = line.item.trim();
        return {
          itemId: /^[a-z0-9-]{1,80}$/.test(item) ? item : null,
          description: text(
            editorField.description(index),
            line.description,
            editorLimits.description,
            editorMessages.description,
          ),
          decoration: text(editorField.decoration(index), line.decoration, editorLimits.decoration),
          setupPaisa: money(editorField.setup(index), line.setup),
          options,
        };
      });

      const taxRateBp = parseRate(values.taxRate);
      if (taxRateBp === null) problem(editorField.taxRate, editorMessages.taxRate);
      const taxNumber = (field: string, value: string) => {
        const trimmed = value.trim();
        if (trimmed.length > editorLimits.taxNumber) problem(field, editorMessages.tooLong(editorLimits.taxNumber));
        else if (!/^[0-9A-Za-z-]*$/.test(trimmed)) problem(field, editorMessages.taxNumber);
        return trimmed;
      };
      const validUntil = values.validUntil.trim();
      if (!isDate(validUntil) || validUntil < today) problem(editorField.validUntil, editorMessages.validUntil);
      else if (daysBetween(today, validUntil) > editorLimits.maxValidDays)
        problem(editorField.validUntil, editorMessages.validTooFar);
      const leadTimeDays = /^\d{1,3}$/.test(values.leadTimeDays.trim()) ? Number(values.leadTimeDays.trim()) : -1;
      if (leadTimeDays < 0 || leadTimeDays > editorLimits.maxLeadTimeDays)
        problem(editorField.leadTimeDays, editorMessages.leadTimeDays);

      const deliveryPaisa = money(editorField.delivery, values.delivery);
      // Checked here, where the draft is saved: whatever is saved can be totalled, shown and sent.
      if (largestTotalPaisa({ lines, deliveryPaisa, taxRateBp: taxRateBp ?? 0 }) > MAX_TOTAL_PAISA)
        problem(editorField.form, editorMessages.totalTooLarge);

      return {
        lines,
        deliveryPaisa,
        taxRateBp: taxRateBp ?? 0,
        buyerNtn: taxNumber(editorField.buyerNtn, values.buyerNtn),
        buyerStrn: taxNumber(editorField.buyerStrn, values.buyerStrn),
        validUntil,
        leadTimeDays: Math.max(leadTimeDays, 0),
        leadTime: text(editorField.leadTime, values.leadTime, editorLimits.leadTime, editorMessages.leadTime),
        paymentTerms: text(
          editorField.paymentTerms,
          values.paymentTerms,
          editorLimits.paymentTerms,
          editorMessages.paymentTerms,
        ),
        note: text(editorField.note, values.note, editorLimits.note, undefined, true),
      };
    }),
  );

export type EditorErrors = Record<string, string>;

/** The draft the form makes, or each bad field's first message (keyed by field name). */
export function readQuotationForm(
  values: EditorValues,
  today: string,
): { ok: true; draft: QuotationDraft } | { ok: false; errors: EditorErrors } {
  const parsed = quotationFormSchema(today).safeParse(values);
  if (parsed.success) return { ok: true, draft: parsed.data };
  const errors: EditorErrors = {};
  for (const issue of parsed.error.issues) {
    const field = typeof issue.path[0] === "string" && issue.path.length === 1 ? issue.path[0] : editorField.form;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
