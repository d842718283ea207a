import { z } from "zod";
import { oneLine, severalLines } from "~/lib/text-fields";
import { hasPermission } from "~/lib/desk/permissions";
import { storedPermissions } from "~/lib/desk/staff-switches.server";
import type { StaffMember } from "~/lib/desk/staff.server";
import { deskDay } from "~/lib/desk/time";
import { fbrPanelViews } from "~/lib/fbr/desk.server";
import type { FbrReportsApi } from "~/lib/fbr/report-types";
import { formatPkr, parseRupees, rupeesField } from "~/lib/money";
import type { StoredOrder } from "~/lib/orders/orders.server";
import { onceKeyField } from "~/lib/once/key";
import { newOnceKey, once } from "~/lib/once/once.server";
import { type FormOutcome, type MoneyError, onceKey, readMoneyForm } from "~/lib/payments/desk.server";
import { Payments } from "~/lib/payments/payments.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { StoredQuote } from "~/lib/quotes/store.server";
import { reportMark, shownToBuyer } from "~/lib/fbr/reports.server";
import { issueOrderCreditNote, issueOrderInvoice, type IssueRefusal } from "~/lib/workflows/invoicing.server";
import { type CreditNoteRefusal, Invoices, type StoredInvoice } from "./invoices.server";

// The desk's side of an order's sales tax invoice: the invoice panel's forms (issuing an invoice or a
// credit note goes through the invoicing workflow, app/lib/workflows/invoicing.server.ts) and what the
// panel shows.

/** Where the desk downloads an order's invoice or credit note. */
export const deskDocumentPath = (orderReference: string, number: string) =>
  `/desk/orders/${orderReference}/invoices/${number}.pdf`;

export const issueInvoiceSchema = z.object({
  intent: z.literal("issue"),
  [onceKeyField]: onceKey,
  buyerAddress: z.string().max(500).check(severalLines()).default(""),
});

export const creditNoteSchema = z.object({
  intent: z.literal("credit"),
  [onceKeyField]: onceKey,
  invoice: z.string().max(40),
  amount: z.string().max(40),
  reason: z.string().max(500).check(oneLine("The reason")),
});

const invoiceFormSchema = z.discriminatedUnion("intent", [issueInvoiceSchema, creditNoteSchema]);

const issueRefusal: Record<Exclude<IssueRefusal, "no order" | "not accepted">, MoneyError> = {
  "already invoiced": "already-invoiced",
  "no tax facts": "tax-facts",
  "quotation changed": "quotation-changed",
  "totals differ": "quotation-changed",
};
const creditRefusal: Record<Exclude<CreditNoteRefusal, "no invoice">, MoneyError> = {
  "no reason": "reason",
  "amount not allowed": "credit-amount",
};

/**
 * An invoice panel's post: the invoice issued or a credit note, or why not (nothing is stored then).
 * Once per one-time key: the same key again gets the first post's outcome, never a second document.
 */
export function invoiceForm(
  service: QuoteService,
  target: { quote: StoredQuote; order: StoredOrder },
  body: Record<string, unknown>,
  staff: StaffMember,
  now = new Date(),
): FormOutcome {
  const read = readMoneyForm(invoiceFormSchema, body);
  if (!read.ok) return { ok: false, error: read.error };
  const form = read.form;
  return once(service.db, `${form.intent}:${target.order.reference}`, form[onceKeyField], () =>
    invoiceFormOnce(service, target, form, staff, now),
  );
}

