import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { AuditActor } from "~/lib/audit/events";
import { business } from "~/content/business";
import { quotationTerms } from "~/content/quotation-terms";
import { addCalendarDays, endOfPakistanDate } from "~/lib/desk/time";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import { type QuotationParties, quotationSha256 } from "./canonical";
import { quotationAcceptances, quotationLines, quotationOptions, quotations } from "./schema";
import { nearestChoices, quotationTotals } from "./totals";

export type StoredOption = { position: number; quantity: number; unitPaisa: number };
export type StoredLine = {
  position: number;
  itemId: string | null;
  description: string;
  decoration: string;
  setupPaisa: number;
  options: StoredOption[];
};
export type StoredAcceptance = typeof quotationAcceptances.$inferSelect;

export type StoredQuotation = Omit<typeof quotations.$inferSelect, "updatedBy" | "sentBy"> & {
  lines: StoredLine[];
  acceptance: StoredAcceptance | null;
};

/** What the desk's editor saves: everything of a draft, its lines in order (positions are given here). */
export type QuotationDraft = {
  validUntil: string;
  leadTimeDays: number;
  leadTime: string;
  paymentTerms: string;
  note: string;
  deliveryPaisa: number;
  taxRateBp: number;
  buyerNtn: string;
  buyerStrn: string;
  lines: {
    itemId: string | null;
    description: string;
    decoration: string;
    setupPaisa: number;
    options: { quantity: number; unitPaisa: number }[];
  }[];
};

/** Where a sent version stands for the buyer and the desk. */
export type QuotationState = "draft" | "sent" | "replaced" | "accepted" | "expired";

/** A new draft's terms, from the one place they are set. */
export function defaultTerms(now: Date): Omit<QuotationDraft, "lines"> {
  return {
    validUntil: addCalendarDays(now.getTime(), quotationTerms.validForDays),
    leadTimeDays: quotationTerms.leadTimeDays,
    leadTime: quotationTerms.leadTime(quotationTerms.leadTimeDays),
    paymentTerms: quotationTerms.paymentTerms,
    note: "",
    deliveryPaisa: 0,
    taxRateBp: quotationTerms.salesTaxRateBp,
    buyerNtn: "",
    buyerStrn: "",
  };
}

/** Whom a request's quotations are from and to. */
export const quotationParties = (quote: StoredQuote): QuotationParties => ({
  reference: quote.reference,
  supplier: { name: business.name, ntn: business.ntn, strn: business.strn },
  buyer: { name: quote.name, company: quote.company, email: quote.email },
});

/** Whether a sent version can still be accepted at `now` (its last valid day is over in Pakistan). */
export const isPastValidity = (quotation: Pick<StoredQuotation, "validUntil">, now: number) =>
  now > endOfPakistanDate(quotation.validUntil);

/** The state of a version among its request's versions (`latest`: the newest sent version's number). */
export function quotationState(quotation: StoredQuotation, latest: number | null, now: number): QuotationState {
  if (quotation.version === null) return "draft";
  if (quotation.acceptance) return "accepted";
  if (latest !== null && quotation.version < latest) return "replaced";
  if (quotation.expiredAt || isPastValidity(quotation, now)) return "expired";
  return "sent";
}

/**
 * A request's priced quotations: one draft the desk edits, then versions frozen when sent (their
 * rows final by trigger), each with its SHA-256; the buyer's acceptance of one. Totals are computed
 * from the stored lines only (totals.ts).
 */
export class Quotations {
  private readonly orm;

  constructor(readonly store: QuoteStore) {
    this.orm = drizzle({ client: store.db });
  }

