import { describe, expect, it } from "vitest";
import { recordingMailer, registeredBuyer } from "../../../tests/support/fbr-fixtures";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { bilal } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Invoices } from "~/lib/invoices/invoices.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import type { DiInvoice, FbrOutcome, ReportDocument } from "./di-types";
import { FbrQueue, type FbrQueueOptions, type FbrPoster } from "./queue.server";
import type { InvoiceReport } from "./report-types";
import { FbrReports } from "./reports.server";

// The FBR queue on a real SQLite store, with FBR played by a scripted client: what is posted, how often,
// and what the reports, their exchanges and the owners' e-mails show after each answer.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT
const minutes = (count: number) => now.getTime() + count * 60_000;

const buyer = registeredBuyer;
const line = (position: number) => ({
  position,
  hsCode: "9608.1000",
  uom: "Numbers, pieces, units",
  saleType: "Goods at standard rate (default)",
});

/** The body FBR is sent, cut down to what these tests look at. */
const payload = (document: ReportDocument): DiInvoice => ({
  invoiceType: document.kind === "invoice" ? "Sale Invoice" : "Debit Note",
  invoiceDate: document.date,
  sellerNTNCNIC: document.seller.ntnCnic,
  sellerBusinessName: document.seller.businessName,
  sellerProvince: document.seller.province,
  sellerAddress: document.seller.address,
  buyerNTNCNIC: document.buyer.ntnCnic,
  buyerBusinessName: document.buyer.businessName,
  buyerProvince: document.buyer.province,
  buyerAddress: document.buyer.address,
  buyerRegistrationType: document.buyer.registrationType,
  invoiceRefNo: document.refersTo ?? "",
  items: [],
});

const valid: FbrOutcome = { kind: "valid", httpStatus: 200, body: '{"validationResponse":{"statusCode":"00"}}' };
const accepted = (number: string): FbrOutcome => ({
  kind: "accepted",
  number,
  dated: "2026-11-26 12:00:05",
  httpStatus: 200,
  body: `{"invoiceNumber":"${number}"}`,
});
const down: FbrOutcome = {
  kind: "unavailable",
  problem: "FBR did not answer within 20 s.",
  httpStatus: null,
  answerLost: false,
  body: "",
};
const lost: FbrOutcome = { ...down, answerLost: true };
const hsCodeRefusal = [{ line: 1, code: "0052", words: "The HS code 9608.1000 is not one FBR knows." }];
const refused: FbrOutcome = {
  kind: "refused",
  refusal: hsCodeRefusal,
  httpStatus: 200,
  body: '{"validationResponse":{"statusCode":"01"}}',
};

/** FBR played from a script of answers per call; every body it was sent is kept. */
function scriptedFbr(script: { validate?: FbrOutcome[]; post?: FbrOutcome[] }, delayMs = 0) {
  const sent: { step: "validate" | "post"; body: DiInvoice }[] = [];
  const answer = async (step: "validate" | "post", body: DiInvoice) => {
    sent.push({ step, body });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const queue = script[step] ?? [];
    return (queue.length > 1 ? queue.shift() : queue[0]) ?? (step === "validate" ? valid : accepted("DI-1"));
  };
  const client: FbrPoster = { validate: (body) => answer("validate", body), post: (body) => answer("post", body) };
  return { client, sent, posts: () => sent.filter((each) => each.step === "post") };
}

function setup() {
  const dir = tempDir("fbr-queue");
  const store = QuoteStore.open(dir);
  const invoices = new Invoices(store);
  const reports = new FbrReports(store.db);
  /** An issued invoice with its report waiting, as the invoicing workflow leaves it. */
  const waitingInvoice = () => {
    const order = acceptedOrder(store, { now });
    const issued = invoices.issueInvoice(order.orderId, { actor: bilal, now });
    if (!issued.ok) throw new Error(issued.reason);
    const reportId = reports.open({
      invoiceId: issued.value.id,
      status: "waiting",
      buyer,
      lines: issued.value.lines.map((each) => line(each.position)),
      now,
    });
    return { order, invoice: issued.value, reportId };
  };
  const queue = (client: FbrPoster, options: FbrQueueOptions = {}, db = store.db) =>
    new FbrQueue(db, client, payload, { baseDelayMs: 60_000, log: () => undefined, ...options });
  /** What the request's history says FBR did with its documents: who, and the line's words. */
  const fbrHistory = (quoteId: number) =>
    store.audit
      .requestHistory(quoteId)
      .filter((each) => each.type.startsWith("invoice.fbr_"))
      .map((each) => [each.actor, each.body]);
  return { dir, store, invoices, reports, waitingInvoice, queue, fbrHistory };
}

