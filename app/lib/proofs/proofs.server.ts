import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, count, desc, eq, gt, isNotNull, isNull, lte, min, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { MailAddress } from "~/lib/messaging/email.server";
import { type Message, Messaging, type OutboundKind } from "~/lib/messaging/messaging.server";
import { Orders } from "~/lib/orders/orders.server";
import { type Actor, actorLabel, type QuoteStore, type StoredQuote } from "~/lib/quotes/store.server";
import { isSecretShape, newSecret, readOrCreateKey, seal, secretHash, unseal } from "~/lib/secrets.server";
import type { QuoteStatus, StatusFacts, StatusMove } from "~/lib/requests/status";
import { hasLinkSlot, proofEmail, reminderEmail, withLink } from "./mail";
import { PROOF_LINK_MS, proofExtension, type ProofType, reminderDue, tokenGuessLimit } from "./rules";
import { proofLinkFailures, proofLinks } from "./schema";

export type StoredProof = {
  id: number;
  quoteId: number;
  version: number;
  mediaType: ProofType;
  byteSize: number;
  sha256: string;
  storedName: string;
  message: string;
  createdBy: string;
  createdAt: string;
  answer: "approved" | "changes" | null;
  answerName: string | null;
  answerRole: string | null;
  answerText: string | null;
  answeredAt: string | null;
  answerSha256: string | null;
  remindedAt: string | null;
  /** When staff ended this version's links (ms since the epoch): no reminder, no mail with a link for it. */
  linksEndedAt: number | null;
  /** Absolute path of the stored file. */
  path: string;
};

export type ProofLink = {
  id: number;
  /** The proof version whose mail made it, or null (another mail). */
  version: number | null;
  /** Which mail made it, in words ("proof v1 e-mail"). */
  mintedBy: string | null;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
  lastOpenedAt: number | null;
  /** Whether later mails carry it (its token is sealed); links of before are only kept until they end. */
  carried: boolean;
};

/** The desk's words for the message that made a link: an e-mail, or its WhatsApp twin. */
function mailLabel(message: Message | undefined): string {
  const label = emailLabel(message);
  return message?.channel === "whatsapp" ? label.replace(/e-mail$/, "WhatsApp message") : label;
}

function emailLabel(message: Message | undefined): string {
  const version = typeof message?.payload.version === "number" ? message.payload.version : null;
  switch (message?.kind) {
    case "proof":
      return `proof v${version} e-mail`;
    case "proof-reminder":
      return `proof v${version} reminder`;
    case "quotation":
      return `quotation v${version} e-mail`;
    case "quotation-accepted":
      return "acceptance e-mail";
    case "quotation-reminder":
      return "quotation reminder";
    case "order-stage":
      return "order update e-mail";
    case "invoice":
      return typeof message.payload.number === "string" ? `invoice ${message.payload.number} e-mail` : "invoice e-mail";
    default:
      return "e-mail";
  }
}

/** The file beside the database holding the key that seals buyers' links. */
export const linkKeyFile = (store: QuoteStore) => join(dirname(store.file), "link.key");

export type ProofMail = {
  id: number;
  quoteId: number;
  kind: "proof" | "reminder" | "staff";
  /** The version a buyer's mail brings a link to (null for the staff's). */
  version: number | null;
  /** Who it goes to, as recorded (the buyer's address, or the staff's list). */
  to: string;
  subject: string;
  /** The text, with LINK_SLOT where a buyer's link goes. */
  body: string;
  attempts: number;
};

/** One recipient, never a string a mailer could read as a list (messaging's e-mail type). */
export type { MailAddress };

/** A mail as it goes out: a buyer's with the link minted for this attempt. */
export type OutgoingProofMail = { messageId: string; to: MailAddress[]; subject: string; body: string };

/** The messaging module's kind of each proof mail. */
const mailKinds = { proof: "proof", reminder: "proof-reminder", staff: "proof-staff" } as const satisfies Record<
  ProofMail["kind"],
  OutboundKind
