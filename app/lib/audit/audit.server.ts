import type Database from "better-sqlite3";
import {
  type AuditActor,
  type AuditEvent,
  type AuditEventData,
  type AuditEventType,
  actorLabel,
  type HistoryLine,
  historyLine,
  payloadSchemas,
  type RecordedActor,
  type Subject,
  type SubjectType,
} from "./events";
import type { AuditEventRow } from "./schema";

/**
 * The migration that brings the audit trail (the store's 10th): the table, kept append-only by the
 * database, and every line of the old quote_events moved into it as a typed event, then quote_events
 * dropped. A line becomes a type only when that type's words, rebuilt from what was read, are the line
 * word for word; anything else is kept as a "request.earlier_entry" with its kind and text. A staff
 * member ("Name <e-mail>") is matched to their account by e-mail where one exists.
 *
 * actor_staff_id is ON DELETE SET NULL: an account is removed when someone leaves, and neither their
 * removal nor their history may stop the other; the name shown at the time stays in actor_name. That
 * one change (the account's id to NULL, nothing else) is the only update the trigger lets through.
 * A request's events go when the request is deleted (npm run quotes -- delete), as its history did
 * before: the only deletion allowed is of events whose request is gone.
 */
export const auditEventsMigration = `CREATE TABLE audit_events (
     id INTEGER PRIMARY KEY,
     at TEXT NOT NULL,
     subject_type TEXT NOT NULL CHECK (subject_type IN ('request', 'quotation', 'order', 'invoice')),
     subject_id INTEGER NOT NULL,
     type TEXT NOT NULL CHECK (type IN ('request.received', 'request.status_changed', 'request.note_added',
       'request.reply_sent', 'request.notification_emailed', 'request.reply_emailed', 'proof.sent', 'proof.approved',
       'proof.changes_requested', 'proof.link_ended', 'proof.links_ended', 'proof.reminder_queued', 'proof.mail_sent',
       'proof.mail_not_sent', 'request.earlier_entry')),
     actor_type TEXT NOT NULL CHECK (actor_type IN ('staff', 'buyer', 'website')),
     actor_staff_id INTEGER REFERENCES staff (id) ON DELETE SET NULL,
     actor_name TEXT,
     payload TEXT NOT NULL CHECK (json_valid(payload)),
     CHECK ((actor_type = 'staff') = (actor_name IS NOT NULL) AND (actor_type = 'staff' OR actor_staff_id IS NULL))
   );
   CREATE INDEX audit_events_subject ON audit_events (subject_type, subject_id, id);
   CREATE INDEX audit_events_staff ON audit_events (actor_staff_id) WHERE actor_staff_id IS NOT NULL;
   CREATE TRIGGER audit_events_append_only BEFORE UPDATE ON audit_events
     WHEN NOT (OLD.actor_staff_id IS NOT NULL AND NEW.actor_staff_id IS NULL AND NEW.id = OLD.id AND NEW.at IS OLD.at
       AND NEW.subject_type IS OLD.subject_type AND NEW.subject_id IS OLD.subject_id AND NEW.type IS OLD.type
       AND NEW.actor_type IS OLD.actor_type AND NEW.actor_name IS OLD.actor_name AND NEW.payload IS OLD.payload)
     BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
   CREATE TRIGGER audit_events_kept BEFORE DELETE ON audit_events
     WHEN OLD.subject_type <> 'request' OR EXISTS (SELECT 1 FROM quotes WHERE id = OLD.subject_id)
     BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
   CREATE TRIGGER quotes_audit_events_go_with_request AFTER DELETE ON quotes
     BEGIN DELETE FROM audit_events WHERE subject_type = 'request' AND subject_id = OLD.id; END;
   WITH
     labels (status, label) AS (VALUES ('new', 'New'), ('replied', 'Replied'), ('quoted', 'Quoted'), ('won', 'Won'),
       ('lost', 'Lost')),
     statuses AS (
       SELECT e.id, l.status, e.body,
         CASE WHEN e.body = 'Status: ' || l.label THEN ''
           ELSE substr(e.body, length('Status: ' || l.label) + 3, length(e.body) - length('Status: ' || l.label) - 3)
         END AS reason, l.label
       FROM quote_events e JOIN labels l ON substr(e.body, 1, length('Status: ' || l.label)) = 'Status: ' || l.label
       WHERE e.kind = 'status'),
     links AS (
       SELECT id, body, CAST(substr(body, 12) AS INTEGER) AS link_id,
         substr(body, length('Proof link ' || CAST(substr(body, 12) AS INTEGER) || ' ended') + 1) AS rest
       FROM quote_events WHERE kind = 'note' AND substr(body, 1, 11) = 'Proof link '),
     all_links AS (
       SELECT id, body, CAST(substr(body, 24) AS INTEGER) AS links,
         substr(body, instr(body, ' reminders stopped') + 18) AS rest
       FROM quote_events WHERE kind = 'note' AND substr(body, 1, 23) = 'All proof links ended ('),
     not_sent AS (
       SELECT id, body, substr(body, 1, instr(body, ': not sent to ') - 1) AS subject,
         substr(body, instr(body, ': not sent to ') + 14) AS rest
       FROM quote_events WHERE kind = 'email' AND instr(body, ': not sent to ') > 0),
     not_sent_split AS (
       SELECT id, body, subject, rest, rtrim(rest, replace(rest, ',', '')) AS head FROM not_sent),
     candidates (id, type, payload, text) AS (
       SELECT id, 'request.received', '{}', 'Request received' FROM quote_events WHERE kind = 'received'
       UNION ALL
       SELECT id, 'request.status_changed', json_object('status', status, 'reason', reason),
         'Status: ' || label || CASE WHEN reason = '' THEN '' ELSE ' (' || reason || ')' END
       FROM statuses
       UNION ALL
       SELECT id, 'proof.link_ended', json_object('linkId', link_id, 'cancelledMails', CAST(substr(rest, 3) AS INTEGER)),
         'Proof link ' || link_id || ' ended' || CASE CAST(substr(rest, 3) AS INTEGER) WHEN 0 THEN ''
           WHEN 1 THEN '; 1 e-mail with a link not sent'
           ELSE '; ' || CAST(substr(rest, 3) AS INTEGER) || ' e-mails with a link not sent' END
       FROM links WHERE link_id > 0
       UNION ALL
       SELECT id, 'proof.links_ended', json_object('links', links, 'cancelledMails', CAST(substr(rest, 3) AS INTEGER)),
         'All proof links ended (' || CASE links WHEN 1 THEN '1 link' ELSE links || ' links' END || '), reminders stopped'
           || CASE CAST(substr(rest, 3) AS INTEGER) WHEN 0 THEN '' WHEN 1 THEN '; 1 e-mail with a link not sent'
             ELSE '; ' || CAST(substr(rest, 3) AS INTEGER) || ' e-mails with a link not sent' END
       FROM all_links
       UNION ALL
       SELECT e.id, 'proof.approved',
         json_object('version', p.version, 'name', coalesce(p.answer_name, ''), 'role', coalesce(p.answer_role, ''),
           'sha256', p.answer_sha256),
         'Approved v' || p.version || ' by ' || CASE
           WHEN coalesce(p.answer_name, '') <> '' AND coalesce(p.answer_role, '') <> '' THEN p.answer_name || ', ' || p.answer_role
           ELSE coalesce(p.answer_name, '') || coalesce(p.answer_role, '') END || ' (SHA-256 ' || p.answer_sha256 || ')'
       FROM quote_events e JOIN proofs p ON p.quote_id = e.quote_id AND p.answered_at = e.at AND p.answer = 'approved'
       WHERE e.kind = 'note' AND e.actor = 'buyer (proof link)'
       UNION ALL
       SELECT e.id, 'proof.changes_requested', json_object('version', p.version, 'text', p.answer_text),
         'Changes requested on v' || p.version || ': ' || p.answer_text
       FROM quote_events e JOIN proofs p ON p.quote_id = e.quote_id AND p.answered_at = e.at AND p.answer = 'changes'
       WHERE e.kind = 'note' AND e.actor = 'buyer (proof link)'
       UNION ALL
       SELECT e.id, 'proof.sent', json_object('version', p.version, 'message', p.message),
         'Proof v' || p.version || ' sent' || CASE WHEN p.message = '' THEN '' ELSE ': ' || p.message END
       FROM quote_events e JOIN proofs p ON p.quote_id = e.quote_id AND p.created_at = e.at
       WHERE e.kind = 'reply'
       UNION ALL
       SELECT id, 'request.notification_emailed', '{}', 'Notification e-mailed to the business'
       FROM quote_events WHERE kind = 'email'
       UNION ALL
       SELECT id, 'request.reply_emailed',
         json_object('staffName', substr(body, 12, instr(body, ' e-mailed to ') - 12),
           'to', substr(body, instr(body, ' e-mailed to ') + 13)),
         'Reply from ' || substr(body, 12, instr(body, ' e-mailed to ') - 12) || ' e-mailed to '
           || substr(body, instr(body, ' e-mailed to ') + 13)
       FROM quote_events WHERE kind = 'email' AND substr(body, 1, 11) = 'Reply from ' AND instr(body, ' e-mailed to ') > 0
       UNION ALL
       SELECT id, 'proof.reminder_queued',
         json_object('version', CAST(substr(body, 23) AS INTEGER), 'to', substr(body, instr(body, ' queued for ') + 12)),
         'Reminder about proof v' || CAST(substr(body, 23) AS INTEGER) || ' queued for '
           || substr(body, instr(body, ' queued for ') + 12)
       FROM quote_events
       WHERE kind = 'email' AND substr(body, 1, 22) = 'Reminder about proof v' AND CAST(substr(body, 23) AS INTEGER) > 0
         AND instr(body, ' queued for ') > 0
       UNION ALL
       SELECT id, 'proof.mail_sent',
         json_object('subject', substr(body, 1, instr(body, ' e-mailed to ') - 1),
           'to', substr(body, instr(body, ' e-mailed to ') + 13)),
         substr(body, 1, instr(body, ' e-mailed to ') - 1) || ' e-mailed to ' || substr(body, instr(body, ' e-mailed to ') + 13)
       FROM quote_events
       WHERE kind = 'email' AND instr(body, ' e-mailed to ') > 0 AND substr(body, 1, 11) <> 'Reply from '
         AND body <> 'Notification e-mailed to the business' AND instr(body, ': not sent to ') = 0
       UNION ALL
       SELECT id, 'proof.mail_not_sent',
         json_object('subject', subject, 'to', substr(head, 1, length(head) - 1), 'why', substr(rest, length(head) + 2)),
         subject || ': not sent to ' || substr(head, 1, length(head) - 1) || ', ' || substr(rest, length(head) + 2)
       FROM not_sent_split WHERE head <> ''),
     -- A line read as exactly one type, whose words that type gives back unchanged.
     typed AS (
       SELECT c.id, c.type, c.payload FROM candidates c JOIN quote_events e ON e.id = c.id AND c.text = e.body
       GROUP BY c.id HAVING count(*) = 1),
     actors AS (
       SELECT id,
         CASE actor WHEN 'website' THEN 'website' WHEN 'buyer (proof link)' THEN 'buyer' ELSE 'staff' END AS actor_type,
         -- The e-mail between the last < and the closing > of "Name <e-mail>".
         substr(actor, length(rtrim(actor, replace(actor, '<', ''))) + 1) AS tail
       FROM quote_events)
   INSERT INTO audit_events (id, at, subject_type, subject_id, type, actor_type, actor_staff_id, actor_name, payload)
     SELECT e.id, e.at, 'request', e.quote_id,
       coalesce(t.type, CASE WHEN e.kind = 'note' AND a.actor_type = 'staff' THEN 'request.note_added'
         WHEN e.kind = 'reply' AND a.actor_type = 'staff' THEN 'request.reply_sent' ELSE 'request.earlier_entry' END),
       a.actor_type,
       CASE WHEN a.actor_type = 'staff' AND instr(e.actor, '<') > 0 AND substr(a.tail, -1) = '>'
         THEN (SELECT s.id FROM staff s WHERE s.email = substr(a.tail, 1, length(a.tail) - 1)) END,
       CASE WHEN a.actor_type = 'staff' THEN e.actor END,
       coalesce(t.payload, CASE WHEN e.kind IN ('note', 'reply') AND a.actor_type = 'staff' THEN json_object('text', e.body)
         ELSE json_object('kind', e.kind, 'text', e.body) END)
     FROM quote_events e JOIN actors a ON a.id = e.id LEFT JOIN typed t ON t.id = e.id
     ORDER BY e.id;
   DROP TABLE quote_events;`;

