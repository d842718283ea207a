import type { RefusalLine } from "./di-types";
import type { RegistrationType } from "./lists";
import type { ReportStatus } from "./schema";

// What the FBR reports module (reports.server.ts) gives the desk, the PDFs and the buyer's link about a
// document's report, and what a correction of a refused report carries.

export type ReportedBuyer = {
  registrationType: RegistrationType;
  ntnCnic: string;
  businessName: string;
  province: string;
  address: string;
};

export type ReportedLine = { position: number; description: string; hsCode: string; uom: string; saleType: string };

export type InvoiceReport = {
  id: number;
  document: "invoice" | "credit note";
  invoiceId: number;
  invoiceNumber: string;
  creditNoteNumber: string | null;
  status: ReportStatus;
  /** ISO 8601, UTC. */
  queuedAt: string;
  nextAttemptAt: string | null;
  attempts: number;
  lastProblem: string | null;
  answerLostAt: string | null;
  refusal: RefusalLine[];
  fbrNumber: string | null;
  fbrDated: string | null;
  acceptedAt: string | null;
  buyer: ReportedBuyer;
  lines: ReportedLine[];
};

/** Staff's correction of a refused report: the buyer's registration and each line's tax data. */
export type ReportCorrection = {
  buyer: ReportedBuyer;
  lines: { position: number; hsCode: string; uom: string; saleType: string }[];
};

/**
 * The reports module's interface (implemented by FbrReports in reports.server.ts):
 * - reportOfInvoice(invoiceId): InvoiceReport | null — the invoice's own report.
 * - reportOfCreditNote(creditNoteId): InvoiceReport | null.
 * - reportsOfOrder(orderId): InvoiceReport[] — the invoices' and credit notes' reports, oldest first.
 * - get(reportId): InvoiceReport | null.
 * - correct(reportId, correction, actor, now): { ok: true } | { ok: false; reason: "not refused" | "no report" }
 *   — only while "refused": rewrites buyer and lines, puts it back to "waiting" (next attempt now).
 * - waitingOrRefused(): InvoiceReport[] — for the System page and the owners' alerts.
 */
export type FbrReportsApi = {
  reportOfInvoice(invoiceId: number): InvoiceReport | null;
  reportOfCreditNote(creditNoteId: number): InvoiceReport | null;
  reportsOfOrder(orderId: number): InvoiceReport[];
  get(reportId: number): InvoiceReport | null;
  correct(
    reportId: number,
    correction: ReportCorrection,
    actor: { name: string; email: string },
    now?: Date,
  ): { ok: true } | { ok: false; reason: "not refused" | "no report" };
  waitingOrRefused(): InvoiceReport[];
};
