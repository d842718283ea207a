import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** unmatched: read, but it joins no request by itself; unreadable: it could not be read at all. */
export const unmatchedMailKinds = ["unmatched", "unreadable"] as const;
/** What the office's mail server said of the sender (app/lib/mailbox/authentication-results.ts). */
export const senderChecks = ["pass", "fail", "off"] as const;

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * Mail from the office mailbox that joined no request: it changes no status and no clock, and its
 * files are not kept as files until a staff member attaches it to a request (then the row goes, and
 * the mail is on the request's thread) or discards it. Written by app/lib/mailbox/unmatched.server.ts only.
 */
export const unmatchedMails = sqliteTable(
  "unmatched_mails",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: unmatchedMailKinds }).notNull(),
    /** The Message-ID header ("<id@host>"); null when the mail could not be read far enough. */
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    fromName: text("from_name").notNull().default(""),
    /** As the sender wrote it: nothing proves it (sender_check says what the mail server found). */
    fromAddress: text("from_address").notNull().default(""),
    toAddresses: text("to_addresses").notNull().default(""),
    subject: text("subject").notNull().default(""),
    /** The size the mail server gave, in bytes. */
    size: integer("size").notNull(),
    /** When the office's server received it (UTC ISO). */
    receivedAt: text("received_at").notNull(),
    /** The Date header (UTC ISO), if any. */
    sentAt: text("sent_at"),
    senderCheck: text("sender_check", { enum: senderChecks }).notNull(),
    /** The reply without its quoted history, and the whole text when that differs. */
    text: text("text").notNull().default(""),
    quoted: text("quoted").notNull().default(""),
    /** JSON: the files it carried as the mail described them (name, types, size); none is kept as a file. */
    attachments: text("attachments").notNull().default("[]"),
    attachmentsLeftOut: integer("attachments_left_out").notNull().default(0),
    /** Larger than the reader downloads: only the headers were read. */
    tooLarge: integer("too_large", { mode: "boolean" }).notNull().default(false),
    /** The mail's bytes in the quarantine folder (generated name), for its files when it is attached. */
    quarantineName: text("quarantine_name").unique(),
    quarantineBytes: integer("quarantine_bytes").notNull().default(0),
    /** Why an unreadable mail could not be read (no secret: the reader's own words). */
    problem: text("problem"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    check("unmatched_mails_kind", sql`kind IN (${list(unmatchedMailKinds)})`),
    check("unmatched_mails_sender_check", sql`sender_check IN (${list(senderChecks)})`),
    check("unmatched_mails_json", sql`json_valid(attachments)`),
    uniqueIndex("unmatched_mails_message")
      .on(table.messageId)
      .where(sql`${table.messageId} IS NOT NULL`),
    index("unmatched_mails_received").on(table.receivedAt, table.id),
  ],
);
