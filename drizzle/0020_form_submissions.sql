CREATE TABLE `form_submissions` (
	`id` integer PRIMARY KEY NOT NULL,
	`form` text NOT NULL,
	`key` text NOT NULL,
	`outcome` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `form_submissions_form_key` ON `form_submissions` (`form`,`key`);