/** An event as its writer gives it: what happened, to what, by whom, when. */
export type AuditRecord = AuditEventData & { subject: Subject; actor: AuditActor; at: Date };

const recordedActor = (row: AuditEventRow): RecordedActor =>
  row.actorType === "staff"
    ? { type: "staff", staffId: row.actorStaffId, name: row.actorName ?? "" }
    : { type: row.actorType };

/** A row as read: its payload checked against its type's schema, so a reader never sees a shape it does not know. */
function fromRow(row: AuditEventRow): AuditEvent {
  const type = row.type as AuditEventType;
  const schema = payloadSchemas[type];
  const payload = schema?.safeParse(JSON.parse(row.payload));
  if (!payload?.success) throw new Error(`Audit event ${row.id} (${row.type}) has a payload its type does not allow.`);
  return {
    id: row.id,
    at: row.at,
    subject: { type: row.subjectType, id: row.subjectId },
    actor: recordedActor(row),
    ...({ type, payload: payload.data } as AuditEventData),
  };
}

const columns = `id, at, subject_type AS subjectType, subject_id AS subjectId, type, actor_type AS actorType,
  actor_staff_id AS actorStaffId, actor_name AS actorName, payload`;

/**
 * The audit trail (audit_events): `record` is its one writer, called by every module whose work is part
 * of a request's history; the desk, the exports and the inbox command read it through `historyLine`.
 * Synchronous, inside the caller's transaction when there is one.
 */
