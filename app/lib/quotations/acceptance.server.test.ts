import { describe, expect, it } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Messaging } from "~/lib/messaging/messaging.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { type AcceptInput, QuotationAnswers, quotationReminderDue } from "./acceptance.server";
import { postedChoices } from "./buyer-answer-schema";
import { OrderTaxFacts } from "~/lib/orders/tax-facts.server";
import { answerQuotation, quotationPageData } from "./buyer-page.server";
import { defaultTerms, type QuotationDraft } from "./quotations.server";

// The buyer's answers to a quotation, its reminder and its expiry, on a real SQLite store.

const sentAt = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT; valid until Thursday 10 December
const later = new Date("2026-11-27T07:00:00Z");

const draft = (): QuotationDraft => ({
  ...defaultTerms(sentAt),
  deliveryPaisa: 150_000,
  lines: [
    {
      itemId: "onset-pen",
      description: "Onset pen",
      decoration: "Screen print, 1 colour",
      setupPaisa: 250_000,
      options: [
        { quantity: 250, unitPaisa: 9_000 },
        { quantity: 500, unitPaisa: 8_900 },
      ],
    },
    {
      itemId: null,
      description: "Notebook A5",
      decoration: "",
      setupPaisa: 0,
      options: [{ quantity: 100, unitPaisa: 45_050 }],
    },
  ],
});

function setup() {
  const store = QuoteStore.open(tempDir("acceptance"));
  const quote = store.insert(buyerFields, submissionMeta("k1"), { notify: false, now: sentAt }).quote;
  const other = store.insert({ ...buyerFields, email: "other@else.example" }, submissionMeta("k2"), {
    notify: false,
    now: sentAt,
  }).quote;
  const answers = new QuotationAnswers(store, undefined, ["sales@promo.example"]);
  const send = (id = quote.id, at = sentAt) => {
    answers.quotations.saveDraft(id, draft(), null, at);
    return answers.quotations.send(store.get(id)!, bilal, at)!;
  };
  const messages = () =>
    new Messaging(store).messages(quote.id).filter((message) => message.kind.startsWith("quotation-"));
  /** Everything an answer could change, to compare before and after a refusal. */
  const snapshot = () => ({
    status: store.get(quote.id)!.status,
    versions: answers.quotations.versions(quote.id),
    order: answers.orders.forRequest(quote.id),
    history: store.audit.requestHistory(quote.id).length,
    messages: messages().length,
  });
  return { store, quote, other, answers, send, messages, snapshot };
}

const acceptInput = (sha256: string, changes: Partial<AcceptInput> = {}): AcceptInput => ({
  version: 1,
  sha256,
  choices: [2, 1],
  name: "Dr. Ayesha Khan",
  role: "Brand Manager",
  poNumber: "PO-7781",
  ...changes,
});

