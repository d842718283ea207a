import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImapServer, startImapServer } from "../../../tests/support/imap-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { conversation } from "~/lib/messaging/conversation.server";
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { createQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import { readMailboxConfig } from "./config.server";
import { failedKeyword, handledKeyword } from "./reader.server";

// Hostile and awkward mail delivered to a real Dovecot and read by the service's own reader: strangers
// naming a reference, forged senders, forged Authentication-Results, mail that cannot be parsed, mail
// too large to read, and the HTML-only replies Outlook and Gmail send.

const office = "mail.promo.example";
const users = ["stranger", "forged", "passing", "broken", "large", "html"] as const;
type User = (typeof users)[number];

let imap: ImapServer;
beforeAll(async () => {
  imap = await startImapServer(Object.fromEntries(users.map((user) => [user, `${user}-secret`])));
});
afterAll(async () => {
  await imap?.stop();
});

const sana = { name: "Sana Iqbal", email: "sana@promo.example" };
const running: QuoteService[] = [];
afterAll(async () => {
  for (const service of running) await service.close();
});

/** The site's service reading `user`'s mailbox, checked only when a test asks (no timer). */
function service(user: User, env: Record<string, string> = {}) {
  const dataDir = tempDir(`unmatched-${user}`);
  const { imap: settings } = readMailboxConfig({
    IMAP_URL: `imap://${user}:${user}-secret@127.0.0.1:${imap.port}`,
    ...env,
  });
  const quotes = createQuoteService(readQuoteConfig({ DATA_DIR: dataDir }), { mailbox: settings, log: () => {} });
  running.push(quotes);
  return quotes;
}

function request(quotes: QuoteService, email: string) {
  const submitted = quotes.submit(
    { name: "Buyer", company: "Acme Pharma", email, phone: "0300 1234567", product: "Pens", message: "500 pens" },
    { clientIp: `203.0.113.${running.length}`, userAgent: "vitest", page: "/contact" },
  );
  if (submitted.kind !== "accepted" || !submitted.quote) throw new Error("request not stored");
  const quote = submitted.quote;
  const acknowledgement = quotes.messaging.messages(quote.id).find((message) => message.kind === "acknowledgement")!;
  // As it went out: our part and the domain of the sender's address.
  return { ...quote, acknowledgementId: `<${acknowledgement.messageId}@promo.example>` };
}

async function mailbox<T>(user: User, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: imap.port,
    secure: false,
    auth: { user, pass: `${user}-secret` },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

const append = (user: User, ...raws: (string | Buffer)[]) =>
  mailbox(user, async (client) => {
    for (const raw of raws) await client.append("INBOX", raw);
  });

/** Every mail's flags in `user`'s INBOX, by Message-ID. */
const flags = (user: User) =>
  mailbox(user, async (client) => {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const all = await client.fetchAll("1:*", { envelope: true, flags: true });
      return all.map((message) => ({ messageId: message.envelope?.messageId, flags: [...(message.flags ?? [])] }));
    } finally {
      lock.release();
    }
  });

const mail = ({
  from,
  subject,
  messageId,
  inReplyTo,
  headers = [],
  body = "Please see below.",
}: {
  from: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  headers?: string[];
  body?: string;
}) =>
  [
    ...headers,
    `From: ${from}`,
    "To: Promo Works <sales@promo.example>",
    `Subject: ${subject}`,
    "Date: Sat, 28 Nov 2026 11:00:00 +0500",
    `Message-ID: ${messageId}`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");

const withPng = (headers: string, text: string, png: Buffer) => {
  const boundary = "b-png-1";
  return [
    headers,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    `--${boundary}`,
    'Content-Type: image/png; name="logo.png"',
    'Content-Disposition: attachment; filename="logo.png"',
    "Content-Transfer-Encoding: base64",
    "",
    png.toString("base64").replace(/.{76}/g, "$&\r\n"),
    `--${boundary}--`,
    "",
  ].join("\r\n");
};

const inbound = (quotes: QuoteService, quoteId: number) =>
  conversation(quotes.messaging.messages(quoteId), quotes.messaging.messageFiles(quoteId), quotes.messageKinds).filter(
    (entry) => entry.direction === "in",
  );
const keptMailFiles = (quotes: QuoteService) =>
  existsSync(quotes.store.attachmentsDir)
    ? readdirSync(quotes.store.attachmentsDir).filter((name) => name.startsWith("mail-"))
    : [];

describe("mail that does not prove it belongs to a request", () => {
  it("from a stranger naming a reference goes to Unmatched mail: no status, no clock, no file, until staff attach it", async () => {
    const quotes = service("stranger");
    const quote = request(quotes, "buyer2@pharma.example");
    const before = quotes.store.get(quote.id)!;
    const historyBefore = quotes.store.audit.requestHistory(quote.id);
    const png = await fixtures.png();
    await append(
      "stranger",
      withPng(
        [
          "From: Buyer 2 <mallory@evil.test>",
          "To: sales@promo.example",
          `Subject: Re: ${quote.reference} our bank details changed`,
          "Date: Sat, 28 Nov 2026 11:00:00 +0500",
          "Message-ID: <mallory-1@evil.test>",
        ].join("\r\n"),
        "Please pay into account PK00EVIL0000000000000001 from now on.",
        png,
      ),
    );

    expect(await quotes.checkMailboxNow()).toMatchObject({ stored: 0, unmatched: 1, failed: 0 });
    expect(await flags("stranger")).toEqual([{ messageId: "<mallory-1@evil.test>", flags: [handledKeyword] }]);
    expect(inbound(quotes, quote.id)).toEqual([]);
    const after = quotes.store.get(quote.id)!;
    expect({ status: after.status, replyBy: after.replyBy }).toEqual({
      status: before.status,
      replyBy: before.replyBy,
    });
    expect(quotes.store.audit.requestHistory(quote.id)).toEqual(historyBefore);
    expect(keptMailFiles(quotes)).toEqual([]);
    const [listed] = quotes.unmatchedMail.list();
    expect(listed).toMatchObject({
      kind: "unmatched",
      from: { name: "Buyer 2", address: "mallory@evil.test" },
      subject: `Re: ${quote.reference} our bank details changed`,
      text: "Please pay into account PK00EVIL0000000000000001 from now on.",
      attachments: [{ filename: "logo.png", contentType: "image/png" }],
      quarantined: true,
      senderCheck: "off",
    });
    // Its bytes wait in quarantine, outside the attachments folder: nothing there is served.
    expect(readdirSync(quotes.unmatchedMail.quarantineDir)).toHaveLength(1);

    // Staff recognise it (say the buyer's colleague wrote from a private address) and attach it.
    expect(await quotes.attachMail(listed!.id, quote.reference, sana)).toEqual({
      ok: true,
      reference: quote.reference,
    });
    expect(inbound(quotes, quote.id)).toMatchObject([
      {
        sender: "Buyer 2 <mallory@evil.test>",
        text: "Please pay into account PK00EVIL0000000000000001 from now on.",
        strangerAddress: true,
        files: [{ name: "logo.png", mediaType: "image/png", refused: null }],
      },
    ]);
    expect(keptMailFiles(quotes)).toHaveLength(1);
    expect(quotes.unmatchedMail.list()).toEqual([]);
    expect(readdirSync(quotes.unmatchedMail.quarantineDir)).toEqual([]);
    expect(quotes.store.get(quote.id)!.status).toBe("waiting_on_us");
    expect(quotes.store.audit.requestHistory(quote.id).map((line) => [line.actor, line.body])).toContainEqual([
      "Sana Iqbal <sana@promo.example>",
      `E-mail from mallory@evil.test attached from Unmatched mail: Re: ${quote.reference} our bank details changed`,
    ]);
    // Attached once: a second click finds it gone.
    expect(await quotes.attachMail(listed!.id, quote.reference, sana)).toEqual({ ok: false, refused: "gone" });
  });

  it("with the buyer's address forged and no passing check of the office's server is shown not verified and moves nothing", async () => {
    const quotes = service("forged", { MAIL_AUTHSERV_ID: office });
    const quote = request(quotes, "buyer2@pharma.example");
    const before = quotes.store.get(quote.id)!;
    await append(
      "forged",
      mail({
        // The office's server found it failing; the sender added a header of its own claiming a pass.
        headers: [
          `Authentication-Results: ${office}; spf=fail smtp.mailfrom=mallory@evil.test; dkim=none; dmarc=fail (p=none dis=none) header.from=pharma.example`,
          "Authentication-Results: mx.pharma.example; dkim=pass header.d=pharma.example; dmarc=pass header.from=pharma.example",
        ],
        from: "Buyer 2 <buyer2@pharma.example>",
        subject: `Re: ${quote.reference}`,
        messageId: "<forged-1@evil.test>",
        body: "Our bank details changed, please use account PK00EVIL0000000000000001.",
      }),
    );
    expect(await quotes.checkMailboxNow()).toMatchObject({ stored: 1, failed: 0 });
    expect(inbound(quotes, quote.id)).toMatchObject([
      {
        sender: "Buyer 2 <buyer2@pharma.example>",
        notVerified: true,
        text: "Our bank details changed, please use account PK00EVIL0000000000000001.",
      },
    ]);
    const after = quotes.store.get(quote.id)!;
    expect({ status: after.status, replyBy: after.replyBy }).toEqual({
      status: before.status,
      replyBy: before.replyBy,
    });
    expect(quotes.store.audit.requestHistory(quote.id).some((line) => line.body === "Status: Waiting on us")).toBe(
      false,
    );
  });

  it("passes on the office server's own header, a forged one from the sender ignored", async () => {
    const quotes = service("passing", { MAIL_AUTHSERV_ID: office });
    const quote = request(quotes, "ayesha@acme.example");
    await append(
      "passing",
      mail({
        headers: [
          `Authentication-Results: ${office};\r\n\tdkim=pass (2048-bit key) header.d=acme.example header.i=@acme.example;\r\n\tspf=pass (${office}: domain of ayesha@acme.example designates 192.0.2.10 as permitted sender) smtp.mailfrom=ayesha@acme.example;\r\n\tdmarc=pass (p=QUARANTINE sp=NONE dis=NONE) header.from=acme.example`,
          // Written by the sender to make trouble: another id, so not read.
          "Authentication-Results: mx.evil.test; dmarc=fail header.from=acme.example",
        ],
        from: "Ayesha Khan <ayesha@acme.example>",
        subject: `Re: ${quote.reference}`,
        messageId: "<passing-1@acme.example>",
        body: "Yes, blue please.",
      }),
    );
    expect(await quotes.checkMailboxNow()).toMatchObject({ stored: 1 });
    expect(inbound(quotes, quote.id)).toMatchObject([{ notVerified: false, text: "Yes, blue please." }]);
    expect(quotes.store.get(quote.id)!.status).toBe("waiting_on_us");
  });
});

/** A mail of `parts` MIME parts (the parser refuses more than 1,000; the reader reads at most 200). */
function manyParts(index: number, parts: number) {
  const boundary = `many-${index}`;
  const lines = [
    `From: Bulk Sender <bulk${index}@spam.example>`,
    "To: sales@promo.example",
    `Subject: Catalogue ${index}`,
    `Message-ID: <many-${index}@spam.example>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
  ];
  for (let part = 0; part < parts; part++) lines.push(`--${boundary}`, "Content-Type: text/plain", "", `part ${part}`);
  lines.push(`--${boundary}--`, "");
  return lines.join("\r\n");
}

describe("mail that cannot be read", () => {
  it("is marked $DeskFailed, listed as could not be read, and 51 of them do not hold back the reply behind them", async () => {
    const quotes = service("broken");
    const quote = request(quotes, "ayesha@acme.example");
    const broken = Array.from({ length: 51 }, (_, index) => manyParts(index, 1001));
    await append("broken", ...broken);
    await append(
      "broken",
      mail({
        from: "Ayesha Khan <ayesha@acme.example>",
        subject: "Re: Your quote request",
        messageId: "<real-reply@acme.example>",
        inReplyTo: quote.acknowledgementId,
        body: "500 pens in blue, please.",
      }),
    );

    // A batch is 50 mails: the first check sets 50 aside, the second the last one and reads the reply.
    const first = await quotes.checkMailboxNow();
    const second = await quotes.checkMailboxNow();
    expect(first!.failed + second!.failed).toBe(51);
    expect(first!.stored + second!.stored).toBe(1);
    expect(inbound(quotes, quote.id)).toMatchObject([{ text: "500 pens in blue, please." }]);

    const marked = await flags("broken");
    expect(marked.filter((message) => message.flags.includes(failedKeyword))).toHaveLength(51);
    expect(marked.find((message) => message.messageId === "<real-reply@acme.example>")!.flags).toEqual([
      handledKeyword,
    ]);
    // Never read again.
    expect(await quotes.checkMailboxNow()).toEqual({ stored: 0, duplicate: 0, unmatched: 0, failed: 0 });

    const listed = quotes.unmatchedMail.list(500);
    expect(listed).toHaveLength(51);
    expect(listed.find((entry) => entry.messageId === "<many-7@spam.example>")).toMatchObject({
      kind: "unreadable",
      from: { name: "Bulk Sender", address: "bulk7@spam.example" },
      subject: "Catalogue 7",
      size: Buffer.byteLength(broken[7]!),
      problem: expect.stringContaining("MIME parts"),
    });
  });

  it("over the 10 MB read limit is still handled: matched by its headers, marked, shown as too large", async () => {
    const quotes = service("large");
    const quote = request(quotes, "ayesha@acme.example");
    const big = Buffer.alloc(12 * 1024 * 1024, 0x41);
    await append(
      "large",
      withPng(
        [
          "From: Ayesha Khan <ayesha@acme.example>",
          "To: sales@promo.example",
          "Subject: Re: Your quote request",
          "Date: Sat, 28 Nov 2026 11:00:00 +0500",
          "Message-ID: <large-1@acme.example>",
          `In-Reply-To: ${quote.acknowledgementId}`,
        ].join("\r\n"),
        "The artwork is attached.",
        big,
      ),
    );
    expect(await quotes.checkMailboxNow()).toMatchObject({ stored: 1, failed: 0 });
    expect(inbound(quotes, quote.id)).toMatchObject([{ tooLarge: true }]);
    expect(await flags("large")).toEqual([{ messageId: "<large-1@acme.example>", flags: [handledKeyword] }]);
  }, 60_000);
});

describe("an HTML-only reply with an inline signature image", () => {
  const fixture = (name: string, inReplyTo: string) =>
    readFileSync(join(import.meta.dirname, "../../../tests/fixtures/mail", name), "utf8")
      .replace("{IN_REPLY_TO}", inReplyTo)
      .replace("{REFERENCES}", inReplyTo);

  it("keeps the buyer's words from Outlook's and Gmail's HTML, without the quoted history", async () => {
    const quotes = service("html");
    const outlook = request(quotes, "farah@induspharma.example");
    const gmail = request(quotes, "usman@crescentlabs.example");
    await append("html", fixture("outlook-html-reply.eml", outlook.acknowledgementId));
    await append("html", fixture("gmail-html-reply.eml", gmail.acknowledgementId));
    expect(await quotes.checkMailboxNow()).toMatchObject({ stored: 2, failed: 0 });

    const [fromOutlook] = inbound(quotes, outlook.id);
    expect(fromOutlook!.text).toContain(
      "Thank you for the quotation. Please go ahead with option B: 750 pens in navy blue with our logo in white, one colour print.",
    );
    expect(fromOutlook!.text).toContain("Our PO number is PO-88214");
    expect(fromOutlook!.text).not.toContain("HISTORY-MARKER");
    expect(fromOutlook!.text).not.toMatch(/<|mso-|WordSection|font-family/);
    expect(fromOutlook!.quoted).toContain("HISTORY-MARKER");

    const [fromGmail] = inbound(quotes, gmail.id);
    expect(fromGmail!.text).toContain(
      "Yes, 500 mugs is fine. Please print the logo on both sides and use the darker green from our brand guide.",
    );
    expect(fromGmail!.text).not.toContain("HISTORY-MARKER");
    expect(fromGmail!.text).not.toContain("<div");
  });
});
