-- Search inside words: a second FTS5 index of each request's words (name, company, email, product,
-- message) cut into trigrams, so that 3 characters or more typed find text anywhere in a word ("harma"
-- finds Pharma). The word index of 0006 stays for what a trigram cannot find (a word of 1 or 2
-- characters) and for the reference's number and the phone number, which are not in this one.
-- Contentless with deletes, and kept in step by triggers, for the reasons 0006's header gives: a
-- migration that rebuilds quotes (drizzle-kit's DROP TABLE and rename) drops these triggers with the old
-- table too: it must create them again, as they are here, and refill this index (the INSERT at the end).
-- app/lib/quotes/search.server.ts writes the queries that read it.
CREATE VIRTUAL TABLE `quotes_inside_words` USING fts5(
  name, company, email, product, message,
  content = '', contentless_delete = 1,
  tokenize = "trigram remove_diacritics 1"
);--> statement-breakpoint
CREATE TRIGGER `quotes_inside_words_insert` AFTER INSERT ON `quotes` BEGIN
  INSERT INTO quotes_inside_words (rowid, name, company, email, product, message)
  VALUES (new.id, new.name, new.company, new.email, new.product, new.message);
END;--> statement-breakpoint
CREATE TRIGGER `quotes_inside_words_delete` AFTER DELETE ON `quotes` BEGIN
  DELETE FROM quotes_inside_words WHERE rowid = old.id;
END;--> statement-breakpoint
CREATE TRIGGER `quotes_inside_words_update` AFTER UPDATE OF name, company, email, product, message
ON `quotes` BEGIN
  DELETE FROM quotes_inside_words WHERE rowid = old.id;
  INSERT INTO quotes_inside_words (rowid, name, company, email, product, message)
  VALUES (new.id, new.name, new.company, new.email, new.product, new.message);
END;--> statement-breakpoint
-- The requests already stored.
INSERT INTO quotes_inside_words (rowid, name, company, email, product, message)
SELECT id, name, company, email, product, message FROM quotes;