describe("accepting a quotation", () => {
  it("records the acceptance with the server's totals, makes order O-…, wins the request and queues both e-mails, in one go", () => {
    const { store, quote, answers, send, messages } = setup();
    const v1 = send();
    const result = answers.accept(quote.id, acceptInput(v1.sha256!), later);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.reference).toBe(quote.reference.replace("Q-", "O-"));
    // 500 × 89 + 100 × 450.50 + set-up 2,500 + delivery 1,500 = 93,550; 18 % tax 16,839.
    expect(result.acceptance).toMatchObject({
      name: "Dr. Ayesha Khan",
      role: "Brand Manager",
      poNumber: "PO-7781",
      choices: "[2,1]",
      goodsPaisa: 8_955_000,
      taxPaisa: 1_683_900,
      totalPaisa: 11_038_900,
      quotationSha256: v1.sha256,
      acceptedAt: later.toISOString(),
    });
    expect(store.get(quote.id)!.status).toBe("won");
    const history = store.audit.requestHistory(quote.id).map((line) => line.body);
    expect(history).toContain(
      `Quotation v1 accepted by Dr. Ayesha Khan, Brand Manager, PO PO-7781: PKR 110,389; order ${result.order.reference} (SHA-256 ${v1.sha256})`,
    );
    expect(messages().map((message) => [message.kind, message.recipient, message.subject])).toEqual([
      ["quotation-accepted", "ayesha@acme.example", `Your order ${result.order.reference}: acceptance of quotation v1`],
      [
        "quotation-staff",
        "sales@promo.example",
        `${quote.reference}: quotation v1 accepted, order ${result.order.reference}`,
      ],
    ]);
    expect(String(messages()[0]!.payload.body)).toContain(
      "Onset pen, Screen print, 1 colour: 500 pcs × PKR 89 = PKR 44,500",
    );
    // The page shows the order and the record from then on, with the options chosen.
    const page = quotationPageData(answers, store.get(quote.id)!, null, later.getTime())!;
    expect(page.order).toBe(`Order ${result.order.reference} · accepted 2026-11-27 12:00 PKT`);
    expect(page.latest.acceptance?.totals.total).toBe("PKR 110,389");
    expect(page.latest.lines[0]!.options.map((option) => option.checked)).toEqual([false, true]);
  });

  it("refuses, changing nothing, a replaced version, an unknown one, choices that do not fit, another hash, a second acceptance", () => {
    const { quote, answers, send, snapshot } = setup();
    const v1 = send();
    const v2 = send(quote.id, later);
    const before = snapshot();
    const refusals = [
      answers.accept(quote.id, acceptInput(v1.sha256!, { version: 1 }), later),
      answers.accept(quote.id, acceptInput(v2.sha256!, { version: 3 }), later),
      answers.accept(quote.id, acceptInput(v2.sha256!, { version: 2, choices: [3, 1] }), later),
      answers.accept(quote.id, acceptInput(v2.sha256!, { version: 2, choices: [1] }), later),
      answers.accept(quote.id, acceptInput(v2.sha256!, { version: 2, choices: [1, Number.NaN] }), later),
      answers.accept(quote.id, acceptInput(v1.sha256!, { version: 2 }), later),
    ];
    expect(refusals.map((result) => (result.ok ? "ok" : result.reason))).toEqual([
      "not_latest",
      "not_latest",
      "choices",
      "choices",
      "choices",
      "changed",
    ]);
    expect(snapshot()).toEqual(before);
    expect(answers.accept(quote.id, acceptInput(v2.sha256!, { version: 2 }), later).ok).toBe(true);
    const accepted = snapshot();
    const again = answers.accept(quote.id, acceptInput(v2.sha256!, { version: 2, name: "Someone else" }), later);
    expect(again).toEqual({ ok: false, reason: "accepted" });
    expect(answers.askChanges(quote.id, 2, "Cheaper", later)).toEqual({ ok: false, reason: "accepted" });
    expect(snapshot()).toEqual(accepted);
  });

  it("refuses a version whose rows no longer match its SHA-256 (changed behind the triggers' back)", () => {
    const { store, quote, answers, send, snapshot } = setup();
    const v1 = send();
    store.db.exec("DROP TRIGGER quotation_options_sent_final_update");
    store.db.prepare("UPDATE quotation_options SET unit_paisa = 100 WHERE position = 2").run();
    const before = snapshot();
    expect(answers.accept(quote.id, acceptInput(v1.sha256!), later)).toEqual({ ok: false, reason: "changed" });
    expect(snapshot()).toEqual(before);
  });

  it("refuses an expired version, and another request's version", () => {
    const { quote, other, answers, send, snapshot } = setup();
    const v1 = send();
    const otherV1 = send(other.id);
    const before = snapshot();
    const afterValidity = new Date("2026-12-10T19:00:01Z"); // Friday 00:00:01 PKT
    expect(answers.accept(quote.id, acceptInput(v1.sha256!), afterValidity)).toEqual({ ok: false, reason: "expired" });
    // The other request's hash, posted on this request's page.
    expect(answers.accept(quote.id, acceptInput(otherV1.sha256!), later)).toEqual({ ok: false, reason: "changed" });
    expect(snapshot()).toEqual(before);
    // The last minute of its last day in Pakistan is still valid.
    expect(answers.accept(quote.id, acceptInput(v1.sha256!), new Date("2026-12-10T18:59:59Z")).ok).toBe(true);
  });
});

