ALTER TABLE `quotes` ADD `first_answered_at` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `first_answer_business_ms` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `category` text;--> statement-breakpoint
-- The week's expression as written in app/lib/quotes/schema.ts (drizzle-kit quotes its parts as names).
CREATE INDEX `quotes_report_answers` ON `quotes` (date(received_at, '+5 hours', 'weekday 0', '-6 days'),`first_answer_business_ms`,`received_at`);--> statement-breakpoint
CREATE INDEX `quotes_report_categories` ON `quotes` (date(received_at, '+5 hours', 'weekday 0', '-6 days'),`category`);--> statement-breakpoint
CREATE INDEX `quotes_outcomes` ON `quotes` (`status`,`status_reason`,`received_at`) WHERE status IN ('won', 'lost');--> statement-breakpoint
CREATE INDEX `quotes_category_missing` ON `quotes` (`id`) WHERE category IS NULL;--> statement-breakpoint
CREATE INDEX `quotes_first_answer_unmeasured` ON `quotes` (`id`) WHERE first_answered_at IS NOT NULL AND first_answer_business_ms IS NULL;--> statement-breakpoint
-- Requests answered before: their first answer from the audit trail, as the reports counted it until now
-- (a reply, a proof, WhatsApp, a quotation, or a status a staff member set other than New). The business
-- hours it took are counted in code (app/lib/desk/time.ts) when the store opens.
UPDATE `quotes` SET `first_answered_at` = (
  SELECT MIN(e.`at`) FROM `audit_events` e
  WHERE e.`subject_type` = 'request' AND e.`subject_id` = `quotes`.`id`
    AND (e.`type` IN ('request.reply_sent', 'proof.sent', 'request.whatsapp_used', 'quotation.sent')
      OR (e.`type` = 'request.status_changed' AND e.`actor_type` = 'staff'
        AND json_extract(e.`payload`, '$.status') <> 'new'))
);
