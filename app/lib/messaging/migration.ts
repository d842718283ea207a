/**
 * Migration 10: one table of messages in and out instead of three mail queues. Every mail of the
 * old queues is moved with its state (a waiting one stays due with its attempts, a sent one keeps its
 * time and author); then the queues go: quote_replies, proof_mails and the quotes.notify_* columns.
 * Message-IDs of moved mails are the ones they were (or would have been) sent with.
 */
export const messagesMigration = `CREATE TABLE messages (
     id INTEGER PRIMARY KEY,
     quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
     direction TEXT NOT NULL CHECK (direction IN ('out', 'in')),
     kind TEXT NOT NULL
       CHECK (kind IN ('request-notification', 'reply', 'proof', 'proof-reminder', 'proof-staff', 'buyer-mail')),
     recipient TEXT NOT NULL DEFAULT '',
     subject TEXT NOT NULL DEFAULT '',
     payload TEXT NOT NULL DEFAULT '{}',
     message_id TEXT NOT NULL UNIQUE,
     in_reply_to TEXT,
     request_key TEXT UNIQUE,
     status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'off', 'cancelled', 'received')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     lease_until INTEGER,
     last_error TEXT,
     created_at TEXT NOT NULL,
     sent_at TEXT,
     staff_id INTEGER REFERENCES staff (id) ON DELETE SET NULL
   );
   CREATE INDEX messages_quote ON messages (quote_id, id);
   CREATE INDEX messages_outbox ON messages (next_attempt_at) WHERE status = 'queued';
   CREATE UNIQUE INDEX messages_one_notification ON messages (quote_id) WHERE kind = 'request-notification';
   INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, status, attempts,
       next_attempt_at, last_error, created_at, sent_at)
     SELECT id, 'out', 'request-notification', '',
       replace(replace(reference || ': quote request from ' || name
         || CASE WHEN company <> '' THEN ' (' || company || ')' ELSE '' END, char(13), ' '), char(10), ' '),
       '{}', 'request-notification-' || id,
       CASE notify_status WHEN 'pending' THEN 'queued' WHEN 'sent' THEN 'sent' ELSE 'off' END,
       notify_attempts, CASE WHEN notify_status = 'pending' THEN coalesce(notify_next_at, 0) END, notify_error,
       received_at, notified_at
     FROM quotes ORDER BY id;
   INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, request_key, status,
       attempts, next_attempt_at, last_error, created_at, sent_at, staff_id)
     SELECT r.quote_id, 'out', 'reply', q.email, 'Your quote request ' || q.reference,
       json_object('body', r.body, 'staffName', r.staff_name, 'staffEmail', r.staff_email),
       'reply-' || r.id || '.' || q.reference, r.request_key,
       CASE r.status WHEN 'pending' THEN 'queued' ELSE 'sent' END,
       r.attempts, CASE WHEN r.status = 'pending' THEN coalesce(r.next_at, 0) END, r.error, r.created_at, r.sent_at,
       (SELECT id FROM staff WHERE email = r.staff_email)
     FROM quote_replies r JOIN quotes q ON q.id = r.quote_id ORDER BY r.id;
   INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, status, attempts,
       next_attempt_at, last_error, created_at, sent_at)
     SELECT quote_id, 'out',
       CASE kind WHEN 'proof' THEN 'proof' WHEN 'reminder' THEN 'proof-reminder' ELSE 'proof-staff' END,
       to_address, subject, json_object('version', version, 'body', body), 'proof-mail-' || id,
       CASE status WHEN 'pending' THEN 'queued' ELSE status END,
       attempts, CASE WHEN status = 'pending' THEN coalesce(next_at, 0) END, error,
       coalesce(sent_at, strftime('%Y-%m-%dT%H:%M:%fZ', next_at / 1000.0, 'unixepoch'),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
       sent_at
     FROM proof_mails ORDER BY id;
   ALTER TABLE proof_links ADD COLUMN message_id INTEGER;
   UPDATE proof_links SET message_id = (
       SELECT m.id FROM proof_mails p JOIN messages m ON m.message_id = 'proof-mail-' || p.id
       WHERE p.link_hash = proof_links.token_hash)
     WHERE token_hash IN (SELECT link_hash FROM proof_mails WHERE link_hash IS NOT NULL);
   CREATE INDEX proof_links_message ON proof_links (message_id) WHERE message_id IS NOT NULL;
   DROP TABLE quote_replies;
   DROP TABLE proof_mails;
   DROP INDEX quotes_outbox;
   ALTER TABLE quotes DROP COLUMN notify_status;
   ALTER TABLE quotes DROP COLUMN notify_attempts;
   ALTER TABLE quotes DROP COLUMN notify_next_at;
   ALTER TABLE quotes DROP COLUMN notified_at;
   ALTER TABLE quotes DROP COLUMN notify_error;`;
