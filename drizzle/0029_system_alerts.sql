CREATE TABLE `system_alerts` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`opened_at` text NOT NULL,
	`cleared_at` text,
	`mailed_at` text,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`last_mail_error` text,
	CONSTRAINT "system_alerts_kind" CHECK(kind IN ('backup-behind', 'rehearsal-failed', 'disk-low'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `system_alerts_open` ON `system_alerts` (`kind`) WHERE "system_alerts"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX `system_alerts_opened` ON `system_alerts` (`opened_at`);