import { describe, expect, it } from "vitest";
import { databaseAtVersion } from "../../../tests/support/database-at-version";
import { tempDir } from "../../../tests/support/temp-dir";
import { secretHash, StaffDirectory } from "~/lib/desk/staff.server";
import { Messaging } from "~/lib/messaging/messaging.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore } from "./store.server";

const fields = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "",
  product: "Pens",
  message: "500 pens",
};
const meta = (key: string) => ({ clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key });
const staff = { name: "Bilal", email: "bilal@promo.example" };

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

  it("are given to requests stored before the desk, in the order they came, with their history begun", () => {
    const dir = tempDir("desk-migrate");
    const db = databaseAtVersion(dir, 2);
    const insert = db.prepare(
      `INSERT INTO quotes (received_at, name, email, message, client_ip, idempotency_key, notify_status)
       VALUES (?, 'A', 'a@x.example', 'hi', '1.1.1.1', ?, 'off')`,
    );
    insert.run("2025-06-01T10:00:00.000Z", "a");
    insert.run("2026-01-05T10:00:00.000Z", "b");
    insert.run("2026-02-05T10:00:00.000Z", "c");
    db.close();

    const store = QuoteStore.open(dir);
    expect(store.list().map((quote) => [quote.idempotencyKey, quote.reference, quote.status])).toEqual([
      ["c", "Q-2026-0002", "new"],
      ["b", "Q-2026-0001", "new"],
      ["a", "Q-2025-0001", "new"],
    ]);
    const next = store.insert(fields, meta("d"), { notify: false, now: new Date("2026-03-01T10:00:00Z") });
    expect(next.quote.reference).toBe("Q-2026-0003");
    expect(store.audit.requestHistory(store.list()[1]!.id)).toMatchObject([{ kind: "received", actor: "website" }]);
    store.close();
  });
});

describe("an answered proof", () => {
  it("keeps its file's hash, stored name, type and size, also in a store made before that rule", () => {
    const dir = tempDir("proof-final");
    const db = databaseAtVersion(dir, 5);
    db.prepare(
      `INSERT INTO quotes (id, received_at, name, email, message, client_ip, idempotency_key, notify_status, reference)
       VALUES (1, '2026-11-20T06:00:00.000Z', 'A', 'a@x.example', 'hi', '1.1.1.1', 'k', 'off', 'Q-2026-0001')`,
    ).run();
    const proof = db.prepare(
      `INSERT INTO proofs (quote_id, version, media_type, byte_size, sha256, stored_name, created_by, created_at,
         answer, answer_name, answered_at, answer_sha256)
       VALUES (1, ?, 'image/png', 5, ?, ?, 'Bilal', '2026-11-20T07:00:00.000Z', ?, ?, ?, ?)`,
    );
    proof.run(
      1,
      "a".repeat(64),
      "proof-1.png",
      "approved",
      "Dr. Ayesha Khan",
      "2026-11-20T08:00:00.000Z",
      "a".repeat(64),
    );
    proof.run(2, "b".repeat(64), "proof-2.png", null, null, null, null);
    db.close();

    const store = QuoteStore.open(dir);
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
    expect(store.db.prepare("SELECT sha256, stored_name, media_type FROM proofs WHERE version = 1").get()).toEqual({
      sha256: "a".repeat(64),
      stored_name: "proof-1.png",
      media_type: "image/png",
    });
    // Until it is answered, a version is not final.
    expect(change(`sha256 = '${"d".repeat(64)}'`, 2)).not.toThrow();
    store.close();
  });
});

describe("staff sign-in counts", () => {
  it("move from one per e-mail to one per e-mail and address, in a store made before that rule", () => {
    const dir = tempDir("sign-in-holds");
    const db = databaseAtVersion(dir, 6);
    db.prepare("INSERT INTO staff_sign_in_holds (email, until) VALUES ('sana@promo.example', ?)").run(
      Date.now() + 60_000,
    );
    db.close();

    const store = QuoteStore.open(dir);
    const staff = new StaffDirectory(store.db);
    // The e-mail-wide hold a stranger could keep up is gone; counting starts again per address.
    expect(staff.heldUntil("sana@promo.example", "203.0.113.7")).toBeNull();
    expect(staff.beginSignIn("sana@promo.example", "203.0.113.7").id).toBeGreaterThan(0);
    store.close();
  });
});

describe("staff roles", () => {
  it("make every account of a store from before roles an owner, with its session kept; new ones are staff", () => {
    const dir = tempDir("staff-roles");
    const db = databaseAtVersion(dir, 8);
    const account = db.prepare("INSERT INTO staff (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)");
    const sana = Number(account.run("sana@promo.example", "Sana", "hash", "2026-11-01T06:00:00.000Z").lastInsertRowid);
    account.run("bilal@promo.example", "Bilal", null, "2026-11-02T06:00:00.000Z");
    const sessionId = "S".repeat(43);
    db.prepare("INSERT INTO staff_sessions (id_hash, staff_id, created_at, seen_at) VALUES (?, ?, ?, ?)").run(
      secretHash(sessionId),
      sana,
      Date.now(),
      Date.now(),
    );
    db.close();

    const store = QuoteStore.open(dir);
    const staff = new StaffDirectory(store.db);
    expect(staff.list().map((member) => [member.email, member.role, member.hasPassword])).toEqual([
      ["bilal@promo.example", "owner", false],
      ["sana@promo.example", "owner", true],
    ]);
    expect(staff.session(sessionId)?.staff).toMatchObject({ email: "sana@promo.example", role: "owner" });
    expect(staff.add("new@promo.example", "New").staff.role).toBe("staff");
    expect(() => store.db.prepare("UPDATE staff SET role = 'admin' WHERE id = ?").run(sana)).toThrow(/CHECK/);
    store.close();
  });
});

