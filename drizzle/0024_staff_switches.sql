CREATE TABLE `staff_switch_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`permission` text NOT NULL,
	`allowed` integer NOT NULL,
	`actor_staff_id` integer,
	`actor_name` text NOT NULL,
	FOREIGN KEY (`actor_staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "staff_switch_changes_allowed" CHECK(allowed IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE `staff_switch_settings` (
	`permission` text PRIMARY KEY NOT NULL,
	`allowed` integer NOT NULL,
	CONSTRAINT "staff_switch_settings_permission" CHECK(permission IN ('invoices.issue', 'payments.reverse', 'requests.export')),
	CONSTRAINT "staff_switch_settings_allowed" CHECK(allowed IN (0, 1))
);
