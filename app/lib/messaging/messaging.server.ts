import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { AuditEventData } from "~/lib/audit/events";
import type { QuoteStore } from "~/lib/quotes/store.server";
import type { Channel, DeliveryState } from "./channels";
import type { MessageKinds } from "./registry.server";
import type { inboundKinds, messageStatuses, refusedFileReasons } from "./schema";

/**
 * A kind of message we send: registered, with its templates, by the module it belongs to (each keeps a
 * typed list of its own, e.g. app/lib/proofs/messages.server.ts); messaging knows none of them.
 */
export type OutboundKind = string;
export type InboundKind = (typeof inboundKinds)[number];
export type MessageKind = OutboundKind | InboundKind;
export type MessageStatus = (typeof messageStatuses)[number];

/** One e-mail of a request's thread, in or out. */
export type Message = {
  id: number;
  quoteId: number;
  direction: "out" | "in";
  kind: MessageKind;
  recipient: string;
  subject: string;
  /** What the kind's template needs. */
  payload: Record<string, unknown>;
  /** Ours: the part before the "@" (the domain is MAIL_FROM's when sent). A buyer's: the whole id. */
  messageId: string;
  inReplyTo: string | null;
  status: MessageStatus;
  /** Attempts so far (failed ones, and the one that went through). */
  attempts: number;
  /** ms since the epoch. */
  nextAttemptAt: number | null;
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  staffId: number | null;
  channel: Channel;
  /** The provider's id of a sent message (WhatsApp's "wamid.…"), or of a received one. */
  providerId: string | null;
  /** What the provider said of it after it took it, when, and its error if it failed. */
  delivery: DeliveryState | null;
  deliveryAt: string | null;
  deliveryError: string | null;
};

/** A file a buyer's e-mail carried, as the delivery hands it over: kept (written, checked) or refused. */
export type MailFileInput = { originalName: string; receivedBytes: number } & (
  | { kept: { mediaType: string; storedName: string; byteSize: number; sha256: string } }
  | { refused: (typeof refusedFileReasons)[number] }
);

/** A file of a buyer's e-mail as recorded: `storedName` null when it was refused (then `refused` says why). */
export type MessageFile = {
  id: number;
  messageId: number;
  quoteId: number;
  position: number;
  originalName: string;
  receivedBytes: number;
  mediaType: string | null;
  storedName: string | null;
  byteSize: number | null;
  sha256: string | null;
  refused: (typeof refusedFileReasons)[number] | null;
};

type MessageFileRow = {
  id: number;
  message_id: number;
  quote_id: number;
  position: number;
  original_name: string;
  received_bytes: number;
  media_type: string | null;
  stored_name: string | null;
  byte_size: number | null;
  sha256: string | null;
  refused: MessageFile["refused"];
};

const fromFileRow = (row: MessageFileRow): MessageFile => ({
  id: row.id,
  messageId: row.message_id,
  quoteId: row.quote_id,
  position: row.position,
  originalName: row.original_name,
  receivedBytes: row.received_bytes,
  mediaType: row.media_type,
  storedName: row.stored_name,
  byteSize: row.byte_size,
  sha256: row.sha256,
  refused: row.refused,
});

export type QueueInput = {
  quoteId: number;
  kind: OutboundKind;
  recipient: string;
  subject: string;
  payload?: Record<string, unknown>;
  /** "off": recorded, not sent (e-mail is off). */
  status?: "queued" | "off";
  staffId?: number | null;
  requestKey?: string | null;
  inReplyTo?: string | null;
  /** "email" unless said; a WhatsApp message's recipient is the buyer's number (E.164 digits). */
  channel?: Channel;
  now?: Date;
};

type MessageRow = {
  id: number;
  quote_id: number;
  direction: "out" | "in";
  kind: MessageKind;
  recipient: string;
  subject: string;
  payload: string;
  message_id: string;
  in_reply_to: string | null;
  status: MessageStatus;
  attempts: number;
  next_attempt_at: number | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  staff_id: number | null;
  channel: Channel;
  provider_id: string | null;
  delivery: DeliveryState | null;
  delivery_at: string | null;
  delivery_error: string | null;
};

