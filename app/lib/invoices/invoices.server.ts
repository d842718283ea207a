import { asc, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { business, fullAddress } from "~/content/business";
import { type AuditActor, actorLabel } from "~/lib/audit/events";
import { pakistanDate } from "~/lib/desk/time";
import { orders } from "~/lib/orders/schema";
import { Quotations } from "~/lib/quotations/quotations.server";
import { quotationTotals } from "~/lib/quotations/totals";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { creditNotes, invoiceLines, invoiceSequences, invoices } from "./schema";

// Sales tax invoices for orders, and credit notes that correct them. An invoice is computed only from
// the stored quotation and the buyer's acceptance, copied whole into its rows and numbered in the same
// IMMEDIATE transaction that stores it: a crash before the commit takes no number, so the numbers of a
// fiscal year have no gap and no duplicate whatever the number of processes.

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLine = Omit<typeof invoiceLines.$inferSelect, "id" | "invoiceId">;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export type StoredInvoice = InvoiceRow & {
  lines: InvoiceLine[];
  creditNotes: CreditNoteRow[];
  /** What the buyer pays: value, sales tax and further tax. */
  payablePaisa: number;
  /** What its credit notes took off, every tax included. */
  creditedPaisa: number;
  /** What can still be credited of the payable, every tax included: 0 once it is fully credited. */
  leftToCreditPaisa: number;
};

/** A credit note with the invoice it corrects (its parties, references and date are the invoice's). */
export type StoredCreditNote = CreditNoteRow & { invoice: InvoiceRow };

export type InvoiceRefusal =
  | "no order"
  | "not accepted"
  /** The quotation's rows no longer read as the version the buyer accepted. */
  | "quotation changed"
  /** The totals computed again from the stored rows are not the acceptance's. */
  | "totals differ"
  /** The order has an invoice that is not fully credited. */
  | "already invoiced";

export type CreditNoteRefusal = "no invoice" | "no reason" | "amount not allowed";

type Issued<T, R> = { ok: true; value: T } | { ok: false; reason: R };

/** The Pakistani fiscal year (July–June) of a date: "2027-06-30" → "2026-27", "2027-07-01" → "2027-28". */
export function fiscalYear(date: string): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "INV-2026-27-0001", "CN-2026-27-0012". */
export const documentNumber = (series: "INV" | "CN", year: string, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(4, "0")}`;

/**
 * The tax on the whole supply shared among its lines so that they add up to it exactly: each line its
 * exact share rounded down, the paisa left over to the lines with the largest remainders.
 */
export function shareTax(values: readonly number[], taxRateBp: number, taxPaisa: number): number[] {
  const exact = values.map((value) => value * taxRateBp);
  const shares = exact.map((scaled) => Math.floor(scaled / 10_000));
  let left = taxPaisa - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((scaled, index) => ({ index, remainder: scaled % 10_000 }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** A tax at a rate on a value, in whole paisa, half up. */
export const taxOn = (valuePaisa: number, rateBp: number) => Math.floor((2 * valuePaisa * rateBp + 10_000) / 20_000);

/**
 * How much of a credit (tax included) is value and how much tax: the whole remainder when it takes all
 * that is left, else the tax in it at the invoice's rate (half up), kept within what is left of each.
 */
export function splitCredit(
  amountPaisa: number,
  left: { valueExclTaxPaisa: number; taxPaisa: number },
  taxRateBp: number,
): { valueExclTaxPaisa: number; taxPaisa: number } {
  if (amountPaisa === left.valueExclTaxPaisa + left.taxPaisa) return { ...left };
  const scaled = amountPaisa * taxRateBp;
  const divisor = 10_000 + taxRateBp;
  const tax = Math.floor((2 * scaled + divisor) / (2 * divisor));
  const taxPaisa = Math.min(Math.max(tax, amountPaisa - left.valueExclTaxPaisa, 0), left.taxPaisa, amountPaisa);
  return { valueExclTaxPaisa: amountPaisa - taxPaisa, taxPaisa };
}

/**
 * A credit of what the buyer pays split into value, sales tax and further tax: the whole remainder when it
 * takes all that is left, else the further tax in it at its rate (half up, within what is left of it)
 * and the rest split into value and sales tax as `splitCredit` does.
 */
export function splitPayableCredit(
  amountPaisa: number,
  left: { valueExclTaxPaisa: number; taxPaisa: number; furtherTaxPaisa: number },
  rates: { taxRateBp: number; furtherTaxRateBp: number },
): { valueExclTaxPaisa: number; taxPaisa: number; furtherTaxPaisa: number } {
  if (amountPaisa === left.valueExclTaxPaisa + left.taxPaisa + left.furtherTaxPaisa) return { ...left };
  const divisor = 10_000 + rates.taxRateBp + rates.furtherTaxRateBp;
  const further = Math.floor((2 * amountPaisa * rates.furtherTaxRateBp + divisor) / (2 * divisor));
  const furtherTaxPaisa = Math.min(
    Math.max(further, amountPaisa - left.valueExclTaxPaisa - left.taxPaisa, 0),
    left.furtherTaxPaisa,
    amountPaisa,
  );
  return {
    ...splitCredit(
      amountPaisa - furtherTaxPaisa,
      { valueExclTaxPaisa: left.valueExclTaxPaisa, taxPaisa: left.taxPaisa },
      rates.taxRateBp,
    ),
    furtherTaxPaisa,
  };
}

const recordedBy = (actor: AuditActor) => (typeof actor === "object" ? actorLabel(actor) : actor);

/** Longest buyer address and credit reason kept: a document's block, not a letter. */
const MAX_TEXT = 500;

export class Invoices {
  private readonly orm;
  private readonly quotations;

  constructor(readonly store: QuoteStore) {
    this.orm = drizzle({ client: store.db });
    this.quotations = new Quotations(store);
  }

  private load(row: InvoiceRow): StoredInvoice {
    const lines = this.orm
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, row.id))
      .orderBy(asc(invoiceLines.position))
      .all()
      .map(({ id: _id, invoiceId: _invoiceId, ...line }) => line);
    const notes = this.orm
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, row.id))
      .orderBy(asc(creditNotes.id))
      .all();
    const payablePaisa = row.totalPaisa + row.furtherTaxPaisa;
    const creditedPaisa = notes.reduce((sum, note) => sum + note.amountPaisa + note.furtherTaxPaisa, 0);
    return {
      ...row,
      lines,
      creditNotes: notes,
      payablePaisa,
      creditedPaisa,
      leftToCreditPaisa: payablePaisa - creditedPaisa,
    };
  }

  /** An invoice by its number, with its lines and credit notes; null when there is none. */
  invoice(number: string): StoredInvoice | null {
    const row = this.orm.select().from(invoices).where(eq(invoices.number, number)).get();
    return row ? this.load(row) : null;
  }

  /** The number of a request's newest invoice, or null before its first. */
  newestNumberOf(quoteId: number): string | null {
    const row = this.orm
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.quoteId, quoteId))
      .orderBy(desc(invoices.id))
      .get();
    return row?.number ?? null;
  }

  /** An order's invoices, oldest first (more than one only when the earlier ones were fully credited). */
  invoicesOf(orderId: number): StoredInvoice[] {
    return this.orm
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.id))
      .all()
      .map((row) => this.load(row));
  }

  /** A credit note by its number, with the invoice it corrects; null when there is none. */
  creditNote(number: string): StoredCreditNote | null {
    const note = this.orm.select().from(creditNotes).where(eq(creditNotes.number, number)).get();
    if (!note) return null;
    const invoice = this.orm.select().from(invoices).where(eq(invoices.id, note.invoiceId)).get()!;
    return { ...note, invoice };
  }

  private nextNumber(series: "INV" | "CN", year: string): number {
    return this.orm
      .insert(invoiceSequences)
      .values({ series, fiscalYear: year, last: 1 })
      .onConflictDoUpdate({
        target: [invoiceSequences.series, invoiceSequences.fiscalYear],
        set: { last: sql`${invoiceSequences.last} + 1` },
      })
      .returning({ last: invoiceSequences.last })
      .get().last;
  }

  /**
   * Issues the sales tax invoice of an order (by id or reference "O-2026-0042"), dated `now` in
   * Pakistan, from its accepted quotation: the lines with the options chosen, each set-up charge and
   * the delivery, and further tax at `furtherTaxRateBp` on the value (a supply to an unregistered
   * buyer, app/lib/fbr/rates.ts). Refused when the stored rows no longer give the acceptance's totals,
   * or when the order already has an invoice that is not fully credited.
   */
  issueInvoice(
    order: number | string,
    {
      buyerAddress = "",
      furtherTaxRateBp = 0,
      actor,
      now = new Date(),
    }: { buyerAddress?: string; furtherTaxRateBp?: number; actor: AuditActor; now?: Date },
  ): Issued<StoredInvoice, InvoiceRefusal> {
    return this.store.db
      .transaction((): Issued<StoredInvoice, InvoiceRefusal> => {
        const orderRow = this.orm
          .select()
          .from(orders)
          .where(typeof order === "number" ? eq(orders.id, order) : eq(orders.reference, order))
          .get();
        const quote = orderRow ? this.store.get(orderRow.quoteId) : null;
        if (!orderRow || !quote) return { ok: false, reason: "no order" };

        const quotation = this.quotations.versions(quote.id).find((version) => version.id === orderRow.quotationId);
        const acceptance = quotation?.acceptance;
        if (!quotation || !acceptance) return { ok: false, reason: "not accepted" };
        if (acceptance.quotationSha256 !== quotation.sha256 || !this.quotations.isIntact(quote, quotation))
          return { ok: false, reason: "quotation changed" };

        let totals;
        try {
          totals = quotationTotals(quotation, JSON.parse(acceptance.choices) as number[]);
        } catch {
          return { ok: false, reason: "totals differ" };
        }
        const stored = [
          acceptance.goodsPaisa,
          acceptance.setupPaisa,
          acceptance.deliveryPaisa,
          acceptance.taxPaisa,
          acceptance.totalPaisa,
        ];
        const computed = [
          totals.goodsPaisa,
          totals.setupPaisa,
          totals.deliveryPaisa,
          totals.taxPaisa,
          totals.totalPaisa,
        ];
        if (stored.some((amount, index) => amount !== computed[index])) return { ok: false, reason: "totals differ" };

        if (this.invoicesOf(orderRow.id).some((earlier) => earlier.leftToCreditPaisa > 0))
          return { ok: false, reason: "already invoiced" };

        const lines = [
          ...quotation.lines.map((line, index) => ({
            kind: "goods" as const,
            description: line.decoration ? `${line.description} — ${line.decoration}` : line.description,
            quantity: totals.lines[index]!.quantity,
            unitPaisa: totals.lines[index]!.unitPaisa,
          })),
          ...quotation.lines
            .filter((line) => line.setupPaisa > 0)
            .map((line) => ({
              kind: "setup" as const,
              description: `Set-up: ${line.description}`,
              quantity: 1,
              unitPaisa: line.setupPaisa,
            })),
          ...(totals.deliveryPaisa > 0
            ? [{ kind: "delivery" as const, description: "Delivery", quantity: 1, unitPaisa: totals.deliveryPaisa }]
            : []),
        ].map((line) => ({ ...line, valueExclTaxPaisa: line.quantity * line.unitPaisa }));
        const taxes = shareTax(
          lines.map((line) => line.valueExclTaxPaisa),
          totals.taxRateBp,
          totals.taxPaisa,
        );
        // Further tax is on the value of the supply, shared among the lines the same way as the sales tax.
        const furtherTaxPaisa = taxOn(totals.taxablePaisa, furtherTaxRateBp);
        const furtherTaxes = shareTax(
          lines.map((line) => line.valueExclTaxPaisa),
          furtherTaxRateBp,
          furtherTaxPaisa,
        );

        const issueDate = pakistanDate(now.getTime());
        const year = fiscalYear(issueDate);
        const sequence = this.nextNumber("INV", year);
        const number = documentNumber("INV", year, sequence);
        const { id } = this.orm
          .insert(invoices)
          .values({
            number,
            fiscalYear: year,
            sequence,
            issuedAt: now.toISOString(),
            issueDate,
            issuedBy: recordedBy(actor),
            orderId: orderRow.id,
            quoteId: quote.id,
            orderReference: orderRow.reference,
            requestReference: quote.reference,
            poNumber: acceptance.poNumber,
            quotationVersion: quotation.version!,
            quotationSha256: quotation.sha256!,
            supplierName: business.name,
            supplierAddress: fullAddress,
            supplierNtn: business.ntn,
            supplierStrn: business.strn,
            buyerName: quote.name,
            buyerCompany: quote.company,
            buyerAddress: buyerAddress.trim().slice(0, MAX_TEXT),
            buyerNtn: quotation.buyerNtn,
            buyerStrn: quotation.buyerStrn,
            taxRateBp: totals.taxRateBp,
            valueExclTaxPaisa: totals.taxablePaisa,
            taxPaisa: totals.taxPaisa,
            totalPaisa: totals.totalPaisa,
            furtherTaxPaisa,
            furtherTaxRateBp,
          })
          .returning({ id: invoices.id })
          .get();
        lines.forEach((line, index) =>
          this.orm
            .insert(invoiceLines)
            .values({
              ...line,
              invoiceId: id,
              position: index + 1,
              taxPaisa: taxes[index]!,
              valueInclTaxPaisa: line.valueExclTaxPaisa + taxes[index]!,
              furtherTaxPaisa: furtherTaxes[index]!,
            })
            .run(),
        );
        this.store.audit.record({
          subject: { type: "request", id: quote.id },
          actor,
          at: now,
          type: "invoice.issued",
          payload: { number, order: orderRow.reference, totalPaisa: totals.totalPaisa + furtherTaxPaisa },
        });
        return { ok: true, value: this.invoice(number)! };
      })
      .immediate();
  }

  /**
   * Issues a credit note against an invoice for `amountPaisa` (of what the buyer pays, every tax
   * included; more than 0, at most what is left to credit) with its reason, dated `now` in Pakistan and
   * numbered in its own series.
   */
  issueCreditNote(
    invoiceNumber: string,
    {
      amountPaisa,
      reason,
      actor,
      now = new Date(),
    }: { amountPaisa: number; reason: string; actor: AuditActor; now?: Date },
  ): Issued<StoredCreditNote, CreditNoteRefusal> {
    return this.store.db
      .transaction((): Issued<StoredCreditNote, CreditNoteRefusal> => {
        const invoice = this.invoice(invoiceNumber);
        if (!invoice) return { ok: false, reason: "no invoice" };
        const why = reason.trim().slice(0, MAX_TEXT);
        if (!why) return { ok: false, reason: "no reason" };
        if (!Number.isSafeInteger(amountPaisa) || amountPaisa <= 0 || amountPaisa > invoice.leftToCreditPaisa)
          return { ok: false, reason: "amount not allowed" };

        const credited = invoice.creditNotes.reduce(
          (sum, note) => ({
            valueExclTaxPaisa: sum.valueExclTaxPaisa + note.valueExclTaxPaisa,
            taxPaisa: sum.taxPaisa + note.taxPaisa,
            furtherTaxPaisa: sum.furtherTaxPaisa + note.furtherTaxPaisa,
          }),
          { valueExclTaxPaisa: 0, taxPaisa: 0, furtherTaxPaisa: 0 },
        );
        const split = splitPayableCredit(
          amountPaisa,
          {
            valueExclTaxPaisa: invoice.valueExclTaxPaisa - credited.valueExclTaxPaisa,
            taxPaisa: invoice.taxPaisa - credited.taxPaisa,
            furtherTaxPaisa: invoice.furtherTaxPaisa - credited.furtherTaxPaisa,
          },
          { taxRateBp: invoice.taxRateBp, furtherTaxRateBp: invoice.furtherTaxRateBp },
        );
        // A credit note carries value (its stored amount is never 0): further tax alone is not credited.
        if (split.valueExclTaxPaisa + split.taxPaisa === 0) return { ok: false, reason: "amount not allowed" };

        const issueDate = pakistanDate(now.getTime());
        const year = fiscalYear(issueDate);
        const sequence = this.nextNumber("CN", year);
        const number = documentNumber("CN", year, sequence);
        this.orm
          .insert(creditNotes)
          .values({
            number,
            fiscalYear: year,
            sequence,
            invoiceId: invoice.id,
            issuedAt: now.toISOString(),
            issueDate,
            issuedBy: recordedBy(actor),
            reason: why,
            ...split,
            // The stored amount is value and sales tax, as on the invoice; the further tax is beside it.
            amountPaisa: split.valueExclTaxPaisa + split.taxPaisa,
          })
          .run();
        this.store.audit.record({
          subject: { type: "request", id: invoice.quoteId },
          actor,
          at: now,
          type: "invoice.credit_note_issued",
          payload: { number, invoice: invoice.number, amountPaisa, reason: why },
        });
        return { ok: true, value: this.creditNote(number)! };
      })
      .immediate();
  }
}
