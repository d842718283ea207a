CREATE TABLE `message_early_deliveries` (
	`id` integer PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`state` text NOT NULL,
	`at` text NOT NULL,
	`error` text,
	`received_at` text NOT NULL,
	CONSTRAINT "message_early_deliveries_state" CHECK(state IN ('delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `message_early_deliveries_provider` ON `message_early_deliveries` (`provider_id`,`at`);--> statement-breakpoint
CREATE INDEX `message_early_deliveries_received` ON `message_early_deliveries` (`received_at`);