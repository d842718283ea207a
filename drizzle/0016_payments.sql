CREATE TABLE `order_payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`quote_id` integer NOT NULL,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`amount_paisa` integer NOT NULL,
	`reference` text NOT NULL,
	`overpayment` integer NOT NULL,
	`recorded_at` text NOT NULL,
	`recorded_by` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "order_payments_values" CHECK(amount_paisa > 0 AND kind IN ('advance', 'balance', 'other') AND method IN ('bank_transfer', 'cheque', 'raast', 'cash') AND paid_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND overpayment IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `order_payments_order` ON `order_payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `payment_reversals` (
	`id` integer PRIMARY KEY NOT NULL,
	`payment_id` integer NOT NULL,
	`reason` text NOT NULL,
	`reversed_at` text NOT NULL,
	`reversed_by` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `order_payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_reversals_reason" CHECK(length(trim(reason)) > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_reversals_payment_id_unique` ON `payment_reversals` (`payment_id`);--> statement-breakpoint
CREATE TRIGGER `order_payments_final_update` BEFORE UPDATE ON `order_payments`
BEGIN SELECT RAISE(ABORT, 'A recorded payment is final: reverse it instead'); END;--> statement-breakpoint
CREATE TRIGGER `order_payments_final_delete` BEFORE DELETE ON `order_payments`
BEGIN SELECT RAISE(ABORT, 'A recorded payment is final: reverse it instead'); END;--> statement-breakpoint
CREATE TRIGGER `payment_reversals_final_update` BEFORE UPDATE ON `payment_reversals`
BEGIN SELECT RAISE(ABORT, 'A payment reversal is final'); END;--> statement-breakpoint
CREATE TRIGGER `payment_reversals_final_delete` BEFORE DELETE ON `payment_reversals`
BEGIN SELECT RAISE(ABORT, 'A payment reversal is final'); END;
