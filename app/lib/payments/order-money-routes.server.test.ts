import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { signedInAccount, startDeskService } from "../../../tests/support/desk-service";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { pdfText } from "../../../tests/support/pdf-text";
import { startSmtp, until } from "../../../tests/support/smtp-server";
import { pakistanDate } from "~/lib/desk/time";
import { conversation } from "~/lib/messaging/conversation.server";
import { formatPkr } from "~/lib/money";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as orderDocument from "~/routes/desk/order-document";
import * as orderInvoices from "~/routes/desk/order-invoices";
import * as orderPayments from "~/routes/desk/order-payments";
import * as orderReceipt from "~/routes/desk/order-receipt";
import * as ordersBoard from "~/routes/desk/orders";
import * as receivablesPage from "~/routes/desk/receivables";
import * as buyerReceiptPdf from "~/routes/proof/receipt-pdf";
import * as buyerInvoicePdf from "~/routes/proof/invoice-pdf";
import * as buyerPage from "~/routes/proof/page";
import { paymentSummary, Payments } from "./payments.server";

// An order's money through its routes, as React Router runs them (behind the desk layout's
// middleware), on a real SQLite store and SMTP server: payments recorded and refused, the invoice
// issued and e-mailed with its PDF, the PDFs on the desk and through the buyer's link, and the attacks.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let desk: Awaited<ReturnType<typeof startDeskService>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ownerCookie: string;
let staffCookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie = ownerCookie) =>
  new Request(`${site}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

const today = () => pakistanDate(Date.now());
const payment = (amount: string, changes: Record<string, string> = {}) => ({
  intent: "record",
  amount,
  method: "bank_transfer",
  kind: "advance",
  date: today(),
  reference: "TT-4471",
  ...changes,
});

/** A form as the desk renders it: with a fresh one-time key, unless the fields bring their own. */
const keyed = (fields: Record<string, string>) => ({ idempotencyKey: randomUUID(), ...fields });

const postPaymentAsIs = (reference: string, fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  outcome(() =>
    underDeskLayout(
      orderPayments.action,
      args(post(`/desk/orders/${reference}/payments`, fields, cookie, origin), { reference }),
    ),
  );
const postPayment = (reference: string, fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  postPaymentAsIs(reference, keyed(fields), cookie, origin);
const postInvoiceAsIs = (reference: string, fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  outcome(() =>
    underDeskLayout(
      orderInvoices.action,
      args(post(`/desk/orders/${reference}/invoices`, fields, cookie, origin), { reference }),
    ),
  );
const postInvoice = (reference: string, fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  postInvoiceAsIs(reference, keyed(fields), cookie, origin);
const deskPdf = (reference: string, file: string, cookie = ownerCookie) =>
  outcome(() =>
    underDeskLayout(
      orderDocument.loader,
      args(get(`/desk/orders/${reference}/invoices/${file}`, cookie), { reference, file }),
    ),
  );

function order() {
  const service = getQuoteService();
  const made = acceptedOrder(service.store, { now: new Date() });
  const stored = new Orders(service.store).forRequest(made.quote.id)!;
  return { ...made, order: stored };
}

beforeAll(async () => {
  desk = await startDeskService("order-money");
  smtp = desk.smtp;
  ownerCookie = await signedInAccount("sana@promo.example", "Sana Iqbal", password);
  staffCookie = await signedInAccount("bilal@promo.example", "Bilal Ahmed", password);
  expect(getQuoteService().staff.find("bilal@promo.example")?.role).toBe("staff");
});

afterAll(async () => {
  await desk.stop();
});

describe("recording a payment", () => {
  it("by a staff member stores it and goes back to the order's page", async () => {
    const { order: stored, quote } = order();
    expect(await postPayment(stored.reference, payment("1,000"), staffCookie)).toMatchObject({
      status: 303,
      location: `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    });
    expect(
      await postPayment(stored.reference, payment("500.50", { method: "cheque", reference: "CHQ-0091" }), staffCookie),
    ).toMatchObject({
      status: 303,
      location: `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    });
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(150_050);
    const history = getQuoteService().store.audit.requestHistory(quote.id);
    expect(history.at(-1)).toMatchObject({
      actor: "Bilal Ahmed <bilal@promo.example>",
      body: expect.stringMatching(
        new RegExp(
          `^Payment recorded for order ${stored.reference}: PKR 500\\.50 advance by cheque on ${today()} \\(ref\\. CHQ-0091\\); receipt R-\\d{4}-\\d{4}$`,
        ),
      ),
    });
  });

  it("refuses a negative, zero, fractional-paisa, non-numeric or missing amount, and more than due, changing nothing", async () => {
    const { order: stored } = order();
    for (const amount of ["-500", "0", "0.00", "12.345", "ten thousand", ""]) {
      expect(await postPayment(stored.reference, payment(amount)), amount).toMatchObject({
        status: 303,
        location: `/desk/orders/${stored.reference}?payments-error=amount#payments`,
      });
    }
    const due = paymentSummary(getQuoteService().store, stored)!.duePaisa;
    const tooMuch = String(due / 100 + 1);
    expect(await postPayment(stored.reference, payment(tooMuch))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=more-than-due#payments`,
    });
    expect(await postPayment(stored.reference, payment("100", { date: "2999-01-01" }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=date#payments`,
    });
    expect(await postPayment(stored.reference, payment("100", { method: "bitcoin" }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=form#payments`,
    });
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(0);
  });

  it("refuses another origin (403) and a visitor without a session (to sign in), storing nothing", async () => {
    const { order: stored } = order();
    expect((await postPayment(stored.reference, payment("100"), ownerCookie, "https://evil.example")).status).toBe(403);
    const signedOut = await postPayment(stored.reference, payment("100"), "");
    expect(signedOut.location).toMatch(/^\/desk\/sign-in/);
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(0);
  });

  it("answers 404 for an unknown order, and for reversing another order's payment through this one", async () => {
    const first = order();
    const second = order();
    expect((await postPayment("O-2099-9999", payment("100"))).status).toBe(404);
    expect((await postPayment(first.quote.reference, payment("100"))).status).toBe(404);
    await postPayment(second.order.reference, payment("100"));
    const [theirs] = getQuoteService()
      .store.db.prepare("SELECT id FROM order_payments WHERE order_id = ?")
      .pluck()
      .all(second.orderId) as number[];
    const reversed = await postPayment(first.order.reference, {
      intent: "reverse",
      payment: String(theirs),
      reason: "Wrong order",
    });
    expect(reversed.status).toBe(404);
    expect(paymentSummary(getQuoteService().store, second.order)!.paidPaisa).toBe(10_000);
    // Its own order reverses it, with the reason kept.
    expect(
      await postPayment(second.order.reference, { intent: "reverse", payment: String(theirs), reason: "Bounced" }),
    ).toMatchObject({ location: `/desk/orders/${second.order.reference}?payments-done=reversed#payments` });
    expect(paymentSummary(getQuoteService().store, second.order)!.paidPaisa).toBe(0);
  });
});

