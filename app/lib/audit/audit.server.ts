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
