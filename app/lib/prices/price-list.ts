import { z } from "zod";
import { products } from "~/content/catalogue";
import { categories, type CategorySlug, categorySlugs } from "~/content/categories";
import { oneLine } from "~/lib/text-fields";
import { fbrSaleTypes, fbrUnits, isHsCode } from "~/lib/fbr/lists";
import { formatPkr, parseRupees } from "~/lib/money";

/** A unit price from a quantity up (whole paisa). */
export type PriceBreak = { quantity: number; unitPaisa: number };
/** A named one-off charge per order: "Screen print, per colour" PKR 2,500. */
export type SetupCharge = { label: string; paisa: number };

/** What an owner sets for an item's prices. */
export type PriceListInput = {
  /** Lowest quantity first, each quantity once. */
  breaks: PriceBreak[];
  setupCharges: SetupCharge[];
  leadTimeDays: number;
};

/** An item of the shop's price list: what it is called, its category, whether it is still offered. */
export type PriceItem = {
  itemId: string;
  name: string;
  category: CategorySlug;
  /** ISO 8601, UTC; null while the item is offered for new quotations. */
  retiredAt: string | null;
};

/** An item with its saved prices (no breaks: not priced yet). */
export type PriceList = PriceListInput &
  PriceItem & {
    /** ISO 8601, UTC. */
    updatedAt: string;
  };

/** The price of an item at a quantity, as the quotation editor takes it. */
export type ItemPrice = {
  itemId: string;
  quantity: number;
  /** The unit price of the break that applies. */
  unitPaisa: number;
  /** The break that applies: the highest at or below the quantity, or the lowest (see below). */
  breakQuantity: number;
  /** The quantity is under every break: the lowest break's price is given, which the quote should say or adjust. */
  belowLowestBreak: boolean;
  leadTimeDays: number;
  setupCharges: SetupCharge[];
};

/** `priceFor` as the quotation editor calls it: null when the item has no price list. */
export type PriceFor = (itemId: string, quantity: number) => ItemPrice | null;

export const limits = {
  nameLength: 120,
  breaks: 20,
  setupCharges: 20,
  maxQuantity: 1_000_000,
  labelLength: 80,
  maxLeadTimeDays: 365,
} as const;

/**
 * An item's price at a quantity: the unit price of the highest break at or below it, or of the lowest
 * break when the quantity is below them all (flagged). A quantity that is not a whole number of
 * pieces above zero is the caller's mistake, thrown.
 */
export function priceAt(list: PriceList, quantity: number): ItemPrice | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new RangeError(`A quantity is a whole number of pieces from 1: ${quantity}`);
  const breaks = [...list.breaks].sort((a, b) => a.quantity - b.quantity);
  const lowest = breaks[0];
  if (!lowest) return null;
  const applies = breaks.filter((priceBreak) => priceBreak.quantity <= quantity).at(-1) ?? lowest;
  return {
    itemId: list.itemId,
    quantity,
    unitPaisa: applies.unitPaisa,
    breakQuantity: applies.quantity,
    belowLowestBreak: quantity < lowest.quantity,
    leadTimeDays: list.leadTimeDays,
    setupCharges: list.setupCharges.map((charge) => ({ ...charge })),
  };
}

const pieces = new Intl.NumberFormat("en-US");
/** "1,000 pcs" */
export const formatPieces = (quantity: number) => `${pieces.format(quantity)} pcs`;

/** A quotation option: a quantity and its unit price. */
export type PricedOption = { quantity: number; unitPaisa: number };

/**
 * Up to `count` quotation options around what the buyer asked for: their quantity, the nearest break
 * below it and the nearest above (asked 500 of breaks 100/250/500/1000: 250, 500, 1000), more breaks
 * on the side that has them when one side runs out; each at the unit price of its break. Without a
 * quantity, the lowest breaks. Lowest quantity first; none when the item has no breaks.
 */
export function optionsAround(list: PriceList, quantity: number | null, count = 3): PricedOption[] {
  const breaks = [...new Set(list.breaks.map((priceBreak) => priceBreak.quantity))].sort((a, b) => a - b);
  if (breaks.length === 0) return [];
  let chosen: number[];
  if (quantity === null || !Number.isSafeInteger(quantity) || quantity < 1) chosen = breaks.slice(0, count);
  else {
    const below = breaks.filter((breakQuantity) => breakQuantity < quantity).reverse();
    const above = breaks.filter((breakQuantity) => breakQuantity > quantity);
    chosen = [quantity];
    // Alternate below and above, nearest first, until there are enough or no break is left.
    while (chosen.length < count && (below.length > 0 || above.length > 0)) {
      const next = chosen.length % 2 === 1 ? (below.shift() ?? above.shift()) : (above.shift() ?? below.shift());
      chosen.push(next!);
    }
  }
  return chosen
    .sort((a, b) => a - b)
    .map((optionQuantity) => ({ quantity: optionQuantity, unitPaisa: priceAt(list, optionQuantity)!.unitPaisa }));
}

