import { business } from "~/content/business";
import { products } from "~/content/catalogue";
import type { AuditActor } from "~/lib/audit/events";
import { pakistanDate, shortDateTime } from "~/lib/desk/time";
import { orderReference } from "~/lib/orders/orders.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { once } from "~/lib/once/once.server";
import { categories } from "~/content/categories";
import { quotationTerms } from "~/content/quotation-terms";
import { formatPkr, rupeesField } from "~/lib/money";
import { formatPieces, searchItems } from "~/lib/prices/price-list";
import {
  blankLine,
  type EditorErrors,
  editorValues,
  type EditorValues,
  type LineValues,
  optionSlots,
  readQuotationForm,
} from "./editor-schema";
import { draftFromVersion, lineFromItem, prefillDraft } from "./prefill.server";
import {
  type QuotationDraft,
  type QuotationState,
  Quotations,
  quotationState,
  type StoredAcceptance,
  type StoredQuotation,
} from "./quotations.server";
import { optionHeading } from "./option-words";
import {
  largestTotalPaisa,
  nearestChoices,
  MAX_TOTAL_PAISA,
  optionTotals,
  quotationTotals,
  type QuotationTotals,
} from "./totals";

// The desk's side of quotations: the editor's draft, "Send quotation" with its e-mail, and the
// versions a request's page lists.

/** The quotation mail's subject: the version and reference, never a price. */
export const quotationSubject = (reference: string, version: number) =>
  `Quotation v${version} for ${reference} from ${business.name}`;

/** The file name a version's PDF is sent and downloaded under. */
export const quotationFileName = (reference: string, version: number) => `${reference}-quotation-v${version}.pdf`;

export const quotationPdfPath = (reference: string, version: number) =>
  `/desk/quotes/${reference}/quotations/v${version}.pdf`;

const stateWords = (state: QuotationState, latest: number | null) =>
  state === "replaced" ? `Replaced by v${latest}` : state === "expired" ? "Expired" : "Sent";

/** An accepted version as the office looks for it: the order it made and the buyer's PO. */
const acceptedWords = (reference: string, acceptance: StoredAcceptance) =>
  [`Accepted: order ${orderReference(reference)}`, acceptance.poNumber && `PO ${acceptance.poNumber}`]
    .filter(Boolean)
    .join(", ");

/** A request's sent versions as its page lists them, oldest first. */
export function deskQuotations(service: QuoteService, quote: StoredQuote, now = Date.now()) {
  const quotations = new Quotations(service.store);
  const versions = quotations.versions(quote.id);
  const latest = versions.at(-1)?.version ?? null;
  return {
    quotations: versions.map((version) => {
      const state = quotationState(version, latest, now);
      return {
        version: version.version!,
        sent: shortDateTime(Date.parse(version.sentAt!)),
        // Once accepted, the total of the quantities the buyer chose; before, of those nearest what they asked.
        total:
          version.acceptance?.totalPaisa ??
          quotationTotals(version, nearestChoices(version, quote.quantity)).totalPaisa,
        state,
        stateText: version.acceptance ? acceptedWords(quote.reference, version.acceptance) : stateWords(state, latest),
        pdf: quotationPdfPath(quote.reference, version.version!),
        /** What the buyer asked to change on this version, beside it: the next version answers it. */
        changes: version.changesText
          ? { text: version.changesText, at: shortDateTime(Date.parse(version.changesAt!)) }
          : null,
      };
    }),
    /** A version accepted: the order is made, and no further version can be accepted. */
    quotationAccepted: versions.some((version) => version.acceptance !== null),
    hasQuotationDraft: quotations.draft(quote.id) !== null,
    nextQuotationVersion: (latest ?? 0) + 1,
  };
}

/**
 * Each option's own totals, named as the e-mail and the PDF name them (the one nearest the buyer's
 * quantity recommended); null while the draft cannot have any (no line, or beyond the limit: saving
 * then says why).
 */
