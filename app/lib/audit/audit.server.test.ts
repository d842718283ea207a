import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { releaseDatabase } from "../../../tests/support/release-database";
import { tempDir } from "../../../tests/support/temp-dir";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { pakistanTime } from "~/lib/desk/time";
import { toCsv, toJson, withDeskRecords } from "~/lib/quotes/inbox.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { type AuditEventData, auditEventTypes } from "./events";
import { auditEvents } from "./schema";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";

const fields = buyerFields;
const meta = submissionMeta;
const sana = { name: "Sana Iqbal", email: "sana@promo.example" };
const sha = "ab".repeat(32);

function storeWithRequest() {
  const store = QuoteStore.open(tempDir("audit"));
  const { quote } = store.insert(fields, meta("a1"), { notify: false, now: new Date("2026-11-20T06:00:00Z") });
  return { store, quote };
}

const count = (store: QuoteStore) => store.db.prepare("SELECT count(*) FROM audit_events").pluck().get();

describe("the audit trail", () => {
  it("records every type of event and shows each as the line the history has always shown", () => {
    const { store, quote } = storeWithRequest();
    new StaffDirectory(store.db).add(sana.email, sana.name);
    const events: [AuditEventData, "staff" | "buyer" | "website", [kind: string, body: string]][] = [
      [
        { type: "request.status_changed", payload: { status: "quoted", reason: "" } },
        "staff",
        ["status", "Status: Quoted"],
      ],
      [
        { type: "request.status_changed", payload: { status: "waiting_on_us", reason: "" } },
        "buyer",
        ["status", "Status: Waiting on us"],
      ],
      [
        { type: "request.status_changed", payload: { status: "waiting_on_buyer", reason: "" } },
        "staff",
        ["status", "Status: Waiting on buyer"],
      ],
      [
        { type: "request.acknowledgement_emailed", payload: { to: "ayesha@acme.example" } },
        "website",
        ["email", "Acknowledgement e-mailed to ayesha@acme.example"],
      ],
      [
        { type: "request.buyer_replied", payload: { from: "ayesha@acme.example", subject: "Re: Q-2026-0001" } },
        "buyer",
        ["email", "E-mail from ayesha@acme.example: Re: Q-2026-0001"],
      ],
      [{ type: "request.whatsapp_used", payload: {} }, "staff", ["reply", "Answered on WhatsApp"]],
      [
        { type: "message.whatsapp_sent", payload: { label: "Proof ready", to: "923001234567" } },
        "website",
        ["whatsapp", "Proof ready sent on WhatsApp to +923001234567"],
      ],
      [
        {
          type: "message.failed",
          payload: {
            kind: "proof",
            channel: "whatsapp",
            to: "923001234567",
            reason: "131026 Message undeliverable",
          },
        },
        "website",
        ["whatsapp", "WhatsApp message (proof) to +923001234567 not sent: 131026 Message undeliverable"],
      ],
      [
        {
          type: "request.reordered_from",
          payload: { order: "O-2026-0042", reference: "Q-2026-0042", version: 2 },
        },
        "buyer",
        ["received", "Repeat order of O-2026-0042 (Q-2026-0042, quotation v2)"],
      ],
      [
        { type: "request.reordered", payload: { reference: "Q-2026-0057" } },
        "buyer",
        ["received", "Ordered again as Q-2026-0057"],
      ],
      [
        { type: "request.duplicated_from", payload: { reference: "Q-2026-0042", version: 2 } },
        "staff",
        ["quotation", "Duplicated from Q-2026-0042 (quotation v2)"],
      ],
      [
        { type: "request.duplicated", payload: { reference: "Q-2026-0057" } },
        "staff",
        ["quotation", "Duplicated as new quotation Q-2026-0057"],
      ],
      [
        { type: "request.status_changed", payload: { status: "lost", reason: "Price (too high)" } },
        "staff",
        ["status", "Status: Lost (Price (too high))"],
      ],
      [
        { type: "request.note_added", payload: { text: "Called, wants blue" } },
        "staff",
        ["note", "Called, wants blue"],
      ],
      [
        { type: "request.category_changed", payload: { category: "clocks", was: "other" } },
        "staff",
        ["category", "Category set to Wall Clocks (was Other)"],
      ],
      [{ type: "request.reply_sent", payload: { text: "Dear Ayesha, …" } }, "staff", ["reply", "Dear Ayesha, …"]],
      [
        { type: "request.notification_emailed", payload: {} },
        "website",
        ["email", "Notification e-mailed to the business"],
      ],
      [
        { type: "request.reply_emailed", payload: { staffName: "Sana Iqbal", to: "ayesha@acme.example" } },
        "website",
        ["email", "Reply from Sana Iqbal e-mailed to ayesha@acme.example"],
      ],
      [{ type: "proof.sent", payload: { version: 1, message: "" } }, "staff", ["proof", "Proof v1 sent"]],
      [
        { type: "proof.sent", payload: { version: 2, message: "Blue logo, 40 mm" } },
        "staff",
        ["proof", "Proof v2 sent: Blue logo, 40 mm"],
      ],
      [
        { type: "proof.changes_requested", payload: { version: 1, text: "Bigger, please" } },
        "buyer",
        ["proof", "Changes requested on v1: Bigger, please"],
      ],
      [
        {
          type: "proof.approved",
          payload: { version: 2, name: "Dr. Ayesha Khan", role: "Brand Manager", sha256: sha },
        },
        "buyer",
        ["proof", `Approved v2 by Dr. Ayesha Khan, Brand Manager (SHA-256 ${sha})`],
      ],
      [
        { type: "proof.link_ended", payload: { linkId: 4, cancelledMails: 0 } },
        "staff",
        ["note", "Proof link 4 ended"],
      ],
      [
        { type: "proof.link_ended", payload: { linkId: 5, cancelledMails: 1 } },
        "staff",
        ["note", "Proof link 5 ended; 1 e-mail with a link not sent"],
      ],
      [
        { type: "proof.links_ended", payload: { links: 1, cancelledMails: 0 } },
        "staff",
        ["note", "All proof links ended (1 link), reminders stopped"],
      ],
      [
        { type: "proof.links_ended", payload: { links: 3, cancelledMails: 2 } },
        "staff",
        ["note", "All proof links ended (3 links), reminders stopped; 2 e-mails with a link not sent"],
      ],
      [
        { type: "proof.reminder_queued", payload: { version: 2, to: "ayesha@acme.example" } },
        "website",
        ["email", "Reminder about proof v2 queued for ayesha@acme.example"],
      ],
      [
        { type: "proof.mail_sent", payload: { subject: "Proof v2 for Q-2026-0001", to: "ayesha@acme.example" } },
        "website",
        ["email", "Proof v2 for Q-2026-0001 e-mailed to ayesha@acme.example"],
      ],
      [
        {
          type: "proof.mail_not_sent",
          payload: {
            subject: "Q-2026-0001: Approved v2",
            to: "a@promo.example, b@promo.example",
            why: "no staff address is set",
          },
        },
        "website",
        ["email", "Q-2026-0001: Approved v2: not sent to a@promo.example, b@promo.example, no staff address is set"],
      ],
      [
        { type: "quotation.sent", payload: { version: 1, totalPaisa: 2_950_000, sha256: "ab12" } },
        "staff",
        ["quotation", "Quotation v1 sent (PKR 29,500, SHA-256 ab12)"],
      ],
      [
        { type: "quotation.changes_requested", payload: { version: 1, text: "Blue ink please" } },
        "buyer",
        ["quotation", "Changes asked on quotation v1: Blue ink please"],
      ],
      [
        {
          type: "quotation.accepted",
          payload: {
            version: 2,
            order: "O-2026-0001",
            name: "Dr. Ayesha Khan",
            role: "Brand Manager",
            poNumber: "PO-7781",
            totalPaisa: 5_310_050,
            sha256: "cd34",
          },
        },
        "buyer",
        [
          "quotation",
          "Quotation v2 accepted by Dr. Ayesha Khan, Brand Manager, PO PO-7781: PKR 53,100.50; order O-2026-0001 (SHA-256 cd34)",
        ],
      ],
      [
        { type: "quotation.reminder_queued", payload: { version: 2, to: "ayesha@acme.example" } },
        "website",
        ["email", "Reminder about quotation v2 queued for ayesha@acme.example"],
      ],
      [
        { type: "quotation.expired", payload: { version: 2 } },
        "website",
        ["quotation", "Quotation v2 expired unanswered"],
      ],
      [
        {
          type: "invoice.issued",
          payload: { number: "INV-2026-27-0001", order: "O-2026-0001", totalPaisa: 5_310_050 },
        },
        "staff",
        ["invoice", "Sales tax invoice INV-2026-27-0001 issued for order O-2026-0001: PKR 53,100.50"],
      ],
      [
        {
          type: "invoice.credit_note_issued",
          payload: {
            number: "CN-2026-27-0001",
            invoice: "INV-2026-27-0001",
            amountPaisa: 1_180_000,
            reason: "100 pens returned",
          },
        },
        "staff",
        [
          "invoice",
          "Credit note CN-2026-27-0001 issued against invoice INV-2026-27-0001: PKR 11,800 (100 pens returned)",
        ],
      ],
      [
        {
          type: "invoice.fbr_refused",
          payload: {
            document: "invoice",
            number: "INV-2026-27-0001",
            reasons: 2,
            first: "Line 1: The HS code 9608.1000 is not one FBR knows.",
          },
        },
        "website",
        [
          "invoice",
          "Invoice INV-2026-27-0001 refused by FBR (2 reasons): Line 1: The HS code 9608.1000 is not one FBR knows.",
        ],
      ],
      [
        { type: "invoice.fbr_corrected", payload: { document: "invoice", number: "INV-2026-27-0001" } },
        "staff",
        ["invoice", "Invoice INV-2026-27-0001 corrected and sent to FBR again"],
      ],
      [
        {
          type: "invoice.fbr_accepted",
          payload: { document: "credit note", number: "CN-2026-27-0001", fbrNumber: "7000007DI1747119701593" },
        },
        "website",
        ["invoice", "Credit note CN-2026-27-0001 accepted by FBR: FBR number 7000007DI1747119701593"],
      ],
      [
        {
          type: "quotation.mail_sent",
          payload: { subject: "Your order O-2026-0001: acceptance of quotation v2", to: "ayesha@acme.example" },
        },
        "website",
        ["email", "Your order O-2026-0001: acceptance of quotation v2 e-mailed to ayesha@acme.example"],
      ],
      [
        {
          type: "order.stage_moved",
          payload: { order: "O-2026-0001", stage: "in_production", back: false, reason: "" },
        },
        "staff",
        ["order", "O-2026-0001: In production"],
      ],
      [
        {
          type: "order.stage_moved",
          payload: { order: "O-2026-0001", stage: "awaiting_artwork", back: true, reason: "Buyer changed the logo" },
        },
        "staff",
        ["order", "O-2026-0001 moved back to Awaiting artwork approval: Buyer changed the logo"],
      ],
      [
        {
          type: "order.tax_facts_saved",
          payload: {
            order: "O-2026-0001",
            registrationType: "Registered",
            ntnCnic: "1234567",
            businessName: "Acme Pharma (Pvt) Ltd",
            province: "PUNJAB",
            address: "Plot 12, Sundar Industrial Estate, Lahore",
            checked: true,
          },
        },
        "staff",
        [
          "order",
          "O-2026-0001: buyer's tax registration Registered, NTN 1234567, Acme Pharma (Pvt) Ltd, PUNJAB (checked with FBR)",
        ],
      ],
      [
        { type: "order.mail_sent", payload: { subject: "Order O-2026-0001: Dispatched", to: "ayesha@acme.example" } },
        "website",
        ["email", "Order O-2026-0001: Dispatched e-mailed to ayesha@acme.example"],
      ],
      [
        {
          type: "payment.recorded",
          payload: {
            order: "O-2026-0001",
            kind: "advance",
            method: "bank transfer",
            amountPaisa: 5_000_000,
            paidOn: "2026-11-26",
            reference: "TT-4471",
          },
        },
        "staff",
        [
          "payment",
          "Payment recorded for order O-2026-0001: PKR 50,000 advance by bank transfer on 2026-11-26 (ref. TT-4471)",
        ],
      ],
      [
        {
          type: "payment.reversed",
          payload: { order: "O-2026-0001", amountPaisa: 5_000_000, paidOn: "2026-11-26", reason: "Cheque bounced" },
        },
        "staff",
        ["payment", "Payment of PKR 50,000 on 2026-11-26 reversed for order O-2026-0001: Cheque bounced"],
      ],
      [
        { type: "invoice.mail_sent", payload: { number: "INV-2026-27-0001", to: "ayesha@acme.example" } },
        "website",
        ["email", "Invoice INV-2026-27-0001 e-mailed to ayesha@acme.example"],
      ],
      [
        { type: "payment.receipt_mailed", payload: { number: "R-2026-0001", to: "ayesha@acme.example" } },
        "website",
        ["email", "Receipt R-2026-0001 e-mailed to ayesha@acme.example"],
      ],
      [
        { type: "request.assigned", payload: { ownerStaffId: 7, ownerName: "Bilal Ahmed" } },
        "staff",
        ["owner", "Assigned to Bilal Ahmed"],
      ],
      [{ type: "request.assigned", payload: { ownerStaffId: null, ownerName: "" } }, "staff", ["owner", "Unassigned"]],
      [
        { type: "request.mail_attached", payload: { from: "accounts@acme.example", subject: "PO 4471" } },
        "staff",
        ["email", "E-mail from accounts@acme.example attached from Unmatched mail: PO 4471"],
      ],
      [
        {
          type: "mail.discarded",
          payload: { from: "mallory@evil.test", subject: "Q-2026-0002 bank details", size: 2048 },
        },
        "staff",
        ["email", "Unmatched e-mail from mallory@evil.test discarded: Q-2026-0002 bank details"],
      ],
      [
        { type: "request.whatsapp_received", payload: { from: "923001234567", type: "text" } },
        "buyer",
        ["whatsapp", "WhatsApp from +923001234567"],
      ],
      [
        { type: "request.whatsapp_received", payload: { from: "923001234567", type: "image" } },
        "buyer",
        ["whatsapp", "WhatsApp from +923001234567 (image)"],
      ],
      [
        { type: "request.whatsapp_opted_out", payload: { number: "923001234567" } },
        "buyer",
        ["whatsapp", "The buyer wrote STOP on WhatsApp: no template goes to +923001234567 until they write START"],
      ],
      [
        { type: "request.whatsapp_opted_in", payload: { number: "923001234567" } },
        "buyer",
        ["whatsapp", "The buyer wrote START on WhatsApp: templates may go to +923001234567 again"],
      ],
      [
        {
          type: "request.whatsapp_failed",
          payload: { to: "923001234567", error: "131047 Re-engagement message: more than 24 hours passed" },
        },
        "website",
        [
          "whatsapp",
          "WhatsApp message to +923001234567 not delivered: 131047 Re-engagement message: more than 24 hours passed",
        ],
      ],
      [
        { type: "request.earlier_entry", payload: { kind: "email", text: "Something the old history said" } },
        "website",
        ["email", "Something the old history said"],
      ],
    ];
    const actor = { staff: sana, buyer: "buyer", website: "website" } as const;
    events.forEach(([event, who], index) =>
      store.audit.record({
        ...event,
        subject: { type: "request", id: quote.id },
        actor: actor[who],
        at: new Date(Date.UTC(2026, 10, 20, 7, index)),
      }),
    );

    const history = store.audit.requestHistory(quote.id);
    expect(history.map((line) => [line.kind, line.body])).toEqual([
      ["received", "Request received"],
      ...events.map(([, , line]) => line),
    ]);
    const label = { staff: "Sana Iqbal <sana@promo.example>", buyer: "buyer (proof link)", website: "website" };
    // The buyer answers a proof through its link, and writes by e-mail; either may move the status.
    const buyerBy: Partial<Record<string, string>> = {
      "request.buyer_replied": "buyer (e-mail)",
      "request.status_changed": "buyer",
      "quotation.changes_requested": "buyer (link)",
      "quotation.accepted": "buyer (link)",
      "request.reordered_from": "buyer (link)",
      "request.reordered": "buyer (link)",
      "request.whatsapp_received": "buyer (WhatsApp)",
      "request.whatsapp_opted_out": "buyer (WhatsApp)",
      "request.whatsapp_opted_in": "buyer (WhatsApp)",
    };
    const actorOf = ([event, who]: (typeof events)[number]) =>
      who === "buyer" ? (buyerBy[event.type] ?? label.buyer) : label[who];
    expect(history.map((line) => line.actor)).toEqual(["website", ...events.map(actorOf)]);
    expect(history[1]).toMatchObject({
      quoteId: quote.id,
      type: "request.status_changed",
      at: "2026-11-20T07:00:00.000Z",
    });
    // Every type of the closed list is recorded above: a new type comes with its line here.
    expect(new Set(history.map((line) => line.type))).toEqual(new Set(auditEventTypes));
    // A staff member's event names their account; the buyer's and the website's name none.
    const staffIds = store.db.prepare("SELECT DISTINCT actor_type, actor_staff_id FROM audit_events").all();
    expect(staffIds).toEqual(
      expect.arrayContaining([
        { actor_type: "staff", actor_staff_id: expect.any(Number) },
        { actor_type: "buyer", actor_staff_id: null },
        { actor_type: "website", actor_staff_id: null },
      ]),
    );
    store.close();
  });

  it("refuses an event whose payload is not its type's, and writes nothing", () => {
    const { store, quote } = storeWithRequest();
    const subject = { type: "request", id: quote.id } as const;
    const at = new Date();
    const bad = [
      { type: "proof.sent", payload: { version: 0, message: "" } },
      { type: "request.status_changed", payload: { status: "archived", reason: "" } },
      { type: "request.note_added", payload: { text: "hi", extra: "<script>" } },
      { type: "proof.links_ended", payload: { links: -1, cancelledMails: 0 } },
    ] as unknown as AuditEventData[];
    for (const event of bad) expect(() => store.audit.record({ ...event, subject, actor: sana, at })).toThrow();
    expect(count(store)).toBe(1);
    store.close();
  });

  it("refuses to show a row written around it whose payload its type does not allow", () => {
    const { store, quote } = storeWithRequest();
    store.db
      .prepare(
        `INSERT INTO audit_events (at, subject_type, subject_id, type, actor_type, payload)
         VALUES ('2026-11-20T07:00:00.000Z', 'request', ?, 'proof.sent', 'website', '{"version":"1 OR 1=1"}')`,
      )
      .run(quote.id);
    expect(() => store.audit.requestHistory(quote.id)).toThrow(/payload its type does not allow/);
    store.close();
  });

  it("is append-only in the database: no update, no deletion, no type of another shape, no staff name for the website", () => {
    const { store, quote } = storeWithRequest();
    store.addNote(quote.id, "Called, wants blue", sana);
    const run = (sql: string) => () => store.db.prepare(sql).run();
    expect(run('UPDATE audit_events SET payload = \'{"text":"nothing happened"}\'')).toThrow(/append-only/);
    expect(run("UPDATE audit_events SET at = '2020-01-01T00:00:00.000Z'")).toThrow(/append-only/);
    expect(run("UPDATE audit_events SET actor_name = 'Someone Else <x@promo.example>'")).toThrow(/append-only/);
    expect(run("DELETE FROM audit_events")).toThrow(/append-only/);
    expect(run(`DELETE FROM audit_events WHERE subject_id = ${quote.id}`)).toThrow(/append-only/);
    expect(
      run(`INSERT INTO audit_events (at, subject_type, subject_id, type, actor_type, payload)
           VALUES ('2026-11-20T07:00:00.000Z', 'request', ${quote.id}, 'Request deleted', 'website', '{}')`),
    ).toThrow(/CHECK/);
    expect(
      run(`INSERT INTO audit_events (at, subject_type, subject_id, type, actor_type, actor_name, payload)
           VALUES ('2026-11-20T07:00:00.000Z', 'request', ${quote.id}, 'request.received', 'website', 'Sana', '{}')`),
    ).toThrow(/CHECK/);
    expect(store.audit.requestHistory(quote.id).map((line) => line.body)).toEqual([
      "Request received",
      "Called, wants blue",
    ]);
    // Deleting the request (npm run quotes -- delete) takes its history with it, as before.
    expect(store.delete(quote.id)).toBe(true);
    expect(count(store)).toBe(0);
    store.close();
  });

  it("keeps a staff member's events, with the name they had, when their account is removed", () => {
    const { store, quote } = storeWithRequest();
    const staff = new StaffDirectory(store.db);
    staff.add(sana.email, sana.name); // the first account, the desk's owner
    const { staff: bilal } = staff.add("bilal@promo.example", "Bilal");
    store.addNote(quote.id, "Called, wants blue", { name: "Bilal", email: "BILAL@promo.example" });
    const staffId = () => store.db.prepare("SELECT actor_staff_id FROM audit_events WHERE type = 'request.note_added'");
    expect(staffId().pluck().get()).toBe(bilal.id);
    // Only the removal of the account may touch an event: pointing it at someone else may not.
    const sanaId = staff.list().find((member) => member.email === sana.email)!.id;
    expect(() => store.db.prepare("UPDATE audit_events SET actor_staff_id = ?").run(sanaId)).toThrow(/append-only/);

    expect(staff.remove("bilal@promo.example")).toBe("removed");
    expect(staffId().pluck().get()).toBeNull();
    expect(store.audit.requestHistory(quote.id).at(-1)).toMatchObject({
      actor: "Bilal <BILAL@promo.example>",
      body: "Called, wants blue",
    });
    store.close();
  });

  it("reads the events of the requests asked for only, in one query", () => {
    const { store, quote } = storeWithRequest();
    const other = store.insert(fields, meta("a2"), { notify: false }).quote;
    const third = store.insert(fields, meta("a3"), { notify: false }).quote;
    store.addNote(other.id, "Not this one", sana);
    const histories = store.audit.requestHistories([quote.id, third.id]);
    expect([...histories.keys()]).toEqual([quote.id, third.id]);
    expect([...histories.values()].flat().map((line) => line.body)).toEqual(["Request received", "Request received"]);
    const exported = withDeskRecords(store, [store.get(other.id)!]);
    expect(exported[0]!.history!.map((line) => line.body)).toEqual(["Request received", "Not this one"]);
    store.close();
  });

  it("is the table its Drizzle schema describes", () => {
    const store = QuoteStore.open(tempDir("audit-schema"));
    const columns = store.db
      .prepare("SELECT name, type, \"notnull\" OR pk AS required FROM pragma_table_info('audit_events')")
      .all();
    expect(columns).toEqual(
      getTableConfig(auditEvents).columns.map((column) => ({
        name: column.name,
        type: column.getSQLType().toUpperCase(),
        required: column.notNull ? 1 : 0,
      })),
    );
    store.close();
  });
});

