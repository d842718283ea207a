import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Invoices } from "../../app/lib/invoices/invoices.server";
import { Orders } from "../../app/lib/orders/orders.server";
import { Payments } from "../../app/lib/payments/payments.server";
import { ProofDesk } from "../../app/lib/proofs/proofs.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";
import { pdfText } from "../support/pdf-text";
import { onsetPenLine, sentQuotation } from "../support/quotation-fixture";
import { expectNoAxeViolations } from "./support/axe";
import { addStaff, postForm, signIn } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";

// An order's money on the production build: requests whose quotation the buyer accepted (through the
// modules), the staff record the advance on the order's page (the form filled with it) and download its
// receipt, issue the invoice, settle the balance with the tax the buyer withheld; the board shows what
// is due and Receivables who owes it; the buyer's page shows paid and due, the receipts and the
// invoice; the attacks on the money routes.

const password = "lahore-blue-pens-2026";
// A small phone and a desk's screen.
const widths = [360, 1440] as const;
const shots = "/tmp/order-money-shots";

/** An accepted quotation (250 pens at PKR 90, set-up 2,500, delivery 1,500, 18 %: PKR 31,270) and the buyer's link. */
function seed(dataDir: string) {
  const store = QuoteStore.open(dataDir);
  const proofs = new ProofDesk(store);
  let messageId = 2_000;
  const accepted = (key: string) => {
    const { quote, accept } = sentQuotation(store, `order-money-${key}`, {
      terms: { deliveryPaisa: 150_000 },
      lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_000 }])],
    });
    accept([1], { name: "Dr. Ayesha Khan", role: "Brand Manager", poNumber: "PO-7781" });
    return {
      reference: quote.reference,
      order: quote.reference.replace("Q-", "O-"),
      link: `/proof/${proofs.linkForMessage(quote.id, messageId++)}`,
      quoteId: quote.id,
    };
  };
  const seeded = { 360: accepted("phone"), 1440: accepted("desk"), other: accepted("other") };
  // Another request's invoice, for the link attack.
  const orderId = store.db
    .prepare("SELECT id FROM orders WHERE quote_id = ?")
    .pluck()
    .get(seeded.other.quoteId) as number;
  const actor = { name: "Bilal", email: "bilal@promo.example" };
  const issued = new Invoices(store).issueInvoice(orderId, { actor });
  if (!issued.ok) throw new Error(issued.reason);
  // Another request's receipt, for the link attack.
  const otherOrder = new Orders(store).forRequest(seeded.other.quoteId)!;
  const paid = new Payments(store).record(otherOrder, {
    kind: "advance",
    method: "cash",
    paidOn: new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10),
    amountPaisa: 100_000,
    actor,
  });
  if (!paid.ok) throw new Error(paid.reason);
  store.close();
  return { ...seeded, otherInvoice: issued.value.number, otherReceipt: paid.value.receipt!.number };
}

