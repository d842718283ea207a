import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { releaseDatabase } from "../../../tests/support/release-database";
import { decoded, freeSmtpPort, startSmtp } from "../../../tests/support/smtp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { answerEmail, proofEmail } from "~/lib/proofs/mail";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { createSmtpMailer } from "~/lib/quotes/mailer.server";
import type { OutgoingMail } from "~/lib/messaging/email.server";
import { Outbox, type EmailSender } from "~/lib/messaging/outbox.server";
import { MessageKinds } from "~/lib/messaging/registry.server";
import { domainRounds, registerDomainMessages } from "~/lib/workflows/message-kinds.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { Messaging } from "./messaging.server";
import { messages } from "./schema";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { allReplies, queueReply, repliesOf } from "~/lib/quotes/messages.server";

// Real parts only: a SQLite file in a temp folder and an SMTP server in this process.

const buyer = buyerFields;
const meta = submissionMeta;
const staff = bilal;
const from = "Promo Works <sales@promo.example>";
const friday = new Date("2026-11-27T07:00:00Z"); // Friday noon in Lahore
const wednesday = new Date("2026-12-02T07:00:00Z"); // two business days later, and more
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);

/** A store, its messaging and proofs, and an outbox sending to `port` (mail server down if nothing listens). */
function setUp(
  dir: string,
  port: number,
  options: { baseDelayMs?: number; leaseMs?: number; email?: (mail: OutgoingMail) => Promise<void> } = {},
) {
  const store = QuoteStore.open(dir);
  const messaging = new Messaging(store);
  const proofs = new ProofDesk(store, ["sales@promo.example"], messaging);
  const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, to: ["sales@promo.example"], from });
  const logs: string[] = [];
  const kinds = registerDomainMessages(new MessageKinds(), { store, proofs });
  const email: EmailSender = options.email ? { ...mailer, send: options.email } : mailer;
  const outbox = new Outbox(messaging, kinds, email, {
    ...domainRounds({ proofs }),
    baseDelayMs: options.baseDelayMs ?? 1_000,
    leaseMs: options.leaseMs ?? 60_000,
    log: (line) => logs.push(line),
  });
  const close = () => {
    mailer.close();
    store.close();
  };
  return { store, messaging, proofs, outbox, logs, close };
}

