import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { pdfText } from "../../../tests/support/pdf-text";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { readRange, reportPeriod } from "~/lib/reports/periods";
import { reportCsv, taxWithheldByMonth } from "~/lib/reports/reports.server";
import { paymentSummary, Payments, receiptNumber } from "./payments.server";
import { receiptPdf } from "./receipt-pdf.server";
import { ageBucket, daysBetween, dueNext, orderBalances, receivables } from "./receivables.server";

// Receipts, tax withheld at source and what is owed, on a real SQLite store: receipt numbers across
// processes, an invoice settled to zero by money and certificates, the receipt's PDF read back by
// pdftotext, the ages of what is owed at their boundaries in Pakistan time, and the monthly report.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

function setup(dir = tempDir("receipts")) {
  const store = QuoteStore.open(dir);
  const make = (at = now) => {
    const accepted = acceptedOrder(store, { now: at });
    return new Orders(store).forRequest(accepted.quote.id)!;
  };
  return { dir, store, make, payments: new Payments(store) };
}

const cash = { kind: "other", method: "cash", paidOn: "2026-11-26", actor: bilal, now } as const;

const recorder = fileURLToPath(new URL("../../../tests/support/receipt-recorder.ts", import.meta.url));

/** tests/support/receipt-recorder.ts in a child process on this test's Node, its output collected. */
function runRecorder(dir: string, rounds: number, orders: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", recorder, dir, String(rounds), ...orders], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string }>((resolve) =>
    child.on("close", (code) => {
      if (code) console.error(stderr);
      resolve({ code, stdout });
    }),
  );
}

describe("receipt numbers", () => {
  it("are exactly 1 to the total, none twice, when four processes record payments at once", async () => {
    const { dir, store, make } = setup();
    const orders = Array.from({ length: 4 }, () => make().reference);
    const rounds = 10;
    const outputs = await Promise.all(orders.map((order) => runRecorder(dir, rounds, [order])));
    expect(outputs.map(({ code }) => code)).toEqual([0, 0, 0, 0]);
    const total = orders.length * rounds;
    const expected = Array.from({ length: total }, (_, index) => receiptNumber("2026", index + 1));
    expect(store.db.prepare("SELECT number FROM payment_receipts ORDER BY sequence").pluck().all()).toEqual(expected);
    // Each process was told the numbers it stored, and no two the same one.
    expect(outputs.flatMap(({ stdout }) => stdout.trim().split("\n")).sort()).toEqual(expected);
  }, 60_000);

  it("start again with the calendar year in Pakistan, and a reversal renumbers nothing", () => {
    const { make, payments } = setup();
    const order = make(new Date("2026-12-30T07:00:00Z"));
    const lastMinute = new Date("2026-12-31T18:59:59Z"); // 23:59:59 PKT on 31 December
    const midnight = new Date("2026-12-31T19:00:00Z"); // 00:00 PKT on 1 January
    const first = payments.record(order, { ...cash, paidOn: "2026-12-31", amountPaisa: 1_000, now: lastMinute });
    const second = payments.record(order, { ...cash, paidOn: "2027-01-01", amountPaisa: 2_000, now: midnight });
    expect(first.ok && [first.value.receipt?.number, first.value.receipt?.issueDate]).toEqual([
      "R-2026-0001",
      "2026-12-31",
    ]);
    expect(second.ok && second.value.receipt?.number).toBe("R-2027-0001");
    const reversed = payments.reverse(order, second.ok ? second.value.id : 0, { reason: "Bounced", actor: bilal });
    expect(reversed.ok && reversed.value.receipt?.number).toBe("R-2027-0001");
    const third = payments.record(order, { ...cash, paidOn: "2027-01-01", amountPaisa: 2_000, now: midnight });
    expect(third.ok && third.value.receipt?.number).toBe("R-2027-0002");
  });
});

