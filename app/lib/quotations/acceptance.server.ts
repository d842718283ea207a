import { drizzle } from "drizzle-orm/better-sqlite3";
import { quotationTerms } from "~/content/quotation-terms";
import { addBusinessDays, pakistanDate } from "~/lib/desk/time";
import { Messaging, type OutboundKind } from "~/lib/messaging/messaging.server";
import { Orders, type StoredOrder } from "~/lib/orders/orders.server";
import { OrderTaxFacts, type TaxFacts } from "~/lib/orders/tax-facts.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import {
  type AcceptedFacts,
  acceptedBuyerEmail,
  acceptedStaffEmail,
  changesStaffEmail,
  type MailText,
  reminderBuyerEmail,
} from "./buyer-mail";
import { isPastValidity, Quotations, type StoredAcceptance, type StoredQuotation } from "./quotations.server";
import { quotationAcceptances } from "./schema";
import { checkChoices, quotationTotals } from "./totals";
import { formatPkr } from "~/lib/money";

/** What the buyer's "Accept" posts: the version and SHA-256 they were shown, their choices and who they are. */
export type AcceptInput = {
  version: number;
  sha256: string;
  choices: number[];
  name: string;
  role: string;
  poNumber: string;
  /** The buyer's tax registration for the sales tax invoice, when they gave it (the form's optional section). */
  taxFacts?: TaxFacts | null;
};

/** Why an answer was refused; nothing is changed then. */
export type AnswerRefusal =
  /** Not the request's latest sent version (an older one was replaced, or no such version). */
  | "not_latest"
  /** Its validity is over. */
  | "expired"
  /** The choices do not fit its lines. */
  | "choices"
  /** The SHA-256 posted is not the stored one, or its rows no longer match it. */
  | "changed"
  /** The request's quotation was accepted already. */
  | "accepted"
  /** The buyer asked for changes to this version already. */
  | "changes_asked";

export type AcceptResult =
  { ok: true; acceptance: StoredAcceptance; order: StoredOrder } | { ok: false; reason: AnswerRefusal };
export type ChangesResult = { ok: true } | { ok: false; reason: AnswerRefusal };

/** One chosen option as every record writes it: "500 pcs × PKR 89 = PKR 44,500". */
export const optionLabel = (option: { quantity: number; unitPaisa: number }) =>
  `${option.quantity.toLocaleString("en-US")} pcs × ${formatPkr(option.unitPaisa)} = ${formatPkr(option.quantity * option.unitPaisa)}`;

/** The lines as accepted, one text each: "Ball pens, 1-colour print: 500 pcs × PKR 89 = PKR 44,500". */
export const chosenLines = (quotation: Pick<StoredQuotation, "lines">, choices: readonly number[]) =>
  quotation.lines.map((line, index) => {
    const option = line.options[(choices[index] ?? 1) - 1]!;
    const what = [line.description, line.decoration].filter(Boolean).join(", ");
    return `${what}: ${optionLabel(option)}`;
  });

/** Whether the one reminder of an unanswered version is due at `now`: a few business days before it ends, never on the day it was sent. */
export const quotationReminderDue = (
  quotation: Pick<StoredQuotation, "validUntil" | "sentAt" | "remindedAt">,
  now: number,
) =>
  quotation.remindedAt === null &&
  quotation.sentAt !== null &&
  pakistanDate(now) > pakistanDate(Date.parse(quotation.sentAt)) &&
  addBusinessDays(now, quotationTerms.reminderBusinessDaysBefore) >= quotation.validUntil;

/**
 * The buyer's answers to a request's quotation: an acceptance (owns quotation_acceptances; it makes the
 * order) or changes asked, and the follow-ups of an unanswered version (one reminder, then expiry).
 * Each in one transaction with its history, status move and e-mails.
 */
export class QuotationAnswers {
  private readonly orm;
  readonly orders: Orders;
  private readonly taxFacts: OrderTaxFacts;

