import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type Database from "better-sqlite3";
import { formSubmissions } from "./schema";

// One post per key: the key is looked up, the form's work done and its outcome stored in one immediate
// transaction, so parallel posts with one key (a double click, a retry) wait for each other and all
// but the first get the first one's outcome back. The key's unique index is the last guard.

/** A fresh key for one rendering of a form. */
export const newOnceKey = () => randomUUID();

/**
 * Runs `work` once for `form` and `key` and returns its outcome; the same form and key again return
 * that first outcome (as JSON keeps it) without running `work`. `work` runs inside the transaction,
 * so what it writes and the key are stored together or not at all.
 */
export function once<T>(db: Database.Database, form: string, key: string, work: () => T, now = new Date()): T {
  const orm = drizzle({ client: db });
  return db
    .transaction((): T => {
      const first = orm
        .select({ outcome: formSubmissions.outcome })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.form, form), eq(formSubmissions.key, key)))
        .get();
      if (first) return JSON.parse(first.outcome) as T;
      const outcome = work();
      orm
        .insert(formSubmissions)
        .values({ form, key, outcome: JSON.stringify(outcome ?? null), createdAt: now.toISOString() })
        .run();
      return outcome;
    })
    .immediate();
}
