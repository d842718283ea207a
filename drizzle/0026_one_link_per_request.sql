ALTER TABLE `proof_links` ADD `token_sealed` text;--> statement-breakpoint
ALTER TABLE `proof_links` ADD `minted_by` text;--> statement-breakpoint
ALTER TABLE `proof_links` ADD `last_opened_at` integer;--> statement-breakpoint
CREATE INDEX `proof_links_live` ON `proof_links` (`quote_id`,`expires_at`) WHERE ended_at IS NULL AND token_sealed IS NOT NULL;--> statement-breakpoint
-- Links of before: their tokens were never kept, so they open until ended or expired and no later mail
-- carries them; the desk says which mail brought each (a proof's, or another).
UPDATE `proof_links` SET `minted_by` = CASE WHEN `version` IS NULL THEN 'an earlier e-mail' ELSE 'proof v' || `version` || ' e-mail' END;
