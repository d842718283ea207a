CREATE TABLE `order_qc_photos` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`stage_event_id` integer NOT NULL,
	`media_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`stored_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_event_id`) REFERENCES `order_stage_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_qc_photos_stored_name_unique` ON `order_qc_photos` (`stored_name`);--> statement-breakpoint
CREATE INDEX `order_qc_photos_order_idx` ON `order_qc_photos` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_stage_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`stage` text NOT NULL,
	`back` integer DEFAULT false NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`by` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_stage_events_stage_check" CHECK(stage IN ('awaiting_artwork', 'in_production', 'quality_checked', 'dispatched', 'delivered'))
);
--> statement-breakpoint
CREATE INDEX `order_stage_events_order_idx` ON `order_stage_events` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `stage` text DEFAULT 'awaiting_artwork' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `promised_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `planned_dispatch_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `courier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `consignment_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `received_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `received_date` text;--> statement-breakpoint
CREATE INDEX `orders_stage_idx` ON `orders` (`stage`);