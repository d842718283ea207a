import type Database from "better-sqlite3";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { AuditLog } from "~/lib/audit/audit.server";
import { type AuditActor, type AuditEventData, MAX_FBR_REASON } from "~/lib/audit/events";
import { creditNotes, invoiceLines, invoices } from "~/lib/invoices/schema";
import type { ReportDocument, RefusalLine } from "./di-types";
import type { RegistrationType } from "./lists";
import { sellerOf } from "./payload";
import type { FbrReportsApi, InvoiceReport, ReportCorrection, ReportedBuyer, ReportedLine } from "./report-types";
import { fbrExchanges, invoiceReportLines, invoiceReports, type ReportStatus } from "./schema";

// What FBR's Digital Invoicing is told of each invoice and credit note, what it answered, and the
// durable queue of posts to it. A report is opened in the transaction that issues its document; the
// queue (queue.server.ts) claims what is due, one worker at a time, and marks what came of it. The FBR
// number is set once: only while none is stored, in one statement, on a unique column.

type ReportRow = typeof invoiceReports.$inferSelect;

/** A report's line as it is opened: the invoice line's (or the credit note's one line's) tax data. */
export type OpenedLine = { position: number; hsCode: string; uom: string; saleType: string };

export type OpenReport = {
  invoiceId: number;
  /** Set for a credit note's report. */
  creditNoteId?: number | null;
  /** "waiting" with FBR configured, else "not reported". */
  status: "waiting" | "not reported";
  buyer: ReportedBuyer;
  lines: readonly OpenedLine[];
  now?: Date;
};

/** One request to FBR and what came back (or why nothing did). */
export type Exchange = {
  step: "validate" | "post";
  sentAt: Date;
  request: string;
  httpStatus: number | null;
  answer: string;
  answeredAt: Date | null;
};

/** A report waiting long enough, or refused, that the owners are to hear of it (once each). */
export type OwnerNews = { report: InvoiceReport; orderReference: string; about: "waiting" | "refused" };

/** Longest FBR answer kept per exchange: the API's answers are a few kilobytes. */
const MAX_ANSWER = 64 * 1024;
/** Longest text of a problem kept. */
const MAX_PROBLEM = 500;

/** SQL: report `r` may be posted: an invoice's, or a credit note's whose invoice FBR accepted. */
const READY = `(r.credit_note_id IS NULL OR EXISTS (
  SELECT 1 FROM invoice_reports i WHERE i.invoice_id = r.invoice_id AND i.credit_note_id IS NULL
    AND i.status = 'accepted'))`;

/** FBR's first reason as the request's history keeps it: where, then FBR's words, cut to the history's bound. */
function firstReason(refusal: readonly RefusalLine[]): string {
  const first = refusal[0];
  if (!first) return "";
  const text = `${first.line === null ? "The invoice" : `Line ${first.line}`}: ${first.words}`;
  return text.length > MAX_FBR_REASON ? `${text.slice(0, MAX_FBR_REASON - 1)}…` : text;
}

const creditNoteDescription = (invoiceNumber: string, reason: string) =>
  `Credit against invoice ${invoiceNumber}: ${reason}`;

/**
 * How a document's PDF is marked (app/lib/invoices/pdf.server.ts's FbrMark): FBR's number once accepted,
 * "not reported" without a report (issued before reporting, or FBR not configured), else not final.
 */
export type ReportMark =
  | { status: "accepted"; number: string; dated: string }
  | { status: "not reported" }
  | { status: "waiting" | "refused" };

export function reportMark(report: InvoiceReport | null): ReportMark {
  if (!report || report.status === "not reported") return { status: "not reported" };
  if (report.status === "accepted") return { status: "accepted", number: report.fbrNumber!, dated: report.fbrDated! };
  return { status: report.status };
}

/** Whether the buyer may see and download the document: only a final one (accepted, or not reported). */
export const shownToBuyer = (report: InvoiceReport | null) =>
  !report || report.status === "accepted" || report.status === "not reported";

export class FbrReports implements FbrReportsApi {
  private readonly orm;
  private readonly audit;

  /** `corrected`: called after a correction is committed (the service kicks the queue with it). */
  constructor(
    private readonly db: Database.Database,
    private readonly corrected: () => void = () => undefined,
  ) {
    this.orm = drizzle({ client: db });
    this.audit = new AuditLog(db);
  }

