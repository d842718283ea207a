import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { business, fullAddress } from "~/content/business";
import { QuoteStore } from "~/lib/quotes/store.server";
import { FURTHER_TAX_RATE_BP } from "~/lib/fbr/rates";
import { documentNumber, fiscalYear, Invoices, shareTax, splitCredit, splitPayableCredit } from "./invoices.server";

// Sales tax invoices and credit notes on a real SQLite store; their numbering also across processes.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

function setup(dir = tempDir("invoices")) {
  const store = QuoteStore.open(dir);
  return { dir, store, invoices: new Invoices(store) };
}

const issuer = fileURLToPath(new URL("../../../tests/support/invoice-issuer.ts", import.meta.url));

/** The numbers a series holds, in order. */
const numbers = (store: QuoteStore, table: "invoices" | "credit_notes") =>
  store.db.prepare(`SELECT number FROM ${table} ORDER BY sequence`).pluck().all() as string[];

const series = (prefix: "INV" | "CN", count: number, year = "2026-27") =>
  Array.from({ length: count }, (_, index) => documentNumber(prefix, year, index + 1));

describe("invoice numbers", () => {
  it("follow Pakistan's fiscal year, July to June", () => {
    expect(fiscalYear("2026-11-26")).toBe("2026-27");
    expect(fiscalYear("2027-06-30")).toBe("2026-27");
    expect(fiscalYear("2027-07-01")).toBe("2027-28");
    expect(fiscalYear("2099-12-31")).toBe("2099-00");
    expect(documentNumber("INV", "2026-27", 42)).toBe("INV-2026-27-0042");
  });

  it("start again each fiscal year, by the Pakistan date, invoices and credit notes each in their own series", () => {
    const { store, invoices } = setup();
    const first = acceptedOrder(store, { now });
    const second = acceptedOrder(store, { now });
    const lastMinute = new Date("2027-06-30T18:59:59Z"); // 23:59:59 PKT, the fiscal year's last day
    const midnight = new Date("2027-06-30T19:00:00Z"); // 00:00 PKT on 1 July

    expect(invoices.issueInvoice(first.orderId, { actor: bilal, now }).ok).toBe(true);
    const june = invoices.issueInvoice(second.orderReference, { actor: bilal, now: lastMinute });
    expect(june.ok && [june.value.number, june.value.issueDate]).toEqual(["INV-2026-27-0002", "2027-06-30"]);
    const note = invoices.issueCreditNote("INV-2026-27-0002", {
      amountPaisa: june.ok ? june.value.totalPaisa : 0,
      reason: "Wrong buyer address",
      actor: bilal,
      now: midnight,
    });
    expect(note.ok && [note.value.number, note.value.issueDate]).toEqual(["CN-2027-28-0001", "2027-07-01"]);
    const july = invoices.issueInvoice(second.orderId, { actor: bilal, now: midnight });
    expect(july.ok && july.value.number).toBe("INV-2027-28-0001");
  });

  it("are exactly 1 to the total when four processes issue at once", async () => {
    const { dir, store } = setup();
    const orders = Array.from({ length: 4 }, () => acceptedOrder(store, { now }).orderReference);
    const rounds = 8;
    const outputs = await Promise.all(
      orders.map((order) => runIssuer(dir, rounds, [order]).finished.then(({ code, stdout }) => ({ code, stdout }))),
    );
    expect(outputs.map(({ code }) => code)).toEqual([0, 0, 0, 0]);
    const total = orders.length * rounds;
    expect(numbers(store, "invoices")).toEqual(series("INV", total));
    expect(numbers(store, "credit_notes")).toEqual(series("CN", total));
    // Each process was given the numbers it stored, and no two the same one.
    const printed = outputs.flatMap(({ stdout }) => stdout.trim().split("\n"));
    expect(printed.sort()).toEqual([...series("INV", total), ...series("CN", total)].sort());
  }, 60_000);

  it("have no gap and no half-stored invoice after a process is killed while it issues", async () => {
    const { dir, store, invoices } = setup();
    const orders = [acceptedOrder(store, { now }), acceptedOrder(store, { now })].map((order) => order.orderReference);
    const printed: string[] = [];
    for (const after of [7, 23]) {
      const child = runIssuer(dir, 1_000, orders);
      await child.printed(after);
      child.process.kill("SIGKILL");
      const { signal, stdout } = await child.finished;
      expect(signal).toBe("SIGKILL");
      printed.push(...stdout.trim().split("\n"));
      // The next run starts from whatever the killed one left: credit what is still open.
      for (const invoice of orders.flatMap((order) => invoicesOfOrder(store, invoices, order)))
        if (invoice.leftToCreditPaisa > 0)
          invoices.issueCreditNote(invoice.number, {
            amountPaisa: invoice.leftToCreditPaisa,
            reason: "Left open",
            actor: bilal,
            now,
          });
    }

    expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
    const issued = numbers(store, "invoices");
    const notes = numbers(store, "credit_notes");
    expect(issued.length).toBeGreaterThanOrEqual(3);
    expect(issued).toEqual(series("INV", issued.length));
    expect(notes).toEqual(series("CN", notes.length));
    // Everything a process was told is stored, and the counters are where the rows are.
    expect(printed.filter((number) => !issued.includes(number) && !notes.includes(number))).toEqual([]);
    expect(store.db.prepare("SELECT series, last FROM invoice_sequences ORDER BY series").all()).toEqual([
      { series: "CN", last: notes.length },
      { series: "INV", last: issued.length },
    ]);
    // Every invoice whole: its four lines, adding up to its totals.
    for (const number of issued) {
      const invoice = invoices.invoice(number)!;
      expect(invoice.lines).toHaveLength(4);
      expect(invoice.lines.reduce((sum, line) => sum + line.valueInclTaxPaisa, 0)).toBe(invoice.totalPaisa);
      expect(invoice.leftToCreditPaisa).toBe(0);
    }
    const next = invoices.issueInvoice(orders[0]!, { actor: bilal, now });
    expect(next.ok && next.value.number).toBe(documentNumber("INV", "2026-27", issued.length + 1));
  }, 120_000);
});