>;
const proofMailKind = (kind: OutboundKind): ProofMail["kind"] =>
  kind === "proof" ? "proof" : kind === "proof-reminder" ? "reminder" : "staff";
/** The kinds whose mail brings the buyer a link. */
const buyerKinds: OutboundKind[] = ["proof", "proof-reminder"];

type ProofRow = {
  id: number;
  quote_id: number;
  version: number;
  media_type: ProofType;
  byte_size: number;
  sha256: string;
  stored_name: string;
  message: string;
  created_by: string;
  created_at: string;
  answer: StoredProof["answer"];
  answer_name: string | null;
  answer_role: string | null;
  answer_text: string | null;
  answered_at: string | null;
  answer_sha256: string | null;
  reminded_at: string | null;
  links_ended_at: number | null;
};

/** A proof e-mail as the desk and the tests see it (a message of the messaging module). */
export type ProofMailState = ProofMail & { status: "pending" | "sent" | "cancelled" };

/** Texts of the e-mails about a proof, made by the caller (a buyer's with LINK_SLOT where the link goes). */
export type ProofMailText = { subject: string; body: string };

export type AnswerInput = { kind: "approved"; name: string; role: string } | { kind: "changes"; text: string };

export type AnswerResult =
  { ok: true; proof: StoredProof } | { ok: false; reason: "not_latest" | "answered" | "file_changed" };

/**
 * Proofs of a request's artwork: versions with their checked files (in the store's attachments folder
 * under generated names), the buyer's answers, the private links, and the e-mails about them.
 */
export class ProofDesk {
  private readonly sql;
  private key: Buffer | undefined;
  /** Drizzle's query builder over the store's connection. */
  private readonly orm;

  constructor(
    readonly store: QuoteStore,
    /** Where answers and reminders are told to the staff (QUOTE_NOTIFY_TO), or null when e-mail is off. */
    private readonly staffTo: readonly string[] | null = null,
    private readonly messaging = new Messaging(store),
  ) {
    const db = store.db;
    this.orm = drizzle({ client: db });
    this.sql = {
      proofs: db.prepare("SELECT * FROM proofs WHERE quote_id = ? ORDER BY version"),
      allProofs: db.prepare("SELECT * FROM proofs ORDER BY quote_id, version"),
      latest: db.prepare("SELECT * FROM proofs WHERE quote_id = ? ORDER BY version DESC LIMIT 1"),
      nextVersion: db.prepare("SELECT coalesce(max(version), 0) + 1 FROM proofs WHERE quote_id = ?").pluck(),
      insertProof: db.prepare(
        `INSERT INTO proofs (quote_id, version, media_type, byte_size, sha256, stored_name, message, created_by, created_at)
         VALUES (@quoteId, @version, @mediaType, @byteSize, @sha256, @storedName, @message, @createdBy, @createdAt)`,
      ),
      // 1 for a link later mails carry, 0 for one of before.
      linkLive: db
        .prepare(
          "SELECT token_sealed IS NOT NULL FROM proof_links WHERE rowid = ? AND quote_id = ? AND ended_at IS NULL",
        )
        .pluck(),
      endLink: db.prepare("UPDATE proof_links SET ended_at = ? WHERE rowid = ? AND quote_id = ? AND ended_at IS NULL"),
      endAllLinks: db.prepare("UPDATE proof_links SET ended_at = ? WHERE quote_id = ? AND ended_at IS NULL"),
      deleteLink: db.prepare("DELETE FROM proof_links WHERE token_hash = ?"),
      // @version null: every version of the request.
      stopVersions: db.prepare(
        `UPDATE proofs SET links_ended_at = coalesce(links_ended_at, @at)
         WHERE quote_id = @quoteId AND (@version IS NULL OR version = @version)`,
      ),
      // The links minted for mails being sent right now (their message ids, a JSON array) go with those mails.
      endLinksOfMessages: db.prepare(
        `UPDATE proof_links SET ended_at = ? WHERE ended_at IS NULL
           AND message_id IN (SELECT value FROM json_each(?))`,
      ),
      // A link minted for an attempt that failed or was cut short: the next attempt mints another.
      deleteLinksOfMessage: db.prepare("DELETE FROM proof_links WHERE message_id = ?"),
      proofVersion: db.prepare("SELECT * FROM proofs WHERE quote_id = ? AND version = ?"),
      answer: db.prepare(
        `UPDATE proofs SET answer = @answer, answer_name = @name, answer_role = @role, answer_text = @text,
           answered_at = @at, answer_sha256 = @sha256 WHERE id = @id AND answer IS NULL`,
      ),
      unanswered: db.prepare(
        `SELECT p.* FROM proofs p
         WHERE p.answer IS NULL AND p.reminded_at IS NULL AND p.links_ended_at IS NULL
           AND p.version = (SELECT max(version) FROM proofs WHERE quote_id = p.quote_id)`,
      ),
      reminded: db.prepare("UPDATE proofs SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL"),
    };
  }