  /**
   * Writes what became of a report into its request's history (where invoice.issued is), inside the
   * caller's transaction; the queue's events are the website's, a correction its staff member's.
   */
  private recordInHistory(
    reportId: number,
    event: (document: { document: "invoice" | "credit note"; number: string }) => AuditEventData,
    actor: AuditActor,
    now: Date,
  ) {
    const report = this.get(reportId)!;
    const { quoteId } = this.orm
      .select({ quoteId: invoices.quoteId })
      .from(invoices)
      .where(eq(invoices.id, report.invoiceId))
      .get()!;
    const number = report.document === "invoice" ? report.invoiceNumber : report.creditNoteNumber!;
    this.audit.record({
      subject: { type: "request", id: quoteId },
      actor,
      at: now,
      ...event({ document: report.document, number }),
    });
  }

  /**
   * Opens the report of an invoice or a credit note, inside the caller's transaction (the one that
   * issues the document): due at once when waiting. Returns its id.
   */
  open({ invoiceId, creditNoteId = null, status, buyer, lines, now = new Date() }: OpenReport): number {
    const at = now.toISOString();
    const { id } = this.orm
      .insert(invoiceReports)
      .values({
        invoiceId,
        creditNoteId,
        status,
        buyerRegistrationType: buyer.registrationType,
        buyerNtnCnic: buyer.ntnCnic,
        buyerBusinessName: buyer.businessName,
        buyerProvince: buyer.province,
        buyerAddress: buyer.address,
        queuedAt: at,
        nextAttemptAt: status === "waiting" ? at : null,
        updatedAt: at,
      })
      .returning({ id: invoiceReports.id })
      .get();
    for (const line of lines)
      this.orm
        .insert(invoiceReportLines)
        .values({ ...line, reportId: id })
        .run();
    return id;
  }

