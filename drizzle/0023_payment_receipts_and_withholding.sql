CREATE TABLE `payment_receipts` (
	`id` integer PRIMARY KEY NOT NULL,
	`payment_id` integer NOT NULL,
	`number` text NOT NULL,
	`year` text NOT NULL,
	`sequence` integer NOT NULL,
	`issued_at` text NOT NULL,
	`issue_date` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_company` text NOT NULL,
	`po_number` text NOT NULL,
	`order_total_paisa` integer NOT NULL,
	`settled_before_paisa` integer NOT NULL,
	`due_after_paisa` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `order_payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_receipts_values" CHECK(sequence >= 1 AND order_total_paisa >= 0 AND settled_before_paisa >= 0 AND due_after_paisa >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_receipts_payment_id_unique` ON `payment_receipts` (`payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_receipts_number_unique` ON `payment_receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_receipts_sequence` ON `payment_receipts` (`year`,`sequence`);--> statement-breakpoint
CREATE TABLE `receipt_sequences` (
	`year` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL,
	CONSTRAINT "receipt_sequences_last" CHECK(last >= 1)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`quote_id` integer NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`amount_paisa` integer NOT NULL,
	`income_tax_withheld_paisa` integer DEFAULT 0 NOT NULL,
	`income_tax_certificate` text DEFAULT '' NOT NULL,
	`sales_tax_withheld_paisa` integer DEFAULT 0 NOT NULL,
	`sales_tax_certificate` text DEFAULT '' NOT NULL,
	`reference` text NOT NULL,
	`overpayment` integer NOT NULL,
	`recorded_at` text NOT NULL,
	`recorded_by` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_payments_values" CHECK(amount_paisa >= 0 AND income_tax_withheld_paisa >= 0 AND sales_tax_withheld_paisa >= 0 AND amount_paisa + income_tax_withheld_paisa + sales_tax_withheld_paisa > 0 AND (income_tax_withheld_paisa = 0 OR length(trim(income_tax_certificate)) > 0) AND (sales_tax_withheld_paisa = 0 OR length(trim(sales_tax_certificate)) > 0) AND kind IN ('advance', 'balance', 'other') AND method IN ('bank_transfer', 'cheque', 'raast', 'cash') AND paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND overpayment IN (0, 1))
);
--> statement-breakpoint
-- Hand-corrected: the payments kept had no tax withheld (the new columns take their defaults).
INSERT INTO `__new_order_payments`("id", "order_id", "quote_id", "kind", "method", "paid_on", "amount_paisa", "reference", "overpayment", "recorded_at", "recorded_by") SELECT "id", "order_id", "quote_id", "kind", "method", "paid_on", "amount_paisa", "reference", "overpayment", "recorded_at", "recorded_by" FROM `order_payments`;--> statement-breakpoint
DROP TABLE `order_payments`;--> statement-breakpoint
ALTER TABLE `__new_order_payments` RENAME TO `order_payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_payments_order` ON `order_payments` (`order_id`);--> statement-breakpoint

-- Hand-written: the rebuilt payments take back their triggers (a table's triggers go with it when it
-- is dropped), and a receipt is as final as its payment.
CREATE TRIGGER `order_payments_final_update` BEFORE UPDATE ON `order_payments`
BEGIN SELECT RAISE(ABORT, 'A recorded payment is final: reverse it instead'); END;--> statement-breakpoint
CREATE TRIGGER `order_payments_final_delete` BEFORE DELETE ON `order_payments`
BEGIN SELECT RAISE(ABORT, 'A recorded payment is final: reverse it instead'); END;--> statement-breakpoint
CREATE TRIGGER `payment_receipts_final_update` BEFORE UPDATE ON `payment_receipts`
BEGIN SELECT RAISE(ABORT, 'A receipt is final'); END;--> statement-breakpoint
CREATE TRIGGER `payment_receipts_final_delete` BEFORE DELETE ON `payment_receipts`
BEGIN SELECT RAISE(ABORT, 'A receipt is final'); END;
