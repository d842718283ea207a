import { data, redirect } from "react-router";
import { hasPermission, permissionRefused, type RolePermissions } from "~/lib/desk/permissions";
import { storedPermissions } from "~/lib/desk/staff-switches.server";
import type { StaffMember } from "~/lib/desk/staff.server";
import { dayAndTime, deskDay } from "~/lib/desk/time";
import { durationWords } from "~/lib/system/words";
import {
  type CorrectionErrors,
  type CorrectionValues,
  correctionDoneParam,
  correctionValuesOf,
  readCorrectionForm,
} from "./correction-schema";
import type { StoredOrder } from "~/lib/orders/orders.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import { fbrDeskSources } from "./desk-sources.server";
import type { FbrReportsApi, InvoiceReport, ReportCorrection, ReportedBuyer } from "./report-types";
import type { ReportStatus } from "./schema";

// The desk's side of reporting invoices to FBR: what the invoice panel says of each invoice's and credit
// note's report, in staff's words and Pakistan time, and staff's correction of a report FBR refused.

/** Whether the server reports to FBR, and where: null when FBR_DI_TOKEN is not set. */
export type FbrConnection = { sandbox: boolean } | null;

/** A report waiting or refused, with the order it belongs to (the System page links to it). */
export type PendingReport = { report: InvoiceReport; orderReference: string };

/**
 * What the desk takes from the FBR reports module and its queue (the service wires them):
 * - reports: the reports module (FbrReports);
 * - kickQueue(): after a correction, the queue tries the report now instead of at its next round;
 * - saveBuyerTaxFacts: the order's own tax facts take the corrected buyer, so the next invoice has them;
 * - connection and pending(): for the System page's card.
 */
export type FbrDeskSources = {
  reports: FbrReportsApi;
  kickQueue: () => void;
  saveBuyerTaxFacts?: (orderId: number, buyer: ReportedBuyer, actor: { name: string; email: string }) => void;
  connection: FbrConnection;
  pending: () => PendingReport[];
};

export type FbrTone = "plain" | "waiting" | "refused" | "accepted";

/** What the invoice panel shows of one document's report. */
export type FbrReportView = {
  reportId: number | null;
  status: ReportStatus | "none";
  /** The badge: "Waiting for FBR". */
  badge: string;
  tone: FbrTone;
  /** What it means and what to do, in one or two sentences. */
  sentence: string;
  /** Facts beside it: tries, the last problem, the FBR number. */
  facts: { label: string; value: string; mono?: boolean }[];
  /** A plain warning beside the facts (a post whose answer was lost). */
  note: string | null;
  /** FBR's reasons for a refusal: where (a line, or the whole document) and what. */
  errors: { where: string; words: string }[];
  /** Refused, and the member may correct it: the correction form, filled from the report. */
  correction: {
    reportId: number;
    values: CorrectionValues;
    lines: { position: number; description: string }[];
  } | null;
};

export const fbrBadge: Record<ReportStatus | "none", string> = {
  "not reported": "Not reported to FBR",
  none: "Not reported to FBR",
  waiting: "Waiting for FBR",
  refused: "Refused by FBR",
  accepted: "Accepted by FBR",
};

const toneOf: Record<ReportStatus | "none", FbrTone> = {
  "not reported": "plain",
  none: "plain",
  waiting: "waiting",
  refused: "refused",
  accepted: "accepted",
};

/** "Tue 24 Nov 15:02 PKT". */
const when = (iso: string) => `${dayAndTime(iso)} PKT`;

const ago = (iso: string, now: number) => {
  const seconds = (now - Date.parse(iso)) / 1000;
  return seconds < 60 ? "just now" : `${durationWords(seconds)} ago`;
};

/** FBR's own "dated" ("2025-05-13 12:01:41", Pakistan time) as the desk writes a time. */
export function fbrDateWords(dated: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(dated.trim());
  return match ? `${deskDay(match[1]!)} ${match[2]} PKT` : dated;
}

type ViewContext = {
  /** "invoice" or "credit note": how the sentences name the document. */
  document: "invoice" | "credit note";
  /** Whether the member may correct a refused report ("invoices.issue"). */
  canCorrect: boolean;
  now: Date;
  /** For a credit note without a report: its invoice's report status (a note of an unreported one is not reported). */
  invoiceStatus?: ReportStatus | "none";
};

