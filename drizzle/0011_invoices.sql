CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`fiscal_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`issued_at` text NOT NULL,
	`issue_date` text NOT NULL,
	`issued_by` text NOT NULL,
	`reason` text NOT NULL,
	`value_excl_tax_paisa` integer NOT NULL,
	`tax_paisa` integer NOT NULL,
	`amount_paisa` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_notes_money" CHECK(sequence >= 1 AND length(trim(reason)) > 0 AND value_excl_tax_paisa >= 0 AND tax_paisa >= 0 AND amount_paisa > 0 AND amount_paisa = value_excl_tax_paisa + tax_paisa)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice` ON `credit_notes` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_sequence` ON `credit_notes` (`fiscal_year`,`sequence`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_paisa` integer NOT NULL,
	`value_excl_tax_paisa` integer NOT NULL,
	`tax_paisa` integer NOT NULL,
	`value_incl_tax_paisa` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoice_lines_values" CHECK(position >= 1 AND kind IN ('goods', 'setup', 'delivery') AND quantity > 0 AND unit_paisa >= 0 AND value_excl_tax_paisa = quantity * unit_paisa AND tax_paisa >= 0 AND value_incl_tax_paisa = value_excl_tax_paisa + tax_paisa)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lines_position` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoice_sequences` (
	`series` text NOT NULL,
	`fiscal_year` text NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`series`, `fiscal_year`),
	CONSTRAINT "invoice_sequences_values" CHECK(series IN ('INV', 'CN') AND last >= 1)
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`fiscal_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`issued_at` text NOT NULL,
	`issue_date` text NOT NULL,
	`issued_by` text NOT NULL,
	`order_id` integer NOT NULL,
	`quote_id` integer NOT NULL,
	`order_reference` text NOT NULL,
	`request_reference` text NOT NULL,
	`po_number` text NOT NULL,
	`quotation_version` integer NOT NULL,
	`quotation_sha256` text NOT NULL,
	`supplier_name` text NOT NULL,
	`supplier_address` text NOT NULL,
	`supplier_ntn` text NOT NULL,
	`supplier_strn` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_company` text NOT NULL,
	`buyer_address` text NOT NULL,
	`buyer_ntn` text NOT NULL,
	`buyer_strn` text NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`value_excl_tax_paisa` integer NOT NULL,
	`tax_paisa` integer NOT NULL,
	`total_paisa` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_money" CHECK(sequence >= 1 AND tax_rate_bp BETWEEN 0 AND 10000 AND value_excl_tax_paisa >= 0 AND tax_paisa >= 0 AND total_paisa = value_excl_tax_paisa + tax_paisa)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_order` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_quote` ON `invoices` (`quote_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sequence` ON `invoices` (`fiscal_year`,`sequence`);--> statement-breakpoint
-- An issued invoice, its lines and a credit note are final and kept: a correction is a credit note.
CREATE TRIGGER `invoices_final_update` BEFORE UPDATE ON `invoices`
BEGIN SELECT RAISE(ABORT, 'An issued invoice is final: issue a credit note instead'); END;--> statement-breakpoint
CREATE TRIGGER `invoices_final_delete` BEFORE DELETE ON `invoices`
BEGIN SELECT RAISE(ABORT, 'An issued invoice is final: issue a credit note instead'); END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_final_update` BEFORE UPDATE ON `invoice_lines`
BEGIN SELECT RAISE(ABORT, 'An issued invoice is final: issue a credit note instead'); END;--> statement-breakpoint
CREATE TRIGGER `invoice_lines_final_delete` BEFORE DELETE ON `invoice_lines`
BEGIN SELECT RAISE(ABORT, 'An issued invoice is final: issue a credit note instead'); END;--> statement-breakpoint
CREATE TRIGGER `credit_notes_final_update` BEFORE UPDATE ON `credit_notes`
BEGIN SELECT RAISE(ABORT, 'An issued credit note is final'); END;--> statement-breakpoint
CREATE TRIGGER `credit_notes_final_delete` BEFORE DELETE ON `credit_notes`
BEGIN SELECT RAISE(ABORT, 'An issued credit note is final'); END;
