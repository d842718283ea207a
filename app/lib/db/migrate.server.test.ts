import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it, vi } from "vitest";
import { releaseDatabase, releaseSecrets } from "../../../tests/support/release-database";
import { tempDir } from "../../../tests/support/temp-dir";
import { verifyPassword } from "~/lib/desk/passwords.server";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { replyBy } from "~/lib/desk/time";
import { Messaging } from "~/lib/messaging/messaging.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { liveStoredFiles, storedFilesAfter } from "~/lib/files/registry.server";
import { DB_FILE, Sqlite } from "~/lib/db/database.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { LAST_RELEASE_VERSION, migrate, migrationsFolder, schemaShape } from "./migrate.server";
import { repliesOf } from "~/lib/quotes/messages.server";

const at = (time: string) => new Date(`2026-11-20T${time}:00.000Z`);
const sana = { name: "Sana Iqbal", email: "sana@promo.example" };
const sanaRequest = { ...sana, company: "", phone: "", product: "Mugs", message: "250 mugs" };

/** How a table is made by every migration up to now, as a fresh store's database has it. */
function currentStatement(table: string): string {
  const store = QuoteStore.open(tempDir("current"));
  try {
    return store.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
      .pluck()
      .get(table) as string;
  } finally {
    store.close();
  }
}

/** A copy of drizzle/ with one more migration, hand-written as `drizzle-kit generate --custom` leaves it. */
function withLaterMigration(sql: string) {
  const folder = join(tempDir("migrations"), "drizzle");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: journal.entries.length, when: last.when + 1, tag: "0099_later" } as never);
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(folder, "0099_later.sql"), sql);
  return folder;
}

