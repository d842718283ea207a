CREATE TABLE `stored_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`area` text NOT NULL,
	`name` text NOT NULL,
	`sha256` text NOT NULL,
	`byte_size` integer NOT NULL,
	`stored_at` text NOT NULL,
	`removed_at` text,
	CONSTRAINT "stored_files_area" CHECK("stored_files"."area" IN ('attachments', 'mail-quarantine'))
);
--> statement-breakpoint
CREATE INDEX `stored_files_unhashed` ON `stored_files` (`id`) WHERE sha256 = '';--> statement-breakpoint
CREATE UNIQUE INDEX `stored_files_area_name` ON `stored_files` (`area`,`name`);--> statement-breakpoint
-- The files kept before the registry: each as its owner's row names it. The hash and size of those whose
-- row does not carry them ('' and 0 here) are read from the file when the files module first opens.
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'attachments', a.`stored_name`, a.`sha256`, a.`byte_size`, q.`received_at`
  FROM `quote_attachments` a JOIN `quotes` q ON q.`id` = a.`quote_id` ORDER BY q.`received_at`, a.`id`;--> statement-breakpoint
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'attachments', `stored_name`, `sha256`, `byte_size`, `created_at` FROM `proofs` ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'attachments', f.`stored_name`, coalesce(f.`sha256`, ''), coalesce(f.`byte_size`, 0), m.`created_at`
  FROM `message_files` f JOIN `messages` m ON m.`id` = f.`message_id` WHERE f.`stored_name` IS NOT NULL
  ORDER BY m.`created_at`, f.`id`;--> statement-breakpoint
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'attachments', `stored_name`, `sha256`, `byte_size`, `created_at` FROM `order_qc_photos`
  ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'attachments', `small_stored_name`, '', 0, `created_at` FROM `order_qc_photos`
  WHERE `small_stored_name` IS NOT NULL ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT OR IGNORE INTO `stored_files` (`area`, `name`, `sha256`, `byte_size`, `stored_at`)
  SELECT 'mail-quarantine', `quarantine_name`, '', `quarantine_bytes`, `created_at` FROM `unmatched_mails`
  WHERE `quarantine_name` IS NOT NULL ORDER BY `created_at`, `id`;