let server: Awaited<ReturnType<typeof startOwnServer>>;
let seeded: ReturnType<typeof seed>;
let dataDir: string;
let cookie: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-order-money-"));
  seeded = seed(dataDir);
  server = await startOwnServer({ DATA_DIR: dataDir });
  await addStaff(server, "sana@promo.example", password);
  cookie = await signIn(server, "sana@promo.example", password);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.baseURL}/desk/sign-in`);
  await page.getByLabel("Email").fill("sana@promo.example");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
}

for (const width of widths) {
  test(`at ${width} px staff record the advance with its receipt, issue the invoice and settle it with tax withheld; the board, Receivables and the buyer's page agree`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { order, link } = seeded[width];
    await signInAt(page, width);
    await page.goto(`${server.baseURL}/desk/orders/${order}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order);
    const payments = page.locator("#payments");
    await expect(payments.getByText("PKR 31,270")).toHaveCount(2); // total and due
    await expect(payments.getByText("Advance asked: PKR 15,635 (not paid yet)")).toBeVisible();
    // The form is filled with what is due next: the advance.
    await expect(page.getByLabel(/^Amount \(PKR\)/)).toHaveValue("15635");
    await expect(page.getByLabel("Kind")).toHaveValue("advance");

    // A wrong amount first: refused, nothing recorded.
    await page.getByLabel(/^Amount \(PKR\)/).fill("-15635");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("alert")).toHaveText(/Enter an amount in rupees above zero/);
    await expect(payments.getByText("No payment recorded yet.")).toBeVisible();

    await page.getByLabel(/^Amount \(PKR\)/).fill("15,635");
    await page.getByLabel("Method").selectOption({ label: "Bank transfer" });
    await page.getByLabel("Kind").selectOption({ label: "Advance" });
    await page.getByLabel(/^Reference/).fill("TT-4471");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("status")).toHaveText(
      "Payment recorded with its receipt. E-mail is off: the receipt was not sent.",
    );
    await expect(payments.getByText("Advance asked: PKR 15,635 (paid)")).toBeVisible();
    await expect(payments.getByRole("definition")).toHaveText(["PKR 31,270", "PKR 15,635", "PKR 15,635"]);
    await expect(payments.getByText(/PKR 15,635 · .* · Advance · Bank transfer · TT-4471/)).toBeVisible();
    // Next due is the balance, and the form says so.
    await expect(page.getByLabel(/^Amount \(PKR\)/)).toHaveValue("15635");
    await expect(page.getByLabel("Kind")).toHaveValue("balance");

    // The receipt downloads from the order's page: its number, the amount in figures and words.
    const receiptLink = payments.getByRole("link", { name: /^Receipt R-\d{4}-\d{4} · PDF$/ });
    const receipt = (await receiptLink.textContent())!.replace(/^Receipt (\S+) · PDF$/, "$1");
    const [receiptDownload] = await Promise.all([page.waitForEvent("download"), receiptLink.click()]);
    expect(receiptDownload.suggestedFilename()).toBe(`${receipt}.pdf`);
    const receiptText = pdfText(readFileSync((await receiptDownload.path())!));
    expect(receiptText).toContain(receipt);
    expect(receiptText).toContain("Rupees fifteen thousand six hundred thirty-five only");
    expect(receiptText).toMatch(/Still due after this payment +PKR 15,635/);

    // The same transfer typed again: refused, naming the payment that has it.
    await page.getByLabel(/^Amount \(PKR\)/).fill("15,635");
    await page.getByLabel(/^Reference/).fill("tt 4471");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("alert")).toHaveText(
      /^This reference is already on the payment of PKR 15,635 dated [^:]*\d{4}:/,
    );
    await page.screenshot({ path: `${shots}/desk-order-money-same-reference-${width}.png`, fullPage: true });
    await expect(payments.getByRole("definition")).toHaveText(["PKR 31,270", "PKR 15,635", "PKR 15,635"]);

    const invoices = page.locator("#invoices");
    await page.getByLabel("Buyer address").fill("12 Mall Road, Lahore");
    await page.getByRole("button", { name: "Issue invoice" }).click();
    await expect(invoices.getByRole("status")).toContainText("Invoice issued");
    await expect(page.getByRole("button", { name: "Issue invoice" })).toHaveCount(0);
    const number = (await invoices.locator(".font-mono").first().textContent())!;
    expect(number).toMatch(/^INV-\d{4}-\d{2}-\d{4}$/);
    await expect(invoices.getByText("PKR 15,635 to pay")).toBeVisible();

    // The balance: PKR 14,700 received, PKR 700 income tax and PKR 235 sales tax withheld with certificates.
    await page.getByLabel(/^Amount \(PKR\)/).fill("14,700");
    await page.getByLabel("Method").selectOption({ label: "Cheque" });
    await page.getByLabel(/^Reference/).fill("CHQ-0091");
    await page.getByLabel("Income tax withheld (PKR)").fill("700");
    await page.getByLabel("Sales tax withheld (PKR)").fill("235");
    await page.getByRole("button", { name: "Record payment" }).click();
    // A certificate missing: refused, nothing recorded.
    await expect(payments.getByRole("alert")).toHaveText(/Write the income tax certificate's number/);
    await expect(payments.getByRole("definition")).toHaveText(["PKR 31,270", "PKR 15,635", "PKR 15,635"]);
    await page.getByLabel(/^Amount \(PKR\)/).fill("14,700");
    await page.getByLabel("Method").selectOption({ label: "Cheque" });
    await page.getByLabel(/^Reference/).fill("CHQ-0091");
    await page.getByLabel("Income tax withheld (PKR)").fill("700");
    await page.getByLabel("Income tax certificate no.").fill("CPR-IT-2026-0091");
    await page.getByLabel("Sales tax withheld (PKR)").fill("235");
    await page.getByLabel("Sales tax certificate no.").fill("CPR-ST-2026-0044");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(payments.getByRole("status")).toContainText("Payment recorded with its receipt.");
    await expect(payments.getByRole("definition")).toHaveText(["PKR 31,270", "PKR 31,270", "PKR 0"]);
    await expect(payments.getByText("Tax withheld: PKR 935")).toBeVisible();
    await expect(invoices.getByText(/· Settled$/)).toBeVisible();
    await expect(payments.getByText("Income tax withheld PKR 700 (certificate CPR-IT-2026-0091)")).toBeVisible();
    await expect(payments.getByText("Sales tax withheld PKR 235 (certificate CPR-ST-2026-0044)")).toBeVisible();
    await expect(page.getByLabel(/^Amount \(PKR\)/)).toHaveValue("");
    await expectNoAxeViolations(page, `the order's money panels at ${width} px`);
    await payments.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/desk-order-money-${width}.png`, fullPage: true });
    await payments.screenshot({ path: `${shots}/desk-payments-panel-${width}.png` });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      invoices.getByRole("link", { name: `PDF ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const text = pdfText(readFileSync((await download.path())!));
    expect(text).toContain(number);
    expect(text).toContain("12 Mall Road, Lahore");

    // The board: what the order owes (nothing now), each date named.
    await page.goto(`${server.baseURL}/desk/orders`);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: order }) });
    await expect(row.getByText("Paid in full")).toBeVisible();
    await expect(row.getByText("Promised dispatch: set once the proof is approved")).toBeVisible();
    // The other request's order: invoiced, PKR 1,000 of its advance paid.
    const otherRow = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: seeded.other.order }) });
    await expect(otherRow.getByText("Due PKR 30,270 · advance PKR 14,635 unpaid")).toBeVisible();
    await expectNoAxeViolations(page, `the orders board at ${width} px`);
    await page.screenshot({ path: `${shots}/desk-orders-board-${width}.png`, fullPage: true });

    // Receivables: the settled order is not listed; the other request's invoice is, in 0–30 days.
    if (width === 1440) await page.getByRole("link", { name: "Receivables" }).click();
    else await page.goto(`${server.baseURL}/desk/receivables`);
    await expect(page.getByRole("heading", { name: "Receivables", level: 1 })).toBeVisible();
    await expect(page.getByText(/aged from the invoice's date/)).toBeVisible();
    await expect(page.getByRole("link", { name: order })).toHaveCount(0);
    const recent = page.getByRole("region", { name: /^0–30 days/ });
    await expect(recent.getByRole("link", { name: seeded.other.order })).toBeVisible();
    await expect(recent.getByText(`Invoice ${seeded.otherInvoice}`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, `Receivables at ${width} px`);
    await page.screenshot({ path: `${shots}/desk-receivables-${width}.png`, fullPage: true });

    // The buyer's page, through their link.
    await page.goto(`${server.baseURL}${link}`);
    const payment = page.getByRole("region", { name: /^Payment ·/ });
    await expect(payment.getByRole("heading", { name: `Payment · Order ${order}` })).toBeVisible();
    await expect(payment.getByRole("definition")).toHaveText(["PKR 31,270", "PKR 31,270", "PKR 0"]);
    await expect(payment.getByText("Bank transfer")).toBeVisible();
    await expect(payment.getByText("(incl. tax withheld PKR 935)")).toBeVisible();
    await expect(payment.getByText(`Sales tax invoice ${number}`)).toBeVisible();
    await expectNoAxeViolations(page, `the buyer's payment at ${width} px`);
    await payment.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/buyer-payment-${width}.png`, fullPage: true });
    await payment.screenshot({ path: `${shots}/buyer-payment-section-${width}.png` });
    const [buyerDownload] = await Promise.all([
      page.waitForEvent("download"),
      payment.getByRole("link", { name: `Download PDF ${number}` }).click(),
    ]);
    expect(pdfText(readFileSync((await buyerDownload.path())!))).toContain(number);
    const [buyerReceipt] = await Promise.all([
      page.waitForEvent("download"),
      payment.getByRole("link", { name: `Download PDF ${receipt}` }).click(),
    ]);
    expect(pdfText(readFileSync((await buyerReceipt.path())!))).toContain(receipt);
  });
}

test("the money routes refuse another origin, bad amounts, more than due, a second invoice, another order and another request's invoice and receipt", async () => {
  const { order, link } = seeded[1440];
  const other = seeded.other;
  const base = server.baseURL;
  const record = (fields: Record<string, string>, path = `/desk/orders/${order}/payments`) =>
    postForm(
      server,
      path,
      {
        intent: "record",
        idempotencyKey: crypto.randomUUID(),
        method: "cash",
        kind: "balance",
        // Today in Pakistan (UTC+5): a payment dated before its order is refused.
        date: new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10),
        ...fields,
      },
      cookie,
    );

  const foreign = await fetch(`${base}/desk/orders/${order}/payments`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Cookie: cookie },
    body: new URLSearchParams({ intent: "record", amount: "100", method: "cash", kind: "other", date: "2026-01-01" }),
  });
  expect(foreign.status).toBe(403);
  for (const amount of ["-1", "0", "1.005", "abc"])
    expect((await record({ amount })).headers.get("location"), amount).toBe(
      `/desk/orders/${order}?payments-error=amount#payments`,
    );
  expect((await record({ amount: "1,000,000" })).headers.get("location")).toBe(
    `/desk/orders/${order}?payments-error=more-than-due#payments`,
  );
  expect((await record({ amount: "100" }, "/desk/orders/O-2099-9999/payments")).status).toBe(404);
  const twice = await postForm(
    server,
    `/desk/orders/${other.order}/invoices`,
    { intent: "issue", idempotencyKey: crypto.randomUUID() },
    cookie,
  );
  expect(twice.headers.get("location")).toBe(`/desk/orders/${other.order}?invoices-error=already-invoiced#invoices`);
  // Another order's invoice through this order on the desk, and through this request's link.
  expect(
    (await fetch(`${base}/desk/orders/${order}/invoices/${seeded.otherInvoice}.pdf`, { headers: { Cookie: cookie } }))
      .status,
  ).toBe(404);
  expect((await fetch(`${base}${link}/invoices/${seeded.otherInvoice}.pdf`)).status).toBe(404);
  expect((await fetch(`${base}${other.link}/invoices/${seeded.otherInvoice}.pdf`)).status).toBe(200);
  // Another request's receipt: not through this order on the desk, not through this request's link.
  expect(
    (await fetch(`${base}/desk/orders/${order}/receipts/${seeded.otherReceipt}.pdf`, { headers: { Cookie: cookie } }))
      .status,
  ).toBe(404);
  expect((await fetch(`${base}${link}/receipts/${seeded.otherReceipt}.pdf`)).status).toBe(404);
  expect((await fetch(`${base}${other.link}/receipts/${seeded.otherReceipt}.pdf`)).status).toBe(200);
});