/** What the invoice panel shows of a document's report (null: the document has none). */
export function fbrReportView(report: InvoiceReport | null, context: ViewContext): FbrReportView {
  const { document, canCorrect } = context;
  const now = context.now.getTime();
  const status = report?.status ?? "none";
  const view: FbrReportView = {
    reportId: report?.id ?? null,
    status,
    badge: fbrBadge[status],
    tone: toneOf[status],
    sentence: "",
    facts: [],
    note: null,
    errors: [],
    correction: null,
  };
  if (!report) {
    view.sentence =
      document === "credit note" && (context.invoiceStatus === "not reported" || context.invoiceStatus === "none")
        ? "Its invoice was not reported to FBR, so neither is this credit note."
        : `FBR has no record of this ${document}: it was issued before the desk reported ${document}s to FBR.`;
    return view;
  }
  switch (report.status) {
    case "not reported":
      view.sentence = `Digital Invoicing was not connected when this ${document} was issued (FBR_DI_TOKEN is not set on the server): FBR has no record of it and it carries no FBR number.`;
      break;
    case "waiting": {
      const buyerWaits = document === "invoice" ? " The buyer is e-mailed it once FBR accepts it." : "";
      view.sentence = `Sent to FBR ${when(report.queuedAt)} (${ago(report.queuedAt, now)}) and not yet accepted: it is not final.${buyerWaits} Nothing to do: the desk keeps trying.`;
      view.facts.push({ label: "Tries", value: report.attempts === 0 ? "Not tried yet" : String(report.attempts) });
      if (report.lastProblem) view.facts.push({ label: "Last problem", value: report.lastProblem });
      view.facts.push({
        label: "Next try",
        value:
          report.nextAttemptAt && Date.parse(report.nextAttemptAt) > now
            ? `${when(report.nextAttemptAt)} (in ${durationWords((Date.parse(report.nextAttemptAt) - now) / 1000)})`
            : "Now, as soon as the queue runs",
      });
      if (report.answerLostAt)
        view.note = `A post to FBR on ${when(report.answerLostAt)} got no answer, so FBR may already hold a record of this ${document}. The desk asks FBR again and keeps only one FBR number for it.`;
      break;
    }
    case "refused": {
      view.sentence = canCorrect
        ? `FBR refused this ${document}: it is not a valid tax ${document} until FBR accepts it. Correct what FBR names below, then press "Submit to FBR again".`
        : `FBR refused this ${document}: it is not a valid tax ${document} until FBR accepts it. Someone allowed to issue invoices must correct it and submit it again.`;
      view.errors = refusalWords(report);
      if (canCorrect)
        view.correction = {
          reportId: report.id,
          values: correctionValuesOf(report),
          lines: report.lines.map((line) => ({ position: line.position, description: line.description })),
        };
      break;
    }
    case "accepted":
      view.sentence = `FBR accepted this ${document}: its PDF carries the FBR number and QR code.`;
      view.facts.push({
        label: document === "invoice" ? "FBR invoice number" : "FBR number",
        value: report.fbrNumber ?? "",
        mono: true,
      });
      if (report.fbrDated) view.facts.push({ label: "FBR's date", value: fbrDateWords(report.fbrDated) });
      break;
  }
  return view;
}

/** FBR's reasons, each with where it applies: "Line 2 · Metal pen" or the whole document. */
function refusalWords(report: InvoiceReport): FbrReportView["errors"] {
  const document = report.document === "invoice" ? "Whole invoice" : "Whole credit note";
  const reasons = report.refusal.map((reason) => {
    const line = reason.line === null ? null : report.lines.find((each) => each.position === reason.line);
    const where =
      reason.line === null ? document : line ? `Line ${reason.line} · ${line.description}` : `Line ${reason.line}`;
    return { where, words: reason.code ? `${reason.words} (FBR error ${reason.code})` : reason.words };
  });
  return reasons.length > 0
    ? reasons
    : [{ where: document, words: "FBR gave no reason: check the buyer's registration and each line's HS code." }];
}

type PanelInvoice = { id: number; number: string; creditNotes: readonly { id: number; number: string }[] };

/** What the invoice panel shows of each of an order's invoices and credit notes, by the document's number. */
export function fbrPanelViews(
  reports: FbrReportsApi,
  orderId: number,
  invoices: readonly PanelInvoice[],
  { canCorrect, now = new Date() }: { canCorrect: boolean; now?: Date },
): Record<string, FbrReportView> {
  const ofOrder = reports.reportsOfOrder(orderId);
  const views: Record<string, FbrReportView> = {};
  for (const invoice of invoices) {
    const own = ofOrder.find((report) => report.document === "invoice" && report.invoiceId === invoice.id) ?? null;
    views[invoice.number] = fbrReportView(own, { document: "invoice", canCorrect, now });
    for (const note of invoice.creditNotes) {
      const report =
        ofOrder.find((each) => each.document === "credit note" && each.creditNoteNumber === note.number) ?? null;
      views[note.number] = fbrReportView(report, {
        document: "credit note",
        canCorrect,
        now,
        invoiceStatus: own?.status ?? "none",
      });
    }
  }
  return views;
}

