import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Actor } from "~/lib/audit/events";
import type { QuoteStore } from "~/lib/quotes/store.server";
import type { SenderCheck } from "./authentication-results";
import { type DeliveryDeps, MAX_QUOTED_CHARS, MAX_TEXT_CHARS, putOnThread } from "./deliver.server";
import type { InboundAttachment, InboundMail, MailAddress } from "./inbound-mail";
import { fromSource, type StoreOutcome, type UnreadableMail } from "./reader.server";
import type { senderChecks, unmatchedMailKinds } from "./schema";

/** One mail of Unmatched mail, as the desk lists it. */
export type UnmatchedMail = {
  id: number;
  kind: (typeof unmatchedMailKinds)[number];
  messageId: string | null;
  inReplyTo: string | null;
  from: MailAddress;
  to: string;
  subject: string;
  size: number;
  /** UTC ISO. */
  receivedAt: string;
  sentAt: string | null;
  senderCheck: (typeof senderChecks)[number];
  text: string;
  quoted: string;
  attachments: { filename: string; contentType: string; declaredType: string; size: number }[];
  attachmentsLeftOut: number;
  tooLarge: boolean;
  /** Whether its bytes wait in quarantine, so its files can be checked and kept when it is attached. */
  quarantined: boolean;
  problem: string | null;
};

type Row = {
  id: number;
  kind: UnmatchedMail["kind"];
  message_id: string | null;
  in_reply_to: string | null;
  from_name: string;
  from_address: string;
  to_addresses: string;
  subject: string;
  size: number;
  received_at: string;
  sent_at: string | null;
  sender_check: UnmatchedMail["senderCheck"];
  text: string;
  quoted: string;
  attachments: string;
  attachments_left_out: number;
  too_large: number;
  quarantine_name: string | null;
  quarantine_bytes: number;
  problem: string | null;
};

const fromRow = (row: Row): UnmatchedMail => ({
  id: row.id,
  kind: row.kind,
  messageId: row.message_id,
  inReplyTo: row.in_reply_to,
  from: { name: row.from_name, address: row.from_address },
  to: row.to_addresses,
  subject: row.subject,
  size: row.size,
  receivedAt: row.received_at,
  sentAt: row.sent_at,
  senderCheck: row.sender_check,
  text: row.text,
  quoted: row.quoted,
  attachments: JSON.parse(row.attachments) as UnmatchedMail["attachments"],
  attachmentsLeftOut: row.attachments_left_out,
  tooLarge: row.too_large === 1,
  quarantined: row.quarantine_name !== null,
  problem: row.problem,
});

/** Bytes of unmatched mail kept in quarantine at most, all mails together; beyond, a mail's files are not kept. */
export const MAX_QUARANTINE_BYTES = 200 * 1024 * 1024;

export type AttachOutcome =
  { ok: true; reference: string } | { ok: false; refused: "gone" | "no-request" | "unreadable" };

/**
 * Unmatched mail: what the mailbox read that joins no request by itself, and what it could not read.
 * A mail with files has its bytes kept in a quarantine folder (never served, bounded in total) so its
 * files are checked and kept only if staff attach it to a request. The only writer of `unmatched_mails`.
 */
export class UnmatchedMailbox {
  private readonly sql;

  /** Beside the attachments, never served: bytes of unmatched mail wait here until attached or discarded. */
  readonly quarantineDir: string;

  constructor(
    readonly store: QuoteStore,
    private readonly maxQuarantineBytes = MAX_QUARANTINE_BYTES,
  ) {
    this.quarantineDir = store.files.folder("mail-quarantine");
    const db = store.db;
    this.sql = {
      insert: db.prepare(
        `INSERT INTO unmatched_mails (kind, message_id, in_reply_to, from_name, from_address, to_addresses, subject,
           size, received_at, sent_at, sender_check, text, quoted, attachments, attachments_left_out, too_large,
           quarantine_name, quarantine_bytes, problem, created_at)
         VALUES (@kind, @messageId, @inReplyTo, @fromName, @fromAddress, @to, @subject, @size, @receivedAt, @sentAt,
           @senderCheck, @text, @quoted, @attachments, @attachmentsLeftOut, @tooLarge, @quarantineName,
           @quarantineBytes, @problem, @createdAt)
         ON CONFLICT DO NOTHING`,
      ),
      list: db.prepare("SELECT * FROM unmatched_mails ORDER BY received_at DESC, id DESC LIMIT ?"),
      count: db.prepare("SELECT count(*) FROM unmatched_mails").pluck(),
      byId: db.prepare("SELECT * FROM unmatched_mails WHERE id = ?"),
      remove: db.prepare("DELETE FROM unmatched_mails WHERE id = ?"),
      quarantined: db.prepare("SELECT coalesce(sum(quarantine_bytes), 0) FROM unmatched_mails").pluck(),
      byMessageId: db.prepare("SELECT id FROM unmatched_mails WHERE message_id = ?").pluck(),
    };
  }