describe("the order's invoice", () => {
  it("is issued once, e-mailed to the buyer with its PDF and link, and downloads on the desk and through the link", async () => {
    const { order: stored, quote } = order();
    expect(
      await postInvoice(stored.reference, { intent: "issue", buyerAddress: "12 Mall Road, Lahore" }, staffCookie),
    ).toMatchObject({
      status: 303,
      location: `/desk/orders/${stored.reference}?invoices-done=invoice#invoices`,
    });
    const [invoice] = new Invoices(getQuoteService().store).invoicesOf(stored.id);
    expect(invoice?.buyerAddress).toBe("12 Mall Road, Lahore");
    expect(await postInvoice(stored.reference, { intent: "issue" })).toMatchObject({
      location: `/desk/orders/${stored.reference}?invoices-error=already-invoiced#invoices`,
    });

    const subject = `Sales tax invoice ${invoice!.number} for your order ${stored.reference}`;
    await until(() => smtp.received.some((mail) => mail.raw.includes(invoice!.number)));
    const mail = await simpleParser(smtp.received.find((candidate) => candidate.raw.includes(invoice!.number))!.raw);
    expect(mail.subject).toBe(subject);
    expect(mail.to).toMatchObject({ value: [{ address: "ayesha@acme.example" }] });
    expect(mail.text).toContain(`our sales tax invoice ${invoice!.number}`);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${invoice!.number}.pdf`, "application/pdf"],
    ]);
    const attached = pdfText(mail.attachments[0]!.content);
    expect(attached).toContain(invoice!.number);
    expect(attached).toContain("12 Mall Road, Lahore");
    await until(() =>
      getQuoteService()
        .store.audit.requestHistory(quote.id)
        .some((line) => line.type === "invoice.mail_sent"),
    );
    expect(
      getQuoteService()
        .store.audit.requestHistory(quote.id)
        .map((line) => line.body),
    ).toEqual(expect.arrayContaining([`Invoice ${invoice!.number} e-mailed to ayesha@acme.example`]));

    const desk = await deskPdf(stored.reference, `${invoice!.number}.pdf`, staffCookie);
    expect(desk.status).toBe(200);
    expect(desk.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(desk.headers.get("cache-control")).toBe("private, no-store");
    expect(pdfText(Buffer.from(await desk.response!.arrayBuffer()))).toContain(invoice!.number);

    // Through the buyer's link from the mail: their own invoice, and the page's Payment part.
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    const viaLink = await outcome(() =>
      buyerInvoicePdf.loader(
        args(get(`/proof/${token}/invoices/${invoice!.number}.pdf`, ""), {
          token,
          file: `${invoice!.number}.pdf`,
        }) as never,
      ),
    );
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    const page = await outcome(() => buyerPage.loader(args(get(`/proof/${token}`, ""), { token }) as never));
    expect(page.data).toMatchObject({
      payment: { order: stored.reference, paid: "PKR 0", documents: [{ kind: "invoice", number: invoice!.number }] },
    });
  });

  it("of another request is not found through this order on the desk, nor through this request's link", async () => {
    const mine = order();
    const theirs = order();
    const service = getQuoteService();
    const actor = { name: "Sana", email: "sana@promo.example" };
    const own = new Invoices(service.store).issueInvoice(mine.orderId, { actor });
    const other = new Invoices(service.store).issueInvoice(theirs.orderId, { actor });
    if (!own.ok || !other.ok) throw new Error("not issued");
    expect((await deskPdf(mine.order.reference, `${other.value.number}.pdf`)).status).toBe(404);
    expect((await deskPdf(mine.order.reference, "../../etc/passwd.pdf")).status).toBe(404);
    const token = service.proofs.linkForMessage(
      mine.quote.id,
      service.messaging.queue({
        quoteId: mine.quote.id,
        kind: "reply",
        recipient: "ayesha@acme.example",
        subject: "Link",
        status: "off",
      })!,
    );
    const file = `${other.value.number}.pdf`;
    const refused = await outcome(() =>
      buyerInvoicePdf.loader(args(get(`/proof/${token}/invoices/${file}`, ""), { token, file }) as never),
    );
    expect(refused.status).toBe(404);
    const ownFile = `${own.value.number}.pdf`;
    const allowed = await outcome(() =>
      buyerInvoicePdf.loader(args(get(`/proof/${token}/invoices/${ownFile}`, ""), { token, file: ownFile }) as never),
    );
    expect(allowed.status).toBe(200);
  });

  it("takes a credit note from an owner only, from this site only; staff are refused with 403", async () => {
    const { order: stored } = order();
    await postInvoice(stored.reference, { intent: "issue" });
    const [invoice] = new Invoices(getQuoteService().store).invoicesOf(stored.id);
    const credit = { intent: "credit", invoice: invoice!.number, amount: "1,000", reason: "Five pens short" };
    expect((await postInvoice(stored.reference, credit, staffCookie)).status).toBe(403);
    expect((await postInvoice(stored.reference, credit, ownerCookie, "https://evil.example")).status).toBe(403);
    expect(await postInvoice(stored.reference, { ...credit, amount: "-1" })).toMatchObject({
      location: `/desk/orders/${stored.reference}?invoices-error=credit-amount#invoices`,
    });
    expect(new Invoices(getQuoteService().store).invoice(invoice!.number)!.creditedPaisa).toBe(0);
    expect(await postInvoice(stored.reference, credit)).toMatchObject({
      location: `/desk/orders/${stored.reference}?invoices-done=credit-note#invoices`,
    });
    expect(paymentSummary(getQuoteService().store, stored)!.totalPaisa).toBe(invoice!.totalPaisa - 100_000);
    // Another order's invoice number through this order: not found.
    const other = order();
    await postInvoice(other.order.reference, { intent: "issue" });
    const [otherInvoice] = new Invoices(getQuoteService().store).invoicesOf(other.orderId);
    expect((await postInvoice(stored.reference, { ...credit, invoice: otherInvoice!.number })).status).toBe(404);
  });
});