export type CorrectionOutcome =
  | { ok: true }
  /** No such report of this order (another order's is not found either): the route answers 404. */
  | { ok: false; problem: "not found" }
  /** The member may not issue invoices: the route answers 403. */
  | { ok: false; problem: "forbidden" }
  /** The report is no longer refused (already submitted again): nothing changed. */
  | { ok: false; problem: "not refused" }
  /** A bad field: the form again with each message and what was typed. */
  | { ok: false; problem: "form"; reportId: number | null; errors: CorrectionErrors; values: CorrectionValues };

/** A form's fields, whether it came with files or not. */
type SentFields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

/**
 * Staff's correction of a report FBR refused, from the invoice panel's form: the buyer's registration
 * and each line's tax data rewritten, the report back to "Waiting for FBR" and the queue kicked. Only
 * for members who may issue invoices, and only a report of this order.
 */
export function correctFbrReport(
  sources: Pick<FbrDeskSources, "reports" | "kickQueue" | "saveBuyerTaxFacts">,
  { orderId, staff, permissions }: { orderId: number; staff: StaffMember; permissions: RolePermissions },
  fields: SentFields,
  now = new Date(),
): CorrectionOutcome {
  if (!hasPermission(staff.role, "invoices.issue", permissions)) return { ok: false, problem: "forbidden" };
  const read = readCorrectionForm(fields);
  const reportId = read.reportId;
  const report =
    reportId === null ? null : (sources.reports.reportsOfOrder(orderId).find((each) => each.id === reportId) ?? null);
  if (!report) {
    // A form without a readable report names none: it is the form that is wrong, not the address.
    if (reportId === null && !read.ok)
      return { ok: false, problem: "form", reportId, errors: read.errors, values: read.values };
    return { ok: false, problem: "not found" };
  }
  if (!read.ok) return { ok: false, problem: "form", reportId, errors: read.errors, values: read.values };
  if (report.status !== "refused") return { ok: false, problem: "not refused" };
  // The lines are the document's own: a correction may change their tax data, never add or drop one.
  const expected = report.lines.map((line) => line.position).sort((a, b) => a - b);
  const given = read.correction.lines.map((line) => line.position).sort((a, b) => a - b);
  if (expected.join(",") !== given.join(","))
    return {
      ok: false,
      problem: "form",
      reportId,
      errors: { form: "The form's lines are not this document's: open the order again and correct it there." },
      values: correctionValuesOf({ buyer: read.correction.buyer, lines: read.correction.lines }),
    };
  const correction: ReportCorrection = read.correction;
  const actor = { name: staff.name, email: staff.email };
  const corrected = sources.reports.correct(report.id, correction, actor, now);
  if (!corrected.ok)
    return corrected.reason === "no report"
      ? { ok: false, problem: "not found" }
      : { ok: false, problem: "not refused" };
  sources.saveBuyerTaxFacts?.(orderId, correction.buyer, actor);
  sources.kickQueue();
  return { ok: true };
}

/** A correction that could not be saved, for the invoice panel to show again (null: nothing to show). */
export type CorrectionRefused = { reportId: number | null; errors: CorrectionErrors; values: CorrectionValues };

/**
 * The order page's "Submit to FBR again": back to the order's invoice panel when done; the form again
 * with its messages (400); 409 when the report is no longer refused; 404 for a report not this order's;
 * 403 for a member who may not issue invoices.
 */
export function fbrCorrectionAction(
  service: QuoteService,
  order: StoredOrder,
  fields: SentFields,
  staff: StaffMember,
  now = new Date(),
) {
  const sources = fbrDeskSources(service);
  if (!sources) throw data("Not found", { status: 404 });
  const permissions = storedPermissions(service.db);
  const outcome = correctFbrReport(sources, { orderId: order.id, staff, permissions }, fields, now);
  if (outcome.ok)
    throw redirect(`/desk/orders/${order.reference}?${correctionDoneParam}=resubmitted#invoices`, { status: 303 });
  switch (outcome.problem) {
    case "not found":
      throw data("Not found", { status: 404 });
    case "forbidden":
      throw permissionRefused("invoices.issue");
    case "not refused":
      return data(
        {
          error: "FBR no longer refuses this document: it was already submitted again. Its state is shown below.",
          fbrCorrection: null as CorrectionRefused | null,
        },
        { status: 409 },
      );
    case "form": {
      const { reportId, errors, values } = outcome;
      return data(
        { error: null as string | null, fbrCorrection: { reportId, errors, values } as CorrectionRefused | null },
        { status: 400 },
      );
    }
  }
}