const fromRow = (row: MessageRow): Message => ({
  id: row.id,
  quoteId: row.quote_id,
  direction: row.direction,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  messageId: row.message_id,
  inReplyTo: row.in_reply_to,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  leaseUntil: row.lease_until,
  lastError: row.last_error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  staffId: row.staff_id,
  channel: row.channel,
  providerId: row.provider_id,
  delivery: row.delivery,
  deliveryAt: row.delivery_at,
  deliveryError: row.delivery_error,
});

/** Empties the text of a message of a kind whose module makes it again when needed (@dropText: their JSON list). */
const textDropped = `payload = CASE WHEN kind IN (SELECT value FROM json_each(@dropText)) THEN json_set(payload, '$.body', '')
  ELSE payload END`;

/** Statements per database, prepared once. */
const prepared = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
const statements = (db: Database.Database) => {
  let sql = prepared.get(db);
  if (!sql) prepared.set(db, (sql = prepare(db)));
  return sql;
};

function prepare(db: Database.Database) {
  return {
    insert: db.prepare(
      `INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, in_reply_to,
         request_key, status, next_attempt_at, created_at, staff_id, channel)
       VALUES (@quoteId, 'out', @kind, @recipient, @subject, @payload, @messageId, @inReplyTo, @requestKey, @status,
         @nextAttemptAt, @createdAt, @staffId, @channel)
       ON CONFLICT (request_key) DO NOTHING`,
    ),
    insertInbound: db.prepare(
      `INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, in_reply_to, status,
         created_at, sent_at)
       VALUES (@quoteId, 'in', 'buyer-mail', @recipient, @subject, @payload, @messageId, @inReplyTo, 'received',
         @createdAt, @sentAt)
       ON CONFLICT (message_id) DO NOTHING`,
    ),
    insertWhatsApp: db.prepare(
      `INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, status, created_at,
         sent_at, channel, provider_id)
       VALUES (@quoteId, 'in', 'buyer-whatsapp', @from, '', @payload, @messageId, 'received', @createdAt, @createdAt,
         'whatsapp', @messageId)
       ON CONFLICT (message_id) DO NOTHING`,
    ),
    // A provider's statuses can come out of order (read before delivered): a message never goes back.
    delivery: db.prepare(
      `UPDATE messages SET delivery = @state, delivery_at = @at, delivery_error = @error
       WHERE provider_id = @providerId AND direction = 'out' AND (delivery IS NULL
         OR (@state = 'read' AND delivery = 'delivered') OR @state = 'failed')
       RETURNING *`,
    ),
    byProviderId: db.prepare("SELECT * FROM messages WHERE provider_id = ?"),
    holdDelivery: db.prepare(
      `INSERT INTO message_early_deliveries (provider_id, state, at, error, received_at)
       VALUES (@providerId, @state, @at, @error, @receivedAt)`,
    ),
    dropStaleDeliveries: db.prepare("DELETE FROM message_early_deliveries WHERE received_at < ?"),
    // In the provider's order; deleted as they are read.
    takeHeldDeliveries: db.prepare(
      "DELETE FROM message_early_deliveries WHERE provider_id = ? RETURNING state, at, error",
    ),
    insertFile: db.prepare(
      `INSERT INTO message_files (message_id, quote_id, position, original_name, received_bytes, media_type,
         stored_name, byte_size, sha256, refused)
       VALUES (@messageId, @quoteId, @position, @originalName, @receivedBytes, @mediaType, @storedName, @byteSize,
         @sha256, @refused)`,
    ),
    filesOfQuote: db.prepare("SELECT * FROM message_files WHERE quote_id = ? ORDER BY message_id, position"),
    fileOfQuote: db.prepare("SELECT * FROM message_files WHERE id = ? AND quote_id = ?"),
    staffId: db.prepare("SELECT id FROM staff WHERE email = ?").pluck(),
    // The kind is bound: SQLite plans with its value, so the acknowledgements' partial index still serves.
    goneOutSince: db
      .prepare(
        `SELECT count(*) FROM messages WHERE kind = @kind AND status IN ('queued', 'sent')
           AND lower(recipient) = lower(@recipient) AND created_at >= @since`,
      )
      .pluck(),
    // Read from the newest rows back, not counted over all.
    nthLatestGoneOut: db
      .prepare(
        `SELECT created_at FROM messages WHERE kind = @kind AND status IN ('queued', 'sent')
           ORDER BY id DESC LIMIT 1 OFFSET @offset`,
      )
      .pluck(),
    byId: db.prepare("SELECT * FROM messages WHERE id = ?"),
    // The request's WhatsApp contact, as the buyer gave it on the form: how they want our messages.
    contact: db.prepare("SELECT reply_channel AS replyChannel, whatsapp_number AS number FROM quotes WHERE id = ?"),
    byMessageId: db.prepare("SELECT * FROM messages WHERE message_id = ?"),
    ofQuote: db.prepare("SELECT * FROM messages WHERE quote_id = ? ORDER BY id"),
    ofKind: db.prepare("SELECT * FROM messages WHERE kind = ? ORDER BY quote_id, id"),
    due: db.prepare(
      `SELECT * FROM messages WHERE status = 'queued' AND next_attempt_at <= @now
         AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, id LIMIT @limit`,
    ),
    lease: db.prepare("UPDATE messages SET lease_until = ? WHERE id = ?"),
    sent: db.prepare(
      `UPDATE messages SET status = 'sent', sent_at = @at, provider_id = @providerId, next_attempt_at = NULL,
         lease_until = NULL, last_error = NULL, attempts = attempts + 1, ${textDropped}
       WHERE id = @id AND status = 'queued'`,
    ),
    failed: db.prepare(
      `UPDATE messages SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = NULL
       WHERE id = ? AND status = 'queued'`,
    ),
    // Ended for good: the provider refused it for a reason a retry does not change, or it may not go.
    undeliverable: db.prepare(
      `UPDATE messages SET status = 'cancelled', attempts = attempts + 1, next_attempt_at = NULL, lease_until = NULL,
         last_error = @reason, delivery = 'failed', delivery_at = @at, delivery_error = @reason, ${textDropped}
       WHERE id = @id AND status = 'queued'`,
    ),
    cancel: db.prepare(
      `UPDATE messages SET status = 'cancelled', next_attempt_at = NULL, lease_until = NULL, ${textDropped}
       WHERE id = @id AND status = 'queued'`,
    ),
    // @version null: every version's.
    waitingOf: db
      .prepare(
        `SELECT id FROM messages WHERE quote_id = @quoteId AND status = 'queued' AND kind IN (SELECT value FROM json_each(@kinds))
           AND (@version IS NULL OR json_extract(payload, '$.version') = @version)`,
      )
      .pluck(),
    // Over the outbox's partial index: only queued rows are in it.
    waitingCount: db.prepare("SELECT count(*) FROM messages WHERE status = 'queued'").pluck(),
    nextDue: db
      .prepare("SELECT min(max(next_attempt_at, coalesce(lease_until, 0))) FROM messages WHERE status = 'queued'")
      .pluck(),
  };
}