describe("a proof e-mail queued by a release that stored its link", () => {
  it("keeps no token once the store is upgraded, and still goes out, with a link minted then", () => {
    const dir = tempDir("proof-mail-upgrade");
    const db = databaseAtVersion(dir, 7);
    db.prepare(
      `INSERT INTO quotes (id, received_at, name, email, message, client_ip, idempotency_key, notify_status, reference)
       VALUES (1, '2026-11-20T06:00:00.000Z', 'Ayesha Khan', 'ayesha@acme.example', 'hi', '1.1.1.1', 'k', 'off',
         'Q-2026-0001')`,
    ).run();
    db.prepare(
      `INSERT INTO proofs (quote_id, version, media_type, byte_size, sha256, stored_name, message, created_by, created_at)
       VALUES (1, 3, 'image/png', 5, ?, 'proof-3.png', 'Blue logo, 40 mm', 'Bilal', '2026-11-20T07:00:00.000Z')`,
    ).run("a".repeat(64));
    const oldToken = "T".repeat(43);
    const mail = db.prepare(
      `INSERT INTO proof_mails (quote_id, kind, to_address, subject, body, status, next_at)
       VALUES (1, ?, ?, ?, ?, ?, 0)`,
    );
    mail.run(
      "proof",
      "ayesha@acme.example",
      "Proof v3 for Q-2026-0001",
      `Dear Ayesha Khan,\n\nSee it here:\nhttps://promo.example/proof/${oldToken}\n`,
      "pending",
    );
    mail.run(
      "reminder",
      "ayesha@acme.example",
      "Reminder: proof v3 for Q-2026-0001 is waiting for you",
      `https://promo.example/proof/${"U".repeat(43)}`,
      "pending",
    );
    mail.run("staff", "sales@promo.example", "Q-2026-0001: Changes requested on v2", "Bigger logo", "pending");
    db.close();

    const store = QuoteStore.open(dir);
    const desk = new ProofDesk(store, ["sales@promo.example"]);
    const rows = desk.mails(1).map(({ kind, version, body }) => ({ kind, version, body }));
    expect(rows).toEqual([
      { kind: "proof", version: 3, body: "" },
      { kind: "reminder", version: 3, body: "" },
      { kind: "staff", version: null, body: "Bigger logo" },
    ]);
    expect(JSON.stringify(store.db.prepare("SELECT * FROM messages").all())).not.toMatch(/\/proof\/|TTTT|UUUU/);
    // The proof's e-mail is written again when it goes, with a link of its own.
    const [proofMail] = new Messaging(store).claimDue({ now: Date.now(), leaseMs: 60_000 });
    const outgoing = desk.compose(proofMail!)!;
    expect(outgoing.to).toEqual([{ name: "Ayesha Khan", address: "ayesha@acme.example" }]);
    expect(outgoing.body).toContain("Blue logo, 40 mm");
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(outgoing.body)![1]!;
    expect(token).not.toBe(oldToken);
    expect(desk.open(token)?.reference).toBe("Q-2026-0001");
    store.close();
  });
});

describe("a request's history", () => {
  it("records status changes, notes and replies with who and when, and cannot be changed or removed", () => {
    const store = QuoteStore.open(tempDir("desk-history"));
    const { quote } = store.insert(fields, meta("h1"), { notify: false, now: new Date("2026-11-20T06:00:00Z") });
    store.addNote(quote.id, "Called, wants blue", staff, new Date("2026-11-20T07:00:00Z"));
    const messaging = new Messaging(store);
    expect(messaging.queueReply(quote.id, "Dear Ayesha, …", staff, "form-1", new Date("2026-11-20T08:00:00Z"))).toBe(
      true,
    );
    expect(messaging.queueReply(quote.id, "Dear Ayesha, …", staff, "form-1")).toBe(false); // the same form sent twice
    store.setStatus(quote.id, "lost", "Chose a cheaper supplier", staff, new Date("2026-11-21T08:00:00Z"));

    expect(store.get(quote.id)).toMatchObject({
      status: "lost",
      statusReason: "Chose a cheaper supplier",
      answeredAt: "2026-11-20T08:00:00.000Z",
    });
    expect(messaging.replies(quote.id)).toMatchObject([
      { body: "Dear Ayesha, …", status: "pending", staffName: "Bilal" },
    ]);
    expect(store.audit.requestHistory(quote.id).map((event) => [event.kind, event.actor, event.body])).toEqual([
      ["received", "website", "Request received"],
      ["note", "Bilal <bilal@promo.example>", "Called, wants blue"],
      ["reply", "Bilal <bilal@promo.example>", "Dear Ayesha, …"],
      ["status", "Bilal <bilal@promo.example>", "Status: Replied"],
      ["status", "Bilal <bilal@promo.example>", "Status: Lost (Chose a cheaper supplier)"],
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
    const statuses = ["new", "replied", "quoted", "won", "lost"] as const;
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
  });
});