describe("the FBR queue", () => {
  it("validates, then posts a waiting invoice; FBR's number is kept and what follows is done in that transaction", async () => {
    const { store, reports, waitingInvoice, queue, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    const fbr = scriptedFbr({ post: [accepted("7000007DI1747119701593")] });
    const seen: { report: InvoiceReport; inTransaction: boolean }[] = [];
    let after = 0;
    const worker = queue(fbr.client, {
      onAccepted: (report) => seen.push({ report, inTransaction: store.db.inTransaction }),
      afterAccepted: () => after++,
    });

    expect(reports.get(reportId)).toMatchObject({ status: "waiting", fbrNumber: null, invoiceNumber: invoice.number });
    expect(await worker.drain(() => minutes(0))).toBe(1);
    expect(fbr.sent.map((each) => each.step)).toEqual(["validate", "post"]);
    expect(fbr.sent[0]!.body).toMatchObject({ invoiceType: "Sale Invoice", buyerNTNCNIC: "1234567", invoiceRefNo: "" });
    expect(reports.get(reportId)).toMatchObject({
      status: "accepted",
      fbrNumber: "7000007DI1747119701593",
      fbrDated: "2026-11-26 12:00:05",
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(seen.map(({ report, inTransaction }) => [report.fbrNumber, inTransaction])).toEqual([
      ["7000007DI1747119701593", true],
    ]);
    expect(after).toBe(1);
    // What was sent and what came back, each kept.
    expect(reports.exchangesOf(reportId).map((each) => [each.step, each.httpStatus, each.answer])).toEqual([
      ["validate", 200, valid.body],
      ["post", 200, '{"invoiceNumber":"7000007DI1747119701593"}'],
    ]);
    expect(JSON.parse(reports.exchangesOf(reportId)[1]!.request)).toMatchObject({ invoiceType: "Sale Invoice" });

    // Nothing is due any more: a second round posts nothing.
    expect(await worker.drain(() => minutes(60))).toBe(0);
    expect(fbr.posts()).toHaveLength(1);
    // The request's history says so once, by the website, in the transaction that kept the number.
    expect(fbrHistory(invoice.quoteId)).toEqual([
      ["website", `Invoice ${invoice.number} accepted by FBR: FBR number 7000007DI1747119701593`],
    ]);
  });

  it("keeps an invoice waiting while FBR is down, with back-off and the problem, and posts it once when FBR is back", async () => {
    const { reports, waitingInvoice, queue } = setup();
    const { reportId } = waitingInvoice();
    const fbr = scriptedFbr({ validate: [down, down, valid] });
    const worker = queue(fbr.client);

    await worker.drain(() => minutes(0));
    expect(reports.get(reportId)).toMatchObject({
      status: "waiting",
      attempts: 1,
      lastProblem: "FBR did not answer within 20 s.",
      answerLostAt: null,
      nextAttemptAt: new Date(minutes(1)).toISOString(),
    });
    // Not due before its next attempt.
    await worker.drain(() => minutes(0.5));
    expect(fbr.sent).toHaveLength(1);
    await worker.drain(() => minutes(1));
    expect(reports.get(reportId)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(minutes(3)).toISOString(),
    });
    expect(reports.exchangesOf(reportId).map((each) => [each.httpStatus, each.answer, each.answeredAt])).toEqual([
      [null, "FBR did not answer within 20 s.", null],
      [null, "FBR did not answer within 20 s.", null],
    ]);

    await worker.drain(() => minutes(3));
    expect(reports.get(reportId)).toMatchObject({ status: "accepted", fbrNumber: "DI-1", lastProblem: null });
    expect(fbr.posts()).toHaveLength(1);
  });

  it("posts again after a lost answer and keeps one FBR number, never a second", async () => {
    const { reports, waitingInvoice, queue, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    const fbr = scriptedFbr({ post: [lost, accepted("DI-SECOND")] });
    const worker = queue(fbr.client);

    await worker.drain(() => minutes(0));
    expect(reports.get(reportId)).toMatchObject({
      status: "waiting",
      fbrNumber: null,
      answerLostAt: new Date(minutes(0)).toISOString(),
    });
    await worker.drain(() => minutes(5));
    expect(reports.get(reportId)).toMatchObject({ status: "accepted", fbrNumber: "DI-SECOND" });
    expect(fbr.posts()).toHaveLength(2);

    // A late answer for the same report (another worker's, a replay) never replaces the number.
    expect(reports.markAccepted(reportId, { number: "DI-THIRD", dated: "2026-11-26 12:10:00" })).toBe(false);
    expect(reports.get(reportId)?.fbrNumber).toBe("DI-SECOND");
    // Nor does it write a second acceptance into the history.
    expect(fbrHistory(invoice.quoteId)).toEqual([
      ["website", `Invoice ${invoice.number} accepted by FBR: FBR number DI-SECOND`],
    ]);
  });

  it("marks a refusal with FBR's reasons in words, and posts the corrected report again", async () => {
    const { store, reports, waitingInvoice, queue, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    const fbr = scriptedFbr({ validate: [refused, valid], post: [accepted("DI-7")] });
    let kicked = 0;
    const worker = queue(fbr.client);

    await worker.drain(() => minutes(0));
    expect(reports.get(reportId)).toMatchObject({
      status: "refused",
      nextAttemptAt: null,
      refusal: [{ line: 1, code: "0052", words: "The HS code 9608.1000 is not one FBR knows." }],
    });
    expect(fbr.posts()).toHaveLength(0);
    // Refused stays refused: nothing is tried until staff correct it.
    await worker.drain(() => minutes(60));
    expect(fbr.sent).toHaveLength(1);

    const correcting = new FbrReports(store.db, () => kicked++);
    const corrected = reports.get(reportId)!;
    expect(
      correcting.correct(
        reportId,
        {
          buyer: { ...corrected.buyer, province: "PUNJAB" },
          lines: [
            {
              position: 1,
              hsCode: "9608.2000",
              uom: "Numbers, pieces, units",
              saleType: "Goods at standard rate (default)",
            },
          ],
        },
        bilal,
        new Date(minutes(61)),
      ),
    ).toEqual({ ok: true });
    expect(kicked).toBe(1);
    expect(reports.get(reportId)).toMatchObject({ status: "waiting", refusal: [], buyer: { province: "PUNJAB" } });
    expect(reports.get(reportId)!.lines[0]).toMatchObject({ hsCode: "9608.2000" });
    // Only a refused report may be corrected.
    expect(correcting.correct(reportId, { buyer, lines: [] }, bilal)).toEqual({ ok: false, reason: "not refused" });
    expect(correcting.correct(9_999, { buyer, lines: [] }, bilal)).toEqual({ ok: false, reason: "no report" });

    await worker.drain(() => minutes(61));
    expect(reports.get(reportId)).toMatchObject({ status: "accepted", fbrNumber: "DI-7" });
    expect(fbr.sent.at(-2)!.body).toMatchObject({ buyerProvince: "PUNJAB" });
    // The history tells each step once: FBR's refusal and acceptance by the website, the correction by its staff member.
    expect(fbrHistory(invoice.quoteId)).toEqual([
      [
        "website",
        `Invoice ${invoice.number} refused by FBR (1 reason): Line 1: The HS code 9608.1000 is not one FBR knows.`,
      ],
      ["Bilal <bilal@promo.example>", `Invoice ${invoice.number} corrected and sent to FBR again`],
      ["website", `Invoice ${invoice.number} accepted by FBR: FBR number DI-7`],
    ]);
  });

  it("keeps the count of FBR's reasons and the first one's words, cut short, in the history", async () => {
    const { reports, waitingInvoice, queue, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    const long = `Buyer's NTN 1234567 is not registered: ${"the registration could not be found. ".repeat(20)}`;
    const fbr = scriptedFbr({
      validate: [
        {
          ...refused,
          refusal: [
            { line: null, code: "0002", words: long },
            { line: 1, code: "0052", words: "The HS code 9608.1000 is not one FBR knows." },
          ],
        },
      ],
    });
    await queue(fbr.client).drain(() => minutes(0));

    expect(reports.get(reportId)?.refusal).toHaveLength(2);
    // 300 characters of the first reason, its end marked cut; all of FBR's answer stays in the exchanges.
    const first = `The invoice: ${long}`.slice(0, 299);
    expect(first.length).toBe(299);
    expect(fbrHistory(invoice.quoteId)).toEqual([
      ["website", `Invoice ${invoice.number} refused by FBR (2 reasons): ${first}…`],
    ]);
  });

  it("never keeps FBR's answer without its line in the request's history", () => {
    const { store, reports, waitingInvoice, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    // The history cannot be written: the answer is not kept either, and the report stays waiting.
    store.db.exec(
      "CREATE TEMP TRIGGER no_history BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'no history'); END",
    );
    expect(() => reports.markRefused(reportId, hsCodeRefusal)).toThrow("no history");
    expect(() => reports.markAccepted(reportId, { number: "DI-1", dated: "2026-11-26 12:00:05" })).toThrow(
      "no history",
    );
    expect(reports.get(reportId)).toMatchObject({ status: "waiting", fbrNumber: null, refusal: [], attempts: 0 });
    expect(fbrHistory(invoice.quoteId)).toEqual([]);
  });

  it("keeps a report it cannot make waiting with the reason, and goes on with the others", async () => {
    const { store, reports, waitingInvoice } = setup();
    const broken = waitingInvoice().reportId;
    const fine = waitingInvoice().reportId;
    const fbr = scriptedFbr({});
    let made = 0;
    const worker = new FbrQueue(
      store.db,
      fbr.client,
      (document) => {
        if (made++ === 0) throw new Error("No seller province.");
        return payload(document);
      },
      { baseDelayMs: 60_000, log: () => undefined },
    );
    await worker.drain(() => minutes(0));
    expect(reports.get(broken)).toMatchObject({ status: "waiting", attempts: 1, lastProblem: "No seller province." });
    expect(reports.get(fine)).toMatchObject({ status: "accepted" });
  });

  it("never lets two workers on two connections post one report twice", async () => {
    const { dir, reports, waitingInvoice, queue } = setup();
    const reportIds = [waitingInvoice().reportId, waitingInvoice().reportId, waitingInvoice().reportId];
    const other = QuoteStore.open(dir);
    const fbr = scriptedFbr({}, 30);
    const numbers = new Map<string, number>();
    const numbered: FbrPoster = {
      validate: fbr.client.validate,
      post: async (body) => {
        await fbr.client.post(body);
        const number = `DI-${numbers.size + 1}`;
        numbers.set(number, fbr.posts().length);
        return accepted(number);
      },
    };
    const first = queue(numbered);
    const second = queue(numbered, {}, other.db);
    await Promise.all([first.drain(() => minutes(0)), second.drain(() => minutes(0))]);

    expect(fbr.posts()).toHaveLength(3);
    expect(reportIds.map((id) => reports.get(id)?.status)).toEqual(["accepted", "accepted", "accepted"]);
    expect(new Set(reportIds.map((id) => reports.get(id)?.fbrNumber)).size).toBe(3);
    other.close();
  });

  it("holds no claim on a report it has not made when it stops, so that it is due again at once", async () => {
    const { reports, waitingInvoice, queue } = setup();
    const first = waitingInvoice();
    const second = waitingInvoice();
    let validationStarted = () => {};
    const validating = new Promise<void>((resolve) => (validationStarted = resolve));
    let answer = () => {};
    const worker = queue({
      validate: async () => {
        validationStarted();
        await new Promise<void>((resolve) => (answer = resolve));
        return valid;
      },
      post: async () => accepted("DI-1"),
    });
    const draining = worker.drain(() => minutes(0)); // two due: it makes the first
    await validating;
    const stopping = worker.stop();
    answer();
    await Promise.all([draining, stopping]);

    expect(reports.get(first.reportId)).toMatchObject({ status: "accepted" });
    expect(reports.get(second.reportId)).toMatchObject({ status: "waiting" });
    expect(reports.nextDueAt()).toBe(minutes(0));
  });

  it("tells the owners once when a report has waited over an hour, and once of each refusal", async () => {
    const { reports, waitingInvoice, queue } = setup();
    const slow = waitingInvoice();
    const fbr = scriptedFbr({ validate: [down] });
    const { mailer, sent } = recordingMailer();
    const ownerMail = { mailer, from: mailer.from, owners: () => ["owner@promo.example"] };
    const worker = queue(fbr.client, { ownerMail, maxDelayMs: 10 * 60_000 });

    await worker.drain(() => minutes(0));
    await worker.drain(() => minutes(59));
    expect(sent).toEqual([]);
    await worker.drain(() => minutes(61));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: [{ address: "owner@promo.example" }],
      subject: `Invoice ${slow.invoice.number} is waiting for FBR — Lahore Promo Works desk`,
    });
    expect(sent[0]!.text).toContain(
      `Invoice ${slow.invoice.number} of order ${slow.order.orderReference} has been waiting for FBR's Digital Invoicing since 2026-11-26 12:00 PKT`,
    );
    expect(sent[0]!.text).toContain("The last problem: FBR did not answer within 20 s.");
    expect(sent[0]!.text).toContain(`/desk/orders/${slow.order.orderReference}`);
    await worker.drain(() => minutes(90));
    expect(sent).toHaveLength(1);

    // A refusal is news at once, and once.
    const refusedOne = waitingInvoice();
    const refusing = queue(scriptedFbr({ validate: [refused] }).client, { ownerMail });
    await refusing.drain(() => minutes(91));
    expect(reports.get(refusedOne.reportId)?.status).toBe("refused");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe(`FBR refused invoice ${refusedOne.invoice.number} — Lahore Promo Works desk`);
    expect(sent[1]!.text).toContain("- Line 1: The HS code 9608.1000 is not one FBR knows.");
    await refusing.drain(() => minutes(92));
    expect(sent).toHaveLength(2);
  });

  it("reports a credit note as a Debit Note referring to the invoice's FBR number, only once FBR accepted the invoice", async () => {
    const { invoices, reports, waitingInvoice, queue, fbrHistory } = setup();
    const { invoice, reportId } = waitingInvoice();
    const note = invoices.issueCreditNote(invoice.number, {
      amountPaisa: 1_180_000,
      reason: "100 pens returned",
      actor: bilal,
      now,
    });
    if (!note.ok) throw new Error(note.reason);
    const noteReport = reports.open({
      invoiceId: invoice.id,
      creditNoteId: note.value.id,
      status: "waiting",
      buyer,
      lines: [line(1)],
      now,
    });
    const fbr = scriptedFbr({ validate: [down, valid], post: [accepted("DI-INVOICE"), accepted("DI-NOTE")] });
    const worker = queue(fbr.client);

    // The invoice could not be reported: its credit note is not even tried.
    await worker.drain(() => minutes(0));
    expect(fbr.sent).toHaveLength(1);
    expect(reports.get(noteReport)).toMatchObject({ status: "waiting", attempts: 0 });

    await worker.drain(() => minutes(1));
    expect(reports.get(reportId)?.fbrNumber).toBe("DI-INVOICE");
    expect(reports.get(noteReport)).toMatchObject({
      status: "accepted",
      fbrNumber: "DI-NOTE",
      document: "credit note",
      creditNoteNumber: note.value.number,
    });
    expect(fbr.posts().at(-1)!.body).toMatchObject({ invoiceType: "Debit Note", invoiceRefNo: "DI-INVOICE" });
    const { position: _position, ...taxData } = line(1);
    expect(reports.documentOf(noteReport)?.lines).toEqual([
      {
        description: `Credit against invoice ${invoice.number}: 100 pens returned`,
        quantity: 1,
        rateBp: 1_800,
        valueExclTaxPaisa: 1_000_000,
        salesTaxPaisa: 180_000,
        furtherTaxPaisa: 0,
        ...taxData,
      },
    ]);
    expect(reports.reportsOfOrder(invoice.orderId).map((each) => each.document)).toEqual(["invoice", "credit note"]);
    // The credit note's acceptance is in the history under its own number.
    expect(fbrHistory(invoice.quoteId)).toEqual([
      ["website", `Invoice ${invoice.number} accepted by FBR: FBR number DI-INVOICE`],
      ["website", `Credit note ${note.value.number} accepted by FBR: FBR number DI-NOTE`],
    ]);
  });
});