const totalsOf = (
  draft: Pick<QuotationDraft, "lines" | "deliveryPaisa" | "taxRateBp">,
  asked: number | null,
): (QuotationTotals & { heading: string; recommended: boolean })[] | null =>
  draft.lines.length > 0 &&
  draft.lines.every((line) => line.options.length > 0) &&
  largestTotalPaisa(draft) <= MAX_TOTAL_PAISA
    ? optionTotals(draft, asked).map((entry) => ({
        ...entry.totals,
        heading: optionHeading(entry, asked),
        recommended: entry.nearest && asked !== null,
      }))
    : null;

/**
 * What the editor opens with: the saved draft, else the latest version to change (v2 onwards), else a
 * new draft prefilled from the request. The totals are the server's, of what the editor opens with.
 */
export function editorPage(service: QuoteService, quote: StoredQuote, now = new Date()) {
  const quotations = new Quotations(service.store);
  const draft = quotations.draft(quote.id);
  const latest = quotations.latest(quote.id);
  const start: QuotationDraft =
    draft ?? (latest ? draftFromVersion(latest, now) : prefillDraft(quote, now, service.prices));
  const values = editorValues(start);
  if (values.lines.length === 0) values.lines.push(blankLine());
  // A new draft no item prices still starts from what the buyer asked: their quantity, for staff to price.
  const first = values.lines[0]!;
  if (!draft && !latest && quote.quantity && first.quantities.every((quantity) => !quantity))
    first.quantities[0] = String(quote.quantity);
  return {
    values,
    ...editorItems(service),
    buyerQuantity: quote.quantity ? formatPieces(quote.quantity) : null,
    saved: draft !== null,
    savedAt: draft ? shortDateTime(Date.parse(draft.updatedAt)) : null,
    // The draft as the editor shows it, saved or as it opens: the same figures the buyer will get.
    totals: totalsOf(start, quote.quantity),
    version: (latest?.version ?? 0) + 1,
    today: pakistanDate(now.getTime()),
  };
}

/**
 * The price list as the editor offers it: the names the search suggests (items not retired), and every
 * item's name by id, retired ones too (an old line keeps the item it was priced from).
 */
export function editorItems(service: QuoteService) {
  const items = service.prices.items();
  return {
    suggestions: items.filter((item) => item.retiredAt === null).map((item) => item.name),
    itemNames: Object.fromEntries(
      items.map((item) => [item.itemId, { name: item.name, retired: item.retiredAt !== null }]),
    ) as Record<string, { name: string; retired: boolean }>,
  };
}

/** A line's button that works with the price list: find by words, use an item found, or make it free. */
export type LineAction =
  | { kind: "find"; line: number; query: string }
  | { kind: "pick"; line: number; itemId: string }
  | { kind: "free"; line: number };

/** An item a search found, as the editor offers it to pick. */
export type FoundItem = { itemId: string; name: string; detail: string };

export type LineOutcome = {
  values: EditorValues;
  notice: string;
  tone: "ok" | "error";
  /** A search on a line: what was typed (shown again) and the items found to choose from (none when one filled the line). */
  found: { line: number; query: string; items: FoundItem[] } | null;
};

const editorText = {
  filled: (name: string, basis: string) =>
    `Filled from ${name}: ${basis}, their unit prices and the set-up. Not saved yet: check, then Save draft.`,
  basis: (quantity: string | null) => (quantity ? `options around ${quantity}` : "its lowest quantity breaks"),
  found: (count: number, query: string) => `${count} items match “${query}”: choose one to fill the line.`,
  notFound: (query: string) =>
    `No item on the price list matches “${query}”. Try fewer or other words, or price it as a free line.`,
  findEmpty: "Type part of an item's name to find it on the price list.",
  notPriced: (name: string) => `${name} has no prices on the price list yet: an owner sets them under Prices.`,
  free: "The line is a free line now; its prices stay as typed. Not saved yet.",
};

const typedQuantity = (line: LineValues) =>
  line.quantities
    .map((text) => text.trim().replace(/[,\s]/g, ""))
    .filter((text) => /^\d{1,8}$/.test(text))
    .map(Number)
    .find((quantity) => quantity > 0) ?? null;