describe("the buyer's tax registration given on acceptance", () => {
  /** The acceptance form as the buyer's page posts it, its optional tax section filled as given. */
  const posted = (intent: string, sha256: string, tax: Record<string, string>) => ({
    intent,
    version: "1",
    sha256,
    "line-1": "2",
    "line-2": "1",
    name: "Dr. Ayesha Khan",
    role: "",
    poNumber: "",
    ...tax,
  });
  const acmeTax = {
    registrationType: "Registered",
    ntnCnic: "1234567-8",
    businessName: "Acme Pharma (Pvt) Ltd",
    province: "PUNJAB",
    address: "Plot 12, Sundar Industrial Estate\nLahore",
  };

  it("is reviewed in words, then stored on the new order as given by the buyer, in the acceptance's one transaction", () => {
    const { store, quote, answers, send } = setup();
    const v1 = send();
    const review = answerQuotation(answers, store.get(quote.id)!, posted("review", v1.sha256!, acmeTax), later);
    expect(review).toMatchObject({
      status: 200,
      review: {
        taxFacts: {
          values: acmeTax,
          lines: [
            "Registered for sales tax",
            "NTN 1234567",
            "Acme Pharma (Pvt) Ltd",
            "Plot 12, Sundar Industrial Estate, Lahore (Punjab)",
          ],
        },
      },
    });
    // The review sends the typed fields again, hidden, with the final Accept.
    expect(answerQuotation(answers, store.get(quote.id)!, posted("accept", v1.sha256!, acmeTax), later)).toEqual({
      done: "accepted",
    });
    const order = answers.orders.forRequest(quote.id)!;
    expect(new OrderTaxFacts(store).get(order.id)).toEqual({
      registrationType: "Registered",
      ntnCnic: "1234567",
      businessName: "Acme Pharma (Pvt) Ltd",
      province: "PUNJAB",
      address: "Plot 12, Sundar Industrial Estate, Lahore",
      givenBy: "buyer",
      updatedAt: later.toISOString(),
      checkedAt: null,
    });
    expect(store.audit.requestHistory(quote.id).find((line) => line.type === "order.tax_facts_saved")).toMatchObject({
      actor: "buyer (link)",
    });
  });

  it("may be left out: the order is made without it", () => {
    const { store, quote, answers, send } = setup();
    const v1 = send();
    const blank = { registrationType: "", ntnCnic: " ", businessName: "", province: "", address: "" };
    expect(answerQuotation(answers, store.get(quote.id)!, posted("review", v1.sha256!, blank), later)).toMatchObject({
      status: 200,
      review: { taxFacts: null },
    });
    expect(answerQuotation(answers, store.get(quote.id)!, posted("accept", v1.sha256!, {}), later)).toEqual({
      done: "accepted",
    });
    expect(new OrderTaxFacts(store).get(answers.orders.forRequest(quote.id)!.id)).toBeNull();
  });

  it("half filled or wrong, refuses the acceptance on the field at fault, keeping what was typed and making no order", () => {
    const { store, quote, answers, send, snapshot } = setup();
    const v1 = send();
    const before = snapshot();
    const wrong = { ...acmeTax, ntnCnic: "12345", province: "Lahore" };
    for (const intent of ["review", "accept"]) {
      const refused = answerQuotation(answers, store.get(quote.id)!, posted(intent, v1.sha256!, wrong), later);
      expect(refused).toMatchObject({
        status: 400,
        taxErrors: {
          ntnCnic: expect.stringContaining("7 digits"),
          province: "Choose the business's province from FBR's list.",
        },
        entered: { name: "Dr. Ayesha Khan", taxFacts: wrong },
      });
    }
    const missingNtn = { ...acmeTax, ntnCnic: "" };
    expect(
      answerQuotation(answers, store.get(quote.id)!, posted("accept", v1.sha256!, missingNtn), later),
    ).toMatchObject({
      status: 400,
      taxErrors: { ntnCnic: expect.stringContaining("registered for sales tax has an NTN") },
    });
    expect(snapshot()).toEqual(before);
  });
});

describe("asking for changes", () => {
  it("is stored on the version once, goes back to the office with a staff e-mail, and closes acceptance", () => {
    const { store, quote, answers, send, messages } = setup();
    const v1 = send();
    expect(answers.askChanges(quote.id, 1, "Blue ink, please", later)).toEqual({ ok: true });
    const stored = answers.quotations.version(quote.id, 1)!;
    expect([stored.changesText, stored.changesAt]).toEqual(["Blue ink, please", later.toISOString()]);
    expect(store.get(quote.id)!.status).toBe("waiting_on_us");
    expect(store.audit.requestHistory(quote.id).map((line) => line.body)).toContain(
      "Changes asked on quotation v1: Blue ink, please",
    );
    expect(messages().map((message) => message.subject)).toEqual([`${quote.reference}: changes asked on quotation v1`]);
    expect(answers.askChanges(quote.id, 1, "And red", later)).toEqual({ ok: false, reason: "changes_asked" });
    expect(answers.accept(quote.id, acceptInput(v1.sha256!), later)).toEqual({ ok: false, reason: "changes_asked" });
    expect(answers.quotations.version(quote.id, 1)!.changesText).toBe("Blue ink, please");
  });

  it("is taken on an expired version (to ask for a new one), not on a replaced one", () => {
    const { quote, answers, send } = setup();
    send();
    expect(answers.askChanges(quote.id, 1, "New dates", new Date("2026-12-15T07:00:00Z"))).toEqual({ ok: true });
    send(quote.id, new Date("2026-12-16T07:00:00Z"));
    expect(answers.askChanges(quote.id, 1, "Again", new Date("2026-12-16T08:00:00Z"))).toEqual({
      ok: false,
      reason: "not_latest",
    });
  });
});