describe("tax withheld at source", () => {
  it("settles an invoice to zero with the money received, the amounts a buyer withheld and their certificates", () => {
    const { store, make, payments } = setup();
    const order = make();
    const issued = new Invoices(store).issueInvoice(order.id, { actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    const total = issued.value.totalPaisa;
    expect(total).toBe(11_038_900);
    const advance = payments.record(order, { ...cash, kind: "advance", amountPaisa: 5_519_450 });
    expect(advance.ok).toBe(true);
    // The balance: PKR 49,000 received, income tax PKR 4,950 and sales tax PKR 1,244.50 withheld.
    const balance = payments.record(order, {
      ...cash,
      kind: "balance",
      method: "cheque",
      reference: "CHQ-0091",
      amountPaisa: 4_900_000,
      incomeTaxWithheldPaisa: 495_000,
      incomeTaxCertificate: " CPR-IT-2026-0091 ",
      salesTaxWithheldPaisa: 124_450,
      salesTaxCertificate: "CPR-ST-2026-0044",
    });
    expect(balance.ok && balance.value).toMatchObject({
      amountPaisa: 4_900_000,
      incomeTaxWithheldPaisa: 495_000,
      incomeTaxCertificate: "CPR-IT-2026-0091",
      salesTaxWithheldPaisa: 124_450,
      receipt: { number: "R-2026-0002", orderTotalPaisa: total, settledBeforePaisa: 5_519_450, dueAfterPaisa: 0 },
    });
    expect(paymentSummary(store, order)).toMatchObject({
      totalPaisa: total,
      paidPaisa: total,
      duePaisa: 0,
      withheldPaisa: 619_450,
      overpaidPaisa: 0,
    });
    // The batch the board and Receivables read agrees with the order's own summary.
    expect(orderBalances(store.db).get(order.id)?.summary).toEqual(paymentSummary(store, order));
    expect(receivables(store.db, now.getTime()).rows).toEqual([]);
  });

  it("refuses an amount withheld without its certificate, a negative one, and nothing settled, storing nothing", () => {
    const { store, make, payments } = setup();
    const order = make();
    const base = { ...cash, amountPaisa: 100_000 };
    expect(payments.record(order, { ...base, incomeTaxWithheldPaisa: 4_500 })).toEqual({
      ok: false,
      reason: "income tax certificate",
    });
    expect(payments.record(order, { ...base, salesTaxWithheldPaisa: 900, salesTaxCertificate: "  " })).toEqual({
      ok: false,
      reason: "sales tax certificate",
    });
    expect(payments.record(order, { ...base, incomeTaxWithheldPaisa: -1, incomeTaxCertificate: "C-1" })).toEqual({
      ok: false,
      reason: "amount not allowed",
    });
    expect(payments.record(order, { ...base, amountPaisa: 0 })).toEqual({ ok: false, reason: "amount not allowed" });
    expect(store.db.prepare("SELECT COUNT(*) FROM order_payments").pluck().get()).toBe(0);
    expect(store.db.prepare("SELECT COUNT(*) FROM payment_receipts").pluck().get()).toBe(0);
    // A certificate that came after the money: tax withheld alone settles too.
    const late = payments.record(order, {
      ...base,
      amountPaisa: 0,
      salesTaxWithheldPaisa: 900,
      salesTaxCertificate: "CPR-ST-7",
    });
    expect(late.ok && paymentSummary(store, order)?.paidPaisa).toBe(900);
  });

  it("counts more than due, money and tax together, as an overpayment only when told", () => {
    const { store, make, payments } = setup();
    const order = make();
    const due = paymentSummary(store, order)!.duePaisa;
    const over = { ...cash, amountPaisa: due - 100, incomeTaxWithheldPaisa: 200, incomeTaxCertificate: "C-9" };
    expect(payments.record(order, over)).toEqual({ ok: false, reason: "more than due" });
    expect(payments.record(order, { ...over, overpayment: true }).ok).toBe(true);
    expect(paymentSummary(store, order)).toMatchObject({ duePaisa: 0, overpaidPaisa: 100 });
  });
});

describe("a receipt's PDF", () => {
  it("shows its number, the order, the amount in figures and words, the tax withheld with certificates and what is still due", async () => {
    const { make, payments } = setup();
    const order = make();
    const recorded = payments.record(order, {
      ...cash,
      kind: "advance",
      method: "bank_transfer",
      reference: "TT-4471",
      amountPaisa: 1_563_550,
      incomeTaxWithheldPaisa: 70_000,
      incomeTaxCertificate: "CPR-IT-2026-0091",
      salesTaxWithheldPaisa: 12_345,
      salesTaxCertificate: "CPR-ST-2026-0044",
    });
    if (!recorded.ok) throw new Error(recorded.reason);
    const text = pdfText(await receiptPdf(payments.receipt(recorded.value.receipt!.number)!));
    expect(text).toContain("Payment Receipt");
    expect(text).toMatch(/Receipt No\. +R-2026-0001/);
    expect(text).toMatch(new RegExp(`Order +${order.reference}`));
    expect(text).toMatch(/Buyer's PO +PO-7781/);
    expect(text).toContain("Acme Pharma");
    expect(text).toMatch(/Paid on +Thursday 26 November 2026/);
    expect(text).toMatch(/Method +Bank transfer/);
    expect(text).toMatch(/Reference +TT-4471/);
    expect(text).toMatch(/Amount received +PKR 15,635\.50/);
    expect(text).toMatch(/Income tax withheld at source \(certificate CPR-IT-2026-0091\) +PKR 700/);
    expect(text).toMatch(/Sales tax withheld at source \(certificate CPR-ST-2026-0044\) +PKR 123\.45/);
    expect(text).toContain("Rupees fifteen thousand six hundred thirty-five and fifty paisa only");
    expect(text).toContain("Rupees sixteen thousand four hundred fifty-eight and ninety-five paisa only");
    expect(text).toMatch(/Still due after this payment +PKR 93,930\.05/);
    expect(text).not.toContain("CANCELLED");

    payments.reverse(order, recorded.value.id, { reason: "Bounced", actor: bilal, now });
    const again = pdfText(await receiptPdf(payments.receipt("R-2026-0001")!));
    expect(again).toContain("R-2026-0001");
    expect(again).toContain("CANCELLED: this payment was reversed on Thursday 26 November 2026");
  });
});

describe("the ages of what is owed", () => {
  it("fall into 0–30, 31–60, 61–90 and over 90 days at their boundaries", () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(ageBucket)).toEqual([
      "0-30",
      "0-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "over-90",
      "over-90",
    ]);
    expect(daysBetween("2026-11-26", "2026-12-26")).toBe(30);
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
  });

  it("count Pakistan days from the invoice's date, an unpaid advance from the acceptance's", () => {
    const { store, make, payments } = setup();
    const invoiced = make();
    const advanceOnly = make();
    const settled = make();
    const issued = new Invoices(store).issueInvoice(invoiced.id, { actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    payments.record(invoiced, { ...cash, amountPaisa: 1_000_000 });
    payments.record(settled, { ...cash, amountPaisa: dueNext(paymentSummary(store, settled)!).paisa });
    const startPkt = Date.parse("2026-11-25T19:00:00Z"); // 00:00 PKT on 26 November, the invoice's day
    const day = 86_400_000;
    const at = (days: number, lastSecond: boolean) =>
      receivables(store.db, startPkt + days * day + (lastSecond ? day - 1000 : 0));
    for (const [days, bucket] of [
      [30, "0-30"],
      [31, "31-60"],
      [60, "31-60"],
      [61, "61-90"],
      [90, "61-90"],
      [91, "over-90"],
    ] as const) {
      // The first and the last second of the Pakistan day: the same age (UTC would split the day at 05:00).
      for (const lastSecond of [false, true]) {
        const owed = at(days, lastSecond);
        expect(
          owed.rows.map((row) => [row.reference, row.owed.kind, row.days, row.bucket]),
          `${days} days`,
        ).toEqual([
          [invoiced.reference, "invoice", days, bucket],
          [advanceOnly.reference, "advance", days, bucket],
        ]);
      }
    }
    const owed = receivables(store.db, startPkt + 45 * day);
    const invoicedDue = paymentSummary(store, invoiced)!.duePaisa;
    const advanceDue = paymentSummary(store, advanceOnly)!.advanceRequiredPaisa;
    expect(owed.rows.map((row) => row.duePaisa)).toEqual([invoicedDue, advanceDue]);
    expect(owed.totals).toEqual({ "0-30": 0, "31-60": invoicedDue + advanceDue, "61-90": 0, "over-90": 0 });
    expect(owed.totalPaisa).toBe(invoicedDue + advanceDue);
    // The settled order's advance is paid and it has no invoice yet: it owes nothing now.
    expect(owed.rows.map((row) => row.reference)).not.toContain(settled.reference);
  });
});

describe("the report of tax withheld", () => {
  it("totals income tax and sales tax by the month paid, reversed payments left out", () => {
    const { store, make, payments } = setup();
    const october = make(new Date("2026-10-05T07:00:00Z"));
    const november = make();
    const withheld = (incomeTax: number, salesTax: number) => ({
      incomeTaxWithheldPaisa: incomeTax,
      incomeTaxCertificate: incomeTax ? "IT-1" : "",
      salesTaxWithheldPaisa: salesTax,
      salesTaxCertificate: salesTax ? "ST-1" : "",
    });
    payments.record(october, { ...cash, paidOn: "2026-10-31", amountPaisa: 100_000, ...withheld(4_500, 0) });
    payments.record(october, { ...cash, paidOn: "2026-11-01", amountPaisa: 100_000, ...withheld(1_000, 2_000) });
    payments.record(november, { ...cash, amountPaisa: 100_000, ...withheld(3_000, 500) });
    const bounced = payments.record(november, { ...cash, amountPaisa: 1, ...withheld(99_999, 99_999) });
    payments.reverse(november, bounced.ok ? bounced.value.id : 0, { reason: "Bounced", actor: bilal, now });
    const period = reportPeriod(readRange("12"), now.getTime());
    const months = taxWithheldByMonth(store.db, period);
    expect(months.filter((month) => month.certificates > 0)).toEqual([
      { month: "2026-10", incomeTaxPaisa: 4_500, salesTaxPaisa: 0, certificates: 1 },
      { month: "2026-11", incomeTaxPaisa: 4_000, salesTaxPaisa: 2_500, certificates: 4 },
    ]);
    expect(months.map((month) => month.month)).toEqual(period.months);
    const csv = reportCsv(store.db, "tax-withheld-by-month", period, now.getTime());
    expect(csv).toContain("month,income_tax_withheld_pkr,sales_tax_withheld_pkr,certificates\r\n");
    expect(csv).toContain("2026-10,45.00,0.00,1\r\n");
    expect(csv).toContain("2026-11,40.00,25.00,4\r\n");
  });
});
