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
	CONSTRAINT "audit_events_subject_type" CHECK(subject_type IN ('request', 'quotation', 'order', 'invoice')),
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
CREATE TABLE `__new_messages` (
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
	CONSTRAINT "messages_direction" CHECK(direction IN ('out', 'in')),
	CONSTRAINT "messages_kind" CHECK(kind GLOB '[a-z]*'),
	CONSTRAINT "messages_status" CHECK(status IN ('queued', 'sent', 'off', 'cancelled', 'received'))
);
--> statement-breakpoint
INSERT INTO `__new_messages`("id", "quote_id", "direction", "kind", "recipient", "subject", "payload", "message_id", "in_reply_to", "request_key", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "created_at", "sent_at", "staff_id") SELECT "id", "quote_id", "direction", "kind", "recipient", "subject", "payload", "message_id", "in_reply_to", "request_key", "status", "attempts", "next_attempt_at", "lease_until", "last_error", "created_at", "sent_at", "staff_id" FROM `messages`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_message_id_unique` ON `messages` (`message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_request_key_unique` ON `messages` (`request_key`);--> statement-breakpoint
CREATE INDEX `messages_quote` ON `messages` (`quote_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_outbox` ON `messages` (`next_attempt_at`) WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX `messages_one_notification` ON `messages` (`quote_id`) WHERE "messages"."kind" = 'request-notification';--> statement-breakpoint
CREATE TABLE `__new_quotes` (
	`id` integer PRIMARY KEY NOT NULL,
	`received_at` text NOT NULL,
	`name` text NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`product` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`client_ip` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`page` text DEFAULT '' NOT NULL,
	`idempotency_key` text NOT NULL,
	`design` text,
	`reference` text,
	`status` text DEFAULT 'new' NOT NULL,
	`status_reason` text DEFAULT '' NOT NULL,
	`answered_at` text,
	`owner_staff_id` integer,
	`reply_by` integer,
	FOREIGN KEY (`owner_staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quotes_status" CHECK(status GLOB '[a-z]*')
);
--> statement-breakpoint
INSERT INTO `__new_quotes`("id", "received_at", "name", "company", "email", "phone", "product", "message", "client_ip", "user_agent", "page", "idempotency_key", "design", "reference", "status", "status_reason", "answered_at") SELECT "id", "received_at", "name", "company", "email", "phone", "product", "message", "client_ip", "user_agent", "page", "idempotency_key", "design", "reference", "status", "status_reason", "answered_at" FROM `quotes`;--> statement-breakpoint
DROP TABLE `quotes`;--> statement-breakpoint
ALTER TABLE `__new_quotes` RENAME TO `quotes`;--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_idempotency_key_unique` ON `quotes` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `quotes_received_at` ON `quotes` (`received_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_reference` ON `quotes` (`reference`);--> statement-breakpoint
CREATE INDEX `quotes_status` ON `quotes` (`status`,`received_at`);--> statement-breakpoint
CREATE INDEX `quotes_owner` ON `quotes` (`owner_staff_id`,`status`);--> statement-breakpoint
CREATE INDEX `quotes_reply_by` ON `quotes` (`reply_by`) WHERE answered_at IS NULL;--> statement-breakpoint

-- Hand-written: the rebuilt tables take back their triggers (a table's triggers go with it when it is
-- dropped): the audit trail append-only, a request's events going with the request.
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