describe("the follow-ups of an unanswered quotation", () => {
  it("remind the buyer once, two business days before it ends, then mark it expired once and hand it back", () => {
    const { store, quote, answers, send, messages } = setup();
    send();
    expect(answers.followUp(new Date("2026-12-07T07:00:00Z"))).toEqual({ reminded: 0, expired: 0 }); // Monday
    expect(answers.followUp(new Date("2026-12-08T07:00:00Z"))).toEqual({ reminded: 1, expired: 0 }); // Tuesday
    expect(answers.followUp(new Date("2026-12-09T07:00:00Z"))).toEqual({ reminded: 0, expired: 0 });
    expect(messages().map((message) => [message.kind, message.recipient, message.subject])).toEqual([
      [
        "quotation-reminder",
        "ayesha@acme.example",
        `Reminder: quotation v1 for ${quote.reference} is valid until Thursday 10 December 2026`,
      ],
    ]);
    expect(answers.followUp(new Date("2026-12-10T18:59:59Z"))).toEqual({ reminded: 0, expired: 0 });
    expect(answers.followUp(new Date("2026-12-10T19:00:01Z"))).toEqual({ reminded: 0, expired: 1 });
    expect(answers.followUp(new Date("2026-12-11T07:00:00Z"))).toEqual({ reminded: 0, expired: 0 });
    expect(answers.quotations.version(quote.id, 1)!.expiredAt).toBe("2026-12-10T19:00:01.000Z");
    expect(store.get(quote.id)!.status).toBe("waiting_on_us");
    const history = store.audit.requestHistory(quote.id).map((line) => line.body);
    expect(history.filter((line) => line === "Quotation v1 expired unanswered")).toHaveLength(1);
    expect(history).toContain("Reminder about quotation v1 queued for ayesha@acme.example");
    const page = quotationPageData(answers, store.get(quote.id)!, null, Date.parse("2026-12-11T07:00:00Z"))!;
    expect(page.latest.expired).toBe("This quotation expired on Thursday 10 December 2026; ask us for a new one.");
  });

  it("leave answered, replaced and Lost requests' quotations alone", () => {
    const { store, quote, other, answers, send } = setup();
    const v1 = send();
    send(other.id);
    answers.accept(quote.id, acceptInput(v1.sha256!), later);
    store.setStatus(other.id, "lost", "Price", bilal, later);
    expect(answers.followUp(new Date("2026-12-08T07:00:00Z"))).toEqual({ reminded: 0, expired: 0 });
    expect(answers.followUp(new Date("2026-12-11T07:00:00Z"))).toEqual({ reminded: 0, expired: 1 });
    expect(answers.quotations.version(quote.id, 1)!.expiredAt).toBeNull();
    expect(store.get(other.id)!.status).toBe("lost"); // expired, but a Lost request stays Lost
  });

  it("are never due on the day of sending, however short the validity", () => {
    const validUntil = "2026-11-27";
    expect(quotationReminderDue({ validUntil, sentAt: sentAt.toISOString(), remindedAt: null }, sentAt.getTime())).toBe(
      false,
    );
    expect(quotationReminderDue({ validUntil, sentAt: sentAt.toISOString(), remindedAt: null }, later.getTime())).toBe(
      true,
    );
  });
});

describe("the choices posted", () => {
  it("are read in line order, junk and gaps kept as NaN for checkChoices to refuse", () => {
    expect(postedChoices({ "line-2": "1", "line-1": "2", name: "x" })).toEqual([2, 1]);
    expect(postedChoices({ "line-1": "2", "line-3": "1" })).toEqual([2, Number.NaN, 1]);
    expect(postedChoices({ "line-1": "1e1" })).toEqual([Number.NaN]);
    expect(postedChoices({})).toEqual([]);
  });
});
