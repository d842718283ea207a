import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { ImapFlow } from "imapflow";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import type { MailboxSettings } from "./config.server";
import type { InboundAttachment, InboundMail, MailAddress } from "./inbound-mail";
import { withoutQuotedHistory } from "./reply-text";

export type StoreOutcome = "stored" | "duplicate" | "unmatched";

export type MailboxCheckOptions = {
  imap: MailboxSettings;
  /**
   * Keeps a mail (or recognises it by Message-ID). The reader marks the mail handled on the server only
   * after this resolves, so a crash in between gives a duplicate next time, never a loss.
   */
  store: (mail: InboundMail) => Promise<StoreOutcome>;
  log?: (message: string) => void;
  /** A larger mail is handed over with its headers only (10 MB). */
  maxMessageBytes?: number;
  /** Attachments handed over per mail (20); the rest are counted in attachmentsLeftOut. */
  maxAttachments?: number;
  /** Mails read per check (50): a first run on a full mailbox spreads over several checks. */
  batchSize?: number;
  /** Stops the check between two mails. */
  signal?: AbortSignal;
};

export type MailboxCheck = Record<StoreOutcome | "failed", number>;

/**
 * The IMAP keyword that marks a mail as handled by the desk. Not \Seen: that flag is the office's own
 * (a person opening a mail in a mail program sets it, and the reader must not hide new mail from them).
 * A keyword is kept by the server with the message, so it survives restarts of the reader and of the
 * server and needs no state of ours; UIDs are only used inside one session, where they are valid.
 */
export const handledKeyword = "$DeskHandled";

/** Of a mail too large to read, this much of its start is read for the headers. */
const headerBytes = 64 * 1024;

