import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";
import { tempDir } from "../../tests/support/temp-dir";
import { QuoteStore } from "./quotes/store.server";

// Each table of the store is written by one module, its owner (the README's data model); another
// module asks the owner. The migrations, which shape every table, are the store's (one kept by the
// module whose table it makes, as an exported constant, is one of them).

const owners: Record<string, string> = {
  quotes: "app/lib/quotes/store.server.ts",
  quote_attachments: "app/lib/quotes/store.server.ts",
  quote_references: "app/lib/quotes/store.server.ts",
  staff: "app/lib/desk/staff.server.ts",
  staff_setup_tokens: "app/lib/desk/staff.server.ts",
  staff_sessions: "app/lib/desk/staff.server.ts",
  staff_sign_in_attempts: "app/lib/desk/staff.server.ts",
  staff_sign_in_holds: "app/lib/desk/staff.server.ts",
  proofs: "app/lib/proofs/proofs.server.ts",
  proof_links: "app/lib/proofs/proofs.server.ts",
  messages: "app/lib/messaging/messaging.server.ts",
  proof_link_failures: "app/lib/proofs/proofs.server.ts",
  audit_events: "app/lib/audit/audit.server.ts",
};

const root = join(import.meta.dirname, "../..");

/** The tables a source writes (INSERT, UPDATE, DELETE, REPLACE), its migrations left out. */
function tablesWritten(text: string): string[] {
  const code = text
    .replace(/export const migrations[\s\S]*?\n\];\n/, "")
    .replace(/export const \w*Migration = `[\s\S]*?`;\n/g, "");
  const writes = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+([a-z_]+)/g;
  return [...code.matchAll(writes)].map((match) => match[1]!);
}

describe("the store's tables", () => {
  it("each have an owner, so a new table is given one", () => {
    const store = QuoteStore.open(tempDir("owners"));
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    store.close();
    expect(tables.sort()).toEqual(Object.keys(owners).sort());
  });

  it("are each written by their owner only", () => {
    const written = [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "server"))].flatMap((file) =>
      tablesWritten(readFileSync(file, "utf8")).map((table) => ({ table, by: relative(root, file) })),
    );
    expect(written.length).toBeGreaterThan(20);
    const strangers = written.filter(({ table, by }) => owners[table] !== by);
    expect(strangers).toEqual([]);
  });

  it("would see another module's write, but not a migration's", () => {
    expect(tablesWritten('db.prepare("INSERT INTO audit_events (subject_id) VALUES (?)")')).toEqual(["audit_events"]);
    expect(tablesWritten("`UPDATE quotes SET status = ?`; `DELETE FROM proof_links`")).toEqual([
      "quotes",
      "proof_links",
    ]);
    expect(tablesWritten("export const migrations = [\n  `UPDATE staff SET role = 'owner'`,\n];\n")).toEqual([]);
    expect(tablesWritten("export const messagesMigration = `INSERT INTO messages SELECT 1`;\n")).toEqual([]);
  });
});
