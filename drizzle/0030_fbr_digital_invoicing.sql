CREATE TABLE `fbr_exchanges` (
	`id` integer PRIMARY KEY NOT NULL,
	`report_id` integer NOT NULL,
	`step` text NOT NULL,
	`sent_at` text NOT NULL,
	`request` text NOT NULL,
	`http_status` integer,
	`answer` text NOT NULL,
	`answered_at` text,
	FOREIGN KEY (`report_id`) REFERENCES `invoice_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fbr_exchanges_step" CHECK(step IN ('validate', 'post'))
);
--> statement-breakpoint
CREATE INDEX `fbr_exchanges_report` ON `fbr_exchanges` (`report_id`);--> statement-breakpoint
CREATE TABLE `invoice_report_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`report_id` integer NOT NULL,
	`position` integer NOT NULL,
	`hs_code` text NOT NULL,
	`uom` text NOT NULL,
	`sale_type` text NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `invoice_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_report_lines_position` ON `invoice_report_lines` (`report_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoice_reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	`credit_note_id` integer,
	`status` text NOT NULL,
	`buyer_registration_type` text NOT NULL,
	`buyer_ntn_cnic` text DEFAULT '' NOT NULL,
	`buyer_business_name` text NOT NULL,
	`buyer_province` text NOT NULL,
	`buyer_address` text NOT NULL,
	`queued_at` text NOT NULL,
	`next_attempt_at` text,
	`claimed_until` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_problem` text,
	`answer_lost_at` text,
	`refusal` text,
	`fbr_number` text,
	`fbr_dated` text,
	`accepted_at` text,
	`owner_told_waiting_at` text,
	`owner_told_refused_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_note_id`) REFERENCES `credit_notes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoice_reports_status" CHECK(status IN ('not reported', 'waiting', 'refused', 'accepted')),
	CONSTRAINT "invoice_reports_registration" CHECK(buyer_registration_type IN ('Registered', 'Unregistered') AND attempts >= 0),
	CONSTRAINT "invoice_reports_accepted" CHECK((status = 'accepted') = (fbr_number IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_reports_credit_note_id_unique` ON `invoice_reports` (`credit_note_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_reports_fbr_number_unique` ON `invoice_reports` (`fbr_number`);--> statement-breakpoint
CREATE INDEX `invoice_reports_invoice` ON `invoice_reports` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `invoice_reports_due` ON `invoice_reports` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `order_tax_facts` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`registration_type` text NOT NULL,
	`ntn_cnic` text DEFAULT '' NOT NULL,
	`business_name` text NOT NULL,
	`province` text NOT NULL,
	`address` text NOT NULL,
	`given_by` text NOT NULL,
	`updated_at` text NOT NULL,
	`checked_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_tax_facts_registration" CHECK(registration_type IN ('Registered', 'Unregistered'))
);
--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `further_tax_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_lines` ADD `further_tax_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `further_tax_paisa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `further_tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `price_items` ADD `hs_code` text;--> statement-breakpoint
ALTER TABLE `price_items` ADD `uom` text;--> statement-breakpoint
ALTER TABLE `price_items` ADD `sale_type` text;