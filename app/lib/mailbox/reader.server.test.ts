import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImapServer, startImapServer } from "../../../tests/support/imap-server";
import { until } from "../../../tests/support/smtp-server";
import { readMailboxConfig } from "./config.server";
import type { InboundMail } from "./inbound-mail";
import {
  checkMailbox,
  failedKeyword,
  handledKeyword,
  type StoreOutcome,
  startMailboxReader,
  type UnreadableMail,
} from "./reader.server";

// Against a real Dovecot, started once for the file; every test has a mail account of its own.

const passwordOf = (user: string) => `pa ss/wörd%${user}`;
const users = Array.from({ length: 12 }, (_, index) => `office${index + 1}`);

let server: ImapServer;
beforeAll(async () => {
  server = await startImapServer(Object.fromEntries(users.map((user) => [user, passwordOf(user)])));
});
afterAll(async () => {
  await server?.stop();
});

let accounts = 0;
/** A new account: the reader's settings for it, and an office mail client to put mail in and look. */
async function account(options: { mailbox?: string; user?: string; password?: string } = {}) {
  const user = options.user ?? users[accounts++]!;
  const password = options.password ?? passwordOf(user);
  const url = `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${server.port}`;
  const imap = readMailboxConfig({ IMAP_URL: url, IMAP_MAILBOX: options.mailbox }).imap!;
  const office = async () => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: server.port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    return client;
  };
  return { user, password, imap, office };
}

type Client = Awaited<ReturnType<Awaited<ReturnType<typeof account>>["office"]>>;

/** The mailbox as the office sees it: each mail's Message-ID and flags. */
async function mailboxState(client: Client, mailbox = "INBOX") {
  const lock = await client.getMailboxLock(mailbox);
  try {
    if (!client.mailbox || client.mailbox.exists === 0) return [];
    const messages = await client.fetchAll("1:*", { uid: true, flags: true, envelope: true });
    // Flag changes made by the reader's session arrive as FETCH responses too, without an envelope.
    return messages
      .filter((message) => message.envelope)
      .map((message) => ({
        messageId: message.envelope?.messageId,
        flags: [...(message.flags ?? [])].filter((flag) => flag !== "\\Recent").sort(),
      }));
  } finally {
    lock.release();
  }
}

