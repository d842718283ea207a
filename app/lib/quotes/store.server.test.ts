import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { Messaging } from "~/lib/messaging/messaging.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore, quoteStatuses } from "./store.server";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { queueReply, repliesOf } from "~/lib/quotes/messages.server";

const fields = buyerFields;
const meta = submissionMeta;
const staff = bilal;

describe("references", () => {
  it("numbers requests by year in Pakistan time, and a retry takes no number", () => {
    const store = QuoteStore.open(tempDir("desk-store"));
    const first = store.insert(fields, meta("k1"), { notify: false, now: new Date("2026-12-31T18:59:00Z") });
    const retry = store.insert(fields, meta("k1"), { notify: false, now: new Date("2026-12-31T18:59:30Z") });
    const second = store.insert(fields, meta("k2"), { notify: false, now: new Date("2026-12-31T19:00:00Z") });
    const third = store.insert(fields, meta("k3"), { notify: false, now: new Date("2027-01-02T08:00:00Z") });
    expect([first.quote.reference, retry.quote.reference, second.quote.reference, third.quote.reference]).toEqual([
      "Q-2026-0001",
      "Q-2026-0001",
      "Q-2027-0001", // 00:00 on 1 January in Lahore
      "Q-2027-0002",
    ]);
    expect(store.byReference("Q-2027-0002")?.id).toBe(third.quote.id);
    expect(store.byReference("q-2027-0002' OR 1=1")).toBeUndefined();
    store.close();
  });
});

describe("quantity and needed-by date", () => {
  it("are kept with a request and read back as they were given; a request without them reads null", () => {
    const store = QuoteStore.open(tempDir("wants"));
    const now = new Date("2026-11-26T05:00:00Z");
    const { quote } = store.insert({ ...fields, quantity: 500, neededBy: "2026-12-14" }, meta("w1"), {
      notify: false,
      now,
    });
    store.insert(fields, meta("w2"), { notify: false, now });
    expect(quote).toMatchObject({ quantity: 500, neededBy: "2026-12-14" });
    expect(store.get(quote.id)).toMatchObject({ quantity: 500, neededBy: "2026-12-14" });
    expect(store.list().map(({ quantity, neededBy }) => ({ quantity, neededBy }))).toEqual([
      { quantity: null, neededBy: null },
      { quantity: 500, neededBy: "2026-12-14" },
    ]);
    store.close();
  });
});

describe("reply channel and WhatsApp number", () => {
  const now = new Date("2026-11-26T05:00:00Z");
  const column = (store: QuoteStore, id: number) =>
    store.db.prepare("SELECT source, reply_channel, whatsapp_number FROM quotes WHERE id = ?").get(id);

  it("keeps the buyer's choice of WhatsApp with the number WhatsApp names their phone by", () => {
    const store = QuoteStore.open(tempDir("reply-whatsapp"));
    const { quote } = store.insert({ ...fields, phone: "0300 1234567", replyChannel: "whatsapp" }, meta("r1"), {
      notify: false,
      now,
    });
    expect(column(store, quote.id)).toEqual({
      source: "website",
      reply_channel: "whatsapp",
      whatsapp_number: "923001234567",
    });
    expect(store.get(quote.id)).toMatchObject({
      phone: "0300 1234567",
      source: "website",
      replyChannel: "whatsapp",
      whatsappNumber: "923001234567",
    });
    // The search finds it by the phone as the buyer wrote it, as before.
    expect(store.inbox({ search: "03001234567" }).quotes.map((found) => found.id)).toEqual([quote.id]);
    store.close();
  });

  it("keeps the WhatsApp number of every phone WhatsApp reaches, chosen or not, and of no other", () => {
    const store = QuoteStore.open(tempDir("whatsapp-number"));
    const stored = [
      { phone: "+92 321 7654321", replyChannel: "email" as const },
      { phone: "+44 7700 900123" },
      { phone: "042 3587 1234" },
      { phone: "" },
    ].map((buyer, index) => store.insert({ ...fields, ...buyer }, meta(`n${index}`), { notify: false, now }).quote);
    expect(stored.map((quote) => [quote.replyChannel, quote.whatsappNumber])).toEqual([
      ["email", "923217654321"],
      ["email", "447700900123"],
      ["email", null],
      ["email", null],
    ]);
    store.close();
  });

  it("answers by e-mail a request that asks for WhatsApp without a number WhatsApp reaches", () => {
    const store = QuoteStore.open(tempDir("whatsapp-landline"));
    const { quote } = store.insert({ ...fields, phone: "042 3587 1234", replyChannel: "whatsapp" }, meta("l1"), {
      notify: false,
      now,
    });
    expect(column(store, quote.id)).toEqual({ source: "website", reply_channel: "email", whatsapp_number: null });
    store.close();
  });

  it("leaves a request of the old kind (no reply channel given) as it was: e-mail, from the website", () => {
    const store = QuoteStore.open(tempDir("old-style"));
    const { quote } = store.insert(fields, meta("o1"), { notify: false, now });
    expect(store.get(quote.id)).toMatchObject({
      ...fields,
      source: "website",
      replyChannel: "email",
      whatsappNumber: null,
      quantity: null,
      neededBy: null,
      reference: "Q-2026-0001",
    });
    store.close();
  });
});