/**
 * A new Message-ID for one of our mails (its part before the "@"): random, as a mail answering it joins
 * its request's thread, so nobody who did not receive it may name it.
 */
const newMessageId = (kind: OutboundKind) => `${kind}-${randomUUID()}`;

/** Whether one of our ids is random (made by newMessageId); those of before were numbered, so guessable. */
export const isUnguessableId = (ours: string) =>
  /-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(ours);

/**
 * Queues a mail (or records it "off"), inside the caller's transaction when there is one: the outbox
 * sends it from `now`. Returns its id, or null when its `requestKey` was queued before.
 */
export function queueMessage(db: Database.Database, input: QueueInput): number | null {
  const now = input.now ?? new Date();
  const status = input.status ?? "queued";
  const result = statements(db).insert.run({
    quoteId: input.quoteId,
    kind: input.kind,
    recipient: input.recipient,
    subject: input.subject,
    payload: JSON.stringify(input.payload ?? {}),
    messageId: newMessageId(input.kind),
    inReplyTo: input.inReplyTo ?? null,
    requestKey: input.requestKey ?? null,
    status,
    nextAttemptAt: status === "queued" ? now.getTime() : null,
    createdAt: now.toISOString(),
    staffId: input.staffId ?? null,
    channel: input.channel ?? "email",
  });
  return result.changes === 1 ? Number(result.lastInsertRowid) : null;
}

