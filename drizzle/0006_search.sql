-- Search of the desk's inbox: an FTS5 index of each request's words, its reference's number and its
-- phone number in the forms people type. Contentless (the words stay in quotes, the index holds only
-- what finds them), with deletes, so a deleted or changed request leaves nothing behind.
-- Kept in step by the triggers below, not by the store's code: every writer of quotes (the store,
-- the inbox command, a later module, a hand-made fix) keeps the index right. A migration that rebuilds
-- quotes (drizzle-kit's DROP TABLE and rename) drops these triggers with the old table: it must create
-- them again, as they are here, and refill the index (the DELETE and INSERT at the end of this file).
-- The ref column: the reference's number as written (0042) and without its zeros (42); the phone
-- column: its digits (spaces, dashes, +, brackets, dots and slashes left out), national (03001234567)
-- and international (923001234567), and its last 10, 9, 8 and 7 digits (3001234567, …, 1234567).
-- app/lib/quotes/search.server.ts writes the queries that read these forms.
CREATE VIRTUAL TABLE `quotes_search` USING fts5(
  name, company, email, product, message, ref, phone,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
  prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `quotes_search_insert` AFTER INSERT ON `quotes` BEGIN
  INSERT INTO quotes_search (rowid, name, company, email, product, message, ref, phone)
  SELECT new.id, new.name, new.company, new.email, new.product, new.message,
    substr(coalesce(new.reference, ''), 8) || ' ' || coalesce(CAST(substr(new.reference, 8) AS INTEGER), ''),
    CASE WHEN digits = '' THEN '' ELSE digits || ' ' ||
      CASE WHEN digits LIKE '92%' THEN '0' || substr(digits, 3)
        WHEN digits LIKE '0%' THEN '92' || substr(digits, 2)
        WHEN length(digits) = 10 THEN '0' || digits || ' 92' || digits ELSE '' END || ' ' ||
      substr(digits, -10) || ' ' || substr(digits, -9) || ' ' || substr(digits, -8) || ' ' || substr(digits, -7) END
  FROM (SELECT CASE WHEN typed LIKE '00%' THEN substr(typed, 3) ELSE typed END AS digits
    FROM (SELECT replace(replace(replace(replace(replace(replace(replace(new.phone,
      ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '') AS typed));
END;--> statement-breakpoint
CREATE TRIGGER `quotes_search_delete` AFTER DELETE ON `quotes` BEGIN
  DELETE FROM quotes_search WHERE rowid = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `quotes_search_update` AFTER UPDATE OF name, company, email, product, message, reference, phone
ON `quotes` BEGIN
  DELETE FROM quotes_search WHERE rowid = old.id;
  INSERT INTO quotes_search (rowid, name, company, email, product, message, ref, phone)
  SELECT new.id, new.name, new.company, new.email, new.product, new.message,
    substr(coalesce(new.reference, ''), 8) || ' ' || coalesce(CAST(substr(new.reference, 8) AS INTEGER), ''),
    CASE WHEN digits = '' THEN '' ELSE digits || ' ' ||
      CASE WHEN digits LIKE '92%' THEN '0' || substr(digits, 3)
        WHEN digits LIKE '0%' THEN '92' || substr(digits, 2)
        WHEN length(digits) = 10 THEN '0' || digits || ' 92' || digits ELSE '' END || ' ' ||
      substr(digits, -10) || ' ' || substr(digits, -9) || ' ' || substr(digits, -8) || ' ' || substr(digits, -7) END
  FROM (SELECT CASE WHEN typed LIKE '00%' THEN substr(typed, 3) ELSE typed END AS digits
    FROM (SELECT replace(replace(replace(replace(replace(replace(replace(new.phone,
      ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '') AS typed));
END;--> statement-breakpoint
-- The requests already stored: an update that changes nothing fires the update trigger for each, so
-- the forms above are written by one definition (the trigger's), not copied here.
DELETE FROM quotes_search;--> statement-breakpoint
UPDATE quotes SET phone = phone;