  private fromRow(row: ProofRow): StoredProof {
    return {
      id: row.id,
      quoteId: row.quote_id,
      version: row.version,
      mediaType: row.media_type,
      byteSize: row.byte_size,
      sha256: row.sha256,
      storedName: row.stored_name,
      message: row.message,
      createdBy: row.created_by,
      createdAt: row.created_at,
      answer: row.answer,
      answerName: row.answer_name,
      answerRole: row.answer_role,
      answerText: row.answer_text,
      answeredAt: row.answered_at,
      answerSha256: row.answer_sha256,
      remindedAt: row.reminded_at,
      linksEndedAt: row.links_ended_at,
      path: this.store.files.path("attachments", row.stored_name),
    };
  }

  /** Every version of a request's proof, oldest first. */
  proofs(quoteId: number): StoredProof[] {
    return (this.sql.proofs.all(quoteId) as ProofRow[]).map((row) => this.fromRow(row));
  }

  /** Every request's versions, by request and then oldest first (the exports read them in one query). */
  allProofs(): StoredProof[] {
    return (this.sql.allProofs.all() as ProofRow[]).map((row) => this.fromRow(row));
  }

  latest(quoteId: number): StoredProof | undefined {
    const row = this.sql.latest.get(quoteId) as ProofRow | undefined;
    return row && this.fromRow(row);
  }

  /** Writes a checked file under a generated name (the files module), on disk before the proof naming it is committed. */
  private writeFile(data: Uint8Array, mediaType: ProofType) {
    const written = this.store.files.writeSync("attachments", data, {
      extension: proofExtension[mediaType],
      prefix: "proof-",
    });
    return { storedName: written.name, byteSize: written.byteSize, sha256: written.sha256 };
  }

  /**
   * Stores a new version with its file, hands the move to the buyer (Waiting on buyer) unless the
   * request is Won or Lost, writes the history, and queues the buyer's e-mail (made by `mail` with the
   * version), all in one transaction. The e-mail's link is minted when it is sent (`compose`), so no secret waits in the store.
   */
  send(
    quote: StoredQuote,
    file: { data: Uint8Array; mediaType: ProofType },
    message: string,
    actor: Actor,
    mail: ((version: number) => ProofMailText) | null,
    now = new Date(),
  ): { version: number } {
    const written = this.writeFile(file.data, file.mediaType);
    try {
      const version = this.store.db
        .transaction(() => {
          const at = now.toISOString();
          const next = this.sql.nextVersion.get(quote.id) as number;
          this.sql.insertProof.run({
            quoteId: quote.id,
            version: next,
            mediaType: file.mediaType,
            ...written,
            message,
            createdBy: actorLabel(actor),
            createdAt: at,
          });
          this.store.audit.record({
            subject: { type: "request", id: quote.id },
            actor,
            at: now,
            type: "proof.sent",
            payload: { version: next, message },
          });
          this.store.changeStatus(quote.id, { type: "proof sent" }, this.statusFacts(quote.id), actor, now);
          if (mail) this.queue(quote.id, "proof", next, quote.email, mail(next), now);
          return next;
        })
        .immediate();
      return { version };
    } catch (error) {
      this.store.removeFiles([written]);
      throw error;
    }
  }