  private view(row: ReportRow): InvoiceReport {
    const invoice = this.orm
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, row.invoiceId))
      .get()!;
    const note = row.creditNoteId
      ? this.orm.select().from(creditNotes).where(eq(creditNotes.id, row.creditNoteId)).get()!
      : null;
    const descriptions = new Map(
      note
        ? [[1, creditNoteDescription(invoice.number, note.reason)]]
        : this.orm
            .select({ position: invoiceLines.position, description: invoiceLines.description })
            .from(invoiceLines)
            .where(eq(invoiceLines.invoiceId, row.invoiceId))
            .all()
            .map((line) => [line.position, line.description] as const),
    );
    const lines: ReportedLine[] = this.orm
      .select()
      .from(invoiceReportLines)
      .where(eq(invoiceReportLines.reportId, row.id))
      .orderBy(asc(invoiceReportLines.position))
      .all()
      .map((line) => ({
        position: line.position,
        description: descriptions.get(line.position) ?? "",
        hsCode: line.hsCode,
        uom: line.uom,
        saleType: line.saleType,
      }));
    return {
      id: row.id,
      document: note ? "credit note" : "invoice",
      invoiceId: row.invoiceId,
      invoiceNumber: invoice.number,
      creditNoteNumber: note?.number ?? null,
      status: row.status as ReportStatus,
      queuedAt: row.queuedAt,
      nextAttemptAt: row.nextAttemptAt,
      attempts: row.attempts,
      lastProblem: row.lastProblem,
      answerLostAt: row.answerLostAt,
      refusal: row.refusal ? (JSON.parse(row.refusal) as RefusalLine[]) : [],
      fbrNumber: row.fbrNumber,
      fbrDated: row.fbrDated,
      acceptedAt: row.acceptedAt,
      buyer: {
        registrationType: row.buyerRegistrationType as RegistrationType,
        ntnCnic: row.buyerNtnCnic,
        businessName: row.buyerBusinessName,
        province: row.buyerProvince,
        address: row.buyerAddress,
      },
      lines,
    };
  }

  private row(reportId: number) {
    return this.orm.select().from(invoiceReports).where(eq(invoiceReports.id, reportId)).get();
  }

  get(reportId: number): InvoiceReport | null {
    const row = this.row(reportId);
    return row ? this.view(row) : null;
  }

  reportOfInvoice(invoiceId: number): InvoiceReport | null {
    const row = this.orm
      .select()
      .from(invoiceReports)
      .where(and(eq(invoiceReports.invoiceId, invoiceId), isNull(invoiceReports.creditNoteId)))
      .get();
    return row ? this.view(row) : null;
  }

  reportOfCreditNote(creditNoteId: number): InvoiceReport | null {
    const row = this.orm.select().from(invoiceReports).where(eq(invoiceReports.creditNoteId, creditNoteId)).get();
    return row ? this.view(row) : null;
  }

  reportsOfOrder(orderId: number): InvoiceReport[] {
    const ofOrder = this.orm.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
    return this.orm
      .select()
      .from(invoiceReports)
      .where(inArray(invoiceReports.invoiceId, ofOrder))
      .orderBy(asc(invoiceReports.id))
      .all()
      .map((row) => this.view(row));
  }

  waitingOrRefused(): InvoiceReport[] {
    return this.orm
      .select()
      .from(invoiceReports)
      .where(inArray(invoiceReports.status, ["waiting", "refused"]))
      .orderBy(asc(invoiceReports.queuedAt), asc(invoiceReports.id))
      .all()
      .map((row) => this.view(row));
  }

  /** What waits for FBR or was refused, oldest first, with its order (the System page links to it). */
  pending(): { report: InvoiceReport; orderReference: string }[] {
    const orders = new Map(
      this.db
        .prepare(
          `SELECT r.id, i.order_reference FROM invoice_reports r JOIN invoices i ON i.id = r.invoice_id
           WHERE r.status IN ('waiting', 'refused')`,
        )
        .raw()
        .all() as [number, string][],
    );
    return this.waitingOrRefused().map((report) => ({ report, orderReference: orders.get(report.id) ?? "" }));
  }

  /** When the next waiting report is due (ms since the epoch), null when none waits. */
  nextDueAt(): number | null {
    const next = this.db
      .prepare(
        `SELECT min(max(r.next_attempt_at, coalesce(r.claimed_until, ''))) FROM invoice_reports r
         WHERE r.status = 'waiting' AND r.next_attempt_at IS NOT NULL AND ${READY}`,
      )
      .pluck()
      .get() as string | null;
    return next ? Date.parse(next) : null;
  }

  /**
   * Staff's correction of a refused report: the buyer's registration and each line's tax data rewritten,
   * and back to "waiting", due now. Only while refused: an accepted report is FBR's record and stays.
   */
  correct(
    reportId: number,
    correction: ReportCorrection,
    actor: { name: string; email: string },
    now = new Date(),
  ): { ok: true } | { ok: false; reason: "not refused" | "no report" } {
    const result = this.db
      .transaction((): { ok: true } | { ok: false; reason: "not refused" | "no report" } => {
        const row = this.row(reportId);
        if (!row) return { ok: false, reason: "no report" };
        if (row.status !== "refused") return { ok: false, reason: "not refused" };
        const at = now.toISOString();
        const { buyer } = correction;
        this.orm
          .update(invoiceReports)
          .set({
            status: "waiting",
            buyerRegistrationType: buyer.registrationType,
            buyerNtnCnic: buyer.ntnCnic,
            buyerBusinessName: buyer.businessName,
            buyerProvince: buyer.province,
            buyerAddress: buyer.address,
            nextAttemptAt: at,
            claimedUntil: null,
            refusal: null,
            ownerToldRefusedAt: null,
            updatedAt: at,
          })
          .where(and(eq(invoiceReports.id, reportId), eq(invoiceReports.status, "refused")))
          .run();
        for (const line of correction.lines)
          this.orm
            .update(invoiceReportLines)
            .set({ hsCode: line.hsCode, uom: line.uom, saleType: line.saleType })
            .where(and(eq(invoiceReportLines.reportId, reportId), eq(invoiceReportLines.position, line.position)))
            .run();
        this.recordInHistory(reportId, (payload) => ({ type: "invoice.fbr_corrected", payload }), actor, now);
        return { ok: true };
      })
      .immediate();
    if (result.ok) this.corrected();
    return result;
  }

  /**
   * Claims the reports due now for this worker until `now + leaseMs`, in one IMMEDIATE transaction so
   * two processes never claim one report. A credit note's report is due only once its invoice's report
   * is accepted: it refers to the invoice's FBR number.
   */
  claimDue(now: Date, leaseMs: number, limit = 10): InvoiceReport[] {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const rows = this.db
      .transaction(() => {
        const due = this.db
          .prepare(
            `SELECT r.id FROM invoice_reports r
             WHERE r.status = 'waiting' AND r.next_attempt_at <= @at
               AND (r.claimed_until IS NULL OR r.claimed_until <= @at)
               AND ${READY}
             ORDER BY r.next_attempt_at, r.id LIMIT @limit`,
          )
          .pluck()
          .all({ at, limit }) as number[];
        for (const id of due)
          this.orm.update(invoiceReports).set({ claimedUntil: until }).where(eq(invoiceReports.id, id)).run();
        return due;
      })
      .immediate();
    return rows.map((id) => this.get(id)!);
  }

  /**
   * The document a report tells FBR of, from the stored invoice or credit note and the report's buyer
   * and lines. A credit note is one line (what it credits) and refers to its invoice's FBR number.
   */
  documentOf(reportId: number): ReportDocument | null {
    const row = this.row(reportId);
    if (!row) return null;
    const report = this.view(row);
    const invoice = this.orm.select().from(invoices).where(eq(invoices.id, row.invoiceId)).get()!;
    const lineData = new Map(report.lines.map((line) => [line.position, line]));
    const buyer = report.buyer;
    if (row.creditNoteId) {
      const note = this.orm.select().from(creditNotes).where(eq(creditNotes.id, row.creditNoteId)).get()!;
      const refersTo = this.reportOfInvoice(invoice.id)?.fbrNumber ?? null;
      const line = lineData.get(1)!;
      return {
        kind: "credit note",
        date: note.issueDate,
        seller: sellerOf(),
        buyer,
        refersTo,
        lines: [
          {
            description: line.description,
            quantity: 1,
            rateBp: invoice.taxRateBp,
            valueExclTaxPaisa: note.valueExclTaxPaisa,
            salesTaxPaisa: note.taxPaisa,
            furtherTaxPaisa: note.furtherTaxPaisa,
            hsCode: line.hsCode,
            uom: line.uom,
            saleType: line.saleType,
          },
        ],
      };
    }
    const lines = this.orm
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position))
      .all();
    return {
      kind: "invoice",
      date: invoice.issueDate,
      seller: sellerOf(),
      buyer,
      refersTo: null,
      lines: lines.map((line) => {
        const data = lineData.get(line.position);
        return {
          description: line.description,
          quantity: line.quantity,
          rateBp: invoice.taxRateBp,
          valueExclTaxPaisa: line.valueExclTaxPaisa,
          salesTaxPaisa: line.taxPaisa,
          furtherTaxPaisa: line.furtherTaxPaisa,
          hsCode: data?.hsCode ?? "",
          uom: data?.uom ?? "",
          saleType: data?.saleType ?? "",
        };
      }),
    };
  }

  /** Keeps one request to FBR and its answer as it came (bounded). */
  recordExchange(reportId: number, exchange: Exchange) {
    this.orm
      .insert(fbrExchanges)
      .values({
        reportId,
        step: exchange.step,
        sentAt: exchange.sentAt.toISOString(),
        request: exchange.request,
        httpStatus: exchange.httpStatus,
        answer: exchange.answer.slice(0, MAX_ANSWER),
        answeredAt: exchange.answeredAt?.toISOString() ?? null,
      })
      .run();
  }

  /** The exchanges of a report, oldest first. */
  exchangesOf(reportId: number) {
    return this.orm
      .select()
      .from(fbrExchanges)
      .where(eq(fbrExchanges.reportId, reportId))
      .orderBy(asc(fbrExchanges.id))
      .all();
  }

  /**
   * FBR accepted the report with this number: set only while the report has none, in one statement (the
   * unique column backs it), so a report never keeps two FBR numbers. False when it already had one.
   * The request's history says so in the same transaction, once.
   */
  markAccepted(reportId: number, { number, dated }: { number: string; dated: string }, now = new Date()): boolean {
    const at = now.toISOString();
    return this.db
      .transaction(() => {
        const changed = this.orm
          .update(invoiceReports)
          .set({
            status: "accepted",
            fbrNumber: number,
            fbrDated: dated,
            acceptedAt: at,
            attempts: sql`${invoiceReports.attempts} + 1`,
            nextAttemptAt: null,
            claimedUntil: null,
            lastProblem: null,
            refusal: null,
            updatedAt: at,
          })
          .where(
            and(
              eq(invoiceReports.id, reportId),
              isNull(invoiceReports.fbrNumber),
              eq(invoiceReports.status, "waiting"),
            ),
          )
          .run().changes;
        if (changed !== 1) return false;
        this.recordInHistory(
          reportId,
          (document) => ({ type: "invoice.fbr_accepted", payload: { ...document, fbrNumber: number } }),
          "website",
          now,
        );
        return true;
      })
      .immediate();
  }

  /**
   * FBR refused the report: its reasons kept in staff's words, no further try until staff correct it;
   * the request's history says so in the same transaction.
   */
  markRefused(reportId: number, refusal: readonly RefusalLine[], now = new Date()) {
    const at = now.toISOString();
    this.db
      .transaction(() => {
        const changed = this.orm
          .update(invoiceReports)
          .set({
            status: "refused",
            refusal: JSON.stringify(refusal),
            attempts: sql`${invoiceReports.attempts} + 1`,
            nextAttemptAt: null,
            claimedUntil: null,
            lastProblem: null,
            ownerToldRefusedAt: null,
            updatedAt: at,
          })
          .where(and(eq(invoiceReports.id, reportId), eq(invoiceReports.status, "waiting")))
          .run().changes;
        if (changed !== 1) return;
        this.recordInHistory(
          reportId,
          (document) => ({
            type: "invoice.fbr_refused",
            payload: { ...document, reasons: refusal.length, first: firstReason(refusal) },
          }),
          "website",
          now,
        );
      })
      .immediate();
  }

  /**
   * No usable answer came: tried again at `nextAttemptAt`, the problem kept; `answerLost` when a post
   * may have reached FBR (the next post may be given a number for it too, and only one is kept).
   */
  markUnavailable(
    reportId: number,
    { problem, answerLost, nextAttemptAt }: { problem: string; answerLost: boolean; nextAttemptAt: Date },
    now = new Date(),
  ) {
    const at = now.toISOString();
    this.orm
      .update(invoiceReports)
      .set({
        attempts: sql`${invoiceReports.attempts} + 1`,
        lastProblem: problem.slice(0, MAX_PROBLEM),
        nextAttemptAt: nextAttemptAt.toISOString(),
        claimedUntil: null,
        ...(answerLost ? { answerLostAt: at } : {}),
        updatedAt: at,
      })
      .where(and(eq(invoiceReports.id, reportId), eq(invoiceReports.status, "waiting")))
      .run();
  }

  /**
   * What the owners are to be told and have not been: reports waiting since before `waitedSince`, and
   * refusals (each refusal once; a correction refused again is news again).
   */
  ownerNews(waitedSince: Date): OwnerNews[] {
    const rows = this.db
      .prepare(
        `SELECT r.id, i.order_reference AS orderReference,
                CASE WHEN r.status = 'refused' THEN 'refused' ELSE 'waiting' END AS about
         FROM invoice_reports r JOIN invoices i ON i.id = r.invoice_id
         WHERE (r.status = 'refused' AND r.owner_told_refused_at IS NULL)
            OR (r.status = 'waiting' AND r.owner_told_waiting_at IS NULL AND r.queued_at <= ?)
         ORDER BY r.id`,
      )
      .all(waitedSince.toISOString()) as { id: number; orderReference: string; about: "waiting" | "refused" }[];
    return rows.map(({ id, orderReference, about }) => ({ report: this.get(id)!, orderReference, about }));
  }

  /** The owners were told of a report's wait or refusal. */
  markOwnerTold(reportId: number, about: "waiting" | "refused", now = new Date()) {
    this.orm
      .update(invoiceReports)
      .set(about === "waiting" ? { ownerToldWaitingAt: now.toISOString() } : { ownerToldRefusedAt: now.toISOString() })
      .where(eq(invoiceReports.id, reportId))
      .run();
  }
}