describe("a database of the last release (schema version 9)", () => {
  it("keeps its requests without a quantity or needed-by date (null), and takes new ones with them", () => {
    const dir = tempDir("release-wants");
    releaseDatabase(dir).close();
    const store = QuoteStore.open(dir);
    try {
      expect(store.list().map(({ reference, quantity, neededBy }) => ({ reference, quantity, neededBy }))).toEqual([
        { reference: "Q-2026-0002", quantity: null, neededBy: null },
        { reference: "Q-2026-0001", quantity: null, neededBy: null },
      ]);
      const { quote } = store.insert(
        { ...sanaRequest, quantity: 250, neededBy: "2026-12-14" },
        { clientIp: "203.0.113.9", userAgent: "vitest", page: "/contact", idempotencyKey: "release-wants-1" },
        { notify: false, now: at("10:00") },
      );
      expect(store.get(quote.id)).toMatchObject({ reference: "Q-2026-0003", quantity: 250, neededBy: "2026-12-14" });
    } finally {
      store.close();
    }
  });

  it("is upgraded when the store opens it, every row still read through the modules", async () => {
    const dir = tempDir("release-upgrade");
    releaseDatabase(dir).close();
    const store = QuoteStore.open(dir);

    // Requests stored before the reply-by time was kept get theirs: 24 business hours after they came.
    expect(store.db.prepare("SELECT received_at, reply_by FROM quotes ORDER BY id").raw().all()).toEqual(
      (store.db.prepare("SELECT received_at FROM quotes ORDER BY id").pluck().all() as string[]).map((at) => [
        at,
        replyBy(at),
      ]),
    );
    expect(store.db.prepare("SELECT count(*) FROM quotes WHERE reply_by IS NULL").pluck().get()).toBe(0);
    expect(store.list().map((quote) => [quote.reference, quote.name, quote.status, quote.notifyStatus])).toEqual([
      ["Q-2026-0002", "Bilal Ahmed", "lost", "pending"],
      ["Q-2026-0001", "Ayesha Khan", "waiting_on_buyer", "sent"],
    ]);
    const first = store.byReference("Q-2026-0001")!;
    expect(store.inbox({ search: "sons_" }).quotes.map((quote) => quote.reference)).toEqual(["Q-2026-0002"]);
    expect(store.attachments(first.id)).toMatchObject([{ role: "logo", originalName: "acme logo.png", byteSize: 20 }]);
    expect(store.audit.requestHistory(first.id).map((event) => event.kind)).toEqual([
      "received",
      "email",
      "note",
      "reply",
      "status",
      "proof",
      "status",
      "email",
      "proof",
    ]);
    // Replied and Quoted both wait on the buyer now; the history still says what was chosen then.
    expect(
      store.audit
        .requestHistory(first.id)
        .filter((line) => line.kind === "status")
        .map((line) => [line.actor, line.body]),
    ).toEqual([
      ["Sana Iqbal <sana@promo.example>", "Status: Replied"],
      ["Sana Iqbal <sana@promo.example>", "Status: Quoted"],
    ]);
    const messaging = new Messaging(store);
    expect(repliesOf(messaging, first.id)).toMatchObject([{ status: "pending", body: "Dear Ayesha, our prices…" }]);
    // The queued notification, reply and proof mail still go out.
    expect(
      messaging
        .claimDue({ now: at("12:00").getTime(), leaseMs: 60_000 })
        .map((message) => [store.get(message.quoteId)!.reference, message.kind]),
    ).toEqual([
      ["Q-2026-0001", "reply"],
      ["Q-2026-0001", "proof"],
      ["Q-2026-0002", "request-notification"],
    ]);

    const desk = new ProofDesk(store, ["sales@promo.example"]);
    expect(desk.proofs(first.id).map((proof) => [proof.version, proof.message, proof.answer])).toEqual([
      [1, "Blue logo", null],
      [2, "Bigger", null],
    ]);
    expect(desk.links(first.id)).toMatchObject([{ id: 1, version: 1, endedAt: null }]);
    expect(desk.mails(first.id).map((mail) => [mail.kind, mail.version, mail.status])).toEqual([
      ["proof", 1, "sent"],
      ["proof", 2, "pending"],
    ]);

    const staff = new StaffDirectory(store.db);
    const signedIn = staff.session(releaseSecrets.sessionId, at("11:35").getTime());
    expect(signedIn?.staff).toMatchObject({ email: "sana@promo.example", role: "owner" });
    expect(await verifyPassword(staff.passwordHash("SANA@promo.example"), releaseSecrets.password)).toBe(true);
    expect(staff.setupTokenOwner(releaseSecrets.setupToken, at("12:00").getTime())?.email).toBe("omar@promo.example");

    // Numbering goes on from the release's last reference.
    const next = store.insert(
      { ...first, message: "200 more" },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "after-upgrade" },
      { notify: false, now: at("13:00") },
    );
    expect(next.quote.reference).toBe("Q-2026-0003");
    store.addNote(next.quote.id, "After the upgrade", sana, at("13:01"));
    store.close();

    // Opened again, nothing is adopted or applied twice.
    const again = QuoteStore.open(dir);
    expect(again.db.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get()).toBe(
      readMigrationFiles({ migrationsFolder: migrationsFolder() }).length,
    );
    expect(again.count()).toBe(3);
    again.close();
  });

  it("has, once upgraded, the schema a new database gets", () => {
    const upgradedDir = tempDir("release-schema");
    releaseDatabase(upgradedDir).close();
    const upgraded = QuoteStore.open(upgradedDir);
    const fresh = QuoteStore.open(tempDir("fresh-schema"));
    const shape = schemaShape(fresh.db);
    expect(shape.tables.map((table) => table.table)).toContain("staff_sign_in_holds");
    // The history's four, the word index's three, the inside-words index's three, the sent quotations'
    // and acceptances' six, the invoices' six, the price list history's two.
    expect(shape.triggers).toHaveLength(31);
    expect(schemaShape(upgraded.db)).toEqual(shape);
    expect(upgraded.db.pragma("user_version", { simple: true })).toBe(
      fresh.db.pragma("user_version", { simple: true }),
    );
    upgraded.close();
    fresh.close();
  });

  it("is refused, changed nothing, when its tables are not the release's", () => {
    const dir = tempDir("release-changed");
    const db = releaseDatabase(dir);
    db.exec("DROP INDEX quotes_status");
    db.close();
    expect(() => QuoteStore.open(dir)).toThrow(/has schema version 9 but not its tables/);
    const after = new Sqlite(join(dir, DB_FILE));
    expect(after.prepare("SELECT name FROM sqlite_master WHERE name = '__drizzle_migrations'").get()).toBeUndefined();
    expect(after.prepare("SELECT count(*) FROM quotes").pluck().get()).toBe(2);
    after.close();
  });

  it("gets the migrations made after the baseline, hand-written data moves too, without losing a row", () => {
    const dir = tempDir("release-later");
    releaseDatabase(dir).close();
    // A table rebuild as drizzle-kit writes one: dropping the old quotes must not take its children along.
    const folder = withLaterMigration(
      [
        currentStatement("quotes").replace(/^CREATE TABLE [`"]?quotes[`"]?/, "CREATE TABLE `__new_quotes`"),
        "INSERT INTO `__new_quotes` SELECT * FROM `quotes`;",
        "DROP TABLE `quotes`;",
        "ALTER TABLE `__new_quotes` RENAME TO `quotes`;",
        "UPDATE `quotes` SET `company` = upper(`company`);",
      ].join("\n--> statement-breakpoint\n"),
    );
    const connection = new Sqlite(join(dir, DB_FILE));
    connection.pragma("foreign_keys = ON"); // as the store opens it
    migrate(connection, "quotes.db", folder);
    expect(connection.prepare("SELECT company FROM quotes ORDER BY id").pluck().all()).toEqual([
      "ACME PHARMA",
      "BILAL & SONS_",
    ]);
    expect(connection.prepare("SELECT count(*) FROM audit_events").pluck().get()).toBe(11);
    expect(connection.prepare("SELECT count(*) FROM quote_attachments").pluck().get()).toBe(1);
    expect(connection.pragma("user_version", { simple: true })).toBe(
      LAST_RELEASE_VERSION + readMigrationFiles({ migrationsFolder: migrationsFolder() }).length,
    );
    expect(connection.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(() => connection.exec("DELETE FROM audit_events")).toThrow(/append-only/);
    connection.close();
    // This code does not know that migration: it refuses to start on the database.
    expect(() => QuoteStore.open(dir)).toThrow(/a migration this code does not know/);
  });
});

/** A copy of drizzle/ that ends before the migration `tag`, as an older release shipped it. */
function migrationsBefore(tag: string) {
  const folder = join(tempDir("migrations"), "drizzle");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  for (const entry of journal.entries.slice(cut)) rmSync(join(folder, `${entry.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe("a database from before the files registry", () => {
  it("gets a record of every file its rows name, the hashes they lack read from the disk", () => {
    const dir = tempDir("registry-backfill");
    const before = releaseDatabase(dir);
    migrate(before, DB_FILE, migrationsBefore("0028_stored_files"));
    // Mail waiting in quarantine, its hash never recorded: one on the disk (a few MB), one lost from it.
    const mailBytes = Buffer.alloc(3 * 1024 * 1024, "Received: from mail.example\r\n");
    mkdirSync(join(dir, "mail-quarantine"));
    writeFileSync(join(dir, "mail-quarantine", "kept.eml"), mailBytes);
    const quarantine = before.prepare(
      `INSERT INTO unmatched_mails (kind, size, received_at, sender_check, quarantine_name, quarantine_bytes, created_at)
       VALUES ('unmatched', ?, ?, 'pass', ?, ?, ?)`,
    );
    quarantine.run(
      mailBytes.length,
      "2026-11-21T10:00:00.000Z",
      "kept.eml",
      mailBytes.length,
      "2026-11-21T10:00:01.000Z",
    );
    quarantine.run(900, "2026-11-21T11:00:00.000Z", "lost.eml", 900, "2026-11-21T11:00:01.000Z");
    before.close();

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = QuoteStore.open(dir);
    try {
      const records = storedFilesAfter(store.db, 0, 100).map(({ id: _, ...record }) => record);
      expect(records).toEqual([
        {
          area: "attachments",
          name: "bc53603b-7efd-4785-8664-7b0b91ad4a6c.png",
          sha256: "5dcadc8546d3e4d2e640c385823596507a30de2ec6091141fefda7e0386d4517",
          byteSize: 20,
          storedAt: expect.stringMatching(/^2026-11-\d\dT/),
          removedAt: null,
        },
        {
          area: "attachments",
          name: "proof-6975b7fc-37a6-4f08-bb3c-74c44dd31980.png",
          sha256: "93475208dd712e67dfcba560c77721437697c88e5544f0ead5672fd0b03c8f03",
          byteSize: 24,
          storedAt: "2026-11-20T08:00:00.000Z",
          removedAt: null,
        },
        {
          area: "attachments",
          name: "proof-629ff11a-7d77-4e08-9b6a-501407751f2c.png",
          sha256: "f061dc43ca7fbb010610e37bd3ed5c0b21d0a0a24ab446e08694a10e2fc83c2c",
          byteSize: 24,
          storedAt: "2026-11-20T09:00:00.000Z",
          removedAt: null,
        },
        {
          area: "mail-quarantine",
          name: "kept.eml",
          sha256: createHash("sha256").update(mailBytes).digest("hex"),
          byteSize: mailBytes.length,
          storedAt: "2026-11-21T10:00:01.000Z",
          removedAt: null,
        },
        {
          area: "mail-quarantine",
          name: "lost.eml",
          sha256: "",
          byteSize: 900,
          storedAt: "2026-11-21T11:00:01.000Z",
          removedAt: expect.stringMatching(/^20\d\d-/),
        },
      ]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("mail-quarantine/lost.eml is missing from the disk"));
      expect(liveStoredFiles(store.db).map((file) => file.name)).not.toContain("lost.eml");
    } finally {
      store.close();
      warn.mockRestore();
    }
  });
});

describe("a database Litestream replicates", () => {
  it("opens with Litestream's own tables in it, which are no module's and not the schema's", () => {
    const dir = tempDir("litestream-tables");
    // Litestream may make its tables in a file before the server first opens it, and does on every start.
    const replicated = new Sqlite(join(dir, DB_FILE));
    replicated.exec("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)");
    replicated.exec("CREATE TABLE _litestream_lock (id INTEGER)");
    replicated.close();
    const store = QuoteStore.open(dir);
    try {
      const fresh = QuoteStore.open(tempDir("litestream-fresh"));
      expect(JSON.stringify(schemaShape(store.db))).toBe(JSON.stringify(schemaShape(fresh.db)));
      fresh.close();
    } finally {
      store.close();
    }
  });
});

describe("a database of another version", () => {
  it.each([
    [7, /schema version 7; this code upgrades databases of version 9 .* only/],
    [10, /schema version 10, newer than this code knows \(9\)/],
  ])("at version %i is refused with a message saying why", (version, message) => {
    const dir = tempDir("other-version");
    const db = releaseDatabase(dir, { empty: true });
    db.pragma(`user_version = ${version}`);
    db.close();
    expect(() => QuoteStore.open(dir)).toThrow(message);
  });
});
