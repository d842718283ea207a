import { describe, expect, it } from "vitest";
import { releaseDatabase } from "../../../tests/support/release-database";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "./store.server";

// What the owner's reports read off each request (app/lib/reports/reports.server.ts): kept by the store
// when it happens, so that the reports count in SQL.

const sana = { name: "Sana", email: "sana@promo.example" };
const HOUR_MS = 3_600_000;

function receive(store: QuoteStore, key: string, product: string, at: string) {
  return store.insert(
    { name: key, company: "", email: `${key}@buyer.example`, phone: "", product, message: "500 pieces" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false, now: new Date(at) },
  ).quote.id;
}

const reportColumns = (store: QuoteStore, id: number) =>
  store.db
    .prepare("SELECT first_answered_at, first_answer_business_ms, category, answered_at FROM quotes WHERE id = ?")
    .get(id);

describe("a request's report columns", () => {
  it("keep the category its product names when it arrives, Other for words the catalogue does not know", () => {
    const store = QuoteStore.open(tempDir("report-category"));
    try {
      const pens = receive(store, "pens", "  PENS ", "2026-11-16T06:00:00Z");
      const other = receive(store, "other", "Something bespoke", "2026-11-16T06:00:00Z");
      expect(reportColumns(store, pens)).toMatchObject({ category: "pens", first_answered_at: null });
      expect(reportColumns(store, other)).toMatchObject({ category: "other", first_answer_business_ms: null });
    } finally {
      store.close();
    }
  });

  it("keep the first answer and its business hours when the buyer writes back, unlike answered_at", () => {
    const store = QuoteStore.open(tempDir("report-first-answer"));
    try {
      const id = receive(store, "a", "Pens", "2026-11-16T06:00:00Z"); // Monday 11:00 in Pakistan
      store.setStatus(id, "new", "", sana, new Date("2026-11-16T07:00:00Z")); // New answers nobody
      expect(reportColumns(store, id)).toMatchObject({ first_answered_at: null, first_answer_business_ms: null });
      store.changeStatus(id, { type: "replied" }, {}, sana, new Date("2026-11-16T11:00:00Z")); // 16:00: 5 h
      const first = { first_answered_at: "2026-11-16T11:00:00.000Z", first_answer_business_ms: 5 * HOUR_MS };
      expect(reportColumns(store, id)).toEqual({ ...first, category: "pens", answered_at: first.first_answered_at });
      store.changeStatus(id, { type: "buyer replied" }, {}, "buyer", new Date("2026-11-17T06:00:00Z"));
      expect(reportColumns(store, id)).toMatchObject({ ...first, answered_at: null });
      store.setStatus(id, "waiting_on_buyer", "", sana, new Date("2026-11-18T06:00:00Z"));
      expect(reportColumns(store, id)).toMatchObject({ ...first, answered_at: "2026-11-18T06:00:00.000Z" });
    } finally {
      store.close();
    }
  });
});

describe("a database of the last release, upgraded", () => {
  it("gets each answered request's first answer from its history, timed in business hours, and its category", () => {
    const dir = tempDir("report-release");
    releaseDatabase(dir).close();
    const store = QuoteStore.open(dir);
    try {
      expect(
        store.db
          .prepare("SELECT reference, first_answered_at, first_answer_business_ms, category FROM quotes ORDER BY id")
          .raw()
          .all(),
      ).toEqual([
        // Friday 11:00 in Pakistan, replied to at 12:30 (then Replied, proofs and Quoted): 1.5 h.
        ["Q-2026-0001", "2026-11-20T07:30:00.000Z", 1.5 * HOUR_MS, "pens"],
        // Friday 15:00, set Lost by Sana at 16:00: 1 h.
        ["Q-2026-0002", "2026-11-20T11:00:00.000Z", HOUR_MS, "drinkware"], // its product's words name mugs
      ]);
    } finally {
      store.close();
    }
  });

  it("is filled once: later opens look for rows to fill in the partial indexes, found empty, not by reading requests", () => {
    const dir = tempDir("report-release-again");
    releaseDatabase(dir).close();
    QuoteStore.open(dir).close();
    const store = QuoteStore.open(dir);
    try {
      const plan = (sql: string) =>
        (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
      expect(
        plan("SELECT id FROM quotes INDEXED BY quotes_category_missing WHERE category IS NULL LIMIT 1000"),
      ).toEqual([expect.stringMatching(/USING (COVERING )?INDEX quotes_category_missing$/)]);
      expect(
        plan(
          "SELECT id, received_at, first_answered_at FROM quotes INDEXED BY quotes_first_answer_unmeasured WHERE first_answered_at IS NOT NULL AND first_answer_business_ms IS NULL LIMIT 1000",
        ),
      ).toEqual([expect.stringMatching(/USING (COVERING )?INDEX quotes_first_answer_unmeasured$/)]);
      expect(
        store.db
          .prepare(
            "SELECT count(*) FROM quotes WHERE category IS NULL OR (first_answered_at IS NOT NULL AND first_answer_business_ms IS NULL)",
          )
          .pluck()
          .get(),
      ).toBe(0);
    } finally {
      store.close();
    }
  });
});
