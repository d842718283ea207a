ALTER TABLE `quotes` ADD `quantity` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `needed_by` text;