  private load(rows: (typeof quotations.$inferSelect)[]): StoredQuotation[] {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const lines = this.orm
      .select()
      .from(quotationLines)
      .where(inArray(quotationLines.quotationId, ids))
      .orderBy(asc(quotationLines.position))
      .all();
    const options = lines.length
      ? this.orm
          .select()
          .from(quotationOptions)
          .where(
            inArray(
              quotationOptions.lineId,
              lines.map((line) => line.id),
            ),
          )
          .orderBy(asc(quotationOptions.position))
          .all()
      : [];
    const acceptances = this.orm
      .select()
      .from(quotationAcceptances)
      .where(inArray(quotationAcceptances.quotationId, ids))
      .all();
    return rows.map(({ updatedBy: _updatedBy, sentBy: _sentBy, ...row }) => ({
      ...row,
      lines: lines
        .filter((line) => line.quotationId === row.id)
        .map((line) => ({
          position: line.position,
          itemId: line.itemId,
          description: line.description,
          decoration: line.decoration,
          setupPaisa: line.setupPaisa,
          options: options
            .filter((option) => option.lineId === line.id)
            .map(({ position, quantity, unitPaisa }) => ({ position, quantity, unitPaisa })),
        })),
      acceptance: acceptances.find((acceptance) => acceptance.quotationId === row.id) ?? null,
    }));
  }

  /** The request's draft, if one is being prepared. */
  draft(quoteId: number): StoredQuotation | null {
    const row = this.orm
      .select()
      .from(quotations)
      .where(and(eq(quotations.quoteId, quoteId), isNull(quotations.version)))
      .get();
    return row ? this.load([row])[0]! : null;
  }