/** How many messages of `kind` to `recipient` were queued or sent since `since` (ISO time). */
export const goneOutSince = (db: Database.Database, kind: OutboundKind, recipient: string, since: string) =>
  statements(db).goneOutSince.get({ kind, recipient, since }) as number;

/** When the `n`-th latest message of `kind` queued or sent (n = 1: the latest) was queued, or null. */
export const nthLatestGoneOutAt = (db: Database.Database, kind: OutboundKind, n: number) =>
  (statements(db).nthLatestGoneOut.get({ kind, offset: n - 1 }) as string | undefined) ?? null;

/** The Message-IDs a header names (In-Reply-To, References), without their angle brackets. */
export const headerMessageIds = (header: string | null | undefined) =>
  [...(header ?? "").matchAll(/<([^<>\s]+)>/g)].map((match) => match[1]!);

/** Our part of one of our Message-IDs ("reply-….Q-2026-0001" of "<reply-….Q-2026-0001@promo.example>"). */
export const ourPart = (id: string) => id.slice(0, id.lastIndexOf("@") === -1 ? id.length : id.lastIndexOf("@"));

export type InboundMail = {
  /** The Message-ID header, e.g. "<CAF…@mail.gmail.com>". */
  messageId: string;
  inReplyTo?: string | null;
  references?: string | null;
  from: string;
  to?: string;
  subject: string;
  text: string;
  receivedAt: Date;
};

/**
 * The mails of the requests' threads, and the outbox's queue: one claim with one lease, one back-off
 * (the caller's), for every kind. The only writer of `messages`.
 */
export class Messaging {
  private readonly sql: ReturnType<typeof prepare>;

  /** `kinds`: the registered kinds, whose WhatsApp twins go with their e-mails (none without). */
  constructor(
    readonly store: QuoteStore,
    private readonly kinds?: MessageKinds,
  ) {
    this.sql = statements(store.db);
  }

  /**
   * Queues a message (inside the caller's transaction when there is one). A buyer's e-mail of a kind with
   * an approved WhatsApp template, to a buyer who chose WhatsApp on the form, is queued with its WhatsApp
   * twin (same kind and payload, to their number) in the same transaction. Returns the e-mail's id.
   */
  queue(input: QueueInput): number | null {
    // A kind nobody registered could never be sent: refused now, where it was written, not in the outbox.
    if (this.kinds && !this.kinds.has(input.kind)) {
      throw new Error(`No module registered the message kind "${input.kind}".`);
    }
    return this.store.db
      .transaction(() => {
        const id = queueMessage(this.store.db, input);
        const payload = input.payload ?? {};
        const email = (input.channel ?? "email") === "email" && (input.status ?? "queued") === "queued";
        if (id === null || !email || !this.kinds?.hasWhatsAppTwin(input.kind, payload)) return id;
        const number = this.whatsappContact(input.quoteId);
        if (number) {
          queueMessage(this.store.db, {
            ...input,
            channel: "whatsapp",
            recipient: number,
            requestKey: input.requestKey ? `${input.requestKey}:whatsapp` : null,
            inReplyTo: null,
          });
        }
        return id;
      })
      .immediate();
  }

  /** The kinds whose text is emptied once sent or cancelled, as the statements take them. */
  private dropText(): string {
    return JSON.stringify(this.kinds?.textDroppedKinds() ?? []);
  }

  /** The number (E.164 digits) a request's buyer asked to be answered on by WhatsApp, or null. */
  whatsappContact(quoteId: number): string | null {
    const contact = this.sql.contact.get(quoteId) as { replyChannel: string; number: string | null } | undefined;
    return contact?.replyChannel === "whatsapp" && contact.number ? contact.number : null;
  }

  get(id: number): Message | undefined {
    const row = this.sql.byId.get(id) as MessageRow | undefined;
    return row && fromRow(row);
  }

  /** A request's thread, oldest first. */
  messages(quoteId: number): Message[] {
    return (this.sql.ofQuote.all(quoteId) as MessageRow[]).map(fromRow);
  }

