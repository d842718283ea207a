import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { newOnceKey, once } from "./once.server";

// One post per one-time key, on a real SQLite store.

const open = () => QuoteStore.open(tempDir("once"));
const rows = (store: QuoteStore) =>
  store.db.prepare("SELECT form, key, outcome FROM form_submissions ORDER BY id").all() as {
    form: string;
    key: string;
    outcome: string;
  }[];

describe("once", () => {
  it("does the work for a key once and gives its first outcome to the same key again", () => {
    const store = open();
    const key = newOnceKey();
    let runs = 0;
    const work = () => ({ ok: true, run: ++runs });
    expect(once(store.db, "payment:O-2026-0001", key, work)).toEqual({ ok: true, run: 1 });
    expect(once(store.db, "payment:O-2026-0001", key, work)).toEqual({ ok: true, run: 1 });
    expect(runs).toBe(1);
    // The same key on another form, and another key on this one, are other posts.
    expect(once(store.db, "credit:O-2026-0001", key, work)).toEqual({ ok: true, run: 2 });
    expect(once(store.db, "payment:O-2026-0001", newOnceKey(), work)).toEqual({ ok: true, run: 3 });
    expect(rows(store)).toHaveLength(3);
  });

  it("keeps neither the work's writes nor the key when the work fails, so the key may be sent again", () => {
    const store = open();
    const key = newOnceKey();
    expect(() =>
      once(store.db, "payment:O-2026-0001", key, () => {
        store.db
          .prepare("INSERT INTO form_submissions (form, key, outcome, created_at) VALUES ('x', 'y', '1', '')")
          .run();
        throw new Error("disk full");
      }),
    ).toThrow("disk full");
    expect(rows(store)).toEqual([]);
    expect(once(store.db, "payment:O-2026-0001", key, () => "recorded")).toBe("recorded");
  });

  it("is backed by a unique index: a second row for one form and key is refused by the database", () => {
    const store = open();
    const insert = store.db.prepare(
      "INSERT INTO form_submissions (form, key, outcome, created_at) VALUES ('payment:O-1', 'k', '{}', '')",
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE constraint failed/);
  });
});