describe("an answered proof", () => {
  it("keeps its file's hash, stored name, type and size, and its answer", () => {
    const store = QuoteStore.open(tempDir("proof-final"));
    const { quote } = store.insert(fields, meta("p1"), { notify: false, now: new Date("2026-11-20T06:00:00Z") });
    const desk = new ProofDesk(store);
    const png = { data: Buffer.from("proof"), mediaType: "image/png" as const };
    desk.send(quote, png, "", staff, null);
    desk.send(quote, png, "", staff, null);
    store.db.prepare("UPDATE proofs SET answer = 'approved', answer_name = 'Dr. Ayesha Khan' WHERE version = 1").run();
    const change = (set: string, version: number) => () =>
      store.db.prepare(`UPDATE proofs SET ${set} WHERE version = ?`).run(version);
    for (const set of [
      `sha256 = '${"c".repeat(64)}'`,
      "stored_name = 'proof-other.png'",
      "media_type = 'application/pdf'",
      "byte_size = 6",
      "answer_name = 'Someone else'",
    ]) {
      expect(change(set, 1), set).toThrow(/final/);
    }
    expect(desk.proofs(quote.id)[0]).toMatchObject({
      mediaType: "image/png",
      byteSize: 5,
      answerName: "Dr. Ayesha Khan",
    });
    // Until it is answered, a version is not final.
    expect(change(`sha256 = '${"d".repeat(64)}'`, 2)).not.toThrow();
    store.close();
  });
});