  private linkKey() {
    return (this.key ??= readOrCreateKey(linkKeyFile(this.store)));
  }

  /**
   * The request's one link for a mail going out now: its live link when there is one (valid another 60
   * days from this mail, as every mail says), else a new one made by this mail. Its token is sealed
   * with the link key, so the next mail carries the same link; only its hash is looked up.
   */
  private carryLink(
    quoteId: number,
    made: { messageId: number | null; version: number | null; by: string },
    now: Date,
  ): string {
    return this.store.db
      .transaction(() => {
        const live = this.orm
          .select({ tokenHash: proofLinks.tokenHash, sealed: proofLinks.tokenSealed, messageId: proofLinks.messageId })
          .from(proofLinks)
          .where(
            and(
              eq(proofLinks.quoteId, quoteId),
              isNull(proofLinks.endedAt),
              isNotNull(proofLinks.tokenSealed),
              gt(proofLinks.expiresAt, now.getTime()),
            ),
          )
          .orderBy(desc(sql`${proofLinks}.rowid`))
          .get();
        const token = live?.sealed ? unseal(live.sealed, this.linkKey()) : null;
        if (live && token && secretHash(token) === live.tokenHash) {
          this.orm
            .update(proofLinks)
            .set({
              expiresAt: now.getTime() + PROOF_LINK_MS,
              // Carried by another mail: no longer one attempt's to remove if that attempt fails.
              ...(live.messageId !== made.messageId ? { messageId: null } : {}),
            })
            .where(eq(proofLinks.tokenHash, live.tokenHash))
            .run();
          return token;
        }
        // A live link this key cannot open (the key file was replaced) is ended: the buyer gets the new one.
        if (live)
          this.orm
            .update(proofLinks)
            .set({ endedAt: now.getTime() })
            .where(eq(proofLinks.tokenHash, live.tokenHash))
            .run();
        const fresh = newSecret();
        this.orm
          .insert(proofLinks)
          .values({
            tokenHash: secretHash(fresh),
            quoteId,
            version: made.version,
            createdAt: now.getTime(),
            expiresAt: now.getTime() + PROOF_LINK_MS,
            messageId: made.messageId,
            tokenSealed: seal(fresh, this.linkKey()),
            mintedBy: made.by,
          })
          .run();
        return fresh;
      })
      .immediate();
  }

  private queue(
    quoteId: number,
    kind: ProofMail["kind"],
    version: number | null,
    to: string,
    text: ProofMailText,
    now: Date,
  ) {
    this.messaging.queue({
      quoteId,
      kind: mailKinds[kind],
      recipient: to,
      subject: text.subject,
      payload: { version, body: text.body },
      now,
    });
  }

  /**
   * The request a token opens, or undefined: unknown, ended and expired links are all the same nothing.
   * When it was opened is kept to the minute (for the desk), so a page's files do not each write.
   */
  open(token: string, now = Date.now()): StoredQuote | undefined {
    if (!isSecretShape(token)) return undefined;
    const tokenHash = secretHash(token);
    const link = this.orm
      .select({ quoteId: proofLinks.quoteId, lastOpenedAt: proofLinks.lastOpenedAt })
      .from(proofLinks)
      .where(and(eq(proofLinks.tokenHash, tokenHash), isNull(proofLinks.endedAt), gt(proofLinks.expiresAt, now)))
      .get();
    if (!link) return undefined;
    const minute = now - (now % 60_000);
    if (link.lastOpenedAt === null || link.lastOpenedAt < minute)
      this.orm.update(proofLinks).set({ lastOpenedAt: minute }).where(eq(proofLinks.tokenHash, tokenHash)).run();
    return this.store.get(link.quoteId);
  }

