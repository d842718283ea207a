CREATE TABLE `orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`quote_id` integer NOT NULL,
	`quotation_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_reference_unique` ON `orders` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_quote_id_unique` ON `orders` (`quote_id`);--> statement-breakpoint
CREATE TABLE `quotation_acceptances` (
	`quotation_id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`accepted_at` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`po_number` text DEFAULT '' NOT NULL,
	`choices` text NOT NULL,
	`goods_paisa` integer NOT NULL,
	`setup_paisa` integer NOT NULL,
	`delivery_paisa` integer NOT NULL,
	`tax_paisa` integer NOT NULL,
	`total_paisa` integer NOT NULL,
	`quotation_sha256` text NOT NULL,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_acceptances_quote_id_unique` ON `quotation_acceptances` (`quote_id`);--> statement-breakpoint
CREATE INDEX `quotation_acceptances_at` ON `quotation_acceptances` (`accepted_at`);--> statement-breakpoint
CREATE TABLE `quotation_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`quotation_id` integer NOT NULL,
	`position` integer NOT NULL,
	`item_id` text,
	`description` text NOT NULL,
	`decoration` text DEFAULT '' NOT NULL,
	`setup_paisa` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`quotation_id`) REFERENCES `quotations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quotation_lines_money" CHECK(setup_paisa >= 0 AND position >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_lines_position` ON `quotation_lines` (`quotation_id`,`position`);--> statement-breakpoint
CREATE TABLE `quotation_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`line_id` integer NOT NULL,
	`position` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_paisa` integer NOT NULL,
	FOREIGN KEY (`line_id`) REFERENCES `quotation_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quotation_options_values" CHECK(position BETWEEN 1 AND 3 AND quantity > 0 AND unit_paisa >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotation_options_position` ON `quotation_options` (`line_id`,`position`);--> statement-breakpoint
CREATE TABLE `quotations` (
	`id` integer PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`version` integer,
	`valid_until` text NOT NULL,
	`lead_time_days` integer NOT NULL,
	`lead_time` text NOT NULL,
	`payment_terms` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`delivery_paisa` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`buyer_ntn` text DEFAULT '' NOT NULL,
	`buyer_strn` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` integer,
	`sent_at` text,
	`sent_by` integer,
	`sha256` text,
	`reminded_at` text,
	`expired_at` text,
	`changes_text` text,
	`changes_at` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quotations_money" CHECK(delivery_paisa >= 0 AND tax_rate_bp BETWEEN 0 AND 10000 AND lead_time_days >= 0),
	CONSTRAINT "quotations_sent" CHECK((version IS NULL) = (sent_at IS NULL) AND (version IS NULL) = (sha256 IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotations_one_draft` ON `quotations` (`quote_id`) WHERE version IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `quotations_quote_version` ON `quotations` (`quote_id`,`version`);--> statement-breakpoint
-- A sent version is final: only its reminder, expiry and the buyer's change request are written later.
-- (Deleting stays possible: a request's removal takes its quotations with it.)
CREATE TRIGGER `quotations_sent_final` BEFORE UPDATE ON `quotations`
WHEN OLD.version IS NOT NULL AND (
  NEW.version IS NOT OLD.version OR NEW.quote_id IS NOT OLD.quote_id OR NEW.valid_until IS NOT OLD.valid_until
  OR NEW.lead_time_days IS NOT OLD.lead_time_days OR NEW.lead_time IS NOT OLD.lead_time
  OR NEW.payment_terms IS NOT OLD.payment_terms OR NEW.note IS NOT OLD.note
  OR NEW.delivery_paisa IS NOT OLD.delivery_paisa OR NEW.tax_rate_bp IS NOT OLD.tax_rate_bp
  OR NEW.buyer_ntn IS NOT OLD.buyer_ntn OR NEW.buyer_strn IS NOT OLD.buyer_strn
  OR NEW.sent_at IS NOT OLD.sent_at OR NEW.sha256 IS NOT OLD.sha256)
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
CREATE TRIGGER `quotation_lines_sent_final_insert` BEFORE INSERT ON `quotation_lines`
WHEN (SELECT version FROM quotations WHERE id = NEW.quotation_id) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
CREATE TRIGGER `quotation_lines_sent_final_update` BEFORE UPDATE ON `quotation_lines`
WHEN (SELECT version FROM quotations WHERE id = OLD.quotation_id) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
CREATE TRIGGER `quotation_options_sent_final_insert` BEFORE INSERT ON `quotation_options`
WHEN (SELECT q.version FROM quotation_lines l JOIN quotations q ON q.id = l.quotation_id WHERE l.id = NEW.line_id) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
CREATE TRIGGER `quotation_options_sent_final_update` BEFORE UPDATE ON `quotation_options`
WHEN (SELECT q.version FROM quotation_lines l JOIN quotations q ON q.id = l.quotation_id WHERE l.id = OLD.line_id) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
CREATE TRIGGER `quotation_acceptances_final` BEFORE UPDATE ON `quotation_acceptances`
BEGIN SELECT RAISE(ABORT, 'An acceptance is final'); END;
