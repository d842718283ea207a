ALTER TABLE `quotations` ADD `quoted_total_paisa` integer;--> statement-breakpoint
CREATE INDEX `quotations_sent_at` ON `quotations` (`sent_at`) WHERE version IS NOT NULL;--> statement-breakpoint
-- Kept when the version is sent (Quotations.send), filled once for earlier versions (fillQuotedTotals), then final.
CREATE TRIGGER `quotations_quoted_total_final` BEFORE UPDATE OF `quoted_total_paisa` ON `quotations`
WHEN OLD.quoted_total_paisa IS NOT NULL AND NEW.quoted_total_paisa IS NOT OLD.quoted_total_paisa
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;
