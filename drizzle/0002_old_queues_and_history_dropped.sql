DROP TABLE `proof_mails`;--> statement-breakpoint
DROP TABLE `quote_events`;--> statement-breakpoint
DROP TABLE `quote_replies`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
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
	CONSTRAINT "quotes_status" CHECK("status" IN ('new', 'replied', 'quoted', 'won', 'lost'))
);
--> statement-breakpoint
INSERT INTO `__new_quotes`("id", "received_at", "name", "company", "email", "phone", "product", "message", "client_ip", "user_agent", "page", "idempotency_key", "design", "reference", "status", "status_reason", "answered_at") SELECT "id", "received_at", "name", "company", "email", "phone", "product", "message", "client_ip", "user_agent", "page", "idempotency_key", "design", "reference", "status", "status_reason", "answered_at" FROM `quotes`;--> statement-breakpoint
DROP TABLE `quotes`;--> statement-breakpoint
ALTER TABLE `__new_quotes` RENAME TO `quotes`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_idempotency_key_unique` ON `quotes` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `quotes_received_at` ON `quotes` (`received_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_reference` ON `quotes` (`reference`);--> statement-breakpoint
CREATE INDEX `quotes_status` ON `quotes` (`status`,`received_at`);--> statement-breakpoint
-- Hand-written: the rebuilt table takes back the trigger 0001 gave the old one (a request's history
-- goes with it when a request is deleted).
CREATE TRIGGER quotes_audit_events_go_with_request AFTER DELETE ON quotes
  BEGIN DELETE FROM audit_events WHERE subject_type = 'request' AND subject_id = OLD.id; END;