export class AuditLog {
  private readonly sql;

  constructor(db: Database.Database) {
    this.sql = {
      insert: db.prepare(
        `INSERT INTO audit_events (at, subject_type, subject_id, type, actor_type, actor_staff_id, actor_name, payload)
         VALUES (@at, @subjectType, @subjectId, @type, @actorType,
           (SELECT id FROM staff WHERE email = @staffEmail), @actorName, @payload)`,
      ),
      events: db.prepare(`SELECT ${columns} FROM audit_events WHERE subject_type = ? AND subject_id = ? ORDER BY id`),
      // One query for any number of subjects (their ids as a JSON array), by subject and then in order.
      eventsOf: db.prepare(
        `SELECT ${columns} FROM audit_events
         WHERE subject_type = ? AND subject_id IN (SELECT value FROM json_each(?)) ORDER BY subject_id, id`,
      ),
    };
  }

  /** Appends an event; its payload is checked against its type's schema first. */
  record(event: AuditRecord) {
    const payload = payloadSchemas[event.type].parse(event.payload);
    const staff = typeof event.actor === "object" ? event.actor : null;
    this.sql.insert.run({
      at: event.at.toISOString(),
      subjectType: event.subject.type,
      subjectId: event.subject.id,
      type: event.type,
      actorType: staff ? "staff" : event.actor,
      staffEmail: staff?.email ?? null,
      actorName: staff ? actorLabel(staff) : null,
      payload: JSON.stringify(payload),
    });
  }

  /** A subject's events, oldest first. */
  events(subject: Subject): AuditEvent[] {
    return (this.sql.events.all(subject.type, subject.id) as AuditEventRow[]).map(fromRow);
  }

  /** The events of the subjects given, by subject id, oldest first; read in one query. */
  eventsOf(type: SubjectType, ids: readonly number[]): Map<number, AuditEvent[]> {
    const groups = new Map<number, AuditEvent[]>();
    for (const row of this.sql.eventsOf.all(type, JSON.stringify(ids)) as AuditEventRow[]) {
      const event = fromRow(row);
      const group = groups.get(event.subject.id);
      if (group) group.push(event);
      else groups.set(event.subject.id, [event]);
    }
    return groups;
  }

  /** A request's history as the desk shows it, oldest first. */
  requestHistory(quoteId: number): HistoryLine[] {
    return this.events({ type: "request", id: quoteId }).map(historyLine);
  }

  /** The histories of the requests given, by request id (one query). */
  requestHistories(quoteIds: readonly number[]): Map<number, HistoryLine[]> {
    const lines = new Map<number, HistoryLine[]>();
    for (const [id, events] of this.eventsOf("request", quoteIds)) lines.set(id, events.map(historyLine));
    return lines;
  }
}
