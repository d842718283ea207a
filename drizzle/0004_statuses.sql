-- The statuses say whose move it is: a request answered (Replied) or quoted (Quoted) waits on the buyer.
-- The history's entries keep their words: their payloads still name replied and quoted, read as such.
UPDATE quotes SET status = 'waiting_on_buyer' WHERE status IN ('replied', 'quoted');