  /**
   * Why a link that opens nothing does not: "ended" by staff or "expired", or null for a token never
   * issued. Only the holder of a real token learns this, so it tells a buyer to ask for a new link.
   */
  closedLink(token: string, now = Date.now()): "ended" | "expired" | null {
    if (!isSecretShape(token)) return null;
    const link = this.orm
      .select({ endedAt: proofLinks.endedAt, expiresAt: proofLinks.expiresAt })
      .from(proofLinks)
      .where(eq(proofLinks.tokenHash, secretHash(token)))
      .get();
    if (!link) return null;
    return link.endedAt !== null ? "ended" : link.expiresAt <= now ? "expired" : null;
  }

  /**
   * Until when (ms since the epoch) a client address may not look up tokens, or null: it failed
   * `tokenGuessLimit.max` times within the window, and waits until the oldest of those leaves it.
   */
  lookupsHeldUntil(clientIp: string, now = Date.now()): number | null {
    const { count: failures, oldest } = this.orm
      .select({ count: count(), oldest: min(proofLinkFailures.at) })
      .from(proofLinkFailures)
      .where(and(eq(proofLinkFailures.clientIp, clientIp), gt(proofLinkFailures.at, now - tokenGuessLimit.windowMs)))
      .get()!;
    return failures >= tokenGuessLimit.max && oldest !== null ? oldest + tokenGuessLimit.windowMs : null;
  }

  /**
   * Counts a look-up that opened nothing for a client (its addressKey), unless the client is held
   * already: then nothing is counted and the end of the hold is returned. Failures older than the
   * window are forgotten. One transaction, so parallel guesses are counted one by one.
   */
  failedLookup(clientKey: string, now = Date.now()): number | null {
    return this.store.db
      .transaction(() => {
        this.orm
          .delete(proofLinkFailures)
          .where(lte(proofLinkFailures.at, now - tokenGuessLimit.windowMs))
          .run();
        const heldUntil = this.lookupsHeldUntil(clientKey, now);
        if (heldUntil === null) this.orm.insert(proofLinkFailures).values({ clientIp: clientKey, at: now }).run();
        return heldUntil;
      })
      .immediate();
  }

  links(quoteId: number): ProofLink[] {
    // A link's id on the desk is its rowid (the table's key is the token's hash).
    return this.orm
      .select({
        id: sql<number>`${proofLinks}.rowid`,
        version: proofLinks.version,
        mintedBy: proofLinks.mintedBy,
        createdAt: proofLinks.createdAt,
        expiresAt: proofLinks.expiresAt,
        endedAt: proofLinks.endedAt,
        lastOpenedAt: proofLinks.lastOpenedAt,
        carried: sql<number>`${proofLinks.tokenSealed} IS NOT NULL`,
      })
      .from(proofLinks)
      .where(eq(proofLinks.quoteId, quoteId))
      .orderBy(sql`${proofLinks}.rowid`)
      .all()
      .map((link) => ({ ...link, carried: Boolean(link.carried) }));
  }

  /**
   * Ends one of a request's links (its id on the desk): the buyer's page no longer opens with it. Ending
   * the request's one link also stops what would bring it back unasked: the proofs' reminders and their
   * e-mails still waiting are cancelled. The next mail staff send (a new proof version, a quotation)
   * makes a new link, which is then the request's one link. A link of before ends alone. False if it
   * is not that request's link or already ended.
   */
  endLink(quoteId: number, linkId: number, actor: Actor, now = new Date()): boolean {
    return this.store.db
      .transaction(() => {
        const carried = this.sql.linkLive.get(linkId, quoteId) as number | undefined;
        if (carried === undefined) return false;
        this.sql.endLink.run(now.getTime(), linkId, quoteId);
        const cancelled = carried ? this.stopLinks(quoteId, null, now) : 0;
        this.store.audit.record({
          subject: { type: "request", id: quoteId },
          actor,
          at: now,
          type: "proof.link_ended",
          payload: { linkId, cancelledMails: cancelled },
        });
        return true;
      })
      .immediate();
  }

