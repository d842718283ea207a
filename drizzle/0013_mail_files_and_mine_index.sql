CREATE TABLE `message_files` (
	`id` integer PRIMARY KEY NOT NULL,
	`message_id` integer NOT NULL,
	`quote_id` integer NOT NULL,
	`position` integer NOT NULL,
	`original_name` text DEFAULT '' NOT NULL,
	`received_bytes` integer NOT NULL,
	`media_type` text,
	`stored_name` text,
	`byte_size` integer,
	`sha256` text,
	`refused` text,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "message_files_kept_or_refused" CHECK((stored_name IS NULL) <> (refused IS NULL)),
	CONSTRAINT "message_files_refused" CHECK(refused IS NULL OR refused IN ('type', 'too_large', 'damaged'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_files_stored_name_unique` ON `message_files` (`stored_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `message_files_position` ON `message_files` (`message_id`,`position`);--> statement-breakpoint
CREATE INDEX `message_files_quote` ON `message_files` (`quote_id`);--> statement-breakpoint
CREATE INDEX `quotes_owner_answered` ON `quotes` (`owner_staff_id`,`received_at`) WHERE answered_at IS NOT NULL;