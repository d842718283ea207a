import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";
import { tempDir } from "../../tests/support/temp-dir";
import { QuoteStore } from "./quotes/store.server";

// Each table of the store is written by one module, its owner (docs/data-model.md); another
// module asks the owner. Each table is declared in its owner's folder (schema.ts or *-schema.ts), from
// which drizzle-kit writes the migrations in drizzle/.

const owners: Record<string, string> = {
  quotes: "app/lib/quotes/store.server.ts",
  quote_attachments: "app/lib/quotes/store.server.ts",
  quote_references: "app/lib/quotes/store.server.ts",
  staff: "app/lib/desk/staff.server.ts",
  staff_setup_tokens: "app/lib/desk/staff.server.ts",
  staff_sessions: "app/lib/desk/staff.server.ts",
  staff_sign_in_attempts: "app/lib/desk/staff.server.ts",
  staff_sign_in_holds: "app/lib/desk/staff.server.ts",
  staff_switch_settings: "app/lib/desk/staff-switches.server.ts",
  staff_switch_changes: "app/lib/desk/staff-switches.server.ts",
  proofs: "app/lib/proofs/proofs.server.ts",
  proof_links: "app/lib/proofs/proofs.server.ts",
  messages: "app/lib/messaging/messaging.server.ts",
  message_files: "app/lib/messaging/messaging.server.ts",
  message_early_deliveries: "app/lib/messaging/messaging.server.ts",
  proof_link_failures: "app/lib/proofs/proofs.server.ts",
  audit_events: "app/lib/audit/audit.server.ts",
  unmatched_mails: "app/lib/mailbox/unmatched.server.ts",
  form_submissions: "app/lib/once/once.server.ts",
  quotations: "app/lib/quotations/quotations.server.ts",
  quotation_lines: "app/lib/quotations/quotations.server.ts",
  quotation_options: "app/lib/quotations/quotations.server.ts",
  quotation_acceptances: "app/lib/quotations/acceptance.server.ts",
  orders: "app/lib/orders/orders.server.ts",
  order_stage_events: "app/lib/orders/orders.server.ts",
  order_qc_photos: "app/lib/orders/orders.server.ts",
  invoices: "app/lib/invoices/invoices.server.ts",
  invoice_lines: "app/lib/invoices/invoices.server.ts",
  invoice_sequences: "app/lib/invoices/invoices.server.ts",
  credit_notes: "app/lib/invoices/invoices.server.ts",
  invoice_reports: "app/lib/fbr/reports.server.ts",
  invoice_report_lines: "app/lib/fbr/reports.server.ts",
  fbr_exchanges: "app/lib/fbr/reports.server.ts",
  order_tax_facts: "app/lib/orders/tax-facts.server.ts",
  order_payments: "app/lib/payments/payments.server.ts",
  payment_reversals: "app/lib/payments/payments.server.ts",
  payment_receipts: "app/lib/payments/payments.server.ts",
  receipt_sequences: "app/lib/payments/payments.server.ts",
  price_items: "app/lib/prices/prices.server.ts",
  price_breaks: "app/lib/prices/prices.server.ts",
  price_setup_charges: "app/lib/prices/prices.server.ts",
  price_changes: "app/lib/prices/prices.server.ts",
  backup_file_progress: "app/lib/backup/file-copies.server.ts",
  backup_rehearsals: "app/lib/backup/rehearsal.server.ts",
  stored_files: "app/lib/files/registry.server.ts",
  system_alerts: "app/lib/system/alerts.server.ts",
  whatsapp_contacts: "app/lib/whatsapp/contacts.server.ts",
  // Written by its triggers on quotes (drizzle/0006_search.sql), read by the store's inbox.
  quotes_search: "app/lib/quotes/store.server.ts",
  // Likewise (drizzle/0009_search_inside_words.sql).
  quotes_inside_words: "app/lib/quotes/store.server.ts",
};

/** FTS5 tables, which drizzle-kit cannot declare: made by a hand-written migration instead. */
const virtualTables = new Set(["quotes_search", "quotes_inside_words"]);

const root = join(import.meta.dirname, "../..");

/** Each schema file's tables: the name its `sqliteTable("…")` declares, by the variable that holds it. */
function tablesDeclared(text: string): Map<string, string> {
  const declarations = /export const (\w+) = sqliteTable\(\s*"([a-z_]+)"/g;
  return new Map([...text.matchAll(declarations)].map((match) => [match[1]!, match[2]!]));
}

const schemaFiles = sourceFiles(join(root, "app/lib")).filter((file) =>
  /[/\\]app[/\\]lib[/\\]\w+[/\\](\w+-)?schema\.ts$/.test(file),
);
const tableOfVariable = new Map(schemaFiles.flatMap((file) => [...tablesDeclared(readFileSync(file, "utf8"))]));

/**
 * The tables a source writes: in SQL (INSERT, UPDATE, DELETE, REPLACE) and through Drizzle's builder
 * (`.insert(table)`, `.update(table)`, `.delete(table)`, the table named by its schema variable).
 */
function tablesWritten(text: string, variables = tableOfVariable): string[] {
  const writes = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+([a-z_]+)/g;
  const builderWrites = /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g;
  return [
    ...[...text.matchAll(writes)].map((match) => match[1]!),
    ...[...text.matchAll(builderWrites)].flatMap((match) => variables.get(match[1]!) ?? []),
  ];
}

describe("the store's tables", () => {
  it("each have an owner, so a new table is given one", () => {
    const store = QuoteStore.open(tempDir("owners"));
    // Litestream's own tables (_litestream_seq, _litestream_lock) are the replicator's, not a module's.
    const all = store.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'
           AND name NOT LIKE '\\_litestream%' ESCAPE '\\'`,
      )
      .pluck()
      .all() as string[];
    store.close();
    // An FTS5 table's own tables (quotes_search_data, …) are its, not the store's.
    const tables = all.filter((name) => ![...virtualTables].some((table) => name.startsWith(`${table}_`)));
    expect(tables.sort()).toEqual(Object.keys(owners).sort());
  });

  it("are each declared in their owner's folder", () => {
    const declared = schemaFiles.flatMap((file) =>
      [...tablesDeclared(readFileSync(file, "utf8")).values()].map((table) => ({ table, in: relative(root, file) })),
    );
    expect(declared.map(({ table }) => table).sort()).toEqual(
      Object.keys(owners)
        .filter((table) => !virtualTables.has(table))
        .sort(),
    );
    const strangers = declared.filter((entry) => dirname(entry.in) !== dirname(owners[entry.table]!));
    expect(strangers).toEqual([]);
  });

  it("are each written by their owner only", () => {
    const written = [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "server"))].flatMap((file) =>
      tablesWritten(readFileSync(file, "utf8")).map((table) => ({ table, by: relative(root, file) })),
    );
    expect(written.length).toBeGreaterThan(20);
    const strangers = written.filter(({ table, by }) => owners[table] !== by);
    expect(strangers).toEqual([]);
  });

  it("would see another module's write, in SQL or through the builder", () => {
    expect(tablesWritten('db.prepare("INSERT INTO quote_events (quote_id) VALUES (?)")')).toEqual(["quote_events"]);
    expect(tablesWritten("`UPDATE quotes SET status = ?`; `DELETE FROM proof_links`")).toEqual([
      "quotes",
      "proof_links",
    ]);
    expect(tablesWritten("this.orm.insert(proofLinks).values(link); orm.delete( staffSessions ).run()")).toEqual([
      "proof_links",
      "staff_sessions",
    ]);
    expect(tablesWritten("db.update(quotes).set({ status })")).toEqual(["quotes"]);
  });
});