  /**
   * Ends every link of a request, for every version: each answers 404, no reminder is queued, and the
   * e-mails with a link still waiting to go are cancelled. A version sent afterwards has links again.
   */
  endAllLinks(quoteId: number, actor: Actor, now = new Date()): { links: number; cancelledMails: number } {
    return this.store.db
      .transaction(() => {
        const cancelledMails = this.stopLinks(quoteId, null, now);
        const links = this.sql.endAllLinks.run(now.getTime(), quoteId).changes;
        this.store.audit.record({
          subject: { type: "request", id: quoteId },
          actor,
          at: now,
          type: "proof.links_ended",
          payload: { links, cancelledMails },
        });
        return { links, cancelledMails };
      })
      .immediate();
  }

  /** No more links for a version (null: all): its reminder stopped, its waiting mails cancelled (how many). */
  private stopLinks(quoteId: number, version: number | null, now: Date): number {
    this.sql.stopVersions.run({ quoteId, version, at: now.getTime() });
    const waiting = this.messaging.waiting(quoteId, buyerKinds, version);
    this.sql.endLinksOfMessages.run(now.getTime(), JSON.stringify(waiting));
    return waiting.filter((id) => this.messaging.cancel(id)).length;
  }

  /**
   * Records the buyer's answer to a version: only the latest, only once. An approval carries the
   * SHA-256 of the file as it is on disk now, the bytes the download gives, which must still be the
   * hash recorded when the proof was sent. The staff are told by e-mail.
   */
  async answer(
    quote: StoredQuote,
    version: number,
    input: AnswerInput,
    staffMail: ((proof: StoredProof) => ProofMailText) | null,
    now = new Date(),
  ): Promise<AnswerResult> {
    const latest = this.latest(quote.id);
    if (!latest || latest.version !== version) return { ok: false, reason: "not_latest" };
    if (latest.answer) return { ok: false, reason: "answered" };
    const sha256 = createHash("sha256")
      .update(await readFile(latest.path))
      .digest("hex");
    if (sha256 !== latest.sha256) return { ok: false, reason: "file_changed" };
    return this.store.db
      .transaction((): AnswerResult => {
        const current = this.latest(quote.id);
        if (!current || current.version !== version) return { ok: false, reason: "not_latest" };
        const at = now.toISOString();
        const changed = this.sql.answer.run({
          id: current.id,
          answer: input.kind,
          name: input.kind === "approved" ? input.name : null,
          role: input.kind === "approved" ? input.role : null,
          text: input.kind === "changes" ? input.text : null,
          at,
          sha256,
        }).changes;
        if (changed !== 1) return { ok: false, reason: "answered" };
        const proof = this.latest(quote.id)!;
        this.store.audit.record({
          subject: { type: "request", id: quote.id },
          actor: "buyer",
          at: now,
          ...(input.kind === "approved"
            ? {
                type: "proof.approved" as const,
                payload: { version: proof.version, name: input.name, role: input.role, sha256 },
              }
            : { type: "proof.changes_requested" as const, payload: { version: proof.version, text: input.text } }),
        });
        // An approval sets the order's promised date (its lead time counts from the later of the two).
        if (input.kind === "approved") new Orders(this.store).refreshPromisedDate(quote.id);
        // Changes asked for hand the move back to the office.
        if (input.kind === "changes")
          this.store.changeStatus(quote.id, { type: "changes requested" }, {}, "buyer", now);
        if (staffMail && this.staffTo)
          this.queue(quote.id, "staff", null, this.staffTo.join(", "), staffMail(proof), now);
        return { ok: true, proof };
      })
      .immediate();
  }

