import { describe, expect, it } from "vitest";
import { releaseDatabase } from "../../../tests/support/release-database";
import { tempDir } from "../../../tests/support/temp-dir";
import { type InboxQuery, QuoteStore } from "./store.server";

const meta = (key: string) => ({ clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key });
const staff = { name: "Bilal", email: "bilal@promo.example" };

/** Requests numbered Q-2026-0001 on: the 42nd is Sana's, with a phone number and an Urdu message. */
function storeWithRequests() {
  const store = QuoteStore.open(tempDir("search"));
  for (let n = 1; n <= 50; n++)
    store.insert(
      {
        name: n === 42 ? "Sana Malik" : `Buyer ${n}`,
        company: n === 42 ? "Indus Pharma" : "Acme Traders",
        email: `buyer${n}@example.pk`,
        phone: n === 42 ? "0300-1234567" : n === 43 ? "+92 321 7654321" : "",
        product: n === 42 ? "Mugs" : "Pens",
        message: n === 42 ? "ہمیں 500 کپ چاہیئں، لوگو کے ساتھ" : `Order ${n}: "NEAR(pens caps)" -- 50% * off`,
      },
      meta(`k${n}`),
      { notify: false, now: new Date(Date.parse("2026-03-02T06:00:00Z") + n * 60_000) },
    );
  return store;
}

const references = (store: QuoteStore, query: InboxQuery) =>
  store.inbox({ view: "all", perPage: 100, ...query }).quotes.map((quote) => quote.reference);

