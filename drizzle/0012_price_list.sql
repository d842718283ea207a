CREATE TABLE `price_breaks` (
	`item_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_paisa` integer NOT NULL,
	PRIMARY KEY(`item_id`, `quantity`),
	FOREIGN KEY (`item_id`) REFERENCES `price_items`(`item_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_breaks_quantity" CHECK(quantity > 0),
	CONSTRAINT "price_breaks_unit" CHECK(unit_paisa > 0)
);
--> statement-breakpoint
CREATE TABLE `price_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`at` text NOT NULL,
	`actor_staff_id` integer,
	`actor_name` text NOT NULL,
	`changes` text NOT NULL,
	FOREIGN KEY (`actor_staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "price_changes_json" CHECK(json_valid(changes))
);
--> statement-breakpoint
CREATE INDEX `price_changes_item` ON `price_changes` (`item_id`,`id`);--> statement-breakpoint
CREATE TABLE `price_items` (
	`item_id` text PRIMARY KEY NOT NULL,
	`lead_time_days` integer NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "price_items_lead_time" CHECK(lead_time_days BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE `price_setup_charges` (
	`item_id` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`paisa` integer NOT NULL,
	PRIMARY KEY(`item_id`, `position`),
	FOREIGN KEY (`item_id`) REFERENCES `price_items`(`item_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_setup_charges_paisa" CHECK(paisa >= 0)
);
--> statement-breakpoint
-- Hand-written below: the price list's history kept append-only by the database. actor_staff_id is set
-- to NULL when an account is removed (its name stays in actor_name): the only update let through.
CREATE TRIGGER price_changes_append_only BEFORE UPDATE ON price_changes
  WHEN NOT (OLD.actor_staff_id IS NOT NULL AND NEW.actor_staff_id IS NULL AND NEW.id = OLD.id AND NEW.at IS OLD.at
    AND NEW.item_id IS OLD.item_id AND NEW.actor_name IS OLD.actor_name AND NEW.changes IS OLD.changes)
  BEGIN SELECT RAISE(ABORT, 'the price list''s history is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER price_changes_kept BEFORE DELETE ON price_changes
  BEGIN SELECT RAISE(ABORT, 'the price list''s history is append-only'); END;
