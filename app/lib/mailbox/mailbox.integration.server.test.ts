import { readdirSync } from "node:fs";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImapServer, startImapServer } from "../../../tests/support/imap-server";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { conversation } from "~/lib/messaging/conversation.server";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { createQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import { readMailboxConfig } from "./config.server";
import { mailboxDelivery } from "./deliver.server";
import { checkMailbox, handledKeyword } from "./reader.server";

// The whole way round, on real servers: a request stored, its acknowledgement sent over SMTP, the
// buyer's answer to it put into a real Dovecot mailbox, read by the service's reader and shown on the request.

let imap: ImapServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  imap = await startImapServer({ office: "office-secret", files: "files-secret" });
  smtp = await startSmtp();
});
afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

const mailbox = (user = "office") =>
  readMailboxConfig({ IMAP_URL: `imap://${user}:${user}-secret@127.0.0.1:${imap.port}` }).imap;
const service = (dataDir: string) =>
  createQuoteService(
    readQuoteConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      QUOTE_NOTIFY_TO: "sales@promo.example",
      QUOTE_FROM: "Promo Works <sales@promo.example>",
    }),
    { mailbox: mailbox(), mailboxIntervalMs: 200, log: () => {} },
  );

async function officeClient(user = "office") {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: imap.port,
    secure: false,
    auth: { user, pass: `${user}-secret` },
    logger: false,
  });
  await client.connect();
  return client;
}