/**
 * A line filled from a price-list item, the rest of the form as typed: the item's name, options around
 * the buyer's quantity (else the line's first typed quantity), their unit prices, the set-up; the lead
 * time raised to the item's when it is longer. Nothing is saved: the editor shows the form again.
 */
function fillLine(service: QuoteService, quote: StoredQuote, values: EditorValues, index: number, itemId: string) {
  const list = service.prices.list(itemId);
  const line = values.lines[index];
  if (!list || !line || list.retiredAt !== null) return null;
  if (list.breaks.length === 0) return { values, notice: editorText.notPriced(list.name), tone: "error" as const };
  const basis = quote.quantity ?? typedQuantity(line);
  const filled = lineFromItem(list, quote, basis);
  const lines = values.lines.map((each, at) =>
    at === index
      ? {
          ...each,
          item: filled.itemId,
          description: filled.description,
          quantities: optionSlots.map((slot) =>
            String(filled.options[slot - 1]?.quantity ?? ""),
          ) as LineValues["quantities"],
          units: optionSlots.map((slot) => {
            const option = filled.options[slot - 1];
            return option ? rupeesField(option.unitPaisa) : "";
          }) as LineValues["units"],
          setup: filled.setupPaisa ? rupeesField(filled.setupPaisa) : "",
        }
      : each,
  );
  const typedLead = /^\d{1,3}$/.test(values.leadTimeDays.trim()) ? Number(values.leadTimeDays.trim()) : 0;
  const longer = list.leadTimeDays > typedLead;
  return {
    values: {
      ...values,
      lines,
      ...(longer && { leadTimeDays: String(list.leadTimeDays), leadTime: quotationTerms.leadTime(list.leadTimeDays) }),
    },
    notice: editorText.filled(list.name, editorText.basis(basis ? formatPieces(basis) : null)),
    tone: "ok" as const,
  };
}

/**
 * A line's price-list button, without saving: a search that finds one item (or names one exactly)
 * fills the line from it, several are offered to choose from, none says so; a chosen item fills the
 * line; "free" keeps the line as typed without an item. Null for a line or item that is not there.
 */
export function priceLineFromList(
  service: QuoteService,
  quote: StoredQuote,
  values: EditorValues,
  action: LineAction,
): LineOutcome | null {
  const line = values.lines[action.line];
  if (!line) return null;
  if (action.kind === "free") {
    const lines = values.lines.map((each, at) => (at === action.line ? { ...each, item: "" } : each));
    return { values: { ...values, lines }, notice: editorText.free, tone: "ok", found: null };
  }
  if (action.kind === "pick") {
    const filled = fillLine(service, quote, values, action.line, action.itemId);
    return filled && { ...filled, found: null };
  }
  const query = action.query.trim().slice(0, 100);
  if (!query) return { values, notice: editorText.findEmpty, tone: "error", found: null };
  const offered = service.prices.offered();
  const exact = offered.find((item) => item.name.toLowerCase() === query.toLowerCase());
  const matches = exact ? [exact] : searchItems(offered, query, 20);
  if (matches.length === 1)
    return { ...fillLine(service, quote, values, action.line, matches[0]!.itemId)!, found: null };
  if (matches.length === 0)
    return {
      values,
      notice: editorText.notFound(query),
      tone: "error",
      found: { line: action.line, query, items: [] },
    };
  const lists = service.prices.all();
  return {
    values,
    notice: editorText.found(matches.length, query),
    tone: "ok",
    found: {
      line: action.line,
      query,
      items: matches.map((item) => {
        const lowest = lists.get(item.itemId)?.breaks[0];
        const from = lowest
          ? `${formatPkr(lowest.unitPaisa)} each from ${formatPieces(lowest.quantity)}`
          : "No prices yet";
        return { itemId: item.itemId, name: item.name, detail: `${categories[item.category].label} · ${from}` };
      }),
    },
  };
}

export type SaveResult = { ok: true; draft: StoredQuotation } | { ok: false; errors: Record<string, string> };

