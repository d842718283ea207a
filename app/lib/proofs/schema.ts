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

/**
 * The buyer's link to their request's page (everything sent to them: quotations, proofs, the order):
 * one live link per request, carried by every mail (decision record 048). A link's token is stored as
 * its SHA-256 for look-ups, and sealed with the key beside the database so later mails can carry it;
 * its rowid is the id the desk shows. Links of before have no sealed token: they open until ended or
 * expired, and no mail carries them again.
 */
export const proofLinks = sqliteTable(
  "proof_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** The proof version a proof's mail brought it for; null for a link sent with another mail (a quotation). */
    version: integer("version"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    endedAt: integer("ended_at"),
    /**
     * The message whose sending minted the link while no other mail has carried it: a failed first
     * attempt's link is removed with it. Cleared once another mail carries it.
     */
    messageId: integer("message_id"),
    /** The token sealed with the link key (app/lib/secrets.server.ts), so later mails carry the same link. */
    tokenSealed: text("token_sealed"),
    /** Which mail made it, in words for the desk ("proof v1 e-mail", "invoice INV-2026-0003 e-mail"). */
    mintedBy: text("minted_by"),
    /** When the buyer last opened their page with it (ms since the epoch, to the minute). */
    lastOpenedAt: integer("last_opened_at"),
  },
  (table) => [
    index("proof_links_quote").on(table.quoteId),
    index("proof_links_live")
      .on(table.quoteId, table.expiresAt)
      .where(sql`ended_at IS NULL AND token_sealed IS NOT NULL`),
    index("proof_links_message")
      .on(table.messageId)
      .where(sql`message_id IS NOT NULL`),
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
