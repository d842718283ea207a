import { business } from "~/content/business";
import type { AuditActor } from "~/lib/audit/events";
import { pakistanDate, shortDateTime } from "~/lib/desk/time";
import { orderReference } from "~/lib/orders/orders.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { once } from "~/lib/once/once.server";
import { blankLine, type EditorErrors, editorValues, type EditorValues, readQuotationForm } from "./editor-schema";
import { draftFromVersion, prefillDraft } from "./prefill.server";
import {
  type QuotationDraft,
  type QuotationState,
  Quotations,
  quotationState,
  type StoredAcceptance,
  type StoredQuotation,
} from "./quotations.server";
import {
  firstChoices,
  largestTotalPaisa,
  nearestChoices,
  MAX_TOTAL_PAISA,
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

/** The saved draft's totals; null while it cannot have any (no line, or beyond the limit: saving then says why). */
const totalsOf = (draft: Pick<QuotationDraft, "lines" | "deliveryPaisa" | "taxRateBp">): QuotationTotals | null =>
  draft.lines.length > 0 &&
  draft.lines.every((line) => line.options.length > 0) &&
  largestTotalPaisa(draft) <= MAX_TOTAL_PAISA
    ? quotationTotals(draft, firstChoices(draft))
    : null;

/**
 * What the editor opens with: the saved draft, else the latest version to change (v2 onwards), else a
 * new draft prefilled from the request. The totals are the server's, of the saved draft only.
 */
export function editorPage(service: QuoteService, quote: StoredQuote, now = new Date()) {
  const quotations = new Quotations(service.store);
  const draft = quotations.draft(quote.id);
  const latest = quotations.latest(quote.id);
  const start: QuotationDraft =
    draft ??
    (latest ? draftFromVersion(latest, now) : prefillDraft(quote, now, service.prices.priceFor.bind(service.prices)));
  const values = editorValues(start);
  if (values.lines.length === 0) values.lines.push(blankLine());
  return {
    values,
    saved: draft !== null,
    savedAt: draft ? shortDateTime(Date.parse(draft.updatedAt)) : null,
    totals: draft ? totalsOf(draft) : null,
    version: (latest?.version ?? 0) + 1,
    today: pakistanDate(now.getTime()),
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
      status: service.outbox ? "queued" : "off",
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
    service.store,
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
  const index = Math.max(
    quotation.lines.findIndex((line) => line.itemId !== null && line.itemId === quote.design?.itemId),
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