  /** Every message of `kind`, by request then oldest first. */
  ofKind(kind: MessageKind): Message[] {
    return (this.sql.ofKind.all(kind) as MessageRow[]).map(fromRow);
  }

  /** The id of a staff member by their e-mail address, or null (a message's author). */
  staffIdOf(email: string): number | null {
    return (this.sql.staffId.get(email) as number | undefined) ?? null;
  }

  /**
   * Takes up to `limit` queued messages that are due and not leased, leasing each until `now + leaseMs`
   * so that no other sender (another process on the same data folder) sends it meanwhile. A sender
   * that dies leaves its lease to expire, and the message is due again.
   */
  claimDue({ now = Date.now(), leaseMs, limit = 10 }: { now?: number; leaseMs: number; limit?: number }): Message[] {
    return this.store.db
      .transaction(() => {
        const rows = this.sql.due.all({ now, limit }) as MessageRow[];
        for (const row of rows) this.sql.lease.run(now + leaseMs, row.id);
        return rows.map((row) => ({ ...fromRow(row), leaseUntil: now + leaseMs }));
      })
      .immediate();
  }

  /** Records a message as sent (with the provider's id of it, if it gave one), and `event` in its request's history, once. */
  markSent(
    message: Pick<Message, "id" | "quoteId">,
    event: AuditEventData,
    now = new Date(),
    providerId: string | null = null,
  ) {
    this.store.db
      .transaction(() => {
        const sent = { at: now.toISOString(), providerId, id: message.id, dropText: this.dropText() };
        if (this.sql.sent.run(sent).changes !== 1) return;
        this.store.audit.record({
          subject: { type: "request", id: message.quoteId },
          actor: "website",
          at: now,
          ...event,
        });
        if (!providerId) return;
        // What the provider said of it before its answer to the send reached us.
        const held = this.sql.takeHeldDeliveries.all(providerId) as {
          state: DeliveryState;
          at: string;
          error: string | null;
        }[];
        held.sort((a, b) => a.at.localeCompare(b.at));
        for (const { state, at, error } of held) this.recordDelivery(providerId, state, new Date(at), error);
      })
      .immediate();
  }

  /** Records a failed attempt; the next one is due at `nextAt` (ms since the epoch). */
  markFailed(id: number, error: string, nextAt: number) {
    this.sql.failed.run(error.slice(0, 1000), nextAt, id);
  }

  /**
   * Ends a queued message that cannot go (the provider refused it for good, no provider is set up, or it
   * may not be sent now): cancelled, its delivery failed with `reason`, and its request's history says
   * so. False if it was not waiting.
   */
  markUndeliverable(
    message: Pick<Message, "id" | "quoteId" | "kind" | "channel" | "recipient">,
    reason: string,
    now = new Date(),
  ): boolean {
    return this.store.db
      .transaction(() => {
        const error = reason.slice(0, 1000);
        const ended = { id: message.id, reason: error, at: now.toISOString(), dropText: this.dropText() };
        if (this.sql.undeliverable.run(ended).changes !== 1) {
          return false;
        }
        this.store.audit.record({
          subject: { type: "request", id: message.quoteId },
          actor: "website",
          at: now,
          type: "message.failed",
          payload: { kind: message.kind, channel: message.channel, to: message.recipient, reason: error },
        });
        return true;
      })
      .immediate();
  }

  /** A queued message is not to be sent; false if it was not waiting. */
  cancel(id: number): boolean {
    return this.sql.cancel.run({ id, dropText: this.dropText() }).changes === 1;
  }

  /** The ids of a request's queued messages of `kinds` (and, when given, of that `version` of a proof). */
  waiting(quoteId: number, kinds: readonly OutboundKind[], version: number | null = null): number[] {
    return this.sql.waitingOf.all({ quoteId, kinds: JSON.stringify(kinds), version }) as number[];
  }

  /** When the next queued message is due (ms since the epoch), or null if none is waiting. */
  nextDueAt(): number | null {
    return this.sql.nextDue.get() as number | null;
  }