/** A header's value, its folded lines joined. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)\r$`, "m").exec(decoded(raw).replace(/\r\n[ \t]+/g, " "))?.[1];

describe("the outbox", () => {
  it("sends each kind of mail once, made by its template, and records it sent in the thread and the history", async () => {
    const smtp = await startSmtp();
    const { store, messaging, proofs, outbox, close } = setUp(tempDir("messaging-kinds"), smtp.port);
    try {
      const { quote } = store.insert(buyer, meta("kinds"), { notify: true, now: friday });
      queueReply(messaging, quote.id, "Our prices follow.", staff, "reply-form-1", friday);
      proofs.send(
        quote,
        { data: png, mediaType: "image/png" },
        "Blue logo",
        staff,
        (v) => proofEmail(quote, v, "Blue logo"),
        friday,
      );
      expect(await outbox.drain(() => friday.getTime())).toBe(4);
      // Unanswered two business days: the buyer is reminded, and the staff told.
      expect(await outbox.drain(() => wednesday.getTime())).toBe(2);
      await proofs.answer(
        quote,
        1,
        { kind: "changes", text: "Bigger logo" },
        (proof) => answerEmail(quote, proof),
        wednesday,
      );
      expect(await outbox.drain(() => wednesday.getTime())).toBe(1);
      expect(await outbox.drain(() => wednesday.getTime() + 3_600_000)).toBe(0); // nothing twice

      const subjects = smtp.received.map((mail) => [mail.to, header(mail.raw, "Subject")]);
      expect(subjects).toEqual([
        [["sales@promo.example"], "Q-2026-0001: quote request from Ayesha Khan (Acme Pharma)"],
        [["ayesha@acme.example"], "Your quote request Q-2026-0001"],
        [["ayesha@acme.example"], "Your quote request Q-2026-0001"],
        [["ayesha@acme.example"], "Proof v1 for Q-2026-0001"],
        [["ayesha@acme.example"], "Reminder: proof v1 for Q-2026-0001 is waiting for you"],
        [["sales@promo.example"], "Q-2026-0001: proof v1 unanswered for 2 business days"],
        [["sales@promo.example"], "Q-2026-0001: Changes requested on v1"],
      ]);
      const thread = messaging.messages(quote.id);
      expect(thread.map((message) => [message.kind, message.status, message.attempts])).toEqual([
        ["request-notification", "sent", 1],
        ["acknowledgement", "sent", 1],
        ["reply", "sent", 1],
        ["proof", "sent", 1],
        ["proof-reminder", "sent", 1],
        ["proof-staff", "sent", 1],
        ["proof-staff", "sent", 1],
      ]);
      // Each mail carries its own Message-ID, the one its thread keeps, on the domain it is sent from.
      expect(smtp.received.map((mail) => header(mail.raw, "Message-ID"))).toEqual(
        thread.map((message) => `<${message.messageId}@promo.example>`),
      );
      // The office reads the buyer's message in its own direction (Urdu right to left).
      expect(decoded(smtp.received[0]!.raw)).toContain('<p style="white-space:pre-wrap" dir="auto">500 pens</p>');
      expect(decoded(smtp.received[1]!.raw)).toContain("Your reference is Q-2026-0001.");
      expect(decoded(smtp.received[2]!.raw)).toContain("Our prices follow.\r\n\r\n--\r\nBilal");
      expect(decoded(smtp.received[3]!.raw)).toMatch(/\/proof\/[A-Za-z0-9_-]{43}/);
      expect(
        store.audit
          .requestHistory(quote.id)
          .filter((event) => event.kind === "email")
          .map((event) => event.body),
      ).toEqual([
        "Notification e-mailed to the business",
        "Acknowledgement e-mailed to ayesha@acme.example",
        "Reply from Bilal e-mailed to ayesha@acme.example",
        "Proof v1 for Q-2026-0001 e-mailed to ayesha@acme.example",
        "Reminder about proof v1 queued for ayesha@acme.example",
        "Reminder: proof v1 for Q-2026-0001 is waiting for you e-mailed to ayesha@acme.example",
        "Q-2026-0001: proof v1 unanswered for 2 business days e-mailed to sales@promo.example",
        "Q-2026-0001: Changes requested on v1 e-mailed to sales@promo.example",
      ]);
      expect(repliesOf(messaging, quote.id)).toMatchObject([
        { staffName: "Bilal", status: "sent", body: "Our prices follow." },
      ]);
    } finally {
      close();
      await smtp.close();
    }
  });

  it("backs off after a failed attempt and sends the mail once the server is back", async () => {
    const port = await freeSmtpPort();
    const { store, messaging, outbox, logs, close } = setUp(tempDir("messaging-retry"), port, { baseDelayMs: 1_000 });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const { quote } = store.insert(buyer, meta("retry"), { notify: true, now: friday });
      const start = friday.getTime();
      expect(await outbox.drain(() => start)).toBe(0);
      const [failed] = messaging.messages(quote.id);
      expect(failed).toMatchObject({ status: "queued", attempts: 1, nextAttemptAt: start + 1_000, leaseUntil: null });
      expect(failed!.lastError).toMatch(/ECONNREFUSED/);
      expect(store.get(quote.id)).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
      expect(logs).toEqual([
        expect.stringMatching(
          /^Quote request Q-2026-0001: notification e-mail failed \(attempt 1: .*\); retrying in 1 s\.$/,
        ),
        expect.stringMatching(
          /^Quote request Q-2026-0001: acknowledgement e-mail failed \(attempt 1: .*\); retrying in 1 s\.$/,
        ),
      ]);
      // The second failure waits twice as long.
      expect(await outbox.drain(() => start + 999)).toBe(0);
      expect(messaging.messages(quote.id)[0]!.attempts).toBe(1);
      expect(await outbox.drain(() => start + 1_000)).toBe(0);
      expect(messaging.messages(quote.id)[0]).toMatchObject({ attempts: 2, nextAttemptAt: start + 1_000 + 2_000 });

      smtp = await startSmtp(port);
      expect(await outbox.drain(() => start + 3_000)).toBe(2);
      expect(smtp.received).toHaveLength(2);
      expect(store.get(quote.id)).toMatchObject({ notifyStatus: "sent", notifyAttempts: 3, notifyError: null });
    } finally {
      close();
      await smtp?.close();
    }
  });

  it("never lets two senders on one data folder send the same message", async () => {
    const smtp = await startSmtp();
    const dir = tempDir("messaging-two");
    const first = setUp(dir, smtp.port);
    const second = setUp(dir, smtp.port);
    try {
      for (let index = 0; index < 12; index++) {
        const email = `buyer${index}@acme.example`;
        const { quote } = first.store.insert({ ...buyer, name: `Buyer ${index}`, email }, meta(`two-${index}`), {
          notify: true,
        });
        queueReply(first.messaging, quote.id, `Reply ${index}`, staff, `two-reply-${index}`);
      }
      const [a, b] = await Promise.all([first.outbox.drain(), second.outbox.drain()]);
      expect(a + b).toBe(36);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      const ids = smtp.received.map((mail) => header(mail.raw, "Message-ID"));
      expect(ids).toHaveLength(36);
      expect(new Set(ids).size).toBe(36);
    } finally {
      first.close();
      second.close();
      await smtp.close();
    }
  });

  it("sends a message a crashed sender had claimed once its lease ends, and only once", async () => {
    const smtp = await startSmtp();
    const { store, messaging, outbox, close } = setUp(tempDir("messaging-lease"), smtp.port, { leaseMs: 60_000 });
    try {
      const { quote } = store.insert(buyer, meta("lease"), { notify: true, now: friday });
      // A sender claims it and dies before it records anything.
      expect(messaging.claimDue({ now: friday.getTime(), leaseMs: 120_000 })).toHaveLength(2);
      expect(messaging.nextDueAt()).toBe(friday.getTime() + 120_000);
      expect(await outbox.drain(() => friday.getTime() + 119_999)).toBe(0);
      expect(smtp.received).toHaveLength(0);
      expect(await outbox.drain(() => friday.getTime() + 120_000)).toBe(2);
      expect(await outbox.drain(() => friday.getTime() + 600_000)).toBe(0);
      expect(smtp.received).toHaveLength(2);
      expect(messaging.messages(quote.id)[0]).toMatchObject({ status: "sent", attempts: 1, leaseUntil: null });
    } finally {
      close();
      await smtp.close();
    }
  });

  it("holds no claim on a message it has not tried when it stops, so the next start sends it at once", async () => {
    let finishSend = () => {};
    let sendStarted = () => {};
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const sent: OutgoingMail[] = [];
    const { store, messaging, outbox, close } = setUp(tempDir("messaging-stop"), await freeSmtpPort(), {
      leaseMs: 120_000,
      email: (mail) => {
        sent.push(mail);
        sendStarted();
        return new Promise((resolve) => (finishSend = resolve));
      },
    });
    try {
      const { quote } = store.insert(buyer, meta("stop"), { notify: true, now: friday });
      outbox.start(); // two due (the office's notice and the buyer's acknowledgement): it sends the first
      await started;
      const stopping = outbox.stop();
      finishSend();
      await stopping;
      expect(sent).toHaveLength(1);
      const left = messaging.messages(quote.id).filter((message) => message.status === "queued");
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ attempts: 0, leaseUntil: null });
      expect(messaging.nextDueAt()).toBeLessThanOrEqual(Date.now());
    } finally {
      close();
    }
  });
});

describe("headers", () => {
  it("get no line of their own from a buyer's name or company holding CR/LF and Bcc:", async () => {
    const smtp = await startSmtp();
    const { store, messaging, outbox, close } = setUp(tempDir("messaging-headers"), smtp.port);
    try {
      // Stored by a release before the form refused line breaks.
      const { quote } = store.insert(
        {
          ...buyer,
          name: "Ayesha\r\nBcc: victim@evil.example",
          company: "Acme\r\nBcc: other@evil.example\r\nX-Injected: yes",
        },
        meta("headers"),
        { notify: true },
      );
      queueReply(messaging, quote.id, "Thank you.", staff, "headers-reply");
      expect(await outbox.drain()).toBe(3);
      // The office's notification, the buyer's acknowledgement and the reply.
      expect(smtp.received.map((mail) => mail.to)).toEqual([
        ["sales@promo.example"],
        ["ayesha@acme.example"],
        ["ayesha@acme.example"],
      ]);
      for (const mail of smtp.received) {
        const head = decoded(mail.raw).split("\r\n\r\n")[0]!;
        expect(head).not.toMatch(/^(Bcc|X-Injected):/im);
      }
      expect(header(smtp.received[0]!.raw, "Subject")).toBe(
        "Q-2026-0001: quote request from Ayesha Bcc: victim@evil.example (Acme Bcc: other@evil.example X-Injected: yes)",
      );
    } finally {
      close();
      await smtp.close();
    }
  });
});

describe("migration 10", () => {
  it("moves every mail of the three queues into messages, queued ones still due with their attempts", () => {
    const dir = tempDir("messaging-migrate");
    const db = releaseDatabase(dir, { empty: true });
    const quote = db.prepare(
      `INSERT INTO quotes (id, received_at, name, company, email, message, client_ip, idempotency_key, notify_status,
         notify_attempts, notify_next_at, notified_at, notify_error, reference)
       VALUES (?, '2026-11-20T06:00:00.000Z', 'Ayesha Khan', 'Acme', 'ayesha@acme.example', 'hi', '1.1.1.1', ?, ?, ?, ?, ?, ?, ?)`,
    );
    quote.run(1, "k1", "sent", 1, null, "2026-11-20T06:00:01.000Z", null, "Q-2026-0001");
    quote.run(2, "k2", "pending", 3, 1_700_000_000_000, null, "421 try later", "Q-2026-0002");
    quote.run(3, "k3", "off", 0, null, null, null, "Q-2026-0003");
    db.prepare(
      "INSERT INTO staff (id, email, name, created_at, role) VALUES (5, 'bilal@promo.example', 'Bilal', '2026-01-01T00:00:00Z', 'owner')",
    ).run();
    const reply = db.prepare(
      `INSERT INTO quote_replies (id, quote_id, request_key, created_at, staff_name, staff_email, body, status, attempts,
         next_at, sent_at, error) VALUES (?, ?, ?, ?, 'Bilal', 'bilal@promo.example', ?, ?, ?, ?, ?, ?)`,
    );
    reply.run(
      1,
      1,
      "r1",
      "2026-11-20T07:00:00.000Z",
      "Prices follow",
      "sent",
      1,
      null,
      "2026-11-20T07:00:02.000Z",
      null,
    );
    reply.run(2, 2, "r2", "2026-11-21T07:00:00.000Z", "Still there?", "pending", 2, 1_700_000_500_000, null, "timeout");
    db.prepare(
      `INSERT INTO proofs (quote_id, version, media_type, byte_size, sha256, stored_name, created_by, created_at)
       VALUES (1, 1, 'image/png', 5, ?, 'proof-1.png', 'Bilal', '2026-11-20T08:00:00.000Z')`,
    ).run("a".repeat(64));
    db.prepare(
      `INSERT INTO proof_links (token_hash, quote_id, version, created_at, expires_at)
       VALUES ('hash-in-flight', 1, 1, 1700000000000, 1800000000000)`,
    ).run();
    const mail = db.prepare(
      `INSERT INTO proof_mails (id, quote_id, kind, version, to_address, subject, body, status, attempts, next_at,
         sent_at, error, link_hash) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    mail.run(
      1,
      "proof",
      1,
      "ayesha@acme.example",
      "Proof v1 for Q-2026-0001",
      "",
      "sent",
      1,
      null,
      "2026-11-20T08:00:05.000Z",
      null,
      null,
    );
    mail.run(
      2,
      "reminder",
      1,
      "ayesha@acme.example",
      "Reminder: proof v1",
      "Dear {proof-link}",
      "pending",
      1,
      1_700_000_900_000,
      null,
      "421",
      "hash-in-flight",
    );
    mail.run(
      3,
      "staff",
      null,
      "sales@promo.example",
      "Q-2026-0001: Changes",
      "Bigger logo",
      "cancelled",
      0,
      null,
      null,
      null,
      null,
    );
    db.close();

    const store = QuoteStore.open(dir);
    const messaging = new Messaging(store);
    try {
      const columns = store.db.prepare("SELECT name FROM pragma_table_info('quotes')").pluck().all();
      expect(columns.filter((name) => String(name).startsWith("notif"))).toEqual([]);
      const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      expect(tables).not.toContain("quote_replies");
      expect(tables).not.toContain("proof_mails");

      const pick = ({
        kind,
        recipient,
        subject,
        payload,
        messageId,
        status,
        attempts,
        nextAttemptAt,
        lastError,
        sentAt,
        staffId,
      }: ReturnType<Messaging["messages"]>[number]) => ({
        kind,
        recipient,
        subject,
        payload,
        messageId,
        status,
        attempts,
        nextAttemptAt,
        lastError,
        sentAt,
        staffId,
      });
      expect(messaging.messages(1).map(pick)).toEqual([
        {
          kind: "request-notification",
          recipient: "",
          subject: "Q-2026-0001: quote request from Ayesha Khan (Acme)",
          payload: {},
          messageId: "request-notification-1",
          status: "sent",
          attempts: 1,
          nextAttemptAt: null,
          lastError: null,
          sentAt: "2026-11-20T06:00:01.000Z",
          staffId: null,
        },
        {
          kind: "reply",
          recipient: "ayesha@acme.example",
          subject: "Your quote request Q-2026-0001",
          payload: { body: "Prices follow", staffName: "Bilal", staffEmail: "bilal@promo.example" },
          messageId: "reply-1.Q-2026-0001",
          status: "sent",
          attempts: 1,
          nextAttemptAt: null,
          lastError: null,
          sentAt: "2026-11-20T07:00:02.000Z",
          staffId: 5,
        },
        {
          kind: "proof",
          recipient: "ayesha@acme.example",
          subject: "Proof v1 for Q-2026-0001",
          payload: { version: 1, body: "" },
          messageId: "proof-mail-1",
          status: "sent",
          attempts: 1,
          nextAttemptAt: null,
          lastError: null,
          sentAt: "2026-11-20T08:00:05.000Z",
          staffId: null,
        },
        {
          kind: "proof-reminder",
          recipient: "ayesha@acme.example",
          subject: "Reminder: proof v1",
          payload: { version: 1, body: "Dear {proof-link}" },
          messageId: "proof-mail-2",
          status: "queued",
          attempts: 1,
          nextAttemptAt: 1_700_000_900_000,
          lastError: "421",
          sentAt: null,
          staffId: null,
        },
        {
          kind: "proof-staff",
          recipient: "sales@promo.example",
          subject: "Q-2026-0001: Changes",
          payload: { version: null, body: "Bigger logo" },
          messageId: "proof-mail-3",
          status: "cancelled",
          attempts: 0,
          nextAttemptAt: null,
          lastError: null,
          sentAt: null,
          staffId: null,
        },
      ]);
      expect(messaging.messages(2).map(pick)).toMatchObject([
        {
          kind: "request-notification",
          status: "queued",
          attempts: 3,
          nextAttemptAt: 1_700_000_000_000,
          lastError: "421 try later",
        },
        {
          kind: "reply",
          status: "queued",
          attempts: 2,
          nextAttemptAt: 1_700_000_500_000,
          lastError: "timeout",
          messageId: "reply-2.Q-2026-0002",
        },
      ]);
      expect(messaging.messages(3).map(pick)).toMatchObject([{ kind: "request-notification", status: "off" }]);
      // What the desk and the export show stays as it was.
      expect([1, 2, 3].map((id) => store.get(id)!.notifyStatus)).toEqual(["sent", "pending", "off"]);
      expect(store.get(2)).toMatchObject({ notifyAttempts: 3, notifyError: "421 try later", notifiedAt: null });
      expect(store.get(1)).toMatchObject({ notifyAttempts: 1, notifiedAt: "2026-11-20T06:00:01.000Z" });
      expect(allReplies(messaging)).toMatchObject([
        {
          quoteId: 1,
          staffName: "Bilal",
          status: "sent",
          sentAt: "2026-11-20T07:00:02.000Z",
          createdAt: "2026-11-20T07:00:00.000Z",
        },
        { quoteId: 2, status: "pending", attempts: 2, error: "timeout" },
      ]);
      // The link minted for the reminder's interrupted attempt is still known as its own: the next attempt removes it.
      expect(store.db.prepare("SELECT message_id FROM proof_links").pluck().all()).toEqual([
        messaging.messages(1)[3]!.id,
      ]);
      // Everything queued is due.
      expect(
        messaging.claimDue({ now: 1_800_000_000_000, leaseMs: 1_000, limit: 100 }).map((message) => message.messageId),
      ).toEqual(["request-notification-2", "reply-2.Q-2026-0002", "proof-mail-2"]);
    } finally {
      store.close();
    }
  });
});

describe("the Drizzle schema of messages", () => {
  it("names the columns, their NOT NULL and the indexes the migration makes", () => {
    const store = QuoteStore.open(tempDir("messaging-schema"));
    const made = store.db.prepare("SELECT name, \"notnull\" AS required FROM pragma_table_info('messages')").all();
    const indexes = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL")
      .pluck()
      .all();
    store.close();
    const config = getTableConfig(messages);
    expect(
      config.columns.map((column) => ({ name: column.name, required: column.notNull || column.primary ? 1 : 0 })),
    ).toEqual(made);
    const uniqueColumns = config.columns.flatMap((column) => (column.isUnique ? [column.uniqueName!] : []));
    expect([...config.indexes.map((index) => index.config.name), ...uniqueColumns].sort()).toEqual([...indexes].sort());
  });
});

describe("recordInbound", () => {
  function withThread() {
    const store = QuoteStore.open(tempDir("messaging-inbound"));
    const messaging = new Messaging(store);
    const { quote } = store.insert(buyer, meta("inbound"), { notify: true });
    queueReply(messaging, quote.id, "Our prices.", staff, "inbound-reply");
    const reply = messaging.messages(quote.id).find((message) => message.kind === "reply")!;
    return { store, messaging, quote, reply };
  }
  const mail = (headers: { messageId: string; inReplyTo?: string; references?: string }) => ({
    ...headers,
    from: "Ayesha Khan <ayesha@acme.example>",
    to: "sales@promo.example",
    subject: "Re: Your quote request Q-2026-0001",
    text: "Thank you, 500 please.",
    receivedAt: new Date("2026-11-28T06:00:00Z"),
  });

  it("threads a buyer's answer onto the request whose mail its In-Reply-To names, once", () => {
    const { store, messaging, quote, reply } = withThread();
    const answer = mail({ messageId: "<CAF123@mail.gmail.com>", inReplyTo: `<${reply.messageId}@promo.example>` });
    expect(messaging.recordInbound(answer)).toMatchObject({
      quoteId: quote.id,
      direction: "in",
      kind: "buyer-mail",
      status: "received",
      messageId: "CAF123@mail.gmail.com",
      inReplyTo: `${reply.messageId}@promo.example`,
      payload: { from: "Ayesha Khan <ayesha@acme.example>", text: "Thank you, 500 please." },
    });
    expect(messaging.recordInbound(answer)?.quoteId).toBe(quote.id); // read twice, recorded once
    expect(messaging.messages(quote.id).filter((message) => message.direction === "in")).toHaveLength(1);
    // Never sent: no outbox claims it.
    expect(messaging.claimDue({ now: Date.now() + 60_000, leaseMs: 1_000 }).map((message) => message.kind)).toEqual([
      "request-notification",
      "acknowledgement",
      "reply",
    ]);
    store.close();
  });

  it("threads by References when In-Reply-To names none of ours, and records nothing it cannot thread", () => {
    const { store, messaging, quote, reply } = withThread();
    const byReferences = mail({
      messageId: "<second@mail.example>",
      inReplyTo: "<unknown@elsewhere.example>",
      references: `<${reply.messageId}@promo.example> <unknown@elsewhere.example>`,
    });
    expect(messaging.recordInbound(byReferences)?.quoteId).toBe(quote.id);
    expect(
      messaging.recordInbound(mail({ messageId: "<third@mail.example>", inReplyTo: "<nope@x.example>" })),
    ).toBeNull();
    expect(messaging.recordInbound(mail({ messageId: "<fourth@mail.example>" }))).toBeNull();
    // A Message-ID without a domain could pass for one of ours: refused.
    expect(
      messaging.recordInbound(
        mail({ messageId: `<${reply.messageId}>`, inReplyTo: `<${reply.messageId}@promo.example>` }),
      ),
    ).toBeNull();
    expect(messaging.messages(quote.id).filter((message) => message.direction === "in")).toHaveLength(1);
    store.close();
  });
});

describe("the buyer's acknowledgement", () => {
  it("gives the reference, the reply-by time in words and our contact lines, and nothing the buyer wrote but the name", async () => {
    const smtp = await startSmtp();
    const { store, messaging, outbox, close } = setUp(tempDir("ack-text"), smtp.port);
    try {
      const { quote } = store.insert(
        {
          ...buyer,
          name: "عائشہ خان\r\nBcc: victim@evil.example",
          company: "Cheap pills https://spam.example",
          message: "Visit https://spam.example for cheap pills",
        },
        meta("ack-text"),
        { notify: true, now: friday },
      );
      expect(await outbox.drain(() => friday.getTime())).toBe(2);
      const mail = smtp.received.find((received) => received.to.includes("ayesha@acme.example"))!;
      const text = decoded(mail.raw);
      const head = text.split("\r\n\r\n")[0]!;
      expect(head).not.toMatch(/^Bcc:/im);
      expect(header(mail.raw, "Subject")).toBe("Your quote request Q-2026-0001");
      // Friday noon + 24 business hours (7 + 8 + 8 + 1): Wednesday 12:00 in Lahore, named by its weekday.
      expect(text).toContain("Your reference is Q-2026-0001.");
      expect(text).toContain("We will answer by Wednesday 12:00 PKT");
      expect(text).toContain("Phone: +92 42 3555 0100");
      expect(text).not.toMatch(/spam\.example|pills/);
      // The Urdu name runs right to left in the HTML part; the thread keeps the Message-ID the buyer answers.
      expect(text).toMatch(/<span dir="auto">/);
      const [acknowledgement] = messaging.messages(quote.id).filter((message) => message.kind === "acknowledgement");
      expect(header(mail.raw, "Message-ID")).toBe(`<${acknowledgement!.messageId}@promo.example>`);
    } finally {
      close();
      await smtp.close();
    }
  });

  it("greets a name that is not a person's as 'Dear customer' and is addressed to the address alone", async () => {
    const smtp = await startSmtp();
    const { store, outbox, close } = setUp(tempDir("ack-greeting"), smtp.port);
    try {
      store.insert(
        { ...buyer, name: "CLAIM YOUR PKR 50,000 PRIZE AT http://evil.test/claim", email: "victim@inbox.example" },
        meta("ack-spam"),
        { notify: true, now: friday },
      );
      store.insert({ ...buyer, name: "عائشہ خان", email: "ayesha@acme.example" }, meta("ack-urdu"), {
        notify: true,
        now: friday,
      });
      expect(await outbox.drain(() => friday.getTime())).toBe(4);
      const to = (address: string) => smtp.received.find((received) => received.to.includes(address))!;
      const spam = decoded(to("victim@inbox.example").raw);
      expect(spam).toContain("Dear customer,");
      expect(spam).not.toMatch(/CLAIM|PRIZE|evil\.test/);
      expect(header(to("victim@inbox.example").raw, "To")).toBe("victim@inbox.example");
      expect(header(to("ayesha@acme.example").raw, "To")).toBe("ayesha@acme.example");
      expect((await simpleParser(to("ayesha@acme.example").raw)).text).toMatch(/^Dear عائشہ خان,$/m);
    } finally {
      close();
      await smtp.close();
    }
  });

  it("goes at most the site's hourly number in all; past it the request is stored, the office told, the buyer's recorded off with why", () => {
    const store = QuoteStore.open(tempDir("ack-site-limit"));
    try {
      const held = [0, 1, 2, 3].map((index) => {
        const { quote, acknowledgementHeld } = store.insert(
          { ...buyer, email: `buyer${index}@else${index}.example` },
          meta(`site-${index}`),
          { notify: true, now: new Date(friday.getTime() + index * 60_000), acknowledgementsPerHour: 2 },
        );
        const messages = new Messaging(store).messages(quote.id);
        return [
          acknowledgementHeld,
          messages.map((message) => [message.kind, message.status]),
          messages.find((message) => message.kind === "acknowledgement")!.payload,
        ];
      });
      const sent = [
        ["request-notification", "queued"],
        ["acknowledgement", "queued"],
      ];
      const off = [
        ["request-notification", "queued"],
        ["acknowledgement", "off"],
      ];
      expect(held).toEqual([
        [null, sent, {}],
        [null, sent, {}],
        ["site-limit", off, { held: "site-limit" }],
        ["site-limit", off, { held: "site-limit" }],
      ]);
      // An hour after the first two, the site sends again.
      const later = store.insert({ ...buyer, email: "later@else.example" }, meta("site-later"), {
        notify: true,
        now: new Date(friday.getTime() + 3_600_001),
        acknowledgementsPerHour: 2,
      });
      expect(later.acknowledgementHeld).toBeNull();
    } finally {
      store.close();
    }
  });

  it("goes at most 3 times a Pakistan day to one address (any case); the rest are recorded off, not sent", () => {
    const store = QuoteStore.open(tempDir("ack-limit"));
    try {
      const lahoreMorning = new Date("2026-11-26T19:30:00Z"); // Friday 00:30 in Lahore, Thursday in UTC
      const statuses = ["Ayesha@Acme.example", "ayesha@acme.example", "AYESHA@acme.example", "ayesha@acme.example"].map(
        (email, index) => {
          const { quote } = store.insert({ ...buyer, email }, meta(`limit-${index}`), {
            notify: true,
            now: new Date(lahoreMorning.getTime() + index * 3_600_000),
          });
          return new Messaging(store).messages(quote.id).find((message) => message.kind === "acknowledgement")!.status;
        },
      );
      expect(statuses).toEqual(["queued", "queued", "queued", "off"]);
      // The office still hears of the fourth request; another address is not held back.
      const other = store.insert({ ...buyer, email: "bilal@else.example" }, meta("limit-other"), {
        notify: true,
        now: lahoreMorning,
      }).quote;
      const kinds = (quoteId: number) =>
        new Messaging(store).messages(quoteId).map((message) => [message.kind, message.status]);
      expect(kinds(other.id)).toEqual([
        ["request-notification", "queued"],
        ["acknowledgement", "queued"],
      ]);
      // The next Pakistan day (Saturday 00:00 in Lahore) the address gets one again.
      const nextDay = store.insert({ ...buyer }, meta("limit-next-day"), {
        notify: true,
        now: new Date("2026-11-27T19:00:00Z"),
      }).quote;
      expect(kinds(nextDay.id)).toContainEqual(["acknowledgement", "queued"]);
      // Mail off, or an address that is not one: recorded off.
      const off = store.insert({ ...buyer, email: "hina@pharma.example" }, meta("limit-off"), { notify: false }).quote;
      expect(kinds(off.id)).toContainEqual(["acknowledgement", "off"]);
      const list = store.insert({ ...buyer, email: "a@x.example, b@y.example" }, meta("limit-list"), {
        notify: true,
      }).quote;
      expect(kinds(list.id)).toContainEqual(["acknowledgement", "off"]);
    } finally {
      store.close();
    }
  });
});