  constructor(
    readonly store: QuoteStore,
    readonly quotations: Quotations = new Quotations(store),
    /** Where the staff are told (QUOTE_NOTIFY_TO), or null when e-mail is off: then no e-mail is queued. */
    private readonly staffTo: readonly string[] | null = null,
    private readonly messaging = new Messaging(store),
  ) {
    this.orm = drizzle({ client: store.db });
    this.orders = new Orders(store);
    this.taxFacts = new OrderTaxFacts(store);
  }

  private queue(quoteId: number, kind: OutboundKind, to: string, text: MailText, payload: object, now: Date) {
    this.messaging.queue({
      quoteId,
      kind,
      recipient: to,
      subject: text.subject,
      payload: { ...payload, body: text.body },
      now,
    });
  }

  /** Why the latest version cannot be answered now, or null. */
  private refusal(quote: StoredQuote, version: number): { latest: StoredQuotation } | AnswerRefusal {
    const latest = this.quotations.latest(quote.id);
    if (!latest || latest.version !== version) return "not_latest";
    if (this.orders.forRequest(quote.id) || latest.acceptance) return "accepted";
    if (latest.changesAt) return "changes_asked";
    return { latest };
  }

  /**
   * Records the buyer's acceptance of the latest version, with the server's totals for their choices,
   * and makes the order; refused (nothing changed) for anything but the intact, valid, unanswered
   * latest version the buyer was shown.
   */
  accept(quoteId: number, input: AcceptInput, now = new Date()): AcceptResult {
    return this.store.db
      .transaction((): AcceptResult => {
        const quote = this.store.get(quoteId);
        if (!quote) return { ok: false, reason: "not_latest" };
        const found = this.refusal(quote, input.version);
        if (typeof found === "string") return { ok: false, reason: found };
        const { latest } = found;
        if (latest.expiredAt || isPastValidity(latest, now.getTime())) return { ok: false, reason: "expired" };
        const choices = checkChoices(latest, input.choices);
        if (!choices) return { ok: false, reason: "choices" };
        if (input.sha256 !== latest.sha256 || !this.quotations.isIntact(quote, latest))
          return { ok: false, reason: "changed" };
        const totals = quotationTotals(latest, choices);
        const at = now.toISOString();
        const acceptance = this.orm
          .insert(quotationAcceptances)
          .values({
            quotationId: latest.id,
            quoteId: quote.id,
            acceptedAt: at,
            name: input.name,
            role: input.role,
            poNumber: input.poNumber,
            choices: JSON.stringify(choices),
            goodsPaisa: totals.goodsPaisa,
            setupPaisa: totals.setupPaisa,
            deliveryPaisa: totals.deliveryPaisa,
            taxPaisa: totals.taxPaisa,
            totalPaisa: totals.totalPaisa,
            quotationSha256: latest.sha256!,
          })
          .returning()
          .get();
        const order = this.orders.create(quote, latest.id, now);
        if (input.taxFacts) this.taxFacts.save(order.id, input.taxFacts, "buyer", { now });
        this.store.audit.record({
          subject: { type: "request", id: quote.id },
          actor: "buyer",
          at: now,
          type: "quotation.accepted",
          payload: {
            version: input.version,
            order: order.reference,
            name: input.name,
            role: input.role,
            poNumber: input.poNumber,
            totalPaisa: totals.totalPaisa,
            sha256: latest.sha256!,
          },
        });
        this.store.changeStatus(quote.id, { type: "quotation accepted" }, {}, "buyer", now);
        if (this.staffTo) {
          const facts: AcceptedFacts = {
            version: input.version,
            order: order.reference,
            name: input.name,
            role: input.role,
            poNumber: input.poNumber,
            acceptedAt: at,
            choices: chosenLines(latest, choices),
            totals,
            sha256: latest.sha256!,
          };
          const payload = { version: input.version };
          this.queue(quote.id, "quotation-accepted", quote.email, acceptedBuyerEmail(quote, facts), payload, now);
          if (this.staffTo.length)
            this.queue(
              quote.id,
              "quotation-staff",
              this.staffTo.join(", "),
              acceptedStaffEmail(quote, facts),
              payload,
              now,
            );
        }
        return { ok: true, acceptance, order };
      })
      .immediate();
  }

