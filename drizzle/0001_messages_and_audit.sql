CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`type` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_staff_id` integer,
	`actor_name` text,
	`payload` text NOT NULL,
	FOREIGN KEY (`actor_staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_events_subject_type" CHECK("audit_events"."subject_type" IN ('request', 'quotation', 'order', 'invoice')),
	CONSTRAINT "audit_events_type" CHECK("audit_events"."type" IN ('request.received', 'request.status_changed', 'request.note_added', 'request.reply_sent', 'request.notification_emailed', 'request.reply_emailed', 'proof.sent', 'proof.approved', 'proof.changes_requested', 'proof.link_ended', 'proof.links_ended', 'proof.reminder_queued', 'proof.mail_sent', 'proof.mail_not_sent', 'request.earlier_entry')),
	CONSTRAINT "audit_events_actor_type" CHECK("audit_events"."actor_type" IN ('staff', 'buyer', 'website')),
	CONSTRAINT "audit_events_actor" CHECK(("audit_events"."actor_type" = 'staff') = ("audit_events"."actor_name" IS NOT NULL) AND ("audit_events"."actor_type" = 'staff' OR "audit_events"."actor_staff_id" IS NULL)),
	CONSTRAINT "audit_events_payload" CHECK(json_valid("audit_events"."payload"))
);
--> statement-breakpoint
CREATE INDEX `audit_events_subject` ON `audit_events` (`subject_type`,`subject_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_staff` ON `audit_events` (`actor_staff_id`) WHERE "audit_events"."actor_staff_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`direction` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text DEFAULT '' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`message_id` text NOT NULL,
	`in_reply_to` text,
	`request_key` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	`staff_id` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_direction" CHECK("messages"."direction" IN ('out', 'in')),
	CONSTRAINT "messages_kind" CHECK("messages"."kind" IN ('request-notification', 'reply', 'proof', 'proof-reminder', 'proof-staff', 'buyer-mail')),
	CONSTRAINT "messages_status" CHECK("messages"."status" IN ('queued', 'sent', 'off', 'cancelled', 'received'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_message_id_unique` ON `messages` (`message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_request_key_unique` ON `messages` (`request_key`);--> statement-breakpoint
CREATE INDEX `messages_quote` ON `messages` (`quote_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_outbox` ON `messages` (`next_attempt_at`) WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX `messages_one_notification` ON `messages` (`quote_id`) WHERE "messages"."kind" = 'request-notification';--> statement-breakpoint
ALTER TABLE `proof_links` ADD `message_id` integer;--> statement-breakpoint
CREATE INDEX `proof_links_message` ON `proof_links` (`message_id`) WHERE message_id IS NOT NULL;
--> statement-breakpoint
-- Hand-written below: the audit trail kept append-only by the database, then every line of the
-- old history (quote_events) and every mail of the three old queues moved in, nothing lost.
-- A history line becomes a typed event only when that type's words, rebuilt from what was read, are
-- the line word for word; anything else is kept as "request.earlier_entry" with its kind and text. A
-- staff member ("Name <e-mail>") is matched to their account by e-mail. actor_staff_id is set to NULL
-- when an account is removed (its name stays in actor_name): the only update the trigger lets through.
-- A request's events go when the request is deleted: the only deletion allowed.
-- Moved mails keep their Message-IDs; a waiting one stays due with its attempts.
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
INSERT INTO messages (quote_id, direction, kind, recipient, subject, payload, message_id, request_key, status,
    attempts, next_attempt_at, last_error, created_at, sent_at, staff_id)
  SELECT r.quote_id, 'out', 'reply', q.email, 'Your quote request ' || q.reference,
    json_object('body', r.body, 'staffName', r.staff_name, 'staffEmail', r.staff_email),
    'reply-' || r.id || '.' || q.reference, r.request_key,
    CASE r.status WHEN 'pending' THEN 'queued' ELSE 'sent' END,
    r.attempts, CASE WHEN r.status = 'pending' THEN coalesce(r.next_at, 0) END, r.error, r.created_at, r.sent_at,
    (SELECT id FROM staff WHERE email = r.staff_email)
  FROM quote_replies r JOIN quotes q ON q.id = r.quote_id ORDER BY r.id;
--> statement-breakpoint
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
--> statement-breakpoint
UPDATE proof_links SET message_id = (
    SELECT m.id FROM proof_mails p JOIN messages m ON m.message_id = 'proof-mail-' || p.id
    WHERE p.link_hash = proof_links.token_hash)
  WHERE token_hash IN (SELECT link_hash FROM proof_mails WHERE link_hash IS NOT NULL);
