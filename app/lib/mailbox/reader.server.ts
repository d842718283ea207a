import { createHash } from "node:crypto";
import { cleanFileName } from "~/lib/text-fields";
import { fileTypeFromBuffer } from "file-type";
import { ImapFlow } from "imapflow";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import type { MailboxSettings } from "./config.server";
import { htmlAsText } from "./html-text";
import type { InboundAttachment, InboundMail, MailAddress } from "./inbound-mail";
import { withoutQuotedHistory } from "./reply-text";

export type StoreOutcome = "stored" | "duplicate" | "unmatched";

/** A mail the reader could not read (or store, time after time): what could be made out of it. */
export type UnreadableMail = {
  messageId: string | null;
  from: MailAddress;
  subject: string;
  /** The size the server gave, in bytes. */
  size: number;
  /** When the office's server received it (UTC ISO). */
  date: string;
  /** What went wrong, in the reader's words. */
  problem: string;
};

export type MailboxCheckOptions = {
  imap: MailboxSettings;
  /**
   * Keeps a mail (or recognises it by Message-ID). The reader marks the mail handled on the server only
   * after this resolves, so a crash in between gives a duplicate next time, never a loss.
   */
  store: (mail: InboundMail) => Promise<StoreOutcome>;
  /**
   * Keeps the note of a mail that could not be read. The reader then marks it with `failedKeyword` and
   * never reads it again; when this throws, the mail is left for the next check.
   */
  unreadable?: (mail: UnreadableMail) => Promise<void> | void;
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

/**
 * The IMAP keyword of a mail that could not be read (or stored, several checks running): never read
 * again, so fifty broken mails cannot fill every batch and hold back the real replies behind them.
 */
export const failedKeyword = "$DeskFailed";

/** MIME parts a mail may have to be read (a real reply has a handful; the parser refuses 1,000). */
export const maxMimeParts = 200;

/** Checks a mail may fail to be stored before it is set aside as unreadable. */
const storeAttempts = 3;
/** Failed store attempts by mailbox, UIDVALIDITY and UID, in this process. */
const storeFailures = new Map<string, number>();

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
      if (!permanent.has("\\*") && !(permanent.has(handledKeyword) && permanent.has(failedKeyword))) {
        throw new Error(
          `the server does not keep the keywords ${handledKeyword} and ${failedKeyword} in ${imap.mailbox}, so nothing is read`,
        );
      }
      const uidValidity = opened.uidValidity;
      const found = await client.search(
        { unKeyword: handledKeyword, not: { keyword: failedKeyword }, deleted: false },
        { uid: true },
      );
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
        const size = fact.size ?? 0;
        const date = receivedAt(fact.internalDate);
        // UIDs name the same mails only while UIDVALIDITY stays; never mark another mail.
        const mark = async (keyword: string) => {
          if (client.mailbox && client.mailbox.uidValidity !== uidValidity) {
            throw new Error(`${imap.mailbox} was renumbered (UIDVALIDITY changed); the next check starts again`);
          }
          await client.messageFlagsAdd(String(uid), [keyword], { uid: true });
        };
        const setAside = async (problem: string, known?: InboundMail) => {
          counts.failed += 1;
          const note = known
            ? { messageId: known.messageId, from: known.from, subject: known.subject }
            : await headersOf(client, uid);
          try {
            await options.unreadable?.({ ...note, size, date, problem: problem.slice(0, 500) });
          } catch (error) {
            log(
              `Mailbox ${imap.label}: could not note unreadable mail ${uid}, left for the next check: ${reason(error, imap)}`,
            );
            return;
          }
          await mark(failedKeyword);
          log(`Mailbox ${imap.label}: mail ${uid} could not be read, marked ${failedKeyword}: ${problem}`);
        };
        let mail: InboundMail;
        try {
          mail = await readMail(client, uid, size, date, maxMessageBytes, options);
        } catch (error) {
          // A dropped connection is the server's, not the mail's: the check ends and starts again.
          if (!client.usable) throw error;
          await setAside(reason(error, imap));
          continue;
        }
        let outcome: StoreOutcome;
        const attempt = `${imap.label} ${String(uidValidity)} ${uid}`;
        try {
          outcome = await store(mail);
          storeFailures.delete(attempt);
        } catch (error) {
          const failures = (storeFailures.get(attempt) ?? 0) + 1;
          if (failures >= storeAttempts) {
            storeFailures.delete(attempt);
            await setAside(`could not be stored: ${reason(error, imap)}`, mail);
            continue;
          }
          storeFailures.set(attempt, failures);
          counts.failed += 1;
          log(
            `Mailbox ${imap.label}: could not store ${mail.messageId}, left for the next check: ${reason(error, imap)}`,
          );
          continue;
        }
        await mark(handledKeyword);
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

/** The reader's last checks, for the owners' System page: when one last went through, and what failed since. */
export type MailboxReads = {
  /** UTC ISO of the last check that read the mailbox through; null before the first since the start. */
  lastReadAt: string | null;
  /** Why the latest check failed, in the log's words (no password); null when it went through. */
  lastError: string | null;
};

export type MailboxReader = {
  /** Stops the timer, and the running check after its current mail; resolves when it has ended. */
  stop(): Promise<void>;
  reads(): MailboxReads;
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
  const reads: MailboxReads = { lastReadAt: null, lastError: null };
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = checkMailbox({ ...checkOptions, log, signal: stopping.signal })
      .then(
        () => {
          reads.lastReadAt = new Date().toISOString();
          reads.lastError = null;
        },
        (error: unknown) => {
          reads.lastError = reason(error, options.imap);
          log(`Mailbox ${options.imap.label}: check failed, next in ${intervalMs / 1000} s: ${reads.lastError}`);
        },
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
    reads: () => ({ ...reads }),
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
    // Larger than the server said: only its headers are read, below.
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

/** What the headers of a mail that could not be read say about it, as far as they can be read at all. */
async function headersOf(
  client: ImapFlow,
  uid: number,
): Promise<Pick<UnreadableMail, "messageId" | "from" | "subject">> {
  try {
    const start = await client.fetchOne(
      String(uid),
      { uid: true, source: { start: 0, maxLength: headerBytes } },
      { uid: true },
    );
    if (!start || !start.source) throw new Error("no headers");
    const { messageId, from, subject } = await fromHeaders(start.source, 0, new Date().toISOString());
    return { messageId: messageId.endsWith("@no-message-id.invalid>") ? null : messageId, from, subject };
  } catch {
    return { messageId: null, from: { name: "", address: "" }, subject: "" };
  }
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
    source: null,
  };
}

/**
 * A mail read whole. Refused before parsing when it has more MIME parts than a reply ever has (the
 * parser's own limit is 1,000, and every part costs). HTML is only ever turned into text, never kept.
 */
export async function fromSource(
  source: Buffer,
  size: number,
  date: string,
  maxAttachments = 20,
): Promise<InboundMail> {
  const parts = mimeParts(source);
  if (parts > maxMimeParts) throw new Error(`it has ${parts} MIME parts (at most ${maxMimeParts} are read)`);
  const parsed = await simpleParser(source, parserOptions);
  const { text, fullText } = bodyText(parsed);
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
    text,
    fullText,
    attachments,
    attachmentsLeftOut: Math.max(0, parsed.attachments.length - maxAttachments),
    tooLarge: false,
    size,
    source,
  };
}

/**
 * The plain text part when the mail has one with words in it; else its HTML as text, without the
 * quoted history Gmail and Outlook mark in it (an Outlook or Gmail reply with an inline signature image
 * is HTML inside multipart/related, with no plain part at all).
 */
function bodyText(parsed: ParsedMail): { text: string; fullText: string } {
  // The parser gives no text when the mail has no plain part (it makes none from the HTML).
  const plain = (parsed.text ?? "").trim();
  if (plain || typeof parsed.html !== "string") return { text: withoutQuotedHistory(plain), fullText: plain };
  return {
    text: withoutQuotedHistory(htmlAsText(parsed.html)),
    fullText: htmlAsText(parsed.html, { withHistory: true }),
  };
}

/** The MIME parts of a mail, counted by the boundary lines of every multipart it declares. */
export function mimeParts(source: Buffer): number {
  const text = source.toString("latin1");
  const boundaries = new Set<string>();
  for (const match of text.matchAll(/boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi)) {
    boundaries.add(match[1] ?? match[2]!);
  }
  let parts = 1;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith("--")) continue;
    const body = line.slice(2).trimEnd();
    if (boundaries.has(body)) parts += 1;
  }
  return parts;
}

// Text from the HTML part when there is no plain one; no HTML made from text, no images inlined as data: URIs.
const parserOptions = { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 2 * 1024 * 1024 };

function envelope(parsed: ParsedMail, bytes: Buffer, date: string) {
  const authenticationResults = parsed.headerLines
    .filter((header) => header.key === "authentication-results")
    .slice(0, 50)
    .map((header) => header.line);
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
    authenticationResults,
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

/**
 * A file name to show: the last part of any path, without control or text-direction characters (a
 * right-to-left override makes `evil<U+202E>gnp.svg` read as a PNG), at most 200 characters.
 */
function safeFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  const clean = cleanFileName(base, 200, "attachment");
  return clean !== "." && clean !== ".." ? clean : "attachment";
}