  /** Records the buyer's "What should change?" on the latest version (an expired one too); once per version. */
  askChanges(quoteId: number, version: number, text: string, now = new Date()): ChangesResult {
    return this.store.db
      .transaction((): ChangesResult => {
        const quote = this.store.get(quoteId);
        if (!quote) return { ok: false, reason: "not_latest" };
        const found = this.refusal(quote, version);
        if (typeof found === "string") return { ok: false, reason: found };
        if (!this.quotations.recordChanges(found.latest.id, text, now)) return { ok: false, reason: "changes_asked" };
        this.store.audit.record({
          subject: { type: "request", id: quote.id },
          actor: "buyer",
          at: now,
          type: "quotation.changes_requested",
          payload: { version, text },
        });
        this.store.changeStatus(quote.id, { type: "quotation changes asked" }, {}, "buyer", now);
        if (this.staffTo?.length)
          this.queue(
            quote.id,
            "quotation-staff",
            this.staffTo.join(", "),
            changesStaffEmail(quote, version, text),
            { version },
            now,
          );
        return { ok: true };
      })
      .immediate();
  }

  /**
   * The follow-ups of every request's latest sent version still unanswered (no acceptance, no changes
   * asked): once its validity is over, it is marked expired (once) and the request goes back to the
   * office; before that, the buyer gets one reminder a few business days before it ends. Returns
   * how many were reminded and expired.
   */
  followUp(now = new Date()): { reminded: number; expired: number } {
    const open = this.store.db
      .prepare(
        `SELECT q.quote_id AS quoteId FROM quotations q
         WHERE q.version IS NOT NULL AND q.expired_at IS NULL AND q.changes_at IS NULL
           AND q.version = (SELECT max(version) FROM quotations WHERE quote_id = q.quote_id)
           AND NOT EXISTS (SELECT 1 FROM quotation_acceptances a WHERE a.quote_id = q.quote_id)`,
      )
      .pluck()
      .all() as number[];
    let reminded = 0;
    let expired = 0;
    for (const quoteId of open) {
      this.store.db
        .transaction(() => {
          const quote = this.store.get(quoteId);
          const latest = this.quotations.latest(quoteId);
          if (!quote || !latest || latest.acceptance || latest.changesAt || latest.expiredAt) return;
          if (isPastValidity(latest, now.getTime())) {
            if (!this.quotations.markExpired(latest.id, now)) return;
            this.store.audit.record({
              subject: { type: "request", id: quoteId },
              actor: "website",
              at: now,
              type: "quotation.expired",
              payload: { version: latest.version! },
            });
            this.store.changeStatus(quoteId, { type: "quotation expired" }, {}, "website", now);
            expired++;
            return;
          }
          // A request given up (Lost) or won another way gets no reminder; e-mail off, none either.
          if (quote.status === "won" || quote.status === "lost" || !this.staffTo) return;
          if (!quotationReminderDue(latest, now.getTime())) return;
          if (!this.quotations.markReminded(latest.id, now)) return;
          this.queue(
            quoteId,
            "quotation-reminder",
            quote.email,
            reminderBuyerEmail(quote, latest.version!, latest.validUntil),
            { version: latest.version },
            now,
          );
          this.store.audit.record({
            subject: { type: "request", id: quoteId },
            actor: "website",
            at: now,
            type: "quotation.reminder_queued",
            payload: { version: latest.version!, to: quote.email },
          });
          reminded++;
        })
        .immediate();
    }
    return { reminded, expired };
  }
}