describe("the inbox's search", () => {
  it("finds a word by its start, in any field and the message", () => {
    const store = storeWithRequests();
    expect(references(store, { search: "pha" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "PHARMA" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "sana mug" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "buyer42@example.pk" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "sana pens" })).toEqual([]); // every word must be found
    store.close();
  });

  it("finds 3 characters or more inside a word too, and shorter ones at a word's start", () => {
    const store = storeWithRequests();
    expect(references(store, { search: "harma" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "ARM" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "alik ugs" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "@example.pk" })).toHaveLength(50);
    expect(references(store, { search: "er42@exa" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "ہیئ" })).toEqual(["Q-2026-0042"]); // inside an Urdu word
    expect(references(store, { search: "in harma" })).toEqual(["Q-2026-0042"]); // "in": Indus, at its start
    expect(references(store, { search: "du harma" })).toEqual([]); // 2 characters: at a word's start only
    expect(references(store, { search: "ha" })).toEqual([]);
    expect(references(store, { search: "harma pens" })).toEqual([]); // every word must be found
    expect(references(store, { search: "pharma," })).toEqual(["Q-2026-0042"]); // as a word, its comma left out
    store.close();
  });

  it("finds a reference by its number alone, or exactly as written", () => {
    const store = storeWithRequests();
    expect(references(store, { search: "42" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "0042" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "Q-2026-0042" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "q-2026-0042" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "Q-2025-0042" })).toEqual([]);
    store.close();
  });

  it("finds a phone number in any common form", () => {
    const store = storeWithRequests();
    for (const typed of ["0300-1234567", "03001234567", "+92 300 1234567", "923001234567", "0092 300 1234567"])
      expect(references(store, { search: typed }), typed).toEqual(["Q-2026-0042"]);
    for (const typed of ["300 1234567", "(0300) 123-4567", "1234567"])
      expect(references(store, { search: typed }), typed).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "0321 7654321" })).toEqual(["Q-2026-0043"]);
    expect(references(store, { search: "0300-7654321" })).toEqual([]);
    store.close();
  });

  it("finds Urdu words", () => {
    const store = storeWithRequests();
    expect(references(store, { search: "چاہیئں" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "لوگو" })).toEqual(["Q-2026-0042"]);
    store.close();
  });

  it("reads what is typed as words, never as FTS5 query syntax", () => {
    const store = storeWithRequests();
    for (const typed of [
      '"',
      '"pens',
      "NEAR(pens caps)",
      "pens NOT caps",
      "*",
      "-",
      "(",
      "pens)",
      "^pens",
      "name:sana",
      "a OR b",
    ])
      expect(() => store.inbox({ search: typed }), typed).not.toThrow();
    // NEAR, the brackets and the quotes are words of the messages like any other.
    expect(references(store, { search: 'NEAR(pens caps)"' })).toHaveLength(49);
    expect(references(store, { search: "sana OR buyer" })).toEqual([]);
    expect(references(store, { search: "name:sana" })).toEqual([]);
    expect(references(store, { search: "* - ()" })).toEqual([]);
    store.close();
  });

  it("combines with the view, the status and the owner", () => {
    const store = storeWithRequests();
    const sana = store.get(42)!;
    store.setStatus(sana.id, "waiting_on_buyer", "", staff);
    expect(references(store, { search: "pharma", status: "waiting_on_buyer" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "pharma", status: "new" })).toEqual([]);
    expect(references(store, { search: "pharma", view: "unassigned" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "pharma", view: "mine", staffId: 1 })).toEqual([]);
    expect(references(store, { search: "pharma", view: "overdue", now: Date.parse("2026-04-01T00:00:00Z") })).toEqual(
      [],
    );
    store.close();
  });

  it("follows a request's changes and its deletion", () => {
    const store = storeWithRequests();
    store.db.prepare("UPDATE quotes SET company = 'Ravi Foods' WHERE id = 42").run();
    expect(references(store, { search: "pharma" })).toEqual([]);
    expect(references(store, { search: "harma" })).toEqual([]);
    expect(references(store, { search: "ravi" })).toEqual(["Q-2026-0042"]);
    expect(references(store, { search: "avi" })).toEqual(["Q-2026-0042"]);
    store.delete(42);
    expect(references(store, { search: "ravi" })).toEqual([]);
    expect(references(store, { search: "avi" })).toEqual([]);
    store.close();
  });

  it("finds the requests of a database of the last release once it is upgraded", () => {
    const dir = tempDir("search-release");
    releaseDatabase(dir).close();
    const store = QuoteStore.open(dir);
    expect(references(store, { search: "ayesha" })).toEqual(["Q-2026-0001"]);
    expect(references(store, { search: "ceramic" })).toEqual(["Q-2026-0002"]);
    expect(references(store, { search: "eramic" })).toEqual(["Q-2026-0002"]); // the index filled by the migration
    expect(references(store, { search: "0300 1234567" })).toEqual(["Q-2026-0002", "Q-2026-0001"]);
    expect(references(store, { search: "2" })).toEqual(["Q-2026-0002"]);
    store.close();
  });
});

describe("the inbox's queries", () => {
  const plan = (store: QuoteStore, query: string) =>
    (store.db.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[]).map((row) => row.detail);

  it("read a filtered view through an index, never by a scan of quotes", () => {
    const store = storeWithRequests();
    const queries: string[] = [];
    const prepare = store.db.prepare.bind(store.db);
    store.db.prepare = ((source: string) => {
      if (/from "quotes"/i.test(source)) queries.push(source);
      return prepare(source);
    }) as typeof store.db.prepare;
    const asked: InboxQuery[] = [
      { view: "open" },
      { view: "mine", staffId: 1 },
      { view: "unassigned" },
      { view: "overdue" },
      { view: "all", status: "won" },
      { view: "open", search: "pharma" },
      { view: "open", search: "harma" },
      { view: "all", search: "in harma" },
      { view: "all", search: "0300-1234567" },
      { view: "all", search: "Q-2026-0042" },
    ];
    for (const query of asked) store.inbox(query);
    for (const query of asked) Array.from(store.inboxPages(query));
    store.db.prepare = prepare;
    expect(queries.length).toBeGreaterThan(asked.length);
    const scans = queries
      .map((query) => ({ query, plan: plan(store, query.replace(/\?/g, "'x'")) }))
      .filter(({ plan }) => plan.some((step) => /^SCAN quotes$/.test(step)));
    expect(scans).toEqual([]);
    store.close();
  });
});