describe("a money form posted twice", () => {
  const paymentsOf = (orderId: number) =>
    getQuoteService()
      .store.db.prepare("SELECT id, amount_paisa AS amount, paid_on AS paidOn FROM order_payments WHERE order_id = ?")
      .all(orderId) as { id: number; amount: number; paidOn: string }[];

  it("in parallel with one key records one payment, and the same key later gets the first outcome", async () => {
    const { order: stored } = order();
    const form = keyed(payment("10,000"));
    const answers = await Promise.all([1, 2, 3].map(() => postPaymentAsIs(stored.reference, form)));
    const done = `/desk/orders/${stored.reference}?payments-done=payment#payments`;
    expect(answers.map((answer) => [answer.status, answer.location])).toEqual([
      [303, done],
      [303, done],
      [303, done],
    ]);
    expect(paymentsOf(stored.id)).toHaveLength(1);
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(1_000_000);
    expect((await postPaymentAsIs(stored.reference, form)).location).toBe(done);
    expect(paymentsOf(stored.id)).toHaveLength(1);
  });

  it("in parallel with one key reverses a payment once, each post told it was reversed", async () => {
    const { order: stored } = order();
    await postPayment(stored.reference, payment("100"));
    const [first] = paymentsOf(stored.id);
    const form = keyed({ intent: "reverse", payment: String(first!.id), reason: "Bounced" });
    const answers = await Promise.all([1, 2, 3].map(() => postPaymentAsIs(stored.reference, form)));
    expect(answers.map((answer) => answer.location)).toEqual(
      Array(3).fill(`/desk/orders/${stored.reference}?payments-done=reversed#payments`),
    );
    const reversals = getQuoteService()
      .store.db.prepare("SELECT COUNT(*) FROM payment_reversals WHERE payment_id = ?")
      .pluck()
      .get(first!.id);
    expect(reversals).toBe(1);
  });

  it("in parallel with one key issues one invoice and one credit note, each post told the first outcome", async () => {
    const { order: stored } = order();
    const issue = keyed({ intent: "issue", buyerAddress: "12 Mall Road, Lahore" });
    const issued = await Promise.all([1, 2, 3].map(() => postInvoiceAsIs(stored.reference, issue)));
    expect(issued.map((answer) => answer.location)).toEqual(
      Array(3).fill(`/desk/orders/${stored.reference}?invoices-done=invoice#invoices`),
    );
    const invoices = new Invoices(getQuoteService().store);
    expect(invoices.invoicesOf(stored.id)).toHaveLength(1);
    const [invoice] = invoices.invoicesOf(stored.id);
    const credit = keyed({ intent: "credit", invoice: invoice!.number, amount: "1,000", reason: "Five pens short" });
    const credited = await Promise.all([1, 2, 3, 4].map(() => postInvoiceAsIs(stored.reference, credit)));
    expect(credited.map((answer) => answer.location)).toEqual(
      Array(4).fill(`/desk/orders/${stored.reference}?invoices-done=credit-note#invoices`),
    );
    const after = invoices.invoice(invoice!.number)!;
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditedPaisa).toBe(100_000);
    expect((await postInvoiceAsIs(stored.reference, credit)).location).toBe(
      `/desk/orders/${stored.reference}?invoices-done=credit-note#invoices`,
    );
    expect(invoices.invoice(invoice!.number)!.creditNotes).toHaveLength(1);
  });

  it("without its one-time key is refused (400) with a message, recording nothing", async () => {
    const { order: stored } = order();
    for (const fields of [
      payment("100"),
      { ...payment("100"), idempotencyKey: "" },
      { ...payment("100"), idempotencyKey: "x" },
    ]) {
      const refused = await postPaymentAsIs(stored.reference, fields);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain("without its one-time key");
    }
    const refused = await postInvoiceAsIs(stored.reference, { intent: "issue" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("without its one-time key");
    expect(paymentsOf(stored.id)).toHaveLength(0);
    expect(new Invoices(getQuoteService().store).invoicesOf(stored.id)).toHaveLength(0);
  });
});

describe("a payment's bank reference and date", () => {
  it("refuses a second payment with the bank reference of one already recorded, naming the first", async () => {
    const { order: stored } = order();
    await postPayment(stored.reference, payment("2,500", { reference: "TT-4471" }));
    const [first] = getQuoteService()
      .store.db.prepare("SELECT id FROM order_payments WHERE order_id = ?")
      .pluck()
      .all(stored.id) as number[];
    for (const reference of ["TT-4471", " tt 4471 "]) {
      expect(await postPayment(stored.reference, payment("2,500", { reference })), reference).toMatchObject({
        status: 303,
        location: `/desk/orders/${stored.reference}?payments-error=same-reference&payment=${first}#payments`,
      });
    }
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(250_000);
    // Another reference, or none, is another payment.
    await postPayment(stored.reference, payment("100", { reference: "TT-4472" }));
    await postPayment(stored.reference, payment("100", { reference: "" }));
    await postPayment(stored.reference, payment("100", { reference: "" }));
    // Words without a digit ("N/A", "cash") name no transfer: not taken for the same money.
    await postPayment(stored.reference, payment("100", { method: "cash", reference: "N/A" }));
    await postPayment(stored.reference, payment("100", { method: "cash", reference: "n/a" }));
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(300_000);
    // Once the first is reversed (recorded by mistake), its reference may be recorded again.
    await postPayment(stored.reference, { intent: "reverse", payment: String(first), reason: "Wrong amount" });
    expect((await postPayment(stored.reference, payment("2,400", { reference: "TT-4471" }))).location).toBe(
      `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    );
  });

  it("refuses a day before the order was made and a day after today in Pakistan", async () => {
    const service = getQuoteService();
    const made = acceptedOrder(service.store, { now: new Date(Date.now() - 3 * 86_400_000) });
    const stored = new Orders(service.store).forRequest(made.quote.id)!;
    const orderDay = pakistanDate(Date.parse(stored.createdAt));
    const dayBefore = pakistanDate(Date.parse(stored.createdAt) - 86_400_000);
    const tomorrow = pakistanDate(Date.now() + 86_400_000);
    expect(await postPayment(stored.reference, payment("100", { date: dayBefore }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=date-before-order#payments`,
    });
    expect(await postPayment(stored.reference, payment("100", { date: tomorrow }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=date#payments`,
    });
    expect(paymentSummary(service.store, stored)!.paidPaisa).toBe(0);
    expect(await postPayment(stored.reference, payment("100", { date: orderDay }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    });
    expect(await postPayment(stored.reference, payment("100", { date: today(), reference: "TT-9" }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    });
  });

  it("refuses an amount over PKR 1,000,000,000 even as an overpayment, and takes one at it", async () => {
    const { order: stored } = order();
    expect(await postPayment(stored.reference, payment("1,000,000,000.01", { overpayment: "on" }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-error=amount#payments`,
    });
    expect(await postPayment(stored.reference, payment("1,000,000,000", { overpayment: "on" }))).toMatchObject({
      location: `/desk/orders/${stored.reference}?payments-done=payment#payments`,
    });
    const page = await postPayment(
      stored.reference,
      payment("1,000,000,000", { overpayment: "on", reference: "TT-2" }),
    );
    expect(page.location).toBe(`/desk/orders/${stored.reference}?payments-done=payment#payments`);
    expect(paymentSummary(getQuoteService().store, stored)!.paidPaisa).toBe(200_000_000_000);
  });
});

describe("a payment's receipt and the tax withheld, through the routes", () => {
  const deskReceipt = (reference: string, file: string, cookie = ownerCookie) =>
    outcome(() =>
      underDeskLayout(
        orderReceipt.loader,
        args(get(`/desk/orders/${reference}/receipts/${file}`, cookie), { reference, file }),
      ),
    );
  const linkReceipt = (token: string, file: string) =>
    outcome(() => buyerReceiptPdf.loader(args(get(`/proof/${token}/receipts/${file}`, ""), { token, file }) as never));
  const withheld = {
    incomeTax: "4,950",
    incomeTaxCertificate: "CPR-IT-2026-0091",
    salesTax: "1,244.50",
    salesTaxCertificate: "CPR-ST-2026-0044",
  };

  it("records the tax withheld, settles the invoice to zero and e-mails the buyer the receipt with its PDF and link", async () => {
    const { order: stored, quote } = order();
    const service = getQuoteService();
    await postInvoice(stored.reference, { intent: "issue", buyerAddress: "12 Mall Road, Lahore" });
    const due = paymentSummary(service.store, stored)!.duePaisa;
    const received = String((due - 495_000 - 124_450) / 100);
    expect(
      await postPayment(
        stored.reference,
        payment(received, { kind: "balance", reference: "CHQ-0091", method: "cheque", ...withheld }),
        staffCookie,
      ),
    ).toMatchObject({ status: 303, location: `/desk/orders/${stored.reference}?payments-done=payment#payments` });
    expect(paymentSummary(service.store, stored)).toMatchObject({ duePaisa: 0, withheldPaisa: 619_450 });
    const [paid] = new Payments(service.store).paymentsOf(stored.id);
    const number = paid!.receipt!.number;
    expect(number).toMatch(/^R-\d{4}-\d{4}$/);

    await until(() => smtp.received.some((mail) => mail.raw.includes(`Receipt ${number}`)));
    const mail = await simpleParser(
      smtp.received.find((candidate) => candidate.raw.includes(`Receipt ${number}`))!.raw,
    );
    expect(mail.subject).toBe(`Receipt ${number} for your payment on order ${stored.reference}`);
    expect(mail.to).toMatchObject({ value: [{ address: "ayesha@acme.example" }] });
    expect(mail.text).toContain("by cheque (ref. CHQ-0091)");
    expect(mail.text).toContain(
      "Tax you withheld at source, counted as paid: income tax PKR 4,950 (certificate CPR-IT-2026-0091); sales tax PKR 1,244.50 (certificate CPR-ST-2026-0044).",
    );
    expect(mail.text).toContain("Your order is now paid in full.");
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${number}.pdf`, "application/pdf"],
    ]);
    const attached = pdfText(mail.attachments[0]!.content);
    expect(attached).toContain(number);
    expect(attached).toMatch(/Rupees [a-z -]+ only/);
    expect(attached).toMatch(/Income tax withheld at source \(certificate CPR-IT-2026-0091\) +PKR 4,950/);
    expect(attached).toMatch(/Sales tax withheld at source \(certificate CPR-ST-2026-0044\) +PKR 1,244\.50/);
    expect(attached).toMatch(/Still due after this payment +PKR 0/);
    await until(() =>
      service.store.audit.requestHistory(quote.id).some((line) => line.type === "payment.receipt_mailed"),
    );
    // The request's conversation shows it among the desk's mails to the buyer.
    expect(
      conversation(service.messaging.messages(quote.id), [], service.messageKinds).map((entry) => entry.subject),
    ).toContain(mail.subject);

    // The desk downloads it; through the buyer's link from the mail, their own receipt downloads too.
    const desk = await deskReceipt(stored.reference, `${number}.pdf`, staffCookie);
    expect(desk.status).toBe(200);
    expect(desk.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
    expect(pdfText(Buffer.from(await desk.response!.arrayBuffer()))).toContain(number);
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    const viaLink = await linkReceipt(token, `${number}.pdf`);
    expect(viaLink.status).toBe(200);
    expect(pdfText(Buffer.from(await viaLink.response!.arrayBuffer()))).toContain(number);
    const page = await outcome(() => buyerPage.loader(args(get(`/proof/${token}`, ""), { token }) as never));
    expect(page.data).toMatchObject({
      payment: { due: "PKR 0", payments: [{ receipt: number, withheld: "PKR 6,194.50" }] },
    });
  });

  it("refuses another request's receipt through a buyer's link and through another order on the desk", async () => {
    const mine = order();
    const theirs = order();
    await postPayment(mine.order.reference, payment("100"));
    await postPayment(theirs.order.reference, payment("100"));
    const payments = new Payments(getQuoteService().store);
    const own = payments.paymentsOf(mine.order.id)[0]!.receipt!.number;
    const other = payments.paymentsOf(theirs.order.id)[0]!.receipt!.number;
    const service = getQuoteService();
    const token = service.proofs.linkForMessage(
      mine.quote.id,
      service.messaging.queue({
        quoteId: mine.quote.id,
        kind: "reply",
        recipient: "ayesha@acme.example",
        subject: "Link",
        status: "off",
      })!,
    );
    expect((await linkReceipt(token, `${other}.pdf`)).status).toBe(404);
    expect((await linkReceipt(token, "../../etc/passwd.pdf")).status).toBe(404);
    expect((await linkReceipt(token, `${own}.pdf`)).status).toBe(200);
    expect((await deskReceipt(mine.order.reference, `${other}.pdf`)).status).toBe(404);
    expect((await deskReceipt(mine.order.reference, `${own}.pdf`)).status).toBe(200);
    // Without a session the desk's copy is not given: sign in first.
    expect((await deskReceipt(mine.order.reference, `${own}.pdf`, "")).location).toMatch(/^\/desk\/sign-in/);
  });

  it("refuses a tax withheld without its certificate or not in rupees, and another origin, recording nothing", async () => {
    const { order: stored } = order();
    const refused = (changes: Record<string, string>) => postPayment(stored.reference, payment("1,000", changes));
    expect((await refused({ incomeTax: "4,950" })).location).toBe(
      `/desk/orders/${stored.reference}?payments-error=income-tax-certificate#payments`,
    );
    expect((await refused({ salesTax: "900", salesTaxCertificate: " " })).location).toBe(
      `/desk/orders/${stored.reference}?payments-error=sales-tax-certificate#payments`,
    );
    expect((await refused({ incomeTax: "-5", incomeTaxCertificate: "C-1" })).location).toBe(
      `/desk/orders/${stored.reference}?payments-error=withheld#payments`,
    );
    expect(
      (await postPayment(stored.reference, payment("1,000", withheld), ownerCookie, "https://evil.example")).status,
    ).toBe(403);
    expect((await postPayment(stored.reference, payment("1,000", withheld), "")).location).toMatch(/^\/desk\/sign-in/);
    expect(new Payments(getQuoteService().store).paymentsOf(stored.id)).toEqual([]);
  });
});

describe("Receivables and the orders board", () => {
  it("are for a signed-in member (staff and owners alike): the board shows what is due, Receivables who owes it", async () => {
    const { order: stored } = order();
    const service = getQuoteService();
    const advance = paymentSummary(service.store, stored)!.advanceRequiredPaisa;
    const receivables = (cookie: string) =>
      outcome(() => underDeskLayout(receivablesPage.loader, args(get("/desk/receivables", cookie))));
    expect((await receivables("")).location).toMatch(/^\/desk\/sign-in/);
    for (const cookie of [staffCookie, ownerCookie]) {
      const page = await receivables(cookie);
      expect(page.status).toBe(200);
      const zeroToThirty = (page.data as { buckets: { bucket: string; rows: { reference: string; due: string }[] }[] })
        .buckets[0]!;
      expect(zeroToThirty.rows).toContainEqual(
        expect.objectContaining({ reference: stored.reference, due: formatPkr(advance) }),
      );
    }
    const board = await outcome(() => underDeskLayout(ordersBoard.loader, args(get("/desk/orders", staffCookie))));
    const row = (board.data as { rows: { reference: string; money: string | null }[] }).rows.find(
      (candidate) => candidate.reference === stored.reference,
    );
    expect(row?.money).toMatch(/^Due PKR [\d,]+ · advance PKR [\d,.]+ unpaid$/);
  });
});