const stopWords = new Set(
  "a an and the of for with in on to our your my logo logos custom branded brand printed print printing promotional promo item items piece pieces pcs qty quantity please need want".split(
    " ",
  ),
);

/** A word as the search compares it: lower case, a plural's "s" or "es" dropped ("pens" finds "pen"). */
const stem = (word: string) =>
  word.length > 4 && word.endsWith("es") && !word.endsWith("ses")
    ? word.slice(0, -2)
    : word.length > 3 && word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;

/** The words of a text as the search compares them. */
export const searchWords = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);

const itemWords = (item: PriceItem) => searchWords(`${item.name} ${categories[item.category].label}`);

/**
 * The items a query finds, as the quotation editor's search offers them: every word of the query
 * begins a word of the item's name or category ("metal pen", "mug 11"), best first (more words in the
 * name, then the list's order). An empty query finds every item.
 */
export function searchItems<T extends PriceItem>(items: readonly T[], query: string, limit = 50): T[] {
  const words = searchWords(query).slice(0, 12);
  if (words.length === 0) return items.slice(0, limit);
  return items
    .map((item, order) => {
      const haystack = itemWords(item);
      const nameWords = searchWords(item.name);
      const found = words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
      const inName = words.filter((word) => nameWords.some((candidate) => candidate.startsWith(word))).length;
      return { item, order, found, inName };
    })
    .filter((hit) => hit.found)
    .sort((a, b) => b.inName - a.inName || a.order - b.order)
    .slice(0, limit)
    .map((hit) => hit.item);
}

/**
 * The item a buyer's words most likely mean ("Custom pens with logo", "11 oz mugs"): the one sharing
 * the most words with them, at least one of them a word of its name or its category's, earliest in the
 * list on a tie; else the first item of `category` when one is given; else none.
 */
