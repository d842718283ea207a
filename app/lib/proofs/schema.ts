import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { quotes } from "../quotes/schema";
import type { ProofType } from "./rules";

// Proofs of a request's artwork, their private links and the e-mails about them
// (app/lib/proofs/proofs.server.ts writes them).

/** An answered proof and its file are final (a trigger in the baseline migration refuses changes). */
export const proofs = sqliteTable(
  "proofs",
  {
    id: integer("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    mediaType: text("media_type").$type<ProofType>().notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    storedName: text("stored_name").notNull().unique(),
    message: text("message").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    answer: text("answer").$type<"approved" | "changes">(),
    answerName: text("answer_name"),
    answerRole: text("answer_role"),
    answerText: text("answer_text"),
    answeredAt: text("answered_at"),
    answerSha256: text("answer_sha256"),
    remindedAt: text("reminded_at"),
    /** When staff ended this version's links (ms since the epoch). */
    linksEndedAt: integer("links_ended_at"),
  },
  (table) => [
    check(
      "proofs_media_type",
      sql`${table.mediaType} IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'application/pdf')`,
    ),
    check("proofs_answer", sql`${table.answer} IN ('approved', 'changes')`),
    unique("proofs_quote_version").on(table.quoteId, table.version),
  ],
);

/** A link's token is stored as its SHA-256; its rowid is the id the desk shows. */
export const proofLinks = sqliteTable(
  "proof_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    endedAt: integer("ended_at"),
  },
  (table) => [index("proof_links_quote").on(table.quoteId)],
);

export const proofMails = sqliteTable(
  "proof_mails",
  {
    id: integer("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"proof" | "reminder" | "staff">().notNull(),
    version: integer("version"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<"pending" | "sent" | "cancelled">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: integer("next_at"),
    sentAt: text("sent_at"),
    error: text("error"),
    linkHash: text("link_hash"),
  },
  (table) => [
    check("proof_mails_kind", sql`${table.kind} IN ('proof', 'reminder', 'staff')`),
    check("proof_mails_status", sql`${table.status} IN ('pending', 'sent', 'cancelled')`),
    index("proof_mails_outbox")
      .on(table.nextAt)
      .where(sql`${table.status} = 'pending'`),
    index("proof_mails_quote").on(table.quoteId, table.status),
  ],
);

/** Failed link look-ups per client address, so a restart gives a token guesser no fresh start. */
export const proofLinkFailures = sqliteTable(
  "proof_link_failures",
  {
    clientIp: text("client_ip").notNull(),
    at: integer("at").notNull(),
  },
  (table) => [
    index("proof_link_failures_client").on(table.clientIp, table.at),
    index("proof_link_failures_at").on(table.at),
  ],
);
