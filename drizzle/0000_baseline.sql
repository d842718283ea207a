CREATE TABLE `proof_link_failures` (
	`client_ip` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `proof_link_failures_client` ON `proof_link_failures` (`client_ip`,`at`);--> statement-breakpoint
CREATE INDEX `proof_link_failures_at` ON `proof_link_failures` (`at`);--> statement-breakpoint
CREATE TABLE `proof_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proof_links_quote` ON `proof_links` (`quote_id`);--> statement-breakpoint
CREATE TABLE `proof_mails` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`kind` text NOT NULL,
	`version` integer,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer,
	`sent_at` text,
	`error` text,
	`link_hash` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "proof_mails_kind" CHECK("proof_mails"."kind" IN ('proof', 'reminder', 'staff')),
	CONSTRAINT "proof_mails_status" CHECK("proof_mails"."status" IN ('pending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `proof_mails_outbox` ON `proof_mails` (`next_at`) WHERE "proof_mails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `proof_mails_quote` ON `proof_mails` (`quote_id`,`status`);--> statement-breakpoint
CREATE TABLE `proofs` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`version` integer NOT NULL,
	`media_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`stored_name` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`answer` text,
	`answer_name` text,
	`answer_role` text,
	`answer_text` text,
	`answered_at` text,
	`answer_sha256` text,
	`reminded_at` text,
	`links_ended_at` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "proofs_media_type" CHECK("proofs"."media_type" IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'application/pdf')),
	CONSTRAINT "proofs_answer" CHECK("proofs"."answer" IN ('approved', 'changes'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proofs_stored_name_unique` ON `proofs` (`stored_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `proofs_quote_version` ON `proofs` (`quote_id`,`version`);--> statement-breakpoint
CREATE TABLE `quote_attachments` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`role` text NOT NULL,
	`media_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quote_attachments_role" CHECK("quote_attachments"."role" IN ('logo', 'mockup')),
	CONSTRAINT "quote_attachments_media_type" CHECK("quote_attachments"."media_type" IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_attachments_stored_name_unique` ON `quote_attachments` (`stored_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `quote_attachments_quote_role` ON `quote_attachments` (`quote_id`,`role`);--> statement-breakpoint
CREATE TABLE `quote_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quote_events_kind" CHECK("quote_events"."kind" IN ('received', 'status', 'note', 'reply', 'email'))
);
--> statement-breakpoint
CREATE INDEX `quote_events_quote` ON `quote_events` (`quote_id`,`id`);--> statement-breakpoint
CREATE TABLE `quote_references` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `quote_replies` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`request_key` text NOT NULL,
	`created_at` text NOT NULL,
	`staff_name` text NOT NULL,
	`staff_email` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer,
	`sent_at` text,
	`error` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quote_replies_status" CHECK("quote_replies"."status" IN ('pending', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_replies_request_key_unique` ON `quote_replies` (`request_key`);--> statement-breakpoint
CREATE INDEX `quote_replies_quote` ON `quote_replies` (`quote_id`);--> statement-breakpoint
CREATE INDEX `quote_replies_outbox` ON `quote_replies` (`next_at`) WHERE "quote_replies"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `quotes` (
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
	`notify_status` text NOT NULL,
	`notify_attempts` integer DEFAULT 0 NOT NULL,
	`notify_next_at` integer,
	`notified_at` text,
	`notify_error` text,
	`design` text,
	`reference` text,
	`status` text DEFAULT 'new' NOT NULL,
	`status_reason` text DEFAULT '' NOT NULL,
	`answered_at` text,
	CONSTRAINT "quotes_notify_status" CHECK("quotes"."notify_status" IN ('pending', 'sent', 'off')),
	CONSTRAINT "quotes_status" CHECK("quotes"."status" IN ('new', 'replied', 'quoted', 'won', 'lost'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_idempotency_key_unique` ON `quotes` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `quotes_received_at` ON `quotes` (`received_at`);--> statement-breakpoint
CREATE INDEX `quotes_outbox` ON `quotes` (`notify_next_at`) WHERE "quotes"."notify_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_reference` ON `quotes` (`reference`);--> statement-breakpoint
CREATE INDEX `quotes_status` ON `quotes` (`status`,`received_at`);--> statement-breakpoint
CREATE TABLE `staff` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text COLLATE NOCASE NOT NULL,
	`name` text NOT NULL,
	`password_hash` text,
	`created_at` text NOT NULL,
	`role` text DEFAULT 'staff' NOT NULL,
	CONSTRAINT "staff_role" CHECK("staff"."role" IN ('owner', 'staff'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_email_unique` ON `staff` (`email`);--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`staff_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_staff` ON `staff_sessions` (`staff_id`);--> statement-breakpoint
CREATE TABLE `staff_setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`staff_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_sign_in_attempts` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text COLLATE NOCASE NOT NULL,
	`address` text NOT NULL,
	`at` integer NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_sign_in_attempts_failed" CHECK("staff_sign_in_attempts"."failed" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `staff_sign_in_attempts_key` ON `staff_sign_in_attempts` (`email`,`address`,`at`);--> statement-breakpoint
CREATE INDEX `staff_sign_in_attempts_at` ON `staff_sign_in_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `staff_sign_in_holds` (
	`email` text COLLATE NOCASE NOT NULL,
	`address` text NOT NULL,
	`until` integer NOT NULL,
	PRIMARY KEY(`email`, `address`)
);
--> statement-breakpoint
CREATE INDEX `staff_sign_in_holds_until` ON `staff_sign_in_holds` (`until`);--> statement-breakpoint
CREATE TRIGGER `quote_events_append_only` BEFORE UPDATE ON `quote_events`
  BEGIN SELECT RAISE(ABORT, 'a request''s history is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `quote_events_kept` BEFORE DELETE ON `quote_events`
  WHEN EXISTS (SELECT 1 FROM `quotes` WHERE `id` = OLD.`quote_id`)
  BEGIN SELECT RAISE(ABORT, 'a request''s history is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `proofs_answer_final` BEFORE UPDATE OF `answer`, `answer_name`, `answer_role`, `answer_text`,
  `answered_at`, `answer_sha256`, `sha256`, `stored_name`, `media_type`, `byte_size` ON `proofs` WHEN OLD.`answer` IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'an answered proof and its file are final'); END;