/** Checks the editor's form and saves the request's draft; nothing is written when a field is bad. */
export function saveQuotationDraft(
  service: QuoteService,
  quote: StoredQuote,
  values: EditorValues,
  staffId: number,
  now = new Date(),
): SaveResult {
  const read = readQuotationForm(values, pakistanDate(now.getTime()));
  if (!read.ok) return read;
  return { ok: true, draft: new Quotations(service.store).saveDraft(quote.id, read.draft, staffId, now) };
}

/**
 * "Send quotation": the saved draft frozen as the next version and, in the same transaction, its
 * e-mail to the buyer queued (or recorded as not sent when e-mail is off: the version stands either
 * way). The outbox makes the mail: the buyer's link minted for it, the PDF attached.
 */
export function sendQuotation(
  service: QuoteService,
  quote: StoredQuote,
  actor: AuditActor & { staffId: number },
  now = new Date(),
): StoredQuotation | null {
  const sent = new Quotations(service.store).send(quote, actor, now, (version) => {
    service.messaging.queue({
      quoteId: quote.id,
      kind: "quotation",
      recipient: quote.email,
      subject: quotationSubject(quote.reference, version.version!),
      payload: { version: version.version },
      status: service.emailOn ? "queued" : "off",
      staffId: actor.staffId,
      now,
    });
  });
  if (sent) service.outbox?.kick();
  return sent;
}

export type EditorSendOutcome =
  | { ok: true; version: number }
  | { ok: false; errors: EditorErrors }
  /** The draft has no line: nothing was sent. */
  | { ok: false; nothing: true };

/**
 * The editor's "Send quotation": what it posted saved as the draft, then sent, once per one-time key.
 * The same key again (a double click, a retry, parallel posts) gets the first post's outcome: one
 * version sent, never a second from the draft the first post's values would make again.
 */
export function sendFromEditor(
  service: QuoteService,
  quote: StoredQuote,
  values: EditorValues,
  { key, staff }: { key: string; staff: { id: number; name: string; email: string } },
  now = new Date(),
): EditorSendOutcome {
  return once(
    service.db,
    `quotation:${quote.reference}`,
    key,
    (): EditorSendOutcome => {
      const saved = saveQuotationDraft(service, quote, values, staff.id, now);
      if (!saved.ok) return { ok: false, errors: saved.errors };
      const sent = sendQuotation(service, quote, { name: staff.name, email: staff.email, staffId: staff.id }, now);
      return sent ? { ok: true, version: sent.version! } : { ok: false, nothing: true };
    },
    now,
  );
}

const pieces = (quantities: number[]) =>
  `${quantities.map((quantity) => quantity.toLocaleString("en-US")).join(" or ")} piece${quantities.length === 1 && quantities[0] === 1 ? "" : "s"}`;

/**
 * What an approval record says of the request's quotation: the version the artwork belongs to (the
 * accepted one, else the latest sent) and the item's quantity in it (the one chosen once accepted).
 */
export function quotationForRecord(service: QuoteService, quote: StoredQuote) {
  const versions = new Quotations(service.store).versions(quote.id);
  const quotation = versions.find((version) => version.acceptance) ?? versions.at(-1);
  if (!quotation) return { quotation: null, quantity: null };
  // A line names the price-list item the studio piece is made from (older ones, the piece itself).
  const piece = products.find((product) => product.id === quote.design?.itemId);
  const index = Math.max(
    quotation.lines.findIndex(
      (line) => line.itemId !== null && (line.itemId === quote.design?.itemId || line.itemId === piece?.priceItemId),
    ),
    0,
  );
  const line = quotation.lines[index];
  const chosen = quotation.acceptance ? (JSON.parse(quotation.acceptance.choices) as number[])[index] : undefined;
  const options = line ? line.options.filter((option) => chosen === undefined || option.position === chosen) : [];
  return {
    quotation: `Quotation v${quotation.version}`,
    quantity: options.length ? pieces(options.map((option) => option.quantity)) : null,
  };
}
