import type { Actor } from "~/lib/audit/events";
import type { ReportedBuyer } from "~/lib/fbr/report-types";
import type { OpenedLine } from "~/lib/fbr/reports.server";
import { furtherTaxRateBp } from "~/lib/fbr/rates";
import { ntnCnicDigits } from "~/lib/fbr/lists";
import {
  type CreditNoteRefusal,
  type InvoiceRefusal,
  Invoices,
  type StoredCreditNote,
  type StoredInvoice,
} from "~/lib/invoices/invoices.server";
import type { StoredOrder } from "~/lib/orders/orders.server";
import { Quotations } from "~/lib/quotations/quotations.server";
import type { QuoteService } from "~/lib/quotes/service.server";
import type { QuoteStore, StoredQuote } from "~/lib/quotes/store.server";
import type { Messaging } from "~/lib/messaging/messaging.server";

// Issuing a sales tax invoice or a credit note, as one named workflow: the document, its report to FBR
// and the buyer's e-mail are stored in one IMMEDIATE transaction. With FBR's Digital Invoicing
// configured the report waits for the FBR queue and the buyer is e-mailed only once FBR accepts the
// invoice (the queue's onAccepted, below); without it the invoice is "not reported" and e-mailed at once.

/** The subject of the buyer's invoice e-mail. */
export const invoiceSubject = (number: string, orderReference: string) =>
  `Sales tax invoice ${number} for your order ${orderReference}`;

/** The order's buyer as FBR is to be told, missing while FBR is configured: staff fill it in first. */
export type IssueRefusal = InvoiceRefusal | "no tax facts";

type Outcome<T, R> = { ok: true; value: T } | { ok: false; reason: R };

/** The order's buyer as the invoice names it, for a report that is not sent (no tax facts given). */
function buyerOfInvoice(invoice: StoredInvoice): ReportedBuyer {
  const ntnCnic = ntnCnicDigits(invoice.buyerNtn) ?? "";
  return {
    registrationType: ntnCnic ? "Registered" : "Unregistered",
    ntnCnic,
    businessName: invoice.buyerCompany || invoice.buyerName,
    province: "",
    address: invoice.buyerAddress,
  };
}

/**
 * Each invoice line's tax data from the price list: a goods line is the accepted quotation's line of
 * the same place, a set-up line its goods line's, the delivery the first goods line's.
 */
function linesOf(service: QuoteService, invoice: StoredInvoice, order: StoredOrder): OpenedLine[] {
  const quotation = new Quotations(service.store)
    .versions(invoice.quoteId)
    .find((version) => version.id === order.quotationId);
  const items = quotation?.lines.map((line) => line.itemId) ?? [];
  const withSetup = quotation?.lines.filter((line) => line.setupPaisa > 0).map((line) => line.itemId) ?? [];
  let goods = 0;
  let setup = 0;
  return invoice.lines.map((line) => {
    const itemId =
      line.kind === "goods"
        ? (items[goods++] ?? null)
        : line.kind === "setup"
          ? (withSetup[setup++] ?? null)
          : (items[0] ?? null);
    const { hsCode, uom, saleType } = service.fbr.taxDataOf(itemId);
    return { position: line.position, hsCode, uom, saleType };
  });
}

/**
 * Issues the order's invoice with further tax at the buyer's registration, opens its report to FBR and,
 * when FBR is not configured, queues its e-mail to the buyer, all in one transaction (the mail recorded
 * as not sent when e-mail is off). With FBR configured and the order's tax facts missing it is refused.
 */
