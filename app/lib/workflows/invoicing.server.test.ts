import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FbrStandIn, startFbrStandIn } from "../../../tests/support/fbr-di-server";
import { recordingMailer, registeredBuyer } from "../../../tests/support/fbr-fixtures";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { pdfPagePng, qrCodesIn } from "../../../tests/support/pdf-image";
import { pdfText } from "../../../tests/support/pdf-text";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { FURTHER_TAX_RATE_BP } from "~/lib/fbr/rates";
import { orderDocument } from "~/lib/invoices/desk.server";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import { Orders } from "~/lib/orders/orders.server";
import { OrderTaxFacts, type TaxFacts } from "~/lib/orders/tax-facts.server";
import { buyerPaymentData } from "~/lib/payments/buyer.server";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { createQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import { issueOrderCreditNote, issueOrderInvoice } from "./invoicing.server";

// Issuing invoices and credit notes through the service as the server wires it, with FBR played by the
// tests' stand-in for PRAL's Digital Invoicing API and mail caught by a recording mailer: what is
// reported, when the buyer is e-mailed and what their link shows.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

const registered = registeredBuyer;
const unregistered: TaxFacts = {
  registrationType: "Unregistered",
  ntnCnic: "3520212345671",
  businessName: "Ayesha Khan",
  province: "PUNJAB",
  address: "House 12, Street 4, Model Town, Lahore",
};

let fbr: FbrStandIn;
let services: QuoteService[] = [];

beforeEach(async () => {
  fbr = await startFbrStandIn();
});
afterEach(async () => {
  for (const service of services) await service.close();
  services = [];
  await fbr.close();
});

/** The service on a fresh data folder; FBR configured unless `reporting` is false. */
function setup({ reporting = true }: { reporting?: boolean } = {}) {
  const { mailer, sent } = recordingMailer();
  const config = readQuoteConfig({
    DATA_DIR: tempDir("invoicing"),
    SMTP_URL: "smtp://127.0.0.1:2525",
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const service = createQuoteService(config, {
    mailer,
    log: () => undefined,
    outbox: { log: () => undefined },
    fbr: {
      config: reporting ? { token: fbr.token, url: fbr.url, sandbox: false, timeoutMs: 2_000 } : null,
      queue: { baseDelayMs: 1, maxDelayMs: 1, log: () => undefined },
    },
  });
  services.push(service);
  const orderWith = (facts: TaxFacts | null) => {
    const made = acceptedOrder(service.store, { now });
    if (facts) new OrderTaxFacts(service.store).save(made.orderId, facts, bilal, { now });
    const order = new Orders(service.store).forRequest(made.quote.id)!;
    return { quote: made.quote, order };
  };
  const issue = (target: ReturnType<typeof orderWith>) =>
    issueOrderInvoice(service, target, { buyerAddress: "", actor: bilal, staffId: null, now });
  /** The queue's and the outbox's rounds, as their timers would run them. */
  const rounds = async () => {
    await service.fbr.queue?.drain();
    await service.outbox?.drain();
  };
  const invoiceMails = () => sent.filter((mail) => mail.subject.startsWith("Sales tax invoice"));
  const buyerDocuments = (target: ReturnType<typeof orderWith>) =>
    buyerPaymentData(service.store, target.quote)!.documents.map((document) => document.number);
  return { service, sent, orderWith, issue, rounds, invoiceMails, buyerDocuments };
}

const attachmentOf = (mail: OutgoingMail) => {
  const attachment = mail.attachments?.[0];
  if (!attachment || !("content" in attachment)) throw new Error("No PDF attached");
  return new Uint8Array(attachment.content);
};

const posts = () => fbr.received.filter((request) => request.path.endsWith("/postinvoicedata"));

describe("issuing an invoice with FBR's Digital Invoicing configured", () => {
  it("waits for FBR, is validated and posted, and only once accepted with its number is e-mailed and on the buyer's link", async () => {
    const { service, issue, orderWith, rounds, invoiceMails, buyerDocuments } = setup();
    const target = orderWith(registered);
    const issued = issue(target);
    if (!issued.ok) throw new Error(issued.reason);
    const invoice = issued.value;

    expect(service.fbr.reports.reportOfInvoice(invoice.id)).toMatchObject({
      status: "waiting",
      buyer: { registrationType: "Registered", ntnCnic: "1234567", province: "SINDH" },
      // The pens are a price-list item; the notebooks, set-up and delivery take their lines' tax data.
      lines: [
        { position: 1, hsCode: expect.stringMatching(/^\d{4}\.\d{4}$/) },
        { position: 2 },
        { position: 3 },
        { position: 4 },
      ],
    });
    // Not final: nothing to the buyer, nothing on their link, the PDF not served to them.
    expect(service.messaging.messages(target.quote.id).filter((message) => message.kind === "invoice")).toEqual([]);
    expect(buyerDocuments(target)).toEqual([]);
    expect(orderDocument(service, target.order, invoice.number, { forBuyer: true })).toBeNull();
    expect(orderDocument(service, target.order, invoice.number)?.mark).toEqual({ status: "waiting" });

    await rounds();
    expect(fbr.received.map((request) => request.path)).toEqual([
      "/di_data/v1/di/validateinvoicedata",
      "/di_data/v1/di/postinvoicedata",
    ]);
    const report = service.fbr.reports.reportOfInvoice(invoice.id)!;
    expect(report.status).toBe("accepted");
    expect(report.fbrNumber).toBe(fbr.numbersIssued[0]!.number);
    expect(orderDocument(service, target.order, invoice.number, { forBuyer: true })?.mark).toEqual({
      status: "accepted",
      number: report.fbrNumber,
      dated: report.fbrDated,
    });
    expect(invoiceMails().map((mail) => mail.subject)).toEqual([
      `Sales tax invoice ${invoice.number} for your order ${target.order.reference}`,
    ]);
    expect(buyerDocuments(target)).toEqual([invoice.number]);
    // The PDF mailed carries FBR's number, in words and as a QR code that reads back as it.
    const pdf = attachmentOf(invoiceMails()[0]!);
    expect(pdfText(pdf)).toContain(report.fbrNumber!);
    expect(qrCodesIn(pdfPagePng(pdf, { dpi: 200 }))).toBe(report.fbrNumber);
  });

  it("is refused with its reason, taking no number, while the order's buyer tax registration is missing", () => {
    const { service, issue, orderWith } = setup();
    const target = orderWith(null);
    expect(issue(target)).toEqual({ ok: false, reason: "no tax facts" });
    expect(service.db.prepare("SELECT count(*) FROM invoices").pluck().get()).toBe(0);
  });

  it("adds further tax for an unregistered buyer, which FBR's arithmetic check accepts", async () => {
    const { service, issue, orderWith, rounds } = setup();
    const issued = issue(orderWith(unregistered));
    if (!issued.ok) throw new Error(issued.reason);
    expect(issued.value).toMatchObject({
      furtherTaxRateBp: FURTHER_TAX_RATE_BP,
      furtherTaxPaisa: 374_200,
      payablePaisa: 11_413_100,
    });
    await rounds();
    expect(service.fbr.reports.reportOfInvoice(issued.value.id)?.status).toBe("accepted");
    const posted = posts()[0]!.body as { buyerRegistrationType: string; items: { furtherTax: number }[] };
    expect(posted.buyerRegistrationType).toBe("Unregistered");
    expect(posted.items.map((item) => item.furtherTax)).toEqual([1_780, 1_802, 100, 60]);
  });

  it("waits while FBR is down and is posted once when it is back", async () => {
    const { service, issue, orderWith, rounds, invoiceMails } = setup();
    const issued = issue(orderWith(registered));
    if (!issued.ok) throw new Error(issued.reason);
    await fbr.setMode("down");
    await rounds();
    expect(service.fbr.reports.reportOfInvoice(issued.value.id)).toMatchObject({ status: "waiting", attempts: 1 });
    expect(service.fbr.reports.reportOfInvoice(issued.value.id)?.lastProblem).toBeTruthy();
    expect(invoiceMails()).toEqual([]);

    await fbr.setMode("up");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await rounds();
    expect(service.fbr.reports.reportOfInvoice(issued.value.id)?.status).toBe("accepted");
    expect(posts()).toHaveLength(1);
    expect(invoiceMails()).toHaveLength(1);
  });

  it("posts again when a post's answer was lost, and keeps one FBR number for the invoice", async () => {
    const { service, issue, orderWith, rounds, invoiceMails } = setup();
    const issued = issue(orderWith(registered));
    if (!issued.ok) throw new Error(issued.reason);
    await fbr.setMode("lose-next-post-answer");
    await rounds();
    const lost = service.fbr.reports.reportOfInvoice(issued.value.id)!;
    expect(lost).toMatchObject({ status: "waiting", fbrNumber: null });
    expect(lost.answerLostAt).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 5));
    await rounds();
    const report = service.fbr.reports.reportOfInvoice(issued.value.id)!;
    expect(report.status).toBe("accepted");
    // FBR numbered both posts; the invoice keeps the one it was told.
    expect(fbr.numbersIssued).toHaveLength(2);
    expect(fbr.numbersIssued.map((issuedNumber) => issuedNumber.number)).toContain(report.fbrNumber);
    expect(service.db.prepare("SELECT count(*) FROM invoice_reports WHERE fbr_number IS NOT NULL").pluck().get()).toBe(
      1,
    );
    expect(invoiceMails()).toHaveLength(1);
  });

  it("is refused by FBR with its reason in words, corrected by staff and then accepted", async () => {
    const { service, issue, orderWith, rounds, invoiceMails, sent } = setup();
    const target = orderWith(registered);
    const issued = issue(target);
    if (!issued.ok) throw new Error(issued.reason);
    const hsCode = service.fbr.reports.reportOfInvoice(issued.value.id)!.lines[0]!.hsCode;
    fbr.hsCodes.delete(hsCode);
    service.staff.add("owner@promo.example", "Owner");
    await rounds();
    const refused = service.fbr.reports.reportOfInvoice(issued.value.id)!;
    expect(refused.status).toBe("refused");
    expect(refused.refusal.length).toBeGreaterThan(0);
    expect(refused.refusal.map((reason) => reason.words).join(" ")).toContain("HS code is not one FBR accepts");
    expect(invoiceMails()).toEqual([]);
    // The owners are told once.
    expect(sent.filter((mail) => mail.subject.startsWith("FBR refused"))).toHaveLength(1);

    fbr.hsCodes.add(hsCode);
    const corrected = service.fbr.reports.correct(
      refused.id,
      {
        buyer: refused.buyer,
        lines: refused.lines.map(({ position, uom, saleType }) => ({ position, hsCode: "3926.1000", uom, saleType })),
      },
      bilal,
    );
    expect(corrected).toEqual({ ok: true });
    await rounds();
    const report = service.fbr.reports.reportOfInvoice(issued.value.id)!;
    expect(report.status).toBe("accepted");
    expect(report.lines.map((line) => line.hsCode)).toEqual(["3926.1000", "3926.1000", "3926.1000", "3926.1000"]);
    expect(invoiceMails()).toHaveLength(1);
    expect(sent.filter((mail) => mail.subject.startsWith("FBR refused"))).toHaveLength(1);
  });

  it("reports a credit note as a Debit Note referring to the invoice's FBR number once the invoice is accepted", async () => {
    const { service, issue, orderWith, rounds } = setup();
    const issued = issue(orderWith(registered));
    if (!issued.ok) throw new Error(issued.reason);
    const note = issueOrderCreditNote(service, issued.value.number, {
      amountPaisa: 1_180_000,
      reason: "100 pens returned",
      actor: bilal,
      now,
    });
    if (!note.ok) throw new Error(note.reason);
    expect(service.fbr.reports.reportOfCreditNote(note.value.id)?.status).toBe("waiting");

    await rounds();
    const invoiceNumber = service.fbr.reports.reportOfInvoice(issued.value.id)!.fbrNumber;
    expect(service.fbr.reports.reportOfCreditNote(note.value.id)?.status).toBe("accepted");
    expect(posts().map((request) => request.body)).toMatchObject([
      { invoiceType: "Sale Invoice", invoiceRefNo: "" },
      { invoiceType: "Debit Note", invoiceRefNo: invoiceNumber },
    ]);
  });
});

describe("issuing an invoice without FBR_DI_TOKEN", () => {
  it("is not reported, and is e-mailed to the buyer and on their link at once", async () => {
    const { service, issue, orderWith, rounds, invoiceMails, buyerDocuments } = setup({ reporting: false });
    const target = orderWith(null);
    const issued = issue(target);
    if (!issued.ok) throw new Error(issued.reason);
    expect(service.fbr.configured).toBe(false);
    expect(service.fbr.reports.reportOfInvoice(issued.value.id)).toMatchObject({
      status: "not reported",
      buyer: { registrationType: "Registered", ntnCnic: "1234567", businessName: "Acme Pharma" },
    });
    expect(issued.value.furtherTaxPaisa).toBe(0);
    expect(buyerDocuments(target)).toEqual([issued.value.number]);
    await rounds();
    expect(invoiceMails()).toHaveLength(1);
    expect(pdfText(attachmentOf(invoiceMails()[0]!))).toContain("Not reported to FBR Digital Invoicing");
    expect(fbr.received).toEqual([]);
    expect(orderDocument(service, target.order, issued.value.number, { forBuyer: true })?.mark).toEqual({
      status: "not reported",
    });

    // Its credit note is not reported either.
    const note = issueOrderCreditNote(service, issued.value.number, {
      amountPaisa: 100_000,
      reason: "Rounding",
      actor: bilal,
      now,
    });
    expect(note.ok && service.fbr.reports.reportOfCreditNote(note.value.id)?.status).toBe("not reported");
  });
});