function invoiceFormOnce(
  service: QuoteService,
  target: { quote: StoredQuote; order: StoredOrder },
  form: z.infer<typeof invoiceFormSchema>,
  staff: StaffMember,
  now: Date,
): FormOutcome {
  const actor = { name: staff.name, email: staff.email };
  if (form.intent === "issue") {
    const issued = issueOrderInvoice(service, target, {
      buyerAddress: form.buyerAddress,
      actor,
      staffId: staff.id,
      now,
    });
    if (issued.ok)
      return { ok: true, done: service.fbr.configured ? "invoice-fbr" : service.emailOn ? "invoice" : "invoice-off" };
    if (issued.reason === "no order" || issued.reason === "not accepted") return { ok: false, error: "not found" };
    return { ok: false, error: issueRefusal[issued.reason] };
  }
  const invoices = new Invoices(service.store);
  // Only this order's invoices: another order's number is not found here.
  const invoice = invoices.invoicesOf(target.order.id).find((candidate) => candidate.number === form.invoice);
  if (!invoice) return { ok: false, error: "not found" };
  const amountPaisa = parseRupees(form.amount);
  if (amountPaisa === null || amountPaisa <= 0) return { ok: false, error: "credit-amount" };
  const credited = issueOrderCreditNote(service, invoice.number, { amountPaisa, reason: form.reason, actor, now });
  if (credited.ok) return { ok: true, done: "credit-note" };
  if (credited.reason === "no invoice") return { ok: false, error: "not found" };
  return { ok: false, error: creditRefusal[credited.reason] };
}

/**
 * An order's invoice or credit note by its number (null for another order's), with its report's mark for
 * the PDF. For the buyer, only a final one: accepted by FBR, or not reported.
 */
export function orderDocument(
  service: QuoteService,
  order: StoredOrder,
  number: string,
  { forBuyer = false }: { forBuyer?: boolean } = {},
) {
  const invoices = new Invoices(service.store);
  const reports = service.fbr.reports;
  const invoice = invoices.invoicesOf(order.id).find((candidate) => candidate.number === number);
  const note = invoice ? null : invoices.creditNote(number);
  const report = invoice
    ? reports.reportOfInvoice(invoice.id)
    : note && note.invoice.orderId === order.id
      ? reports.reportOfCreditNote(note.id)
      : null;
  if (forBuyer && !shownToBuyer(report)) return null;
  const mark = reportMark(report);
  if (invoice) return { kind: "invoice" as const, invoice, mark };
  if (note && note.invoice.orderId === order.id) return { kind: "credit note" as const, note, mark };
  return null;
}

const invoiceView = (orderReference: string, invoice: StoredInvoice) => ({
  number: invoice.number,
  day: deskDay(invoice.issueDate),
  total: formatPkr(invoice.payablePaisa),
  credited: invoice.creditedPaisa > 0 ? formatPkr(invoice.creditedPaisa) : null,
  leftToCredit: rupeesField(invoice.leftToCreditPaisa),
  canBeCredited: invoice.leftToCreditPaisa > 0,
  pdf: deskDocumentPath(orderReference, invoice.number),
  creditNotes: invoice.creditNotes.map((note) => ({
    number: note.number,
    day: deskDay(note.issueDate),
    amount: formatPkr(note.amountPaisa + note.furtherTaxPaisa),
    reason: note.reason,
    pdf: deskDocumentPath(orderReference, note.number),
  })),
});

/**
 * What the invoice panel shows of an order; with the FBR reports module (`reports`), each invoice's and
 * credit note's report too, by its number.
 */
export function invoicePanelData(
  service: QuoteService,
  order: StoredOrder,
  member: StaffMember,
  reports: FbrReportsApi | null = null,
  now = new Date(),
) {
  const invoices = new Invoices(service.store).invoicesOf(order.id);
  const summary = new Payments(service.store).summary(order);
  const canIssue = hasPermission(member.role, "invoices.issue", storedPermissions(service.db));
  return {
    order: order.reference,
    invoices: invoices.map((invoice) => ({
      ...invoiceView(order.reference, invoice),
      // The invoice standing is settled by money and the tax withheld: what the order still owes.
      settlement:
        invoice.leftToCreditPaisa > 0 && summary
          ? { settled: summary.duePaisa === 0, due: formatPkr(summary.duePaisa) }
          : null,
    })),
    // A new invoice only once every earlier one is fully credited (the invoices module says so too).
    mayIssue: invoices.every((invoice) => invoice.leftToCreditPaisa === 0),
    /** The one-time key of the panel's forms (the invoice and each credit note). */
    formKey: newOnceKey(),
    canIssue,
    canCredit: hasPermission(member.role, "invoices.credit"),
    /** Each document's FBR report by its number; null when the desk is not given the reports. */
    fbr: reports ? fbrPanelViews(reports, order.id, invoices, { canCorrect: canIssue, now }) : null,
  };
}

export type InvoicePanelData = ReturnType<typeof invoicePanelData>;
