PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_proof_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`quote_id` integer NOT NULL,
	`version` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`message_id` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The rowid is kept: it is the id the desk shows for a link.
INSERT INTO `__new_proof_links`("rowid", "token_hash", "quote_id", "version", "created_at", "expires_at", "ended_at", "message_id") SELECT "rowid", "token_hash", "quote_id", "version", "created_at", "expires_at", "ended_at", "message_id" FROM `proof_links`;--> statement-breakpoint
DROP TABLE `proof_links`;--> statement-breakpoint
ALTER TABLE `__new_proof_links` RENAME TO `proof_links`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `proof_links_quote` ON `proof_links` (`quote_id`);--> statement-breakpoint
CREATE INDEX `proof_links_message` ON `proof_links` (`message_id`) WHERE message_id IS NOT NULL;