  /** The request's sent versions, oldest first. */
  versions(quoteId: number): StoredQuotation[] {
    const rows = this.orm
      .select()
      .from(quotations)
      .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.version)))
      .orderBy(asc(quotations.version))
      .all();
    return this.load(rows);
  }

  /** One sent version of a request, or null. */
  version(quoteId: number, version: number): StoredQuotation | null {
    const row = this.orm
      .select()
      .from(quotations)
      .where(and(eq(quotations.quoteId, quoteId), eq(quotations.version, version)))
      .get();
    return row ? this.load([row])[0]! : null;
  }

  /** The newest sent version of a request, or null. */
  latest(quoteId: number): StoredQuotation | null {
    const { last } = this.orm
      .select({ last: max(quotations.version) })
      .from(quotations)
      .where(eq(quotations.quoteId, quoteId))
      .get()!;
    return last === null ? null : this.version(quoteId, last);
  }

  /** Writes the request's draft (made if there is none), its lines replaced by the given ones. */
  saveDraft(quoteId: number, draft: QuotationDraft, staffId: number | null, now = new Date()): StoredQuotation {
    const at = now.toISOString();
    return this.store.db
      .transaction(() => {
        const { lines, ...terms } = draft;
        const existing = this.orm
          .select({ id: quotations.id })
          .from(quotations)
          .where(and(eq(quotations.quoteId, quoteId), isNull(quotations.version)))
          .get();
        const id = existing
          ? (this.orm
              .update(quotations)
              .set({ ...terms, updatedAt: at, updatedBy: staffId })
              .where(eq(quotations.id, existing.id))
              .run(),
            existing.id)
          : this.orm
              .insert(quotations)
              .values({ ...terms, quoteId, createdAt: at, updatedAt: at, updatedBy: staffId })
              .returning({ id: quotations.id })
              .get().id;
        this.orm.delete(quotationLines).where(eq(quotationLines.quotationId, id)).run();
        lines.forEach((line, index) => {
          const { id: lineId } = this.orm
            .insert(quotationLines)
            .values({
              quotationId: id,
              position: index + 1,
              itemId: line.itemId,
              description: line.description,
              decoration: line.decoration,
              setupPaisa: line.setupPaisa,
            })
            .returning({ id: quotationLines.id })
            .get();
          line.options.forEach((option, optionIndex) =>
            this.orm
              .insert(quotationOptions)
              .values({ lineId, position: optionIndex + 1, ...option })
              .run(),
          );
        });
        return this.draft(quoteId)!;
      })
      .immediate();
  }

  /** Throws away the request's draft. */
  discardDraft(quoteId: number) {
    this.orm
      .delete(quotations)
      .where(and(eq(quotations.quoteId, quoteId), isNull(quotations.version)))
      .run();
  }

  /**
   * Freezes the request's draft as its next version, with its SHA-256, and moves the request to
   * Waiting on buyer; all in one transaction with whatever `alsoDo` writes (the e-mail to the buyer).
   * Null when there is no draft or it has no line.
   */
  send(
    quote: StoredQuote,
    actor: AuditActor & { staffId?: number | null },
    now = new Date(),
    alsoDo: (sent: StoredQuotation) => void = () => {},
  ): StoredQuotation | null {
    return this.store.db
      .transaction(() => {
        const draft = this.draft(quote.id);
        if (!draft || draft.lines.length === 0) return null;
        const { last } = this.orm
          .select({ last: max(quotations.version) })
          .from(quotations)
          .where(eq(quotations.quoteId, quote.id))
          .get()!;
        const version = (last ?? 0) + 1;
        const at = now.toISOString();
        const sha256 = quotationSha256({ ...draft, version, sentAt: at }, quotationParties(quote));
        // Quoted at the options nearest what the buyer asked for: what they are most likely to take.
        const totals = quotationTotals(draft, nearestChoices(draft, quote.quantity));
        this.orm
          .update(quotations)
          .set({
            version,
            sentAt: at,
            sentBy: typeof actor === "object" ? (actor.staffId ?? null) : null,
            sha256,
            quotedTotalPaisa: totals.totalPaisa,
          })
          .where(eq(quotations.id, draft.id))
          .run();
        const sent = this.version(quote.id, version)!;
        this.store.audit.record({
          subject: { type: "request", id: quote.id },
          actor,
          at: now,
          type: "quotation.sent",
          payload: { version, totalPaisa: totals.totalPaisa, sha256 },
        });
        this.store.changeStatus(quote.id, { type: "quotation sent" }, {}, actor, now);
        alsoDo(sent);
        return sent;
      })
      .immediate();
  }

  /**
   * Keeps the total of every version sent before totals were kept, or whose total a migration cleared
   * to count again (once: the column is then final), at the options nearest the buyer's quantity.
   */
  fillQuotedTotals() {
    const unfilled = this.orm
      .select({ id: quotations.id, quoteId: quotations.quoteId, version: quotations.version })
      .from(quotations)
      .where(and(isNotNull(quotations.version), isNull(quotations.quotedTotalPaisa)))
      .all();
    this.store.db.transaction(() => {
      for (const { id, quoteId, version } of unfilled) {
        const sent = this.version(quoteId, version!)!;
        const asked = this.store.get(quoteId)?.quantity ?? null;
        const quotedTotalPaisa = quotationTotals(sent, nearestChoices(sent, asked)).totalPaisa;
        this.orm.update(quotations).set({ quotedTotalPaisa }).where(eq(quotations.id, id)).run();
      }
    })();
  }

  /** Whether a sent version still reads as it did when it was sent (its rows and parties unchanged). */
  isIntact(quote: StoredQuote, quotation: StoredQuotation): boolean {
    return quotation.sha256 !== null && quotationSha256(quotation, quotationParties(quote)) === quotation.sha256;
  }

  /**
   * The buyer's "What should change?" on a sent version, once (false if it was asked already). Like
   * the marks below, a fact about the version, not a change of it: the triggers leave these columns open.
   */
  recordChanges(quotationId: number, text: string, now: Date): boolean {
    return (
      this.orm
        .update(quotations)
        .set({ changesText: text, changesAt: now.toISOString() })
        .where(and(eq(quotations.id, quotationId), isNotNull(quotations.version), isNull(quotations.changesAt)))
        .run().changes === 1
    );
  }

  /** Marks that the buyer was reminded of a version, once. */
  markReminded(quotationId: number, now: Date): boolean {
    return (
      this.orm
        .update(quotations)
        .set({ remindedAt: now.toISOString() })
        .where(and(eq(quotations.id, quotationId), isNull(quotations.remindedAt)))
        .run().changes === 1
    );
  }

  /** Marks a version expired unanswered, once. */
  markExpired(quotationId: number, now: Date): boolean {
    return (
      this.orm
        .update(quotations)
        .set({ expiredAt: now.toISOString() })
        .where(and(eq(quotations.id, quotationId), isNull(quotations.expiredAt)))
        .run().changes === 1
    );
  }

  /** How many versions a request has sent (0: none yet). */
  sentCount(quoteId: number): number {
    return this.orm
      .select({ count: sql<number>`count(*)` })
      .from(quotations)
      .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.version)))
      .get()!.count;
  }
}