  /**
   * Keeps a mail that joins no request: its text and what it says of itself, and, when it carried files
   * and the quarantine has room, its bytes. "duplicate" when the same Message-ID is here already.
   */
  async record(mail: InboundMail, senderCheck: SenderCheck, now = new Date()): Promise<StoreOutcome> {
    if (this.sql.byMessageId.get(mail.messageId) !== undefined) return "duplicate";
    const keep =
      mail.source !== null &&
      mail.attachments.length > 0 &&
      (this.sql.quarantined.get() as number) + mail.source.length <= this.maxQuarantineBytes;
    const quarantineName =
      keep && mail.source
        ? (await this.store.files.write("mail-quarantine", mail.source, { extension: "eml" })).name
        : null;
    const inserted =
      this.sql.insert.run({
        kind: "unmatched",
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo,
        fromName: mail.from.name,
        fromAddress: mail.from.address,
        to: mail.to
          .map((address) => address.address)
          .join(", ")
          .slice(0, 1000),
        subject: mail.subject,
        size: mail.size,
        receivedAt: mail.date,
        sentAt: mail.sentAt,
        senderCheck,
        text: mail.text.slice(0, MAX_TEXT_CHARS),
        quoted: mail.fullText !== mail.text ? mail.fullText.slice(0, MAX_QUOTED_CHARS) : "",
        attachments: JSON.stringify(
          mail.attachments.map(({ filename, contentType, declaredType, size }) => ({
            filename,
            contentType,
            declaredType,
            size,
          })),
        ),
        attachmentsLeftOut: mail.attachmentsLeftOut,
        tooLarge: mail.tooLarge ? 1 : 0,
        quarantineName,
        quarantineBytes: keep && mail.source ? mail.source.length : 0,
        problem: null,
        createdAt: now.toISOString(),
      }).changes === 1;
    if (!inserted && quarantineName) this.store.files.remove("mail-quarantine", [quarantineName]);
    return inserted ? "unmatched" : "duplicate";
  }

  /** Notes a mail the reader could not read: listed as "could not be read", with its size and sender. */
  recordUnreadable(mail: UnreadableMail, now = new Date()) {
    this.sql.insert.run({
      kind: "unreadable",
      messageId: mail.messageId,
      inReplyTo: null,
      fromName: mail.from.name,
      fromAddress: mail.from.address,
      to: "",
      subject: mail.subject,
      size: mail.size,
      receivedAt: mail.date,
      sentAt: null,
      senderCheck: "off",
      text: "",
      quoted: "",
      attachments: "[]",
      attachmentsLeftOut: 0,
      tooLarge: 0,
      quarantineName: null,
      quarantineBytes: 0,
      problem: mail.problem,
      createdAt: now.toISOString(),
    });
  }

  /** The newest first, at most `limit`. */
  list(limit = 200): UnmatchedMail[] {
    return (this.sql.list.all(limit) as Row[]).map(fromRow);
  }

  count(): number {
    return this.sql.count.get() as number;
  }

  get(id: number): UnmatchedMail | undefined {
    const row = this.sql.byId.get(id) as Row | undefined;
    return row && fromRow(row);
  }

  /** Throws a mail away, with a line in the audit trail; false when it was gone already. */
  async discard(id: number, actor: Actor, now = new Date()): Promise<boolean> {
    const row = this.sql.byId.get(id) as Row | undefined;
    if (!row) return false;
    const removed = this.store.db
      .transaction(() => {
        if (this.sql.remove.run(id).changes !== 1) return false;
        this.store.audit.record({
          subject: { type: "mail", id },
          actor,
          at: now,
          type: "mail.discarded",
          payload: { from: row.from_address, subject: row.subject.slice(0, 200), size: row.size },
        });
        return true;
      })
      .immediate();
    if (removed && row.quarantine_name) this.store.files.remove("mail-quarantine", [row.quarantine_name]);
    return removed;
  }

  /**
   * Puts a mail on the request `reference` names, as if it had matched: on its thread, its files checked
   * (from the quarantined bytes) and kept, the history told who attached it, and the move handed to the
   * office unless the sender was found forged. Refused for a mail that could not be read.
   */
  async attach(
    id: number,
    reference: string,
    actor: Actor,
    deps: Omit<DeliveryDeps, "store">,
    now = new Date(),
  ): Promise<AttachOutcome> {
    const row = this.sql.byId.get(id) as Row | undefined;
    if (!row) return { ok: false, refused: "gone" };
    if (row.kind === "unreadable" || !row.message_id) return { ok: false, refused: "unreadable" };
    const quote = this.store.byReference(reference);
    if (!quote) return { ok: false, refused: "no-request" };
    const mail = fromRow(row);
    const attachments = row.quarantine_name ? await this.quarantinedFiles(row.quarantine_name, row) : [];
    const outcome = await putOnThread(
      { ...deps, store: this.store },
      quote,
      {
        messageId: row.message_id,
        inReplyTo: row.in_reply_to,
        from: mail.from,
        to: row.to_addresses ? row.to_addresses.split(", ").map((address) => ({ name: "", address })) : [],
        subject: row.subject,
        date: row.received_at,
        sentAt: row.sent_at,
        text: row.text,
        fullText: row.quoted || row.text,
        attachments,
        attachmentsLeftOut: row.attachments_left_out,
        tooLarge: row.too_large === 1,
      },
      row.sender_check,
      { by: actor, now, inTransaction: () => this.sql.remove.run(id).changes === 1 },
    );
    // Stored, or another staff member took it first, or the same mail is on a thread already: either
    // way it has left Unmatched mail, and its bytes go.
    if (row.quarantine_name) this.store.files.remove("mail-quarantine", [row.quarantine_name]);
    return outcome === "stored" ? { ok: true, reference: quote.reference } : { ok: false, refused: "gone" };
  }

  /** The files of a quarantined mail, read again from its bytes; none when they are gone or unreadable now. */
  private async quarantinedFiles(name: string, row: Row): Promise<InboundAttachment[]> {
    try {
      const source = await readFile(join(this.quarantineDir, name));
      return (await fromSource(source, row.size, row.received_at)).attachments;
    } catch {
      return [];
    }
  }
}