describe("an invoice", () => {
  it("holds the accepted quotation's lines with the options chosen, set-up and delivery as lines, and both parties", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    const issued = invoices.issueInvoice(order.orderReference, {
      buyerAddress: "  Plot 5, Sector 24, Korangi Industrial Area, Karachi ",
      actor: bilal,
      now,
    });
    expect(issued.ok).toBe(true);
    const invoice = invoices.invoice("INV-2026-27-0001")!;
    expect(invoice).toMatchObject({
      number: "INV-2026-27-0001",
      issueDate: "2026-11-26",
      issuedBy: "Bilal <bilal@promo.example>",
      orderReference: order.orderReference,
      requestReference: order.quote.reference,
      poNumber: "PO-7781",
      quotationVersion: 1,
      supplierName: business.name,
      supplierAddress: fullAddress,
      supplierNtn: business.ntn,
      supplierStrn: business.strn,
      buyerName: "Ayesha Khan",
      buyerCompany: "Acme Pharma",
      buyerAddress: "Plot 5, Sector 24, Korangi Industrial Area, Karachi",
      buyerNtn: "1234567-8",
      buyerStrn: "32-77-8761-234-56",
      taxRateBp: 1_800,
      valueExclTaxPaisa: 9_355_000,
      taxPaisa: 1_683_900,
      totalPaisa: 11_038_900,
      furtherTaxPaisa: 0,
      payablePaisa: 11_038_900,
      creditedPaisa: 0,
      leftToCreditPaisa: 11_038_900,
    });
    // The pens' second option (500 at PKR 89), the notebooks' only one.
    expect(invoice.lines).toEqual([
      {
        position: 1,
        kind: "goods",
        description: "Onset pen — Screen print, 1 colour",
        quantity: 500,
        unitPaisa: 8_900,
        valueExclTaxPaisa: 4_450_000,
        taxPaisa: 801_000,
        valueInclTaxPaisa: 5_251_000,
        furtherTaxPaisa: 0,
      },
      {
        position: 2,
        kind: "goods",
        description: "A5 notebook",
        quantity: 100,
        unitPaisa: 45_050,
        valueExclTaxPaisa: 4_505_000,
        taxPaisa: 810_900,
        valueInclTaxPaisa: 5_315_900,
        furtherTaxPaisa: 0,
      },
      {
        position: 3,
        kind: "setup",
        description: "Set-up: Onset pen",
        quantity: 1,
        unitPaisa: 250_000,
        valueExclTaxPaisa: 250_000,
        taxPaisa: 45_000,
        valueInclTaxPaisa: 295_000,
        furtherTaxPaisa: 0,
      },
      {
        position: 4,
        kind: "delivery",
        description: "Delivery",
        quantity: 1,
        unitPaisa: 150_000,
        valueExclTaxPaisa: 150_000,
        taxPaisa: 27_000,
        valueInclTaxPaisa: 177_000,
        furtherTaxPaisa: 0,
      },
    ]);
    expect(invoices.invoicesOf(order.orderId).map((each) => each.number)).toEqual(["INV-2026-27-0001"]);
    expect(store.audit.requestHistory(order.quote.id).at(-1)).toMatchObject({
      actor: "Bilal <bilal@promo.example>",
      kind: "invoice",
      body: `Sales tax invoice INV-2026-27-0001 issued for order ${order.orderReference}: PKR 110,389`,
    });
  });

  it("adds further tax on the value for an unregistered buyer, shared among the lines, to what the buyer pays", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    const issued = invoices.issueInvoice(order.orderId, { furtherTaxRateBp: FURTHER_TAX_RATE_BP, actor: bilal, now });
    expect(issued.ok).toBe(true);
    const invoice = invoices.invoice("INV-2026-27-0001")!;
    // 4 % of PKR 93,550: PKR 3,742 on top of the PKR 110,389 the sales tax invoice totals.
    expect(invoice).toMatchObject({
      valueExclTaxPaisa: 9_355_000,
      taxPaisa: 1_683_900,
      totalPaisa: 11_038_900,
      furtherTaxRateBp: 400,
      furtherTaxPaisa: 374_200,
      payablePaisa: 11_413_100,
      leftToCreditPaisa: 11_413_100,
    });
    expect(invoice.lines.map((line) => line.furtherTaxPaisa)).toEqual([178_000, 180_200, 10_000, 6_000]);
    expect(store.audit.requestHistory(order.quote.id).at(-1)?.body).toBe(
      `Sales tax invoice INV-2026-27-0001 issued for order ${order.orderReference}: PKR 114,131`,
    );

    // A credit of what the buyer pays takes its further tax with it; the last one takes all that is left.
    const part = invoices.issueCreditNote(invoice.number, {
      amountPaisa: 1_220_000,
      reason: "Returned",
      actor: bilal,
      now,
    });
    expect(
      part.ok && [
        part.value.valueExclTaxPaisa,
        part.value.taxPaisa,
        part.value.furtherTaxPaisa,
        part.value.amountPaisa,
      ],
    ).toEqual([1_000_000, 180_000, 40_000, 1_180_000]);
    expect(invoices.invoice(invoice.number)!.leftToCreditPaisa).toBe(10_193_100);
    const rest = invoices.issueCreditNote(invoice.number, {
      amountPaisa: 10_193_100,
      reason: "Cancelled",
      actor: bilal,
      now,
    });
    expect(rest.ok && [rest.value.valueExclTaxPaisa, rest.value.taxPaisa, rest.value.furtherTaxPaisa]).toEqual([
      8_355_000, 1_503_900, 334_200,
    ]);
    expect(invoices.invoice(invoice.number)).toMatchObject({ creditedPaisa: 11_413_100, leftToCreditPaisa: 0 });
  });

  it("splits a credit of what the buyer pays into value, sales tax and further tax, never more of one than is left", () => {
    const rates = { taxRateBp: 1_800, furtherTaxRateBp: 400 };
    const left = { valueExclTaxPaisa: 100, taxPaisa: 18, furtherTaxPaisa: 4 };
    expect(splitPayableCredit(122, left, rates)).toEqual(left);
    expect(splitPayableCredit(61, left, rates)).toEqual({ valueExclTaxPaisa: 50, taxPaisa: 9, furtherTaxPaisa: 2 });
    expect(splitPayableCredit(121, left, rates)).toEqual({ valueExclTaxPaisa: 99, taxPaisa: 18, furtherTaxPaisa: 4 });
    expect(splitPayableCredit(10, { valueExclTaxPaisa: 5, taxPaisa: 1, furtherTaxPaisa: 4 }, rates)).toEqual({
      valueExclTaxPaisa: 5,
      taxPaisa: 1,
      furtherTaxPaisa: 4,
    });
    // A registered buyer's invoice has none: the split is the sales tax one.
    expect(splitPayableCredit(59, { ...left, furtherTaxPaisa: 0 }, { ...rates, furtherTaxRateBp: 0 })).toEqual({
      valueExclTaxPaisa: 50,
      taxPaisa: 9,
      furtherTaxPaisa: 0,
    });
  });

  it("shares the tax on the whole supply among its lines so that they add up to it", () => {
    expect(shareTax([1, 1, 1], 1_800, 1)).toEqual([1, 0, 0]);
    expect(shareTax([333, 333, 334], 1_800, 180)).toEqual([60, 60, 60]);
    expect(shareTax([250, 250, 3], 1_700, 86)).toEqual([43, 42, 1]);
    expect(shareTax([], 1_800, 0)).toEqual([]);
  });

  it("is refused, taking no number, when the stored rows no longer give what the buyer accepted", () => {
    const { store, invoices } = setup();
    const wrongTotal = acceptedOrder(store, { now, totals: { taxPaisa: 1_683_901, totalPaisa: 11_038_901 } });
    expect(invoices.issueInvoice(wrongTotal.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "totals differ",
    });
    const wrongChoices = acceptedOrder(store, { now, choices: [3, 1] });
    expect(invoices.issueInvoice(wrongChoices.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "totals differ",
    });

    const changed = acceptedOrder(store, { now });
    store.db.exec("DROP TRIGGER quotation_options_sent_final_update");
    store.db
      .prepare(
        `UPDATE quotation_options SET unit_paisa = 1 WHERE line_id IN
           (SELECT id FROM quotation_lines WHERE quotation_id = ?)`,
      )
      .run(changed.quotationId);
    expect(invoices.issueInvoice(changed.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "quotation changed",
    });

    const withdrawn = acceptedOrder(store, { now });
    store.db.prepare("DELETE FROM quotation_acceptances WHERE quote_id = ?").run(withdrawn.quote.id);
    expect(invoices.issueInvoice(withdrawn.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "not accepted",
    });
    expect(invoices.issueInvoice("O-2026-9999", { actor: bilal, now })).toEqual({ ok: false, reason: "no order" });

    expect(numbers(store, "invoices")).toEqual([]);
    const good = acceptedOrder(store, { now });
    const issued = invoices.issueInvoice(good.orderId, { actor: bilal, now });
    expect(issued.ok && issued.value.number).toBe("INV-2026-27-0001");
  });

  it("takes no number when it fails before its commit", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    // A failure after the number was counted, as a crash between the invoice and its lines would be.
    store.db.exec(
      "CREATE TEMP TRIGGER lines_fail BEFORE INSERT ON invoice_lines BEGIN SELECT RAISE(ABORT, 'disk gone'); END",
    );
    expect(() => invoices.issueInvoice(order.orderId, { actor: bilal, now })).toThrow(/disk gone/);
    store.db.exec("DROP TRIGGER lines_fail");
    expect(store.db.prepare("SELECT count(*) FROM invoice_sequences").pluck().get()).toBe(0);
    const issued = invoices.issueInvoice(order.orderId, { actor: bilal, now });
    expect(issued.ok && issued.value.number).toBe("INV-2026-27-0001");
    expect(store.audit.requestHistory(order.quote.id).filter((line) => line.kind === "invoice")).toHaveLength(1);
  });

  it("is one per order, unless the earlier one was credited in full", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    expect(invoices.issueInvoice(order.orderId, { actor: bilal, now }).ok).toBe(true);
    expect(invoices.issueInvoice(order.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "already invoiced",
    });
    const credit = (amountPaisa: number) =>
      invoices.issueCreditNote("INV-2026-27-0001", { amountPaisa, reason: "Wrong address", actor: bilal, now });
    expect(credit(11_000_000).ok).toBe(true);
    expect(invoices.issueInvoice(order.orderId, { actor: bilal, now })).toEqual({
      ok: false,
      reason: "already invoiced",
    });
    expect(credit(38_900).ok).toBe(true);
    const again = invoices.issueInvoice(order.orderId, { buyerAddress: "Korangi, Karachi", actor: bilal, now });
    expect(again.ok && again.value.number).toBe("INV-2026-27-0002");
    expect(invoices.invoicesOf(order.orderId).map((each) => [each.number, each.leftToCreditPaisa])).toEqual([
      ["INV-2026-27-0001", 0],
      ["INV-2026-27-0002", 11_038_900],
    ]);
  });

  it("is final: the database refuses to change or remove it, its lines or its credit notes", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    invoices.issueInvoice(order.orderId, { actor: bilal, now });
    invoices.issueCreditNote("INV-2026-27-0001", { amountPaisa: 100, reason: "Rounding", actor: bilal, now });
    for (const statement of [
      "UPDATE invoices SET total_paisa = 1, tax_paisa = 0, value_excl_tax_paisa = 1",
      "UPDATE invoices SET buyer_address = 'Elsewhere'",
      "DELETE FROM invoices",
      "UPDATE invoice_lines SET description = 'Something else'",
      "DELETE FROM invoice_lines",
      "UPDATE credit_notes SET reason = 'Another'",
      "DELETE FROM credit_notes",
    ])
      expect(() => store.db.prepare(statement).run(), statement).toThrow(/final/);
    // Nor does the request go, with its order, while its invoice is kept.
    expect(() => store.db.prepare("DELETE FROM quotes WHERE id = ?").run(order.quote.id)).toThrow(/FOREIGN KEY/);
    expect(() => store.delete(order.quote.id)).toThrow(
      `Request #${order.quote.id} has an invoice, kept for the tax records: it cannot be deleted.`,
    );
    expect(store.get(order.quote.id)).toBeDefined();
    expect(invoices.invoice("INV-2026-27-0001")?.totalPaisa).toBe(11_038_900);
  });
});