describe("the migration to the audit trail", () => {
  it("moves every line of a version-9 history with its time and actor, typed, the staff matched by e-mail", () => {
    const dir = tempDir("audit-migrate");
    const db = releaseDatabase(dir, { empty: true });
    const quote = db.prepare(
      `INSERT INTO quotes (id, received_at, name, email, message, client_ip, idempotency_key, notify_status, reference)
       VALUES (?, ?, 'Ayesha Khan', 'ayesha@acme.example', 'hi', '1.1.1.1', ?, 'off', ?)`,
    );
    quote.run(1, "2026-11-20T06:00:00.000Z", "k1", "Q-2026-0001");
    quote.run(2, "2026-11-21T06:00:00.000Z", "k2", "Q-2026-0002");
    const account = db.prepare("INSERT INTO staff (email, name, created_at) VALUES (?, ?, '2026-11-01T06:00:00.000Z')");
    const sanaId = Number(account.run("Sana@Promo.example", "Sana Iqbal").lastInsertRowid);
    const proof = db.prepare(
      `INSERT INTO proofs (quote_id, version, media_type, byte_size, sha256, stored_name, message, created_by, created_at,
         answer, answer_name, answer_role, answer_text, answered_at, answer_sha256)
       VALUES (1, ?, 'image/png', 5, ?, ?, ?, 'Sana Iqbal <sana@promo.example>', ?, ?, ?, ?, ?, ?, ?)`,
    );
    proof.run(
      1,
      sha,
      "p1.png",
      "",
      "2026-11-20T09:00:00.000Z",
      "changes",
      null,
      null,
      "Bigger, please",
      "2026-11-20T10:00:00.000Z",
      null,
    );
    proof.run(
      2,
      sha,
      "p2.png",
      "Blue logo, 40 mm",
      "2026-11-20T11:00:00.000Z",
      "approved",
      "Dr. Ayesha Khan",
      "Brand Manager",
      null,
      "2026-11-20T12:00:00.000Z",
      sha,
    );
    const sanaLabel = "Sana Iqbal <sana@promo.example>";
    const gone = "Former Staff <former@promo.example>";
    // Every prose form the store and the proofs wrote, and some lines no type reads back word for word.
    const old: [quote: number, at: string, actor: string, kind: string, body: string][] = [
      [1, "2026-11-20T06:00:00.000Z", "website", "received", "Request received"],
      [1, "2026-11-20T06:00:01.000Z", "website", "email", "Notification e-mailed to the business"],
      [1, "2026-11-20T07:00:00.000Z", sanaLabel, "note", "Called, wants blue"],
      [1, "2026-11-20T07:30:00.000Z", gone, "reply", "Dear Ayesha, our prices follow."],
      [1, "2026-11-20T07:30:00.000Z", gone, "status", "Status: Replied"],
      [1, "2026-11-20T07:31:00.000Z", "website", "email", "Reply from Former Staff e-mailed to ayesha@acme.example"],
      [1, "2026-11-20T09:00:00.000Z", sanaLabel, "reply", "Proof v1 sent"],
      [1, "2026-11-20T09:00:00.000Z", sanaLabel, "status", "Status: Quoted"],
      [1, "2026-11-20T09:01:00.000Z", "website", "email", "Proof v1 for Q-2026-0001 e-mailed to ayesha@acme.example"],
      [1, "2026-11-20T10:00:00.000Z", "buyer (proof link)", "note", "Changes requested on v1: Bigger, please"],
      [1, "2026-11-20T11:00:00.000Z", sanaLabel, "reply", "Proof v2 sent: Blue logo, 40 mm"],
      [1, "2026-11-20T11:05:00.000Z", sanaLabel, "note", "Proof link 7 ended; 1 e-mail with a link not sent"],
      [
        1,
        "2026-11-20T11:06:00.000Z",
        "website",
        "email",
        "Proof v2 for Q-2026-0001: not sent to ayesha@acme.example, the links of v2 were ended",
      ],
      [1, "2026-11-20T11:07:00.000Z", sanaLabel, "note", "All proof links ended (2 links), reminders stopped"],
      [1, "2026-11-20T11:08:00.000Z", "website", "email", "Reminder about proof v2 queued for ayesha@acme.example"],
      [
        1,
        "2026-11-20T12:00:00.000Z",
        "buyer (proof link)",
        "note",
        `Approved v2 by Dr. Ayesha Khan, Brand Manager (SHA-256 ${sha})`,
      ],
      [
        1,
        "2026-11-20T12:05:00.000Z",
        "website",
        "email",
        "Q-2026-0001: Approved v2 by Dr. Ayesha Khan, Brand Manager: not sent to a@promo.example, b@promo.example, no staff address is set",
      ],
      [1, "2026-11-21T08:00:00.000Z", sanaLabel, "status", "Status: Lost (Chose a cheaper supplier (Karachi))"],
      [1, "2026-11-21T08:00:00.000Z", sanaLabel, "status", "Status: Archived"],
      [1, "2026-11-21T08:01:00.000Z", "buyer (proof link)", "note", "Approved v9 by nobody (SHA-256 00)"],
      [1, "2026-11-21T08:02:00.000Z", sanaLabel, "reply", "Proof v5 sent"],
      [1, "2026-11-21T08:03:00.000Z", "website", "email", "Something else happened"],
      [2, "2026-11-21T06:00:00.000Z", "website", "received", "Request received"],
      [2, "2026-11-21T06:10:00.000Z", "Sana <SANA@promo.example>", "note", "Same person, older name"],
    ];
    const insert = db.prepare("INSERT INTO quote_events (quote_id, at, actor, kind, body) VALUES (?, ?, ?, ?, ?)");
    for (const line of old) insert.run(...line);
    db.close();

    const store = QuoteStore.open(dir);
    expect(store.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'quote_events'").pluck().get()).toBe(0);
    const rows = store.db
      .prepare("SELECT subject_id, at, type, actor_type, actor_staff_id, actor_name FROM audit_events ORDER BY id")
      .all();
    const staffId = (actor: string) => (actor.toLowerCase().includes("sana@promo.example") ? sanaId : null);
    const actorType = (actor: string) =>
      actor === "website" ? "website" : actor === "buyer (proof link)" ? "buyer" : "staff";
    expect(rows).toEqual(
      old.map(([quoteId, at, actor]) => ({
        subject_id: quoteId,
        at,
        type: expect.any(String),
        actor_type: actorType(actor),
        actor_staff_id: staffId(actor),
        actor_name: actorType(actor) === "staff" ? actor : null,
      })),
    );
    expect(rows.map((row) => (row as { type: string }).type)).toEqual([
      "request.received",
      "request.notification_emailed",
      "request.note_added",
      "request.reply_sent",
      "request.status_changed",
      "request.reply_emailed",
      "proof.sent",
      "request.status_changed",
      "proof.mail_sent",
      "proof.changes_requested",
      "proof.sent",
      "proof.link_ended",
      "proof.mail_not_sent",
      "proof.links_ended",
      "proof.reminder_queued",
      "proof.approved",
      "proof.mail_not_sent",
      "request.status_changed",
      "request.earlier_entry", // no such status
      "request.earlier_entry", // no such proof answered then
      "request.reply_sent", // a reply that reads like a proof, with no proof sent then
      "request.earlier_entry",
      "request.received",
      "request.note_added",
    ]);
    expect(
      store.audit.events({ type: "request", id: 1 }).find((event) => event.type === "proof.approved"),
    ).toMatchObject({
      payload: { version: 2, name: "Dr. Ayesha Khan", role: "Brand Manager", sha256: sha },
    });

    // What the desk and the exports show is what they showed, but a sent proof and the buyer's answers,
    // now shown as proof events with the same words.
    const proofKind = new Set([
      "Proof v1 sent",
      "Proof v2 sent: Blue logo, 40 mm",
      "Changes requested on v1: Bigger, please",
    ]);
    const shown = ([, at, actor, kind, body]: (typeof old)[number]) => ({
      at,
      actor,
      kind: proofKind.has(body) || body.startsWith("Approved v2 ") ? "proof" : kind,
      body,
    });
    const history = [...store.audit.requestHistory(1), ...store.audit.requestHistory(2)];
    expect(history.map(({ at, actor, kind, body }) => ({ at, actor, kind, body }))).toEqual(old.map(shown));
    const exported = withDeskRecords(store, store.list());
    const csv = toCsv(exported);
    for (const line of old.map(shown))
      expect(csv).toContain(`${pakistanTime(line.at)} · ${line.actor} · ${line.kind}: ${line.body}`);
    const json = JSON.parse(toJson(exported)) as { reference: string; history: { body: string }[] }[];
    expect(json.find((quote) => quote.reference === "Q-2026-0002")!.history.map((line) => line.body)).toEqual([
      "Request received",
      "Same person, older name",
    ]);
    store.close();
  });
});
