CREATE TABLE `backup_file_progress` (
	`id` integer PRIMARY KEY NOT NULL,
	`copied_through` integer DEFAULT 0 NOT NULL,
	`last_copied_at` text,
	`last_error` text,
	`last_error_at` text,
	CONSTRAINT "backup_file_progress_one_row" CHECK("backup_file_progress"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `backup_rehearsals` (
	`id` integer PRIMARY KEY NOT NULL,
	`started_at` text NOT NULL,
	`ok` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`invoices` integer DEFAULT 0 NOT NULL,
	`files` integer DEFAULT 0 NOT NULL,
	`newest_record_at` text,
	`problem` text
);