describe("a credit note", () => {
  it("credits part or all of what is left of an invoice, value and tax, with its reason in the request's history", () => {
    const { store, invoices } = setup();
    const order = acceptedOrder(store, { now });
    invoices.issueInvoice(order.orderId, { actor: bilal, now });

    const part = invoices.issueCreditNote("INV-2026-27-0001", {
      amountPaisa: 1_180_000,
      reason: " 100 pens returned ",
      actor: bilal,
      now,
    });
    expect(part.ok && part.value).toMatchObject({
      number: "CN-2026-27-0001",
      issueDate: "2026-11-26",
      reason: "100 pens returned",
      amountPaisa: 1_180_000,
      valueExclTaxPaisa: 1_000_000,
      taxPaisa: 180_000,
      invoice: { number: "INV-2026-27-0001", orderReference: order.orderReference },
    });
    const rest = invoices.issueCreditNote("INV-2026-27-0001", {
      amountPaisa: 9_858_900,
      reason: "Order cancelled",
      actor: bilal,
      now,
    });
    expect(rest.ok && [rest.value.valueExclTaxPaisa, rest.value.taxPaisa]).toEqual([8_355_000, 1_503_900]);
    const invoice = invoices.invoice("INV-2026-27-0001")!;
    expect([invoice.creditedPaisa, invoice.leftToCreditPaisa]).toEqual([11_038_900, 0]);
    expect(invoice.creditNotes.map((note) => note.number)).toEqual(["CN-2026-27-0001", "CN-2026-27-0002"]);
    expect(
      store.audit
        .requestHistory(order.quote.id)
        .slice(-2)
        .map((line) => line.body),
    ).toEqual([
      "Credit note CN-2026-27-0001 issued against invoice INV-2026-27-0001: PKR 11,800 (100 pens returned)",
      "Credit note CN-2026-27-0002 issued against invoice INV-2026-27-0001: PKR 98,589 (Order cancelled)",
    ]);
  });

  it("is refused, taking no number, for nothing, more than is left, no reason or an unknown invoice", () => {
    const { store, invoices } = setup();
    invoices.issueInvoice(acceptedOrder(store, { now }).orderId, { actor: bilal, now });
    const credit = (amountPaisa: number, reason = "Returned", number = "INV-2026-27-0001") =>
      invoices.issueCreditNote(number, { amountPaisa, reason, actor: bilal, now });
    for (const amount of [0, -100, 1.5, 11_038_901])
      expect(credit(amount), String(amount)).toEqual({ ok: false, reason: "amount not allowed" });
    expect(credit(100, "  ")).toEqual({ ok: false, reason: "no reason" });
    expect(credit(100, "Returned", "INV-2026-27-0002")).toEqual({ ok: false, reason: "no invoice" });
    expect(numbers(store, "credit_notes")).toEqual([]);
    expect(credit(11_038_900).ok).toBe(true);
    expect(credit(1)).toEqual({ ok: false, reason: "amount not allowed" });
  });

  it("splits what it credits into value and tax at the invoice's rate, never more of either than is left", () => {
    const left = { valueExclTaxPaisa: 100, taxPaisa: 18 };
    expect(splitCredit(118, left, 1_800)).toEqual(left);
    expect(splitCredit(59, left, 1_800)).toEqual({ valueExclTaxPaisa: 50, taxPaisa: 9 });
    expect(splitCredit(117, left, 1_800)).toEqual({ valueExclTaxPaisa: 99, taxPaisa: 18 });
    // What is left after odd credits may hold less tax than the rate would take.
    expect(splitCredit(50, { valueExclTaxPaisa: 99, taxPaisa: 1 }, 1_800)).toEqual({
      valueExclTaxPaisa: 49,
      taxPaisa: 1,
    });
    expect(splitCredit(50, { valueExclTaxPaisa: 10, taxPaisa: 60 }, 1_800)).toEqual({
      valueExclTaxPaisa: 10,
      taxPaisa: 40,
    });
  });
});

function invoicesOfOrder(store: QuoteStore, invoices: Invoices, reference: string) {
  const id = store.db.prepare("SELECT id FROM orders WHERE reference = ?").pluck().get(reference) as number;
  return invoices.invoicesOf(id);
}

/** tests/support/invoice-issuer.ts in a child process on this test's Node, its output collected. */
function runIssuer(dir: string, rounds: number, orders: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", issuer, dir, String(rounds), ...orders], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiting: { lines: number; resolve: () => void }[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    const lines = stdout.split("\n").length - 1;
    for (const wait of waiting.filter((each) => lines >= each.lines)) wait.resolve();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const finished = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>((resolve) =>
    child.on("close", (code, signal) => {
      if (code) console.error(stderr);
      resolve({ code, signal, stdout });
    }),
  );
  return {
    process: child,
    finished,
    /** Resolves once the child has printed `lines` numbers. */
    printed: (lines: number) => new Promise<void>((resolve) => waiting.push({ lines, resolve })),
  };
}