  /** What the status rules need to know of a request's proofs. */
  statusFacts(quoteId: number): StatusFacts {
    const answer = this.latest(quoteId)?.answer;
    if (answer === undefined) return {};
    return { latestProof: answer === "approved" ? "approved" : answer === "changes" ? "changes requested" : "waiting" };
  }

  /**
   * A staff member's choice of status through the status rules, with the facts of the request's proofs
   * read in the same transaction (Won only once the buyer approved the latest proof).
   */
  chooseStatus(quoteId: number, status: QuoteStatus, reason: string, actor: Actor, now = new Date()): StatusMove {
    return this.store.db
      .transaction(() => this.store.setStatus(quoteId, status, reason, actor, now, this.statusFacts(quoteId)))
      .immediate();
  }

  /** "Mark Won": marks a request Won when its latest proof is approved; false otherwise. */
  markWon(quote: StoredQuote, actor: Actor, now = new Date()): boolean {
    if (this.latest(quote.id)?.answer !== "approved") return false;
    return this.chooseStatus(quote.id, "won", "", actor, now).ok;
  }

  /**
   * Queues the one reminder each latest, unanswered proof is due (two business days after it was
   * sent), unless its links were ended, and a note to the staff. The reminder carries the request's
   * link when it is sent.
   */
  queueReminders(
    texts: {
      buyer: (quote: StoredQuote, proof: StoredProof) => ProofMailText;
      staff: (quote: StoredQuote, proof: StoredProof) => ProofMailText;
    },
    now = new Date(),
  ): number {
    const due = (this.sql.unanswered.all() as ProofRow[])
      .map((row) => this.fromRow(row))
      .filter((proof) => reminderDue(proof, now.getTime()));
    let queued = 0;
    for (const proof of due) {
      this.store.db
        .transaction(() => {
          const quote = this.store.get(proof.quoteId);
          if (!quote || this.sql.reminded.run(now.toISOString(), proof.id).changes !== 1) return;
          this.queue(quote.id, "reminder", proof.version, quote.email, texts.buyer(quote, proof), now);
          if (this.staffTo)
            this.queue(quote.id, "staff", null, this.staffTo.join(", "), texts.staff(quote, proof), now);
          this.store.audit.record({
            subject: { type: "request", id: quote.id },
            actor: "website",
            at: now,
            type: "proof.reminder_queued",
            payload: { version: proof.version, to: quote.email },
          });
          queued++;
        })
        .immediate();
    }
    return queued;
  }

  /**
   * A claimed proof mail as it goes out now, or null when it is not to be sent (it is then cancelled).
   * A buyer's mail carries the request's link (made now if it has none, with the message it went with,
   * so that a failed or interrupted first attempt's link is removed); if its version's links were
   * ended since it was queued, it is cancelled instead.
   */
  compose(message: Message, now = new Date()): OutgoingProofMail | null {
    return this.store.db
      .transaction((): OutgoingProofMail | null => {
        const current = this.messaging.get(message.id);
        if (!current || current.status !== "queued") return null;
        const quote = this.store.get(current.quoteId);
        if (!quote) return null;
        const stored = typeof current.payload.body === "string" ? current.payload.body : "";
        const text = { messageId: current.messageId, subject: current.subject, body: stored };
        if (current.kind === "proof-staff") {
          if (!this.staffTo?.length) return this.notSent(current, "no staff address is set", now);
          return { ...text, to: this.staffTo.map((address) => ({ address })) };
        }
        const proof = this.liveProofOf(current, now);
        if (!proof) return null;
        const to = [{ name: quote.name, address: current.recipient }];
        // A mail queued before links were minted at sending lost its text (it held a token): written again.
        const body =
          stored ||
          (current.kind === "proof"
            ? proofEmail(quote, proof.version, proof.message).body
            : reminderEmail(quote, this.fromRow(proof)).body);
        if (!hasLinkSlot(body)) return { ...text, to, body };
        const token = this.carryLink(
          current.quoteId,
          { messageId: current.id, version: proof.version, by: mailLabel(current) },
          now,
        );
        return { ...text, to, body: withLink(body, token) };
      })
      .immediate();
  }