export function issueOrderInvoice(
  service: QuoteService,
  { quote, order }: { quote: StoredQuote; order: StoredOrder },
  {
    buyerAddress,
    actor,
    staffId,
    now = new Date(),
  }: { buyerAddress: string; actor: Actor; staffId: number | null; now?: Date },
): Outcome<StoredInvoice, IssueRefusal> {
  const { fbr } = service;
  const issued = service.db
    .transaction((): Outcome<StoredInvoice, IssueRefusal> => {
      const facts = fbr.taxFactsOf(order.id);
      if (fbr.configured && !facts) return { ok: false, reason: "no tax facts" };
      const result = new Invoices(service.store).issueInvoice(order.id, {
        buyerAddress: buyerAddress.trim() || facts?.address || "",
        furtherTaxRateBp: facts ? furtherTaxRateBp(facts.registrationType) : 0,
        actor,
        now,
      });
      if (!result.ok) return result;
      const invoice = result.value;
      fbr.reports.open({
        invoiceId: invoice.id,
        status: fbr.configured ? "waiting" : "not reported",
        buyer: facts ?? buyerOfInvoice(invoice),
        lines: linesOf(service, invoice, order),
        now,
      });
      if (!fbr.configured) queueInvoiceMail(service, quote, invoice, { staffId, now });
      return result;
    })
    .immediate();
  if (issued.ok) {
    if (fbr.configured) fbr.queue?.kick();
    else service.outbox?.kick();
  }
  return issued;
}

/** What queuing the buyer's invoice e-mail needs of the service. */
type Mailing = { store: QuoteStore; messaging: Messaging; emailOn: boolean };

/** Queues the buyer's e-mail of an invoice (recorded as not sent when e-mail is off). */
function queueInvoiceMail(
  service: Omit<Mailing, "store">,
  quote: Pick<StoredQuote, "id" | "email">,
  invoice: StoredInvoice,
  { staffId, now }: { staffId: number | null; now: Date },
) {
  service.messaging.queue({
    quoteId: quote.id,
    kind: "invoice",
    recipient: quote.email,
    subject: invoiceSubject(invoice.number, invoice.orderReference),
    payload: { number: invoice.number },
    status: service.emailOn ? "queued" : "off",
    staffId,
    now,
  });
}

/**
 * What follows FBR's acceptance of an invoice, in the transaction that stores it (the FBR queue's
 * onAccepted): the invoice, now final, is e-mailed to the buyer (the outbox is kicked after the commit,
 * through the queue's afterAccepted). A credit note is not e-mailed.
 */
export function invoiceAccepted(service: Mailing) {
  return (report: { document: "invoice" | "credit note"; invoiceNumber: string }, now: Date) => {
    if (report.document !== "invoice") return;
    const invoice = new Invoices(service.store).invoice(report.invoiceNumber);
    const quote = invoice ? service.store.get(invoice.quoteId) : undefined;
    if (!invoice || !quote) return;
    queueInvoiceMail(service, quote, invoice, { staffId: null, now });
  };
}

/**
 * Issues a credit note against one of the order's invoices and opens its report, in one transaction:
 * reported to FBR as a Debit Note referring to the invoice's FBR number, once FBR has accepted the
 * invoice. A credit note of an invoice that was not reported is not reported either.
 */
export function issueOrderCreditNote(
  service: QuoteService,
  invoiceNumber: string,
  { amountPaisa, reason, actor, now = new Date() }: { amountPaisa: number; reason: string; actor: Actor; now?: Date },
): Outcome<StoredCreditNote, CreditNoteRefusal> {
  const { fbr } = service;
  let reported = false;
  const credited = service.db
    .transaction((): Outcome<StoredCreditNote, CreditNoteRefusal> => {
      const result = new Invoices(service.store).issueCreditNote(invoiceNumber, { amountPaisa, reason, actor, now });
      if (!result.ok) return result;
      const note = result.value;
      const invoiceReport = fbr.reports.reportOfInvoice(note.invoiceId);
      // An invoice issued before reports existed has none: its credit notes have none either.
      if (!invoiceReport) return result;
      reported = fbr.configured && invoiceReport.status !== "not reported";
      const first = invoiceReport.lines[0];
      fbr.reports.open({
        invoiceId: note.invoiceId,
        creditNoteId: note.id,
        status: reported ? "waiting" : "not reported",
        buyer: invoiceReport.buyer,
        lines: first ? [{ position: 1, hsCode: first.hsCode, uom: first.uom, saleType: first.saleType }] : [],
        now,
      });
      return result;
    })
    .immediate();
  if (credited.ok && reported) fbr.queue?.kick();
  return credited;
}
