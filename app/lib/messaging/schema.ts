import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { staff } from "../desk/staff-schema";
import { quotes } from "../quotes/schema";

/** A buyer's e-mail read from the business's mailbox (app/lib/mailbox/), and a buyer's WhatsApp message (app/lib/whatsapp/). */
export const inboundKinds = ["buyer-mail", "buyer-whatsapp"] as const;
/**
 * queued: waits in the outbox (retried until the mail server takes it); sent; off: not sent because
 * e-mail was off when it was written; cancelled: not to be sent (a proof whose links were ended);
 * received: an inbound message.
 */
export const messageStatuses = ["queued", "sent", "off", "cancelled", "received"] as const;

/** How a message travels: e-mail (SMTP out, IMAP in) or WhatsApp (the Cloud API both ways). */
export const messageChannels = ["email", "whatsapp"] as const;

/**
 * What the provider later said of a sent message (WhatsApp's status webhooks): delivered, read, or failed
 * with the provider's error. Null until it says anything (e-mail never does).
 */
export const deliveryStates = ["delivered", "read", "failed"] as const;

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * Every e-mail in and out, threaded on its request. Written by app/lib/messaging/messaging.server.ts
 * only; drizzle/0001_messages_and_audit.sql made it and moved the three mail queues of before into it.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    /**
     * What it is: inboundKinds for a buyer's, else a kind some module registered with its templates
     * (app/lib/messaging/registry.server.ts), e.g. "proof" or "invoice".
     */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull().default(""),
    subject: text("subject").notNull().default(""),
    /** JSON: what the kind's template needs. */
    payload: text("payload").notNull().default("{}"),
    /** The Message-ID's part before the "@": the domain is the one of MAIL_FROM when it is sent. */
    messageId: text("message_id").notNull().unique(),
    inReplyTo: text("in_reply_to"),
    /** The desk form's key: the same form sent twice queues one reply. */
    requestKey: text("request_key").unique(),
    status: text("status", { enum: messageStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** ms since the epoch. */
    nextAttemptAt: integer("next_attempt_at"),
    /** ms since the epoch: a sender claimed it until then. */
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    // Added columns, checked by the code: a CHECK here would make drizzle-kit rebuild the table.
    /** "email" or "whatsapp" (messageChannels). */
    channel: text("channel", { enum: messageChannels }).notNull().default("email"),
    /** The provider's id of a sent message (WhatsApp's "wamid.…"): its status webhooks name it. */
    providerId: text("provider_id"),
    /** deliveryStates, or null. */
    delivery: text("delivery", { enum: deliveryStates }),
    /** When the provider said so (ISO UTC). */
    deliveryAt: text("delivery_at"),
    /** The provider's error of a failed delivery, as it gave it ("131047 Re-engagement message: …"). */
    deliveryError: text("delivery_error"),
  },
  (table) => [
    // Bare column names: drizzle-kit keeps a table's name in a CHECK when it rebuilds the table, which
    // SQLite then refuses. The kinds are the modules' (each registers its own), grown without a rebuild.
    check("messages_direction", sql`direction IN ('out', 'in')`),
    check("messages_kind", sql`kind GLOB '[a-z]*'`),
    check("messages_status", sql`status IN (${list(messageStatuses)})`),
    index("messages_quote").on(table.quoteId, table.id),
    index("messages_outbox")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    // The acknowledgements an address had today, counted with every request stored.
    index("messages_acknowledgements")
      .on(sql`lower(${table.recipient})`, table.createdAt)
      .where(sql`${table.kind} = 'acknowledgement'`),
    uniqueIndex("messages_provider_id")
      .on(table.providerId)
      .where(sql`${table.providerId} IS NOT NULL`),
    uniqueIndex("messages_one_notification")
      .on(table.quoteId)
      .where(sql`${table.kind} = 'request-notification'`),
  ],
);

/**
 * A provider's status of a message whose send was not recorded yet: Meta may report a message delivered
 * or failed before its answer to the send (the message's id) reaches us. Applied to the message when its
 * send is recorded, then removed; one that never matches (a message sent by another app on the same
 * number) is removed after a week.
 */
export const earlyDeliveries = sqliteTable(
  "message_early_deliveries",
  {
    id: integer("id").primaryKey(),
    providerId: text("provider_id").notNull(),
    state: text("state", { enum: deliveryStates }).notNull(),
    /** When the provider said so (ISO UTC). */
    at: text("at").notNull(),
    error: text("error"),
    /** When it reached us (ISO UTC): what the week is counted from. */
    receivedAt: text("received_at").notNull(),
  },
  (table) => [
    check("message_early_deliveries_state", sql`state IN (${list(deliveryStates)})`),
    index("message_early_deliveries_provider").on(table.providerId, table.at),
    index("message_early_deliveries_received").on(table.receivedAt),
  ],
);

/** Why a file a buyer's e-mail carried was not kept (it is still listed by name). */
export const refusedFileReasons = ["type", "too_large", "damaged"] as const;

/**
 * The files a buyer's e-mail carried, in the mail's order: kept (checked like the quote form's uploads,
 * in the store's attachments folder under a generated name) or refused with the reason. Written with
 * its message, in one transaction, by app/lib/messaging/messaging.server.ts.
 */
export const messageFiles = sqliteTable(
  "message_files",
  {
    id: integer("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** Its request: a desk link to a file answers for this request only. */
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** Its place among the mail's attachments, from 0. */
    position: integer("position").notNull(),
    /** The sender's name for it, for display only (never a path). */
    originalName: text("original_name").notNull().default(""),
    /** The size the mail carried, in bytes. */
    receivedBytes: integer("received_bytes").notNull(),
    /** The kept (checked) copy: its type from its bytes, its generated name, size and hash; null when refused. */
    mediaType: text("media_type"),
    storedName: text("stored_name").unique(),
    byteSize: integer("byte_size"),
    sha256: text("sha256"),
    refused: text("refused", { enum: refusedFileReasons }),
  },
  (table) => [
    check("message_files_kept_or_refused", sql`(stored_name IS NULL) <> (refused IS NULL)`),
    check("message_files_refused", sql`refused IS NULL OR refused IN (${list(refusedFileReasons)})`),
    uniqueIndex("message_files_position").on(table.messageId, table.position),
    index("message_files_quote").on(table.quoteId),
  ],
);
