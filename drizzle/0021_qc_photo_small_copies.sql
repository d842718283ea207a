ALTER TABLE `order_qc_photos` ADD `small_stored_name` text;--> statement-breakpoint
CREATE UNIQUE INDEX `order_qc_photos_small_stored_name_unique` ON `order_qc_photos` (`small_stored_name`);