/** One check: reads the mails not yet handled, oldest first, hands each to `store`, then marks it. */
export async function checkMailbox(options: MailboxCheckOptions): Promise<MailboxCheck> {
  const { imap, store, signal } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024 * 1024;
  const counts: MailboxCheck = { stored: 0, duplicate: 0, unmatched: 0, failed: 0 };
  const client = new ImapFlow({
    host: imap.host,
    port: imap.port,
    secure: imap.secure,
    auth: { user: imap.user, pass: imap.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
    socketTimeout: 5 * 60_000,
  });
  // A connection dropped later is reported by the command that was waiting on it.
  client.on("error", () => {});
  try {
    await client.connect();
    const lock = await client.getMailboxLock(imap.mailbox);
    try {
      const opened = client.mailbox;
      if (!opened) throw new Error(`could not open ${imap.mailbox}`);
      const permanent = opened.permanentFlags ?? new Set<string>();
      if (!permanent.has("\\*") && !permanent.has(handledKeyword)) {
        throw new Error(
          `the server does not keep the keyword ${handledKeyword} in ${imap.mailbox}, so nothing is read`,
        );
      }
      const uidValidity = opened.uidValidity;
      const found = await client.search({ unKeyword: handledKeyword, deleted: false }, { uid: true });
      const uids = (found || []).sort((a, b) => a - b).slice(0, options.batchSize ?? 50);
      const facts = new Map(
        uids.length === 0
          ? []
          : (await client.fetchAll(uids.join(","), { uid: true, size: true, internalDate: true }, { uid: true })).map(
              (message) => [message.uid, message] as const,
            ),
      );
      for (const uid of uids) {
        if (signal?.aborted) break;
        const fact = facts.get(uid);
        if (!fact) continue; // expunged meanwhile
        let mail: InboundMail;
        try {
          mail = await readMail(client, uid, fact.size ?? 0, receivedAt(fact.internalDate), maxMessageBytes, options);
        } catch (error) {
          counts.failed += 1;
          log(`Mailbox ${imap.label}: could not read mail ${uid}, left for the next check: ${reason(error, imap)}`);
          continue;
        }
        let outcome: StoreOutcome;
        try {
          outcome = await store(mail);
        } catch (error) {
          counts.failed += 1;
          log(
            `Mailbox ${imap.label}: could not store ${mail.messageId}, left for the next check: ${reason(error, imap)}`,
          );
          continue;
        }
        // UIDs name the same mails only while UIDVALIDITY stays; never mark another mail handled.
        if (client.mailbox && client.mailbox.uidValidity !== uidValidity) {
          throw new Error(`${imap.mailbox} was renumbered (UIDVALIDITY changed); the next check starts again`);
        }
        await client.messageFlagsAdd(String(uid), [handledKeyword], { uid: true });
        counts[outcome] += 1;
        if (outcome === "unmatched") {
          log(`Mailbox ${imap.label}: ${mail.messageId} matches no request; left in the mailbox for the office`);
        }
      }
    } finally {
      lock.release();
    }
    await client.logout();
  } finally {
    client.close();
  }
  return counts;
}

export type MailboxReader = {
  /** Stops the timer, and the running check after its current mail; resolves when it has ended. */
  stop(): Promise<void>;
};

/**
 * Checks the mailbox at once and then every `intervalMs`, one check at a time (a tick during a check is
 * skipped). A failed check (server down, wrong password) is logged without secrets and tried again at
 * the next tick.
 */
export function startMailboxReader(
  options: Omit<MailboxCheckOptions, "signal"> & { intervalMs?: number },
): MailboxReader {
  const { intervalMs = 60_000, ...checkOptions } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = checkMailbox({ ...checkOptions, log, signal: stopping.signal })
      .then(
        () => undefined,
        (error: unknown) =>
          log(
            `Mailbox ${options.imap.label}: check failed, next in ${intervalMs / 1000} s: ${reason(error, options.imap)}`,
          ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}

/** An error's message for a log line, with the password taken out wherever a server or library echoed it. */
function reason(error: unknown, imap: MailboxSettings): string {
  const response = (error as { responseText?: unknown }).responseText;
  let text = error instanceof Error ? error.message : String(error);
  if (typeof response === "string" && response && !text.includes(response)) text += ` (${response})`;
  for (const secret of new Set([imap.password, encodeURIComponent(imap.password)])) {
    if (secret) text = text.split(secret).join("[password]");
  }
  return text;
}

const receivedAt = (internalDate: Date | string | undefined) => {
  const date = internalDate ? new Date(internalDate) : new Date();
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
};

async function readMail(
  client: ImapFlow,
  uid: number,
  size: number,
  date: string,
  maxMessageBytes: number,
  options: MailboxCheckOptions,
): Promise<InboundMail> {
  if (size <= maxMessageBytes) {
    // One byte more than allowed is asked for, so a server that misreported the size still cannot send more.
    const message = await client.fetchOne(
      String(uid),
      { uid: true, source: { start: 0, maxLength: maxMessageBytes + 1 } },
      { uid: true },
    );
    const source = message ? message.source : undefined;
    if (!source) throw new Error("the server sent no message");
    if (source.length <= maxMessageBytes) return fromSource(source, size, date, options.maxAttachments ?? 20);
  }
  const start = await client.fetchOne(
    String(uid),
    { uid: true, source: { start: 0, maxLength: headerBytes } },
    { uid: true },
  );
  const head = start ? start.source : undefined;
  if (!head) throw new Error("the server sent no headers");
  return fromHeaders(head, size, date);
}

/** A mail too large to read: its headers (as far as they fit in the first 64 kB), no text, no attachments. */
async function fromHeaders(head: Buffer, size: number, date: string): Promise<InboundMail> {
  const text = head.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const headers = end === -1 ? head.subarray(0, Math.max(0, text.lastIndexOf("\n"))) : head.subarray(0, end);
  const parsed = await simpleParser(Buffer.concat([headers, Buffer.from("\r\n\r\n")]), parserOptions);
  return {
    ...envelope(parsed, headers, date),
    text: "",
    fullText: "",
    attachments: [],
    attachmentsLeftOut: 0,
    tooLarge: true,
    size,
  };
}

async function fromSource(source: Buffer, size: number, date: string, maxAttachments: number): Promise<InboundMail> {
  const parsed = await simpleParser(source, parserOptions);
  const fullText = (parsed.text ?? "").trim();
  const attachments: InboundAttachment[] = [];
  for (const attachment of parsed.attachments.slice(0, maxAttachments)) {
    const detected = await fileTypeFromBuffer(attachment.content);
    attachments.push({
      filename: safeFilename(attachment.filename),
      contentType: detected?.mime ?? "application/octet-stream",
      declaredType: attachment.contentType.slice(0, 200),
      size: attachment.content.length,
      content: attachment.content,
    });
  }
  return {
    ...envelope(parsed, source, date),
    text: withoutQuotedHistory(fullText),
    fullText,
    attachments,
    attachmentsLeftOut: Math.max(0, parsed.attachments.length - maxAttachments),
    tooLarge: false,
    size,
  };
}

// Text from the HTML part when there is no plain one; no HTML made from text, no images inlined as data: URIs.
const parserOptions = { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 2 * 1024 * 1024 };

function envelope(parsed: ParsedMail, bytes: Buffer, date: string) {
  const sentAt = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? [parsed.references]
      : [];
  return {
    messageId:
      messageIds(parsed.messageId)[0] ?? `<${createHash("sha256").update(bytes).digest("hex")}@no-message-id.invalid>`,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: references.flatMap(messageIds).slice(-100),
    from: addresses(parsed.from)[0] ?? { name: "", address: "" },
    to: addresses(parsed.to).slice(0, 100),
    subject: (parsed.subject ?? "").slice(0, 1000),
    date,
    sentAt,
  };
}

/** The "<id@host>" tokens of a header value: anything else in it (comments, garbage) is dropped. */
const messageIds = (value: string | undefined): string[] =>
  value ? [...value.matchAll(/<[^<>\s]{1,500}>/g)].map((match) => match[0]) : [];

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  return objects
    .flatMap((object) => object.value)
    .flatMap((address) => (address.group ? address.group : [address]))
    .filter((address) => address.address)
    .map((address) => ({ name: (address.name ?? "").slice(0, 200), address: address.address!.slice(0, 320) }));
}

/** A file name to show: the last part of any path, without control characters, at most 200 characters. */
function safeFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  const clean = base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  return clean && clean !== "." && clean !== ".." ? clean : "attachment";
}