function rawMail(fields: {
  messageId?: string;
  subject?: string;
  inReplyTo?: string;
  references?: string;
  body?: string;
  headers?: string;
}) {
  return [
    "From: Ayesha Khan <ayesha@acme.example>",
    "To: Sales <sales@promo.example>, Desk <desk@promo.example>",
    `Subject: ${fields.subject ?? "Re: Q-2026-0001: your quote"}`,
    "Date: Mon, 12 Jan 2026 10:00:00 +0500",
    ...(fields.messageId ? [`Message-ID: ${fields.messageId}`] : []),
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`] : []),
    ...(fields.references ? [`References: ${fields.references}`] : []),
    "MIME-Version: 1.0",
    fields.headers ?? "Content-Type: text/plain; charset=utf-8",
    "",
    fields.body ?? "Yes, please go ahead.",
    "",
  ].join("\r\n");
}

/** The caller's store: keeps each Message-ID once, as the messaging module does. */
function memoryStore(outcome: StoreOutcome = "stored") {
  const mails: InboundMail[] = [];
  const seen = new Set<string>();
  return {
    mails,
    store: async (mail: InboundMail): Promise<StoreOutcome> => {
      if (seen.has(mail.messageId)) return "duplicate";
      seen.add(mail.messageId);
      mails.push(mail);
      return outcome;
    },
  };
}

const quietLog = () => {};

describe("checkMailbox", () => {
  it("reads a buyer's reply, parses it, hands it over once and leaves it in the mailbox, unread by the office", async () => {
    const { imap, office } = await account();
    const client = await office();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    );
    const raw = rawMail({
      messageId: "<reply-1@acme.example>",
      inReplyTo: "<quote-7@promo.example>",
      references: "<request-7@promo.example> <quote-7@promo.example>",
      subject: "=?UTF-8?B?" + Buffer.from("Re: Q-2026-0007: قیمت کی تصدیق").toString("base64") + "?=",
      headers: 'Content-Type: multipart/mixed; boundary="b1"',
      body: [
        "--b1",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Yes, 500 mugs. شکریہ",
        "",
        "On Sun, 11 Jan 2026 at 15:00, Sales <sales@promo.example> wrote:",
        "> Here is your quote.",
        "--b1",
        // The sender says PDF; the bytes are a PNG.
        'Content-Type: application/pdf; name="../../etc/logo.pdf"',
        'Content-Disposition: attachment; filename="../../etc/logo.pdf"',
        "Content-Transfer-Encoding: base64",
        "",
        png.toString("base64"),
        "--b1--",
      ].join("\r\n"),
    });
    await client.append("INBOX", raw, [], new Date("2026-01-12T05:00:03Z"));
    const { mails, store } = memoryStore();

    expect(await checkMailbox({ imap, store, log: quietLog })).toEqual({
      stored: 1,
      duplicate: 0,
      unmatched: 0,
      failed: 0,
    });
    expect(mails).toEqual([
      {
        messageId: "<reply-1@acme.example>",
        inReplyTo: "<quote-7@promo.example>",
        references: ["<request-7@promo.example>", "<quote-7@promo.example>"],
        from: { name: "Ayesha Khan", address: "ayesha@acme.example" },
        to: [
          { name: "Sales", address: "sales@promo.example" },
          { name: "Desk", address: "desk@promo.example" },
        ],
        subject: "Re: Q-2026-0007: قیمت کی تصدیق",
        date: "2026-01-12T05:00:03.000Z",
        sentAt: "2026-01-12T05:00:00.000Z",
        text: "Yes, 500 mugs. شکریہ",
        fullText:
          "Yes, 500 mugs. شکریہ\n\nOn Sun, 11 Jan 2026 at 15:00, Sales <sales@promo.example> wrote:\n> Here is your quote.",
        attachments: [
          {
            filename: "logo.pdf",
            contentType: "image/png",
            declaredType: "application/pdf",
            size: png.length,
            content: png,
          },
        ],
        attachmentsLeftOut: 0,
        tooLarge: false,
        size: Buffer.byteLength(raw),
        authenticationResults: [],
        // Its bytes, kept in quarantine should it match no request and carry files.
        source: Buffer.from(raw),
      },
    ]);
    expect(await mailboxState(client)).toEqual([{ messageId: "<reply-1@acme.example>", flags: [handledKeyword] }]);

    expect(await checkMailbox({ imap, store, log: quietLog })).toEqual({
      stored: 0,
      duplicate: 0,
      unmatched: 0,
      failed: 0,
    });
    expect(mails).toHaveLength(1);
    await client.logout();
  });

  it("hands over a mail with only HTML as text, and one without a Message-ID with the same made-up one each time", async () => {
    const { imap, office } = await account();
    const client = await office();
    const raw = rawMail({
      headers: "Content-Type: text/html; charset=utf-8",
      body: "<p>Please make it <b>blue</b>.</p><script>alert(1)</script>",
    });
    await client.append("INBOX", raw);
    await client.append("INBOX", raw);
    const { mails, store } = memoryStore();

    expect(await checkMailbox({ imap, store, log: quietLog })).toMatchObject({ stored: 1, duplicate: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toBe("Please make it blue.");
    expect(mails[0]!.messageId).toMatch(/^<[0-9a-f]{64}@no-message-id\.invalid>$/);
    await client.logout();
  });

  it("marks a mail handled only after store resolved: one that throws is handed over again at the next check", async () => {
    const { imap, office } = await account();
    const client = await office();
    await client.append("INBOX", rawMail({ messageId: "<crash@acme.example>" }));
    const kept = memoryStore();
    const flagsWhileStoring: string[][] = [];
    const logged: string[] = [];
    // Keeps the mail, then fails, as a process would that died before the reader marked it.
    const crashingStore = async (mail: InboundMail): Promise<StoreOutcome> => {
      flagsWhileStoring.push(...(await mailboxState(client)).map((message) => message.flags));
      await kept.store(mail);
      throw new Error("database is locked");
    };

    expect(await checkMailbox({ imap, store: crashingStore, log: (line) => logged.push(line) })).toMatchObject({
      stored: 0,
      failed: 1,
    });
    expect(flagsWhileStoring).toEqual([[]]);
    expect(await mailboxState(client)).toEqual([{ messageId: "<crash@acme.example>", flags: [] }]);
    expect(logged).toEqual([
      `Mailbox ${imap.label}: could not store <crash@acme.example>, left for the next check: database is locked`,
    ]);

    expect(await checkMailbox({ imap, store: kept.store, log: quietLog })).toMatchObject({ duplicate: 1, failed: 0 });
    expect(kept.mails.map((mail) => mail.messageId)).toEqual(["<crash@acme.example>"]);
    expect(await mailboxState(client)).toEqual([{ messageId: "<crash@acme.example>", flags: [handledKeyword] }]);
    await client.logout();
  });

  it("sets a mail aside as unreadable when storing it fails three checks running, so it cannot hold the mailbox", async () => {
    const { imap, office } = await account();
    const client = await office();
    await client.append("INBOX", rawMail({ messageId: "<poison@acme.example>", subject: "Poison" }));
    const noted: UnreadableMail[] = [];
    const failing = async (): Promise<StoreOutcome> => {
      throw new Error("CHECK constraint failed");
    };
    for (let check = 1; check <= 2; check++) {
      expect(
        await checkMailbox({ imap, store: failing, unreadable: (mail) => void noted.push(mail), log: quietLog }),
      ).toMatchObject({ failed: 1 });
      expect(await mailboxState(client)).toEqual([{ messageId: "<poison@acme.example>", flags: [] }]);
    }
    expect(
      await checkMailbox({ imap, store: failing, unreadable: (mail) => void noted.push(mail), log: quietLog }),
    ).toMatchObject({ failed: 1 });
    expect(await mailboxState(client)).toEqual([{ messageId: "<poison@acme.example>", flags: [failedKeyword] }]);
    expect(noted).toMatchObject([
      {
        messageId: "<poison@acme.example>",
        subject: "Poison",
        problem: "could not be stored: CHECK constraint failed",
      },
    ]);
    await client.logout();
  });

  it("reports a second mail with a Message-ID already stored as a duplicate and marks both", async () => {
    const { imap, office } = await account();
    const client = await office();
    await client.append("INBOX", rawMail({ messageId: "<twice@acme.example>", body: "First copy" }));
    await client.append("INBOX", rawMail({ messageId: "<twice@acme.example>", body: "Second copy" }));
    const { mails, store } = memoryStore();

    expect(await checkMailbox({ imap, store, log: quietLog })).toMatchObject({ stored: 1, duplicate: 1 });
    expect(mails.map((mail) => mail.text)).toEqual(["First copy"]);
    expect(await mailboxState(client)).toEqual([
      { messageId: "<twice@acme.example>", flags: [handledKeyword] },
      { messageId: "<twice@acme.example>", flags: [handledKeyword] },
    ]);
    await client.logout();
  });

  it("leaves a mail matching no request in the mailbox for the office, and does not read it again", async () => {
    const { imap, office } = await account();
    const client = await office();
    await client.append("INBOX", rawMail({ messageId: "<offer@spam.example>", subject: "Cheap pens!!!" }));
    const { mails, store } = memoryStore("unmatched");
    const logged: string[] = [];

    expect(await checkMailbox({ imap, store, log: (line) => logged.push(line) })).toMatchObject({ unmatched: 1 });
    expect(logged).toEqual([
      `Mailbox ${imap.label}: <offer@spam.example> matches no request; left in the mailbox for the office`,
    ]);
    expect(await mailboxState(client)).toEqual([{ messageId: "<offer@spam.example>", flags: [handledKeyword] }]);
    expect(await checkMailbox({ imap, store, log: quietLog })).toMatchObject({ unmatched: 0 });
    expect(mails).toHaveLength(1);
    await client.logout();
  });

  it("reads only the headers of a mail over the size limit, never the whole of it", async () => {
    const { user, imap, office } = await account();
    const client = await office();
    const big = rawMail({
      messageId: "<artwork@acme.example>",
      subject: "Re: Q-2026-0003: artwork",
      body: "Here is the artwork.\r\n" + "A".repeat(76).concat("\r\n").repeat(4_000),
    });
    await client.append("INBOX", big);
    await client.logout();
    const { mails, store } = memoryStore();

    expect(await checkMailbox({ imap, store, log: quietLog, maxMessageBytes: 100_000 })).toMatchObject({ stored: 1 });
    expect(mails).toEqual([
      expect.objectContaining({
        messageId: "<artwork@acme.example>",
        subject: "Re: Q-2026-0003: artwork",
        from: { name: "Ayesha Khan", address: "ayesha@acme.example" },
        text: "",
        fullText: "",
        attachments: [],
        tooLarge: true,
        size: Buffer.byteLength(big),
      }),
    ]);
    // Dovecot counts the body bytes it sent in each session: the office's (which sent none) and the reader's.
    await until(() => sessionLines(user).match(/Disconnected/g)?.length === 2);
    const sent = [...sessionLines(user).matchAll(/body_bytes=(\d+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(Buffer.byteLength(big)).toBeGreaterThan(300_000);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(64 * 1024);
  });

  it("reads a mailbox made anew (a new UIDVALIDITY) from its start", async () => {
    const { imap, office } = await account({ mailbox: "Replies" });
    const client = await office();
    await client.mailboxCreate("Replies");
    await client.append("Replies", rawMail({ messageId: "<first@acme.example>" }));
    const { mails, store } = memoryStore();
    await checkMailbox({ imap, store, log: quietLog });
    const uidValidity = async () => {
      const status = await client.status("Replies", { uidValidity: true });
      return status ? status.uidValidity : undefined;
    };
    const before = await uidValidity();
    expect(typeof before).toBe("bigint");

    // Rebuilt (as when a mailbox is restored), its mail gets new UIDs from 1 again and loses the keyword.
    await client.mailboxDelete("Replies");
    await client.mailboxCreate("Replies");
    await client.append("Replies", rawMail({ messageId: "<first@acme.example>" }));
    await client.append("Replies", rawMail({ messageId: "<second@acme.example>" }));
    expect(await uidValidity()).not.toBe(before);

    expect(await checkMailbox({ imap, store, log: quietLog })).toMatchObject({ stored: 1, duplicate: 1 });
    expect(mails.map((mail) => mail.messageId)).toEqual(["<first@acme.example>", "<second@acme.example>"]);
    await client.logout();
  });
});

const sessionLines = (user: string) =>
  server
    .infoLog()
    .split("\n")
    .filter((line) => line.includes(`imap(${user})`))
    .join("\n");

describe("startMailboxReader", () => {
  it("checks at once, and a restarted reader does not read the mails handled before", async () => {
    const { imap, office } = await account();
    const client = await office();
    await client.append("INBOX", rawMail({ messageId: "<before@acme.example>" }));
    const { mails, store } = memoryStore();

    const first = startMailboxReader({ imap, store, log: quietLog, intervalMs: 60_000 });
    await until(() => mails.length === 1);
    await first.stop();
    await client.append("INBOX", rawMail({ messageId: "<after@acme.example>" }));
    const second = startMailboxReader({ imap, store, log: quietLog, intervalMs: 60_000 });
    await until(() => mails.length === 2);
    await second.stop();

    expect(mails.map((mail) => mail.messageId)).toEqual(["<before@acme.example>", "<after@acme.example>"]);
    await client.logout();
  });

  it("runs one check at a time, however slow the store", async () => {
    const { imap, office } = await account();
    const client = await office();
    for (const n of [1, 2, 3]) await client.append("INBOX", rawMail({ messageId: `<slow-${n}@acme.example>` }));
    await client.logout();
    const { mails, store } = memoryStore();
    let storing = 0;
    let mostAtOnce = 0;
    const slowStore = async (mail: InboundMail) => {
      storing += 1;
      mostAtOnce = Math.max(mostAtOnce, storing);
      await new Promise((resolve) => setTimeout(resolve, 150));
      storing -= 1;
      return store(mail);
    };

    const reader = startMailboxReader({ imap, store: slowStore, log: quietLog, intervalMs: 20 });
    await until(() => mails.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await reader.stop();

    expect(mostAtOnce).toBe(1);
    expect(mails.map((mail) => mail.messageId)).toEqual([
      "<slow-1@acme.example>",
      "<slow-2@acme.example>",
      "<slow-3@acme.example>",
    ]);
  });

  it("logs a refused login without the password and tries again at the next tick, telling the System page when it last read", async () => {
    const password = "Sup3r$ecret/pw";
    const { user, imap, office } = await account({ user: "late", password });
    const logged: string[] = [];
    const { mails, store } = memoryStore();

    const reader = startMailboxReader({ imap, store, log: (line) => logged.push(line), intervalMs: 100 });
    await until(() => logged.length >= 2);
    const failing = reader.reads();
    expect(failing.lastReadAt).toBeNull();
    expect(failing.lastError).toMatch(/authentication failed/i);
    expect(failing.lastError).not.toContain(password);
    const before = Date.now();
    // The account now exists: the next tick gets in and reads what arrived.
    server.addUser(user, password);
    // Dovecot looks at its password file at most once a second.
    let client: Client | undefined;
    while (!client) client = await office().catch(() => new Promise<undefined>((done) => setTimeout(done, 100)));
    await client.append("INBOX", rawMail({ messageId: "<late@acme.example>" }));
    await client.logout();
    await until(() => mails.length === 1);
    await reader.stop();
    const read = reader.reads();
    expect(read.lastError).toBeNull();
    expect(Date.parse(read.lastReadAt!)).toBeGreaterThanOrEqual(before);

    expect(logged[0]).toMatch(/authentication failed/i);
    expect(logged[0]!.startsWith(`Mailbox ${imap.label}: check failed, next in 0.1 s: `)).toBe(true);
    expect(logged.join("\n")).not.toContain(password);
    expect(logged.join("\n")).not.toContain(encodeURIComponent(password));
    expect(mails.map((mail) => mail.messageId)).toEqual(["<late@acme.example>"]);
  });
});