  /**
   * The link a claimed proof message of another channel (WhatsApp) carries, minted now with it; null when
   * it is not to be sent: its proof is gone or its version's links were ended (it is then cancelled).
   */
  linkForProofMessage(message: Message, now = new Date()): string | null {
    return this.store.db
      .transaction((): string | null => {
        const current = this.messaging.get(message.id);
        if (!current || current.status !== "queued" || !this.store.get(current.quoteId)) return null;
        const proof = this.liveProofOf(current, now);
        if (!proof) return null;
        return this.carryLink(
          current.quoteId,
          { messageId: current.id, version: proof.version, by: mailLabel(current) },
          now,
        );
      })
      .immediate();
  }

  /** A queued buyer's proof message's version, or undefined when it is not to be sent (then it is cancelled). */
  private liveProofOf(current: Message, now: Date): ProofRow | undefined {
    const version = typeof current.payload.version === "number" ? current.payload.version : null;
    const proof =
      version === null ? undefined : (this.sql.proofVersion.get(current.quoteId, version) as ProofRow | undefined);
    if (!proof) return this.notSent(current, "its proof is gone", now) ?? undefined;
    if (proof.links_ended_at !== null) {
      return this.notSent(current, `the links of v${proof.version} were ended`, now) ?? undefined;
    }
    return proof;
  }

  /** Cancels a queued proof message and says why in its request's history. */
  private notSent(current: Message, why: string, now: Date): null {
    this.messaging.cancel(current.id);
    this.store.audit.record({
      subject: { type: "request", id: current.quoteId },
      actor: "website",
      at: now,
      type: "proof.mail_not_sent",
      payload: { subject: current.subject, to: current.recipient, why },
    });
    return null;
  }

  /**
   * The request's link for a mail being sent now that is not a proof's (a quotation's, an invoice's):
   * its live link, or one made by this mail (removed by `attemptFailed` if this first attempt fails
   * before another mail carried it). Returns the token.
   */
  linkForMessage(quoteId: number, messageId: number, now = new Date()): string {
    const by = mailLabel(this.messaging.get(messageId));
    return this.carryLink(quoteId, { messageId, version: null, by }, now);
  }

  /** The request's link for a message staff send themselves (WhatsApp from the order page). */
  linkForStaffMessage(quoteId: number, now = new Date()): string {
    return this.carryLink(quoteId, { messageId: null, version: null, by: "WhatsApp message from the desk" }, now);
  }

  /**
   * An attempt to send a mail failed: a link it made that no other mail has carried is removed (the
   * next attempt makes another or carries a newer one).
   */
  attemptFailed(messageId: number) {
    this.sql.deleteLinksOfMessage.run(messageId);
  }

  /** The e-mails queued for a request (tests and the desk). */
  mails(quoteId: number): ProofMailState[] {
    return this.messaging
      .messages(quoteId)
      .filter(
        (message) => message.channel === "email" && message.kind in { proof: 1, "proof-reminder": 1, "proof-staff": 1 },
      )
      .map((message) => ({
        id: message.id,
        quoteId: message.quoteId,
        kind: proofMailKind(message.kind as OutboundKind),
        version: typeof message.payload.version === "number" ? message.payload.version : null,
        to: message.recipient,
        subject: message.subject,
        body: typeof message.payload.body === "string" ? message.payload.body : "",
        attempts: message.attempts,
        status: message.status === "queued" ? "pending" : message.status === "sent" ? "sent" : "cancelled",
      }));
  }
}
