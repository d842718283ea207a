-- The quoted totals were kept at every line's first (smallest) option; they are cleared here, so that the
-- store counts them again when it opens, at the options nearest the buyer's quantity (Quotations.fillQuotedTotals).
-- The trigger keeping them final is lifted for this once and put back as it was.
DROP TRIGGER `quotations_quoted_total_final`;--> statement-breakpoint
UPDATE `quotations` SET `quoted_total_paisa` = NULL WHERE `version` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `quotations_quoted_total_final` BEFORE UPDATE OF `quoted_total_paisa` ON `quotations`
WHEN OLD.quoted_total_paisa IS NOT NULL AND NEW.quoted_total_paisa IS NOT OLD.quoted_total_paisa
BEGIN SELECT RAISE(ABORT, 'A sent quotation is final: send a new version instead'); END;--> statement-breakpoint
-- Requests' categories were found by their exact product words only (nearly all "other"); cleared, they are
-- found again when the store opens, from the item and the words used (app/lib/quotes/category.ts). No staff
-- member has corrected one before this release.
UPDATE `quotes` SET `category` = NULL;