  /** How many e-mails wait in the outbox, of every kind (the System page and /healthz show it). */
  waitingCount(): number {
    return this.sql.waitingCount.get() as number;
  }

  /**
   * The request whose thread a mail answering this Message-ID ("<id@host>") joins: one of ours with a
   * random id (an old numbered one could be guessed), or a buyer's mail the thread accepted whose sender
   * was not found forged (a mail answering a forged one would otherwise ride on it).
   */
  quoteOfMessage(messageId: string): number | undefined {
    const [id] = headerMessageIds(messageId);
    if (!id) return undefined;
    const buyers = this.sql.byMessageId.get(id) as MessageRow | undefined;
    if (buyers?.direction === "in") return fromRow(buyers).payload.senderCheck === "fail" ? undefined : buyers.quote_id;
    const own = ourPart(id);
    if (!isUnguessableId(own)) return undefined;
    const ours = this.sql.byMessageId.get(own) as MessageRow | undefined;
    return ours?.direction === "out" ? ours.quote_id : undefined;
  }

  /** Whether a buyer's mail with this Message-ID ("<id@host>") is on a thread already. */
  hasBuyerMail(messageId: string): boolean {
    const [id] = headerMessageIds(messageId);
    const row = id ? (this.sql.byMessageId.get(id) as MessageRow | undefined) : undefined;
    return row?.direction === "in";
  }

  /**
   * Records a buyer's e-mail on a request (its thread, inside the caller's transaction when there is
   * one), with the files it carried: `created` false when the same mail (by Message-ID) was recorded
   * before, and then nothing of it is recorded again (the caller removes the files it wrote for it).
   */
  recordBuyerMail(
    quoteId: number,
    mail: { messageId: string; inReplyTo: string | null; to: string; subject: string; receivedAt: Date },
    payload: Record<string, unknown>,
    files: readonly MailFileInput[] = [],
  ): { message: Message; created: boolean } {
    const [ownId] = headerMessageIds(mail.messageId);
    if (!ownId) throw new Error("A buyer's mail without a Message-ID cannot be recorded.");
    const created =
      this.sql.insertInbound.run({
        quoteId,
        recipient: mail.to.slice(0, 1000),
        subject: mail.subject.slice(0, 1000),
        payload: JSON.stringify(payload),
        messageId: ownId,
        inReplyTo: headerMessageIds(mail.inReplyTo)[0] ?? null,
        createdAt: mail.receivedAt.toISOString(),
        sentAt: mail.receivedAt.toISOString(),
      }).changes === 1;
    const message = fromRow(this.sql.byMessageId.get(ownId) as MessageRow);
    if (created) this.insertFiles(message, files);
    return { message, created };
  }

  private insertFiles(message: Message, files: readonly MailFileInput[]) {
    files.forEach((file, position) =>
      this.sql.insertFile.run({
        messageId: message.id,
        quoteId: message.quoteId,
        position,
        originalName: file.originalName.slice(0, 200),
        receivedBytes: file.receivedBytes,
        mediaType: "kept" in file ? file.kept.mediaType : null,
        storedName: "kept" in file ? file.kept.storedName : null,
        byteSize: "kept" in file ? file.kept.byteSize : null,
        sha256: "kept" in file ? file.kept.sha256 : null,
        refused: "refused" in file ? file.refused : null,
      }),
    );
  }

  /** The files of a request's buyers' e-mails, kept and refused, by message and in each mail's order. */
  messageFiles(quoteId: number): MessageFile[] {
    return (this.sql.filesOfQuote.all(quoteId) as MessageFileRow[]).map(fromFileRow);
  }

  /** One file of a buyer's e-mail, only when it belongs to `quoteId`. */
  messageFile(quoteId: number, id: number): MessageFile | undefined {
    const row = this.sql.fileOfQuote.get(id, quoteId) as MessageFileRow | undefined;
    return row && fromFileRow(row);
  }

