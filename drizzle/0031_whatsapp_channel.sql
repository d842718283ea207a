CREATE TABLE `whatsapp_contacts` (
	`number` text PRIMARY KEY NOT NULL,
	`profile_name` text DEFAULT '' NOT NULL,
	`last_inbound_at` text,
	`opted_out_at` text,
	`opted_in_at` text
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivery` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivery_at` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `delivery_error` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_provider_id` ON `messages` (`provider_id`) WHERE "messages"."provider_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `source` text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `reply_channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `whatsapp_number` text;--> statement-breakpoint
CREATE INDEX `quotes_whatsapp_number` ON `quotes` (`whatsapp_number`,`received_at`) WHERE "quotes"."whatsapp_number" IS NOT NULL;--> statement-breakpoint
-- The numbers of the requests of before, as app/lib/whatsapp/phone.ts reads them: a Pakistani mobile
-- written nationally or internationally, or another country's number written with + or 00.
UPDATE `quotes` SET `whatsapp_number` = (
  SELECT CASE
    WHEN d GLOB '03[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' THEN '92' || substr(d, 2)
    WHEN d GLOB '3[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' THEN '92' || d
    WHEN d GLOB '00923[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' THEN substr(d, 3)
    WHEN d GLOB '923[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]' THEN d
    WHEN d GLOB '00*' AND substr(d, 3, 2) <> '92' AND length(d) BETWEEN 12 AND 17 AND d NOT GLOB '*[^0-9]*' THEN substr(d, 3)
    WHEN plus AND substr(d, 1, 2) <> '92' AND length(d) BETWEEN 10 AND 15 AND d NOT GLOB '*[^0-9]*' THEN d
  END
  FROM (SELECT replace(replace(replace(replace(replace(replace(trim(`phone`), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS d,
               trim(`phone`) LIKE '+%' AS plus)
) WHERE `phone` <> '';