/** Whether every mail in the office's INBOX carries the desk's keyword. */
async function allHandled(user = "office") {
  const client = await officeClient(user);
  try {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const open = await client.search({ unKeyword: handledKeyword }, { uid: true });
      return (open || []).length === 0;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

async function append(raw: string, user = "office") {
  const client = await officeClient(user);
  try {
    await client.append("INBOX", raw);
  } finally {
    await client.logout();
  }
}

const reply = (inReplyTo: string, messageId: string, reference: string) =>
  [
    "From: Ayesha Khan <ayesha@acme.example>",
    "To: Promo Works <sales@promo.example>",
    `Subject: Re: Your quote request ${reference}`,
    "Date: Sat, 28 Nov 2026 11:00:00 +0500",
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${inReplyTo}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    "جی ہاں، نیلے رنگ میں 500 قلم۔",
    "",
    "On Fri, Promo Works <sales@promo.example> wrote:",
    "> Your reference is " + reference + ".",
    "",
  ].join("\r\n");

describe("a buyer's e-mail answer, the whole way round", () => {
  let running: QuoteService | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it("is read from the mailbox, shown on the request and moves it to Waiting on us, once, also after a restart", async () => {
    const dataDir = tempDir("mailbox-round-trip");
    running = service(dataDir);
    running.start();
    const submitted = running.submit(
      {
        name: "Ayesha Khan",
        company: "Acme Pharma",
        email: "ayesha@acme.example",
        phone: "0300 1234567",
        product: "Pens",
        message: "500 pens",
      },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact" },
    );
    expect(submitted.kind).toBe("accepted");
    const quote = (submitted as { quote: { id: number; reference: string } }).quote;

    await until(() => smtp.received.some((mail) => mail.to.includes("ayesha@acme.example")));
    const acknowledgement = decoded(smtp.received.find((mail) => mail.to.includes("ayesha@acme.example"))!.raw);
    expect(acknowledgement).toContain(`Your reference is ${quote.reference}.`);
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(acknowledgement)![1]!;

    await append(reply(messageId, "<urdu-reply-1@acme.example>", quote.reference));
    await until(() => running!.messaging.messages(quote.id).some((message) => message.direction === "in"));
    await until(() => running!.store.get(quote.id)!.status === "waiting_on_us");
    const shown = conversation(running.messaging.messages(quote.id), [], running.messageKinds).filter(
      (entry) => entry.direction === "in",
    );
    expect(shown).toMatchObject([
      {
        sender: "Ayesha Khan <ayesha@acme.example>",
        // When the office's server took it (the sender's Date header is theirs to set).
        when: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} PKT$/),
        text: "جی ہاں، نیلے رنگ میں 500 قلم۔",
        quoted: expect.stringContaining(`> Your reference is ${quote.reference}.`),
        strangerAddress: false,
      },
    ]);
    expect(await allHandled()).toBe(true); // marked on the server once stored

    // The site restarts, and the same mail is put in again (a mail server that forgot its flags): the
    // reader hands it over again, and the request keeps one copy, one history line and one status move.
    await running.close();
    running = service(dataDir);
    running.start();
    await append(reply(messageId, "<urdu-reply-1@acme.example>", quote.reference));
    for (let tries = 0; !(await allHandled()); tries++) {
      if (tries > 100) throw new Error("the reader did not handle the mail again");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(running.messaging.messages(quote.id).filter((message) => message.direction === "in")).toHaveLength(1);
    const history = running.store.audit.requestHistory(quote.id);
    expect(history.filter((line) => line.type === "request.buyer_replied")).toHaveLength(1);
    expect(history.filter((line) => line.body === "Status: Waiting on us")).toHaveLength(1);
    expect(running.store.get(quote.id)!.status).toBe("waiting_on_us");
  });

  it("keeps a mail's files once, also when the reader stopped after storing it and before marking it", async () => {
    const dataDir = tempDir("mailbox-files");
    const quotes = service(dataDir);
    try {
      const submitted = quotes.submit(
        { name: "Bilal", company: "", email: "bilal@files.example", phone: "", product: "Mugs", message: "300 mugs" },
        { clientIp: "203.0.113.8", userAgent: "vitest", page: "/contact" },
      );
      const quote = (submitted as { quote: { id: number; reference: string } }).quote;
      const png = (await fixtures.png()).toString("base64");
      const boundary = "b-files-1";
      await append(
        [
          "From: Bilal <bilal@files.example>",
          "To: sales@promo.example",
          `Subject: Re: ${quote.reference} our logo`,
          "Date: Sat, 28 Nov 2026 11:00:00 +0500",
          "Message-ID: <files-1@files.example>",
          "MIME-Version: 1.0",
          `Content-Type: multipart/mixed; boundary="${boundary}"`,
          "",
          `--${boundary}`,
          "Content-Type: text/plain; charset=utf-8",
          "",
          "Logo attached.",
          `--${boundary}`,
          'Content-Type: image/png; name="logo.png"',
          'Content-Disposition: attachment; filename="logo.png"',
          "Content-Transfer-Encoding: base64",
          "",
          png.replace(/.{76}/g, "$&\r\n"),
          `--${boundary}`,
          'Content-Type: application/pdf; name="invoice.pdf"',
          'Content-Disposition: attachment; filename="invoice.pdf"',
          "Content-Transfer-Encoding: base64",
          "",
          Buffer.from("<html><body>not a pdf</body></html>").toString("base64"),
          `--${boundary}--`,
          "",
        ].join("\r\n"),
        "files",
      );
      const deliver = mailboxDelivery({
        store: quotes.store,
        messaging: quotes.messaging,
        unmatched: quotes.unmatchedMail,
      });
      // Stored, then the reader stops before it marks the mail on the server.
      const crashed = await checkMailbox({
        imap: mailbox("files")!,
        log: () => {},
        store: async (mail) => {
          await deliver(mail);
          throw new Error("stopped before marking");
        },
      });
      expect(crashed).toMatchObject({ failed: 1 });
      expect(await allHandled("files")).toBe(false);
      const again = await checkMailbox({ imap: mailbox("files")!, log: () => {}, store: deliver });
      expect(again).toMatchObject({ duplicate: 1, failed: 0 });
      expect(await allHandled("files")).toBe(true);

      const inbound = quotes.messaging.messages(quote.id).filter((message) => message.direction === "in");
      expect(inbound).toHaveLength(1);
      const files = quotes.messaging.messageFiles(quote.id);
      expect(files.map(({ originalName, mediaType, refused }) => [originalName, mediaType, refused])).toEqual([
        ["logo.png", "image/png", null],
        ["invoice.pdf", null, "type"],
      ]);
      expect(readdirSync(quotes.store.attachmentsDir).filter((name) => name.startsWith("mail-"))).toEqual([
        files[0]!.storedName,
      ]);
    } finally {
      await quotes.close();
    }
  });
});