  /**
   * Records a buyer's e-mail on the request it answers: the one of our mails its In-Reply-To (or
   * else its References) names. Returns the message, or null when it answers none of ours (then
   * nothing is recorded). The same mail read twice is recorded once.
   */
  recordInbound(mail: InboundMail): Message | null {
    const named = [...headerMessageIds(mail.inReplyTo), ...headerMessageIds(mail.references).reverse()];
    const thread = named
      .filter((id) => isUnguessableId(ourPart(id)))
      .map((id) => this.sql.byMessageId.get(ourPart(id)) as MessageRow | undefined)
      .find((row) => row?.direction === "out");
    const [ownId] = headerMessageIds(mail.messageId);
    // A buyer's Message-ID has a domain; one without could pass for one of ours.
    if (!thread || !ownId?.includes("@")) return null;
    this.sql.insertInbound.run({
      quoteId: thread.quote_id,
      recipient: mail.to ?? "",
      subject: mail.subject.slice(0, 1000),
      payload: JSON.stringify({ from: mail.from, text: mail.text }),
      messageId: ownId,
      inReplyTo: headerMessageIds(mail.inReplyTo)[0] ?? null,
      createdAt: mail.receivedAt.toISOString(),
      sentAt: mail.receivedAt.toISOString(),
    });
    const row = this.sql.byMessageId.get(ownId) as MessageRow | undefined;
    return row ? fromRow(row) : null;
  }

  /**
   * Records a buyer's WhatsApp message on a request (inside the caller's transaction when there is one),
   * with the files it carried: `created` false when the same message (by WhatsApp's id) was recorded
   * before, and then nothing of it is recorded again (the caller removes the files it wrote for it).
   */
  recordWhatsApp(
    quoteId: number,
    inbound: { id: string; from: string; receivedAt: Date },
    payload: Record<string, unknown>,
    files: readonly MailFileInput[] = [],
  ): { message: Message; created: boolean } {
    const created =
      this.sql.insertWhatsApp.run({
        quoteId,
        from: inbound.from,
        payload: JSON.stringify(payload),
        messageId: inbound.id,
        createdAt: inbound.receivedAt.toISOString(),
      }).changes === 1;
    const message = fromRow(this.sql.byMessageId.get(inbound.id) as MessageRow);
    if (created) this.insertFiles(message, files);
    return { message, created };
  }

  /** Whether a buyer's WhatsApp message with this id is recorded already. */
  hasWhatsApp(id: string): boolean {
    const row = this.sql.byMessageId.get(id) as MessageRow | undefined;
    return row?.channel === "whatsapp" && row.direction === "in";
  }

  /**
   * Records what the provider said of a message we sent (named by its id), never moving it back
   * (read stays read when a late "delivered" comes); a first failure goes into its request's history
   * with the provider's error. Returns the message when it changed.
   */
  recordDelivery(providerId: string, state: DeliveryState, at: Date, error: string | null = null): Message | undefined {
    return this.store.db
      .transaction(() => {
        const before = this.byProviderId(providerId);
        const row = this.sql.delivery.get({
          providerId,
          state,
          at: at.toISOString(),
          error: error?.slice(0, 1000) ?? null,
        }) as MessageRow | undefined;
        if (!row) return undefined;
        const changed = fromRow(row);
        if (state === "failed" && before?.delivery !== "failed")
          this.store.audit.record({
            subject: { type: "request", id: changed.quoteId },
            actor: "website",
            at,
            type: "request.whatsapp_failed",
            payload: { to: changed.recipient, error: changed.deliveryError ?? "" },
          });
        return changed;
      })
      .immediate();
  }

  /**
   * Keeps a provider's status of a message not known yet (its send's answer is still on its way), to be
   * applied when the send is recorded; what waited a week unmatched is dropped.
   */
  holdDelivery(providerId: string, state: DeliveryState, at: Date, error: string | null, now = new Date()) {
    this.store.db
      .transaction(() => {
        this.sql.dropStaleDeliveries.run(new Date(now.getTime() - 7 * 86_400_000).toISOString());
        this.sql.holdDelivery.run({
          providerId,
          state,
          at: at.toISOString(),
          error: error?.slice(0, 1000) ?? null,
          receivedAt: now.toISOString(),
        });
      })
      .immediate();
  }

  /** A message by the provider's id of it. */
  byProviderId(providerId: string): Message | undefined {
    const row = this.sql.byProviderId.get(providerId) as MessageRow | undefined;
    return row && fromRow(row);
  }
}