export function itemForWords<T extends PriceItem>(
  items: readonly T[],
  text: string,
  category?: string | null,
): T | null {
  const words = searchWords(text)
    .filter((word) => !stopWords.has(word))
    .slice(0, 40);
  let best: { item: T; score: number } | null = null;
  for (const item of items) {
    const haystack = itemWords(item);
    const score = words.filter((word) => haystack.includes(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { item, score };
  }
  return best?.item ?? items.find((item) => item.category === category) ?? null;
}

/** A new item's id: its first name as a slug ("Metal ball pen, pad print" → metal-ball-pen-pad-print). */
export function slugFor(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "item";
}

// ---- An item's name and category ---------------------------------------------------------------

export const itemFormText = {
  name: `Write the item's name, such as "Metal ball pen, one-colour pad print" (at most ${limits.nameLength} characters).`,
  category: "Choose one of the catalogue's categories.",
} as const;

/** The add and rename form: a name on one line and a category of the catalogue. */
export const itemDetailsSchema = z.object({
  name: z
    .string()
    .max(1_000, itemFormText.name)
    .check(oneLine("The item's name"))
    .transform((name) => name.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, itemFormText.name).max(limits.nameLength, itemFormText.name)),
  category: z.enum(categorySlugs, { error: itemFormText.category }),
});
export type ItemDetails = z.infer<typeof itemDetailsSchema>;

// ---- The editor's form -------------------------------------------------------------------------

/** The fields as typed, kept to show again when the form is refused. */
export type PriceFormValues = {
  breaks: { quantity: string; unitPrice: string }[];
  setupCharges: { label: string; amount: string }[];
  leadTimeDays: string;
};

/** A refusal, on the field it is about (the input's id, so the summary links to it). */
export type FieldError = { field: string; message: string };

export const fieldIds = {
  breakQuantity: (row: number) => `break-${row}-quantity`,
  breakPrice: (row: number) => `break-${row}-price`,
  setupLabel: (row: number) => `setup-${row}-label`,
  setupAmount: (row: number) => `setup-${row}-amount`,
  leadTime: "lead-time",
} as const;

export const priceFormText = {
  noBreaks: "Add at least one quantity break with its unit price.",
  tooManyBreaks: `At most ${limits.breaks} quantity breaks.`,
  tooManySetupCharges: `At most ${limits.setupCharges} set-up charges.`,
  quantity: (row: number) =>
    `Break ${row}: write the quantity in pieces, a whole number from 1 to ${pieces.format(limits.maxQuantity)} (such as 500).`,
  unitPriceMissing: (row: number) => `Break ${row}: write the unit price in rupees, such as 92 or 92.50.`,
  unitPrice: (row: number) =>
    `Break ${row}: the unit price is not an amount in rupees; write it like 92 or 92.50 (at most two decimals).`,
  negative: (what: string) => `${what}: an amount cannot be negative.`,
  zeroUnitPrice: (row: number) => `Break ${row}: the unit price must be more than PKR 0.`,
  duplicateQuantity: (row: number, first: number, quantity: number) =>
    `Break ${row}: ${formatPieces(quantity)} is already break ${first}; keep one of them.`,
  risingPrice: (row: number, higher: PriceBreak, lower: PriceBreak) =>
    `Break ${row}: ${formatPieces(higher.quantity)} at ${formatPkr(higher.unitPaisa)} a piece costs more than ` +
    `${formatPieces(lower.quantity)} at ${formatPkr(lower.unitPaisa)}; a larger quantity should not cost more a piece.`,
  setupLabel: (row: number) =>
    `Set-up charge ${row}: write what it is for, such as "Screen print, per colour" (at most ${limits.labelLength} characters).`,
  setupAmountMissing: (row: number) => `Set-up charge ${row}: write the amount in rupees, such as 2,500.`,
  setupAmount: (row: number) =>
    `Set-up charge ${row}: the amount is not an amount in rupees; write it like 2,500 or 2500.50.`,
  duplicateLabel: (row: number, first: number, label: string) =>
    `Set-up charge ${row}: "${label}" is already set-up charge ${first}; keep one of them.`,
  leadTime: `Write the lead time as a whole number of business days, from 1 to ${limits.maxLeadTimeDays}.`,
} as const;

const field = z.string().max(200, "Too long.").check(oneLine("A price field"));
/** Repeated fields come as arrays (FormData.getAll); a form that sends none of them sends []. */
const repeated = (max: number, message: string, item = field) => z.array(item).max(max, message);

/** The editor's one form, read from FormData's repeated fields. */
export const priceFormSchema = z.object({
  // Save, or change the rows shown (the desk runs no script: adding or removing a row is a post that
  // saves nothing and shows the form again with what was typed).
  intent: z.string().regex(/^(?:save|add-break|add-setup|remove-(?:break|setup)-\d{1,2})$/, "Unknown action."),
  quantity: repeated(limits.breaks, priceFormText.tooManyBreaks),
  unitPrice: repeated(limits.breaks, priceFormText.tooManyBreaks),
  setupLabel: repeated(
    limits.setupCharges,
    priceFormText.tooManySetupCharges,
    z.string().max(200, "Too long.").check(oneLine("A set-up charge's label")),
  ),
  setupAmount: repeated(limits.setupCharges, priceFormText.tooManySetupCharges),
  leadTimeDays: field.default(""),
});

export function formFields(form: FormData) {
  return {
    intent: form.get("intent"),
    quantity: form.getAll("quantity"),
    unitPrice: form.getAll("unitPrice"),
    setupLabel: form.getAll("setupLabel"),
    setupAmount: form.getAll("setupAmount"),
    leadTimeDays: form.get("leadTimeDays") ?? undefined,
  };
}

export type PriceFormResult =
  { ok: true; list: PriceListInput } | { ok: false; errors: FieldError[]; values: PriceFormValues };

const blank = (text: string) => text.trim() === "";

function quantityOf(text: string): number | null {
  const plain = text.trim().replace(/[,\s]/g, "").replace(/pcs?$/i, "");
  if (!/^\d{1,7}$/.test(plain)) return null;
  const quantity = Number(plain);
  return quantity >= 1 && quantity <= limits.maxQuantity ? quantity : null;
}

const looksNegative = (text: string) => /^\s*(?:pkr|rs\.?)?\s*-/i.test(text);

/** A whole number of business days, 1 to 365; null for anything else. */
function leadTimeOf(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= limits.maxLeadTimeDays ? days : null;
}

/** The form's fields as typed, row by row. */
export function formValues(input: z.infer<typeof priceFormSchema>): PriceFormValues {
  const rows = Math.max(input.quantity.length, input.unitPrice.length);
  return {
    breaks: Array.from({ length: rows }, (_, row) => ({
      quantity: input.quantity[row] ?? "",
      unitPrice: input.unitPrice[row] ?? "",
    })),
    setupCharges: Array.from({ length: Math.max(input.setupLabel.length, input.setupAmount.length) }, (_, row) => ({
      label: input.setupLabel[row] ?? "",
      amount: input.setupAmount[row] ?? "",
    })),
    leadTimeDays: input.leadTimeDays,
  };
}

/** The rows after an add or remove button (its intent), everything else as typed; past the limit, unchanged. */
export function editRows(values: PriceFormValues, intent: string): PriceFormValues {
  const removing = /^remove-(break|setup)-(\d+)$/.exec(intent);
  if (removing) {
    const index = Number(removing[2]);
    return removing[1] === "break"
      ? { ...values, breaks: values.breaks.filter((_, row) => row !== index) }
      : { ...values, setupCharges: values.setupCharges.filter((_, row) => row !== index) };
  }
  if (intent === "add-break" && values.breaks.length < limits.breaks)
    return { ...values, breaks: [...values.breaks, { quantity: "", unitPrice: "" }] };
  if (intent === "add-setup" && values.setupCharges.length < limits.setupCharges)
    return { ...values, setupCharges: [...values.setupCharges, { label: "", amount: "" }] };
  return values;
}

/**
 * Reads the editor's form into a price list, or says every problem at once, each on its field, with
 * what was typed kept. Rows left wholly blank are dropped (the editor keeps a spare one); the breaks
 * are stored lowest quantity first, whatever order they were typed in.
 */
export function readPriceForm(input: z.infer<typeof priceFormSchema>): PriceFormResult {
  const values = formValues(input);
  const errors: FieldError[] = [];
  const refuse = (fieldId: string, message: string) => errors.push({ field: fieldId, message });

  const breaks: (PriceBreak & { row: number })[] = [];
  const firstRowOf = new Map<number, number>();
  values.breaks.forEach(({ quantity: quantityText, unitPrice }, index) => {
    if (blank(quantityText) && blank(unitPrice)) return;
    const row = index + 1;
    const quantity = quantityOf(quantityText);
    const first = quantity === null ? undefined : firstRowOf.get(quantity);
    if (quantity === null) refuse(fieldIds.breakQuantity(index), priceFormText.quantity(row));
    else if (first !== undefined)
      refuse(fieldIds.breakQuantity(index), priceFormText.duplicateQuantity(row, first, quantity));
    else firstRowOf.set(quantity, row);
    const unitPaisa = parseRupees(unitPrice);
    if (blank(unitPrice)) refuse(fieldIds.breakPrice(index), priceFormText.unitPriceMissing(row));
    else if (looksNegative(unitPrice)) refuse(fieldIds.breakPrice(index), priceFormText.negative(`Break ${row}`));
    else if (unitPaisa === null) refuse(fieldIds.breakPrice(index), priceFormText.unitPrice(row));
    else if (unitPaisa === 0) refuse(fieldIds.breakPrice(index), priceFormText.zeroUnitPrice(row));
    if (quantity !== null && first === undefined && unitPaisa) breaks.push({ quantity, unitPaisa, row });
  });
  if (breaks.length === 0 && !errors.some((error) => error.field.startsWith("break-")))
    refuse(fieldIds.breakQuantity(0), priceFormText.noBreaks);

  const sorted = [...breaks].sort((a, b) => a.quantity - b.quantity);
  sorted.forEach((higher, index) => {
    const lower = sorted[index - 1];
    if (lower && higher.unitPaisa > lower.unitPaisa)
      refuse(fieldIds.breakPrice(higher.row - 1), priceFormText.risingPrice(higher.row, higher, lower));
  });

  const setupCharges: (SetupCharge & { row: number })[] = [];
  values.setupCharges.forEach(({ label: labelText, amount }, index) => {
    if (blank(labelText) && blank(amount)) return;
    const row = index + 1;
    const label = labelText.trim().replace(/\s+/g, " ");
    const labelOk = label.length > 0 && label.length <= limits.labelLength;
    if (!labelOk) refuse(fieldIds.setupLabel(index), priceFormText.setupLabel(row));
    const paisa = parseRupees(amount);
    if (blank(amount)) refuse(fieldIds.setupAmount(index), priceFormText.setupAmountMissing(row));
    else if (looksNegative(amount)) refuse(fieldIds.setupAmount(index), priceFormText.negative(`Set-up charge ${row}`));
    else if (paisa === null) refuse(fieldIds.setupAmount(index), priceFormText.setupAmount(row));
    if (!labelOk || paisa === null) return;
    const first = setupCharges.find((earlier) => earlier.label.toLowerCase() === label.toLowerCase());
    if (first) refuse(fieldIds.setupLabel(index), priceFormText.duplicateLabel(row, first.row, label));
    else setupCharges.push({ label, paisa, row });
  });

  const leadTimeDays = leadTimeOf(values.leadTimeDays);
  if (leadTimeDays === null) refuse(fieldIds.leadTime, priceFormText.leadTime);

  if (errors.length > 0 || leadTimeDays === null) return { ok: false, errors, values };
  return {
    ok: true,
    list: {
      breaks: sorted.map(({ quantity, unitPaisa }) => ({ quantity, unitPaisa })),
      setupCharges: setupCharges.map(({ label, paisa }) => ({ label, paisa })),
      leadTimeDays,
    },
  };
}

/** Whether a list holds what the form allows: the store refuses anything else, whoever calls it. */
export function isValidList(list: PriceListInput): boolean {
  const quantities = list.breaks.map((priceBreak) => priceBreak.quantity);
  const labels = list.setupCharges.map((charge) => charge.label.toLowerCase());
  return (
    list.breaks.length >= 1 &&
    list.breaks.length <= limits.breaks &&
    list.setupCharges.length <= limits.setupCharges &&
    list.breaks.every(
      (priceBreak, index) =>
        Number.isSafeInteger(priceBreak.quantity) &&
        priceBreak.quantity >= 1 &&
        priceBreak.quantity <= limits.maxQuantity &&
        Number.isSafeInteger(priceBreak.unitPaisa) &&
        priceBreak.unitPaisa > 0 &&
        (index === 0 || priceBreak.quantity > quantities[index - 1]!) &&
        (index === 0 || priceBreak.unitPaisa <= list.breaks[index - 1]!.unitPaisa),
    ) &&
    list.setupCharges.every(
      (charge) =>
        charge.label.trim() === charge.label &&
        charge.label.length >= 1 &&
        charge.label.length <= limits.labelLength &&
        Number.isSafeInteger(charge.paisa) &&
        charge.paisa >= 0,
    ) &&
    new Set(labels).size === labels.length &&
    Number.isSafeInteger(list.leadTimeDays) &&
    list.leadTimeDays >= 1 &&
    list.leadTimeDays <= limits.maxLeadTimeDays
  );
}

// ---- What a save changed ----------------------------------------------------------------------

/** One thing a save changed, old → new (null: there was none, or there is none now). */
export const priceChangeSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("break"),
    quantity: z.number().int().positive(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
  }),
  z.strictObject({
    kind: z.literal("setup"),
    label: z.string(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
  }),
  z.strictObject({
    kind: z.literal("lead-time"),
    from: z.number().int().nullable(),
    to: z.number().int(),
  }),
  z.strictObject({ kind: z.literal("added"), name: z.string(), category: z.string() }),
  z.strictObject({ kind: z.literal("name"), from: z.string(), to: z.string() }),
  z.strictObject({ kind: z.literal("category"), from: z.string(), to: z.string() }),
  /** Retired (true) or offered again (false). */
  z.strictObject({ kind: z.literal("retired"), to: z.boolean() }),
  /** The prices a portfolio piece had, when the list was keyed by the catalogue's pieces. */
  z.strictObject({ kind: z.literal("carried-over"), piece: z.string() }),
  /** What FBR is told of the item; null: its category's default. */
  z.strictObject({
    kind: z.literal("tax"),
    field: z.enum(["hsCode", "uom", "saleType"]),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
]);
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** What saving `next` over `previous` (null: the item's first prices) changes, breaks first. */
export function changesBetween(previous: PriceListInput | null, next: PriceListInput): PriceChange[] {
  const changes: PriceChange[] = [];
  const oldBreaks = new Map(previous?.breaks.map((b) => [b.quantity, b.unitPaisa]));
  const newBreaks = new Map(next.breaks.map((b) => [b.quantity, b.unitPaisa]));
  const quantities = [...new Set([...oldBreaks.keys(), ...newBreaks.keys()])].sort((a, b) => a - b);
  for (const quantity of quantities) {
    const from = oldBreaks.get(quantity) ?? null;
    const to = newBreaks.get(quantity) ?? null;
    if (from !== to) changes.push({ kind: "break", quantity, from, to });
  }
  const oldCharges = new Map(previous?.setupCharges.map((c) => [c.label, c.paisa]));
  const newCharges = new Map(next.setupCharges.map((c) => [c.label, c.paisa]));
  for (const label of new Set([...newCharges.keys(), ...oldCharges.keys()])) {
    const from = oldCharges.get(label) ?? null;
    const to = newCharges.get(label) ?? null;
    if (from !== to) changes.push({ kind: "setup", label, from, to });
  }
  const oldLead = previous?.leadTimeDays ?? null;
  if (oldLead !== next.leadTimeDays) changes.push({ kind: "lead-time", from: oldLead, to: next.leadTimeDays });
  return changes;
}

const days = (count: number) => `${count} business ${count === 1 ? "day" : "days"}`;

const amountChange = (from: number | null, to: number | null) =>
  from === null
    ? `${formatPkr(to!)} (new)`
    : to === null
      ? `removed (was ${formatPkr(from)})`
      : `${formatPkr(from)} → ${formatPkr(to)}`;

const categoryLabel = (slug: string) =>
  Object.hasOwn(categories, slug) ? categories[slug as CategorySlug].label : slug;
const pieceTitle = (id: string) => products.find((product) => product.id === id)?.title ?? id;

/** One change in words: "500 pcs PKR 95 → PKR 92", "Set-up “Laser engraving” PKR 1,500 (new)". */
export function describeChange(change: PriceChange): string {
  switch (change.kind) {
    case "added":
      return `Added as “${change.name}” in ${categoryLabel(change.category)}`;
    case "name":
      return `Renamed “${change.from}” → “${change.to}”`;
    case "category":
      return `Category ${categoryLabel(change.from)} → ${categoryLabel(change.to)}`;
    case "retired":
      return change.to ? "Retired: no longer offered for new quotations" : "Offered again for new quotations";
    case "carried-over":
      return `Prices carried over from the portfolio piece “${pieceTitle(change.piece)}”`;
    case "break":
      return `${formatPieces(change.quantity)} ${amountChange(change.from, change.to)}`;
    case "setup":
      return `Set-up “${change.label}” ${amountChange(change.from, change.to)}`;
    case "lead-time":
      return change.from === null ? `Lead time ${days(change.to)}` : `Lead time ${change.from} → ${days(change.to)}`;
    case "tax": {
      const value = (text: string | null) => text ?? "the category's default";
      return `${taxFieldLabel[change.field]} ${value(change.from)} → ${value(change.to)}`;
    }
  }
}

// ---- What FBR is told of an item ----------------------------------------------------------------

export const taxFieldLabel = { hsCode: "HS code", uom: "Unit of measure", saleType: "Sale type" } as const;

export const taxFormText = {
  hsCode:
    "Write the HS code as four digits, a dot and four digits, such as 9608.1000, or leave it empty for the category's default.",
  uom: "Choose one of FBR's units of measure, or the category's default.",
  saleType: "Choose one of FBR's sale types, or the category's default.",
} as const;

/** Empty, absent or "default": the category's default (null). */
const orDefault = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : text.trim());

/**
 * The owner's form of an item's tax data: each field empty for its category's default. An HS code
 * typed as eight digits ("96081000") is read as FBR writes it ("9608.1000").
 */
export const taxDataFormSchema = z.object({
  hsCode: z
    .string()
    .max(40, taxFormText.hsCode)
    .optional()
    .transform(orDefault)
    .transform((code) => (code !== null && /^\d{8}$/.test(code) ? `${code.slice(0, 4)}.${code.slice(4)}` : code))
    .refine((code) => code === null || isHsCode(code), taxFormText.hsCode),
  uom: z
    .string()
    .max(100, taxFormText.uom)
    .optional()
    .transform(orDefault)
    .pipe(z.enum(fbrUnits, { error: taxFormText.uom }).nullable()),
  saleType: z
    .string()
    .max(100, taxFormText.saleType)
    .optional()
    .transform(orDefault)
    .pipe(z.enum(fbrSaleTypes, { error: taxFormText.saleType }).nullable()),
});
export type TaxDataInput = z.infer<typeof taxDataFormSchema>;