describe("a request's history", () => {
  it("records status changes, notes and replies with who and when, and cannot be changed or removed", () => {
    const store = QuoteStore.open(tempDir("desk-history"));
    const { quote } = store.insert(fields, meta("h1"), { notify: false, now: new Date("2026-11-20T06:00:00Z") });
    store.addNote(quote.id, "Called, wants blue", staff, new Date("2026-11-20T07:00:00Z"));
    const messaging = new Messaging(store);
    expect(queueReply(messaging, quote.id, "Dear Ayesha, …", staff, "form-1", new Date("2026-11-20T08:00:00Z"))).toBe(
      true,
    );
    expect(queueReply(messaging, quote.id, "Dear Ayesha, …", staff, "form-1")).toBe(false); // the same form sent twice
    store.setStatus(
      quote.id,
      "lost",
      "Chose another supplier: Karachi, cheaper",
      staff,
      new Date("2026-11-21T08:00:00Z"),
    );

    expect(store.get(quote.id)).toMatchObject({
      status: "lost",
      statusReason: "Chose another supplier: Karachi, cheaper",
      answeredAt: "2026-11-20T08:00:00.000Z",
    });
    expect(repliesOf(messaging, quote.id)).toMatchObject([
      { body: "Dear Ayesha, …", status: "pending", staffName: "Bilal" },
    ]);
    expect(store.audit.requestHistory(quote.id).map((event) => [event.kind, event.actor, event.body])).toEqual([
      ["received", "website", "Request received"],
      ["note", "Bilal <bilal@promo.example>", "Called, wants blue"],
      ["reply", "Bilal <bilal@promo.example>", "Dear Ayesha, …"],
      ["status", "Bilal <bilal@promo.example>", "Status: Waiting on buyer"],
      ["status", "Bilal <bilal@promo.example>", "Status: Lost (Chose another supplier: Karachi, cheaper)"],
    ]);

    expect(() => store.db.prepare("UPDATE audit_events SET payload = '{}'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare("DELETE FROM audit_events").run()).toThrow(/append-only/);
    // Deleting the request itself (npm run quotes -- delete) takes its history with it.
    expect(store.delete(quote.id)).toBe(true);
    expect(store.db.prepare("SELECT count(*) FROM audit_events").pluck().get()).toBe(0);
    store.close();
  });
});

describe("the inbox", () => {
  it("pages, filters and searches 10,000 requests newest first, reading them by index", () => {
    const store = QuoteStore.open(tempDir("desk-inbox"));
    const start = Date.parse("2026-01-01T00:00:00Z");
    const statuses = quoteStatuses;
    store.db.transaction(() => {
      for (let n = 0; n < 10_000; n++) {
        const { quote } = store.insert(
          {
            ...fields,
            name: `Buyer ${n}`,
            company: n % 100 === 0 ? "Rare Pharma 50%_off" : "Acme",
            email: `b${n}@x.example`,
          },
          meta(`bulk-${n}`),
          { notify: false, now: new Date(start + n * 60_000) },
        );
        // The facts a Won and a Lost request would have: an approved proof, a reason.
        if (n % 5) store.setStatus(quote.id, statuses[n % 5]!, "Price", staff);
      }
    })();

    const first = store.inbox({ perPage: 25 });
    expect(first).toMatchObject({ total: 10_000, page: 1, pages: 400 });
    expect(first.quotes.map((quote) => quote.name).slice(0, 2)).toEqual(["Buyer 9999", "Buyer 9998"]);
    expect(store.inbox({ page: 400 }).quotes.at(-1)?.name).toBe("Buyer 0");
    expect(store.inbox({ page: 9999 }).page).toBe(400);

    const won = store.inbox({ status: "won" });
    expect(won.total).toBe(2_000);
    expect(won.quotes.every((quote) => quote.status === "won")).toBe(true);

    expect(store.inbox({ search: "rare pharma 50%_" }).total).toBe(100); // % and _ taken as typed
    expect(store.inbox({ search: "50%x" }).total).toBe(0);
    expect(store.inbox({ search: "b4321@x" }).quotes.map((quote) => quote.name)).toEqual(["Buyer 4321"]);
    expect(store.inbox({ search: "q-2026-0042" }).quotes.map((quote) => quote.name)).toEqual(["Buyer 41"]);

    // The page's rows come in index order (no sort of the whole table for each page).
    const plan = store.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM quotes WHERE (NULL IS NULL OR status = NULL)
         ORDER BY received_at DESC, id DESC LIMIT 25 OFFSET 0`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join("\n")).toMatch(/USING INDEX quotes_received_at/);
    store.close();
    // Ten thousand inserts take seconds alone and several times that beside the rest of `npm test`.
  }, 60_000);
});

describe("the inbox's counts", () => {
  it("follow every change, by this connection or another process's, and the clock for the overdue one", () => {
    const dir = tempDir("counts");
    const store = QuoteStore.open(dir);
    const monday = new Date("2026-11-23T06:00:00Z");
    const first = store.insert(buyerFields, meta("count-1"), { notify: false, now: monday }).quote;
    const replyBy = first.replyBy;
    expect(store.inboxCounts(null, replyBy - 1)).toMatchObject({ open: 1, unassigned: 1, overdue: 0, all: 1 });
    // The same counts again, then the reply-by time passes: the overdue count follows the clock.
    expect(store.overdueCount(replyBy - 1)).toBe(0);
    expect(store.overdueCount(replyBy + 1)).toBe(1);
    expect(store.inbox({ view: "overdue", now: replyBy + 1 }).total).toBe(1);

    store.insert(buyerFields, meta("count-2"), { notify: false, now: new Date("2026-11-24T06:00:00Z") });
    expect(store.inboxCounts(null, replyBy + 1)).toMatchObject({ open: 2, all: 2, overdue: 1 });

    // Another process (the inbox command) answers one: the counts here see it.
    const other = QuoteStore.open(dir);
    other.setStatus(first.id, "waiting_on_buyer", "", bilal);
    other.close();
    expect(store.inboxCounts(null, replyBy + 1)).toMatchObject({ open: 2, all: 2, overdue: 0 });
    expect(store.overdueCount(replyBy + 1)).toBe(0);
    expect(store.inbox({ view: "overdue", now: replyBy + 1 }).total).toBe(0);
    // …and loses one: it is no longer open.
    const again = QuoteStore.open(dir);
    again.setStatus(first.id, "lost", "Price", bilal);
    again.close();
    expect(store.inboxCounts(null, replyBy + 1)).toMatchObject({ open: 1, all: 2 });

    // Counted inside a transaction that is rolled back: nothing of it is kept.
    const rollback = store.db.transaction(() => {
      store.insert(buyerFields, meta("count-3"), { notify: false, now: monday });
      expect(store.inboxCounts(null, replyBy + 1).all).toBe(3);
      throw new Error("rolled back");
    });
    expect(() => rollback()).toThrow("rolled back");
    expect(store.inboxCounts(null, replyBy + 1).all).toBe(2);
    store.close();
  });
});
