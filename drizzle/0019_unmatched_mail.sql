CREATE TABLE `unmatched_mails` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`message_id` text,
	`in_reply_to` text,
	`from_name` text DEFAULT '' NOT NULL,
	`from_address` text DEFAULT '' NOT NULL,
	`to_addresses` text DEFAULT '' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`size` integer NOT NULL,
	`received_at` text NOT NULL,
	`sent_at` text,
	`sender_check` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`quoted` text DEFAULT '' NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`attachments_left_out` integer DEFAULT 0 NOT NULL,
	`too_large` integer DEFAULT false NOT NULL,
	`quarantine_name` text,
	`quarantine_bytes` integer DEFAULT 0 NOT NULL,
	`problem` text,
	`created_at` text NOT NULL,
	CONSTRAINT "unmatched_mails_kind" CHECK(kind IN ('unmatched', 'unreadable')),
	CONSTRAINT "unmatched_mails_sender_check" CHECK(sender_check IN ('pass', 'fail', 'off')),
	CONSTRAINT "unmatched_mails_json" CHECK(json_valid(attachments))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unmatched_mails_quarantine_name_unique` ON `unmatched_mails` (`quarantine_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `unmatched_mails_message` ON `unmatched_mails` (`message_id`) WHERE "unmatched_mails"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `unmatched_mails_received` ON `unmatched_mails` (`received_at`,`id`);--> statement-breakpoint
-- Hand-written: the request's trigger that names the audit trail goes while the trail is rebuilt.
DROP TRIGGER IF EXISTS quotes_audit_events_go_with_request;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_events` (
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
	CONSTRAINT "audit_events_subject_type" CHECK(subject_type IN ('request', 'quotation', 'order', 'invoice', 'mail')),
	CONSTRAINT "audit_events_type" CHECK(type GLOB '[a-z]*.[a-z]*'),
	CONSTRAINT "audit_events_actor_type" CHECK(actor_type IN ('staff', 'buyer', 'website')),
	CONSTRAINT "audit_events_actor" CHECK((actor_type = 'staff') = (actor_name IS NOT NULL) AND (actor_type = 'staff' OR actor_staff_id IS NULL)),
	CONSTRAINT "audit_events_payload" CHECK(json_valid(payload))
);
--> statement-breakpoint
INSERT INTO `__new_audit_events`("id", "at", "subject_type", "subject_id", "type", "actor_type", "actor_staff_id", "actor_name", "payload") SELECT "id", "at", "subject_type", "subject_id", "type", "actor_type", "actor_staff_id", "actor_name", "payload" FROM `audit_events`;--> statement-breakpoint
DROP TABLE `audit_events`;--> statement-breakpoint
ALTER TABLE `__new_audit_events` RENAME TO `audit_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_events_subject` ON `audit_events` (`subject_type`,`subject_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_staff` ON `audit_events` (`actor_staff_id`) WHERE "audit_events"."actor_staff_id" IS NOT NULL;--> statement-breakpoint

-- Hand-written: the rebuilt trail takes back its triggers (a table's triggers go with it when it is
-- dropped): append-only, and a request's events going with the request.
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
