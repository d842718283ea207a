PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_price_items` (
	`item_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`lead_time_days` integer NOT NULL,
	`updated_at` text NOT NULL,
	`retired_at` text,
	CONSTRAINT "price_items_lead_time" CHECK(lead_time_days BETWEEN 1 AND 365),
	CONSTRAINT "price_items_name" CHECK(length(name) BETWEEN 1 AND 120),
	CONSTRAINT "price_items_category" CHECK(category IN ('pens', 'paper-chit-pads', 'drinkware', 'office-accessories', 'games', 'shirts', 'acrylic', 'clocks'))
);
--> statement-breakpoint
-- Hand-written below. The shop's own items, seeded for every category of the catalogue (fictional
-- prices, in paisa, for the owners to correct), in the order the editor offers them.
--> statement-breakpoint
INSERT INTO `__new_price_items` (item_id, name, category, lead_time_days, updated_at) VALUES
  ('metal-ball-pen-pad-print', 'Metal ball pen, one-colour pad print', 'pens', 10, '2026-11-29T00:00:00.000Z'),
  ('metal-ball-pen-laser', 'Metal ball pen, laser-engraved logo', 'pens', 12, '2026-11-29T00:00:00.000Z'),
  ('plastic-click-pen-pad-print', 'Plastic click pen, pad print', 'pens', 8, '2026-11-29T00:00:00.000Z'),
  ('plastic-twist-pen-screen-print', 'Plastic twist pen, screen print', 'pens', 8, '2026-11-29T00:00:00.000Z'),
  ('gel-pen-screen-print', 'Gel pen, screen print', 'pens', 9, '2026-11-29T00:00:00.000Z'),
  ('click-pen-gold-foil', 'Click pen, gold foil logo and pad-printed tagline', 'pens', 12, '2026-11-29T00:00:00.000Z'),
  ('highlighter-pad-print', 'Highlighter pen, pad print', 'pens', 8, '2026-11-29T00:00:00.000Z'),
  ('chit-pad-box-3-5-inch', 'Chit pad box 3.5 in, 500 sheets, full colour', 'paper-chit-pads', 10, '2026-11-29T00:00:00.000Z'),
  ('chit-pad-box-4-inch', 'Chit pad box 4 in, 800 sheets, full colour', 'paper-chit-pads', 12, '2026-11-29T00:00:00.000Z'),
  ('sticky-note-pad', 'Sticky note pad 3 x 3 in, 50 sheets, full colour', 'paper-chit-pads', 10, '2026-11-29T00:00:00.000Z'),
  ('ceramic-mug-11-oz', 'Ceramic mug 11 oz, pad print', 'drinkware', 10, '2026-11-29T00:00:00.000Z'),
  ('ceramic-mug-11-oz-wrap', 'Ceramic mug 11 oz, full-colour wrap', 'drinkware', 10, '2026-11-29T00:00:00.000Z'),
  ('steel-travel-mug-laser', 'Steel travel mug 450 ml, laser-engraved', 'drinkware', 14, '2026-11-29T00:00:00.000Z'),
  ('glass-tumbler-screen-print', 'Glass tumbler 350 ml, screen print', 'drinkware', 12, '2026-11-29T00:00:00.000Z'),
  ('a5-diary-pu-cover', 'A5 diary, PU cover, debossed logo', 'office-accessories', 15, '2026-11-29T00:00:00.000Z'),
  ('pen-holder-uv-print', 'Plastic pen holder, UV print', 'office-accessories', 10, '2026-11-29T00:00:00.000Z'),
  ('desk-organiser-screen-print', 'Desk organiser, four compartments, screen print', 'office-accessories', 12, '2026-11-29T00:00:00.000Z'),
  ('mouse-pad-full-colour', 'Mouse pad, full-colour sublimation', 'office-accessories', 10, '2026-11-29T00:00:00.000Z'),
  ('desk-calendar-13-sheets', 'Desk calendar, 13 sheets, full colour', 'office-accessories', 15, '2026-11-29T00:00:00.000Z'),
  ('acrylic-paperweight-uv', 'Acrylic paperweight, UV print', 'office-accessories', 12, '2026-11-29T00:00:00.000Z'),
  ('maze-game-pad-print', 'Handheld maze game, pad print', 'games', 14, '2026-11-29T00:00:00.000Z'),
  ('puzzle-cube-printed', 'Puzzle cube, printed faces', 'games', 14, '2026-11-29T00:00:00.000Z'),
  ('jigsaw-a4-120-pieces', 'Jigsaw puzzle A4, 120 pieces, full colour', 'games', 15, '2026-11-29T00:00:00.000Z'),
  ('polo-shirt-embroidered', 'Polo shirt, pique cotton, embroidered logo', 'shirts', 18, '2026-11-29T00:00:00.000Z'),
  ('t-shirt-screen-print', 'Round-neck T-shirt, one-colour screen print', 'shirts', 14, '2026-11-29T00:00:00.000Z'),
  ('cap-embroidered', 'Cotton cap, embroidered front', 'shirts', 14, '2026-11-29T00:00:00.000Z'),
  ('acrylic-shield-8-inch', 'Acrylic shield 8 in, laser-engraved', 'acrylic', 12, '2026-11-29T00:00:00.000Z'),
  ('acrylic-star-trophy', 'Acrylic star trophy with base, UV print', 'acrylic', 14, '2026-11-29T00:00:00.000Z'),
  ('acrylic-plaque-a4', 'Acrylic plaque A4, UV print', 'acrylic', 12, '2026-11-29T00:00:00.000Z'),
  ('wall-clock-12-inch', 'Wall clock 12 in, printed dial', 'clocks', 15, '2026-11-29T00:00:00.000Z'),
  ('wall-clock-10-inch-mdf', 'Wall clock 10 in, MDF frame, printed dial', 'clocks', 18, '2026-11-29T00:00:00.000Z');
--> statement-breakpoint
CREATE TABLE `__seed_breaks` (item_id text NOT NULL, quantity integer NOT NULL, unit_paisa integer NOT NULL);
--> statement-breakpoint
INSERT INTO `__seed_breaks` VALUES
  ('metal-ball-pen-pad-print', 100, 18000),
  ('metal-ball-pen-pad-print', 250, 16000),
  ('metal-ball-pen-pad-print', 500, 14500),
  ('metal-ball-pen-pad-print', 1000, 13000),
  ('metal-ball-pen-laser', 100, 22000),
  ('metal-ball-pen-laser', 250, 19500),
  ('metal-ball-pen-laser', 500, 17500),
  ('metal-ball-pen-laser', 1000, 16000),
  ('plastic-click-pen-pad-print', 100, 6000),
  ('plastic-click-pen-pad-print', 250, 4800),
  ('plastic-click-pen-pad-print', 500, 4000),
  ('plastic-click-pen-pad-print', 1000, 3400),
  ('plastic-click-pen-pad-print', 2500, 3000),
  ('plastic-twist-pen-screen-print', 250, 5500),
  ('plastic-twist-pen-screen-print', 500, 4600),
  ('plastic-twist-pen-screen-print', 1000, 3900),
  ('gel-pen-screen-print', 250, 7000),
  ('gel-pen-screen-print', 500, 6000),
  ('gel-pen-screen-print', 1000, 5200),
  ('click-pen-gold-foil', 250, 9500),
  ('click-pen-gold-foil', 500, 8200),
  ('click-pen-gold-foil', 1000, 7200),
  ('highlighter-pad-print', 250, 6500),
  ('highlighter-pad-print', 500, 5500),
  ('highlighter-pad-print', 1000, 4800),
  ('chit-pad-box-3-5-inch', 100, 52000),
  ('chit-pad-box-3-5-inch', 250, 45000),
  ('chit-pad-box-3-5-inch', 500, 39500),
  ('chit-pad-box-3-5-inch', 1000, 35000),
  ('chit-pad-box-4-inch', 100, 72000),
  ('chit-pad-box-4-inch', 250, 64000),
  ('chit-pad-box-4-inch', 500, 57500),
  ('chit-pad-box-4-inch', 1000, 52000),
  ('sticky-note-pad', 250, 14000),
  ('sticky-note-pad', 500, 11500),
  ('sticky-note-pad', 1000, 9800),
  ('ceramic-mug-11-oz', 50, 52000),
  ('ceramic-mug-11-oz', 100, 46000),
  ('ceramic-mug-11-oz', 250, 41000),
  ('ceramic-mug-11-oz', 500, 37500),
  ('ceramic-mug-11-oz-wrap', 50, 60000),
  ('ceramic-mug-11-oz-wrap', 100, 54000),
  ('ceramic-mug-11-oz-wrap', 250, 48000),
  ('ceramic-mug-11-oz-wrap', 500, 44000),
  ('steel-travel-mug-laser', 50, 145000),
  ('steel-travel-mug-laser', 100, 132000),
  ('steel-travel-mug-laser', 250, 120000),
  ('steel-travel-mug-laser', 500, 110000),
  ('glass-tumbler-screen-print', 100, 38000),
  ('glass-tumbler-screen-print', 250, 33000),
  ('glass-tumbler-screen-print', 500, 29500),
  ('a5-diary-pu-cover', 50, 125000),
  ('a5-diary-pu-cover', 100, 110000),
  ('a5-diary-pu-cover', 250, 98000),
  ('a5-diary-pu-cover', 500, 90000),
  ('pen-holder-uv-print', 100, 26000),
  ('pen-holder-uv-print', 250, 22500),
  ('pen-holder-uv-print', 500, 19900),
  ('pen-holder-uv-print', 1000, 18000),
  ('desk-organiser-screen-print', 100, 65000),
  ('desk-organiser-screen-print', 250, 59000),
  ('desk-organiser-screen-print', 500, 54000),
  ('mouse-pad-full-colour', 100, 32000),
  ('mouse-pad-full-colour', 250, 27500),
  ('mouse-pad-full-colour', 500, 24500),
  ('mouse-pad-full-colour', 1000, 22000),
  ('desk-calendar-13-sheets', 100, 48000),
  ('desk-calendar-13-sheets', 250, 41000),
  ('desk-calendar-13-sheets', 500, 36000),
  ('desk-calendar-13-sheets', 1000, 32000),
  ('acrylic-paperweight-uv', 50, 72000),
  ('acrylic-paperweight-uv', 100, 64000),
  ('acrylic-paperweight-uv', 250, 57000),
  ('maze-game-pad-print', 250, 21000),
  ('maze-game-pad-print', 500, 18000),
  ('maze-game-pad-print', 1000, 16000),
  ('puzzle-cube-printed', 250, 34000),
  ('puzzle-cube-printed', 500, 29500),
  ('puzzle-cube-printed', 1000, 26500),
  ('jigsaw-a4-120-pieces', 100, 45000),
  ('jigsaw-a4-120-pieces', 250, 39000),
  ('jigsaw-a4-120-pieces', 500, 34500),
  ('polo-shirt-embroidered', 50, 165000),
  ('polo-shirt-embroidered', 100, 152000),
  ('polo-shirt-embroidered', 250, 140000),
  ('polo-shirt-embroidered', 500, 132000),
  ('t-shirt-screen-print', 50, 85000),
  ('t-shirt-screen-print', 100, 76000),
  ('t-shirt-screen-print', 250, 69000),
  ('t-shirt-screen-print', 500, 64000),
  ('cap-embroidered', 50, 72000),
  ('cap-embroidered', 100, 64000),
  ('cap-embroidered', 250, 58000),
  ('cap-embroidered', 500, 54000),
  ('acrylic-shield-8-inch', 10, 380000),
  ('acrylic-shield-8-inch', 25, 340000),
  ('acrylic-shield-8-inch', 50, 310000),
  ('acrylic-shield-8-inch', 100, 285000),
  ('acrylic-star-trophy', 10, 520000),
  ('acrylic-star-trophy', 25, 470000),
  ('acrylic-star-trophy', 50, 430000),
  ('acrylic-plaque-a4', 10, 450000),
  ('acrylic-plaque-a4', 25, 405000),
  ('acrylic-plaque-a4', 50, 370000),
  ('wall-clock-12-inch', 25, 185000),
  ('wall-clock-12-inch', 50, 170000),
  ('wall-clock-12-inch', 100, 155000),
  ('wall-clock-12-inch', 250, 142000),
  ('wall-clock-10-inch-mdf', 25, 240000),
  ('wall-clock-10-inch-mdf', 50, 220000),
  ('wall-clock-10-inch-mdf', 100, 205000);
--> statement-breakpoint
CREATE TABLE `__seed_charges` (item_id text NOT NULL, position integer NOT NULL, label text NOT NULL, paisa integer NOT NULL);
--> statement-breakpoint
INSERT INTO `__seed_charges` VALUES
  ('metal-ball-pen-pad-print', 0, 'Pad print, per colour', 250000),
  ('metal-ball-pen-laser', 0, 'Laser engraving', 300000),
  ('plastic-click-pen-pad-print', 0, 'Pad print, per colour', 250000),
  ('plastic-twist-pen-screen-print', 0, 'Screen print, per colour', 300000),
  ('gel-pen-screen-print', 0, 'Screen print, per colour', 300000),
  ('click-pen-gold-foil', 0, 'Gold foil stamping', 350000),
  ('click-pen-gold-foil', 1, 'Pad print, per colour', 250000),
  ('highlighter-pad-print', 0, 'Pad print, per colour', 250000),
  ('chit-pad-box-3-5-inch', 0, 'Offset print, full colour', 800000),
  ('chit-pad-box-4-inch', 0, 'Offset print, full colour', 950000),
  ('sticky-note-pad', 0, 'Offset print, full colour', 600000),
  ('ceramic-mug-11-oz', 0, 'Pad print, per colour', 300000),
  ('ceramic-mug-11-oz-wrap', 0, 'Full-colour wrap (sublimation)', 400000),
  ('steel-travel-mug-laser', 0, 'Laser engraving', 350000),
  ('glass-tumbler-screen-print', 0, 'Screen print, per colour', 350000),
  ('a5-diary-pu-cover', 0, 'Debossing die', 600000),
  ('pen-holder-uv-print', 0, 'UV print, full colour', 400000),
  ('desk-organiser-screen-print', 0, 'Screen print, per colour', 350000),
  ('mouse-pad-full-colour', 0, 'Full-colour wrap (sublimation)', 300000),
  ('desk-calendar-13-sheets', 0, 'Offset print, full colour', 900000),
  ('acrylic-paperweight-uv', 0, 'UV print, full colour', 400000),
  ('maze-game-pad-print', 0, 'Pad print, per colour', 300000),
  ('puzzle-cube-printed', 0, 'UV print, full colour', 450000),
  ('jigsaw-a4-120-pieces', 0, 'Offset print, full colour', 700000),
  ('polo-shirt-embroidered', 0, 'Embroidery digitising', 500000),
  ('t-shirt-screen-print', 0, 'Screen print, per colour', 350000),
  ('cap-embroidered', 0, 'Embroidery digitising', 450000),
  ('acrylic-shield-8-inch', 0, 'Laser engraving', 250000),
  ('acrylic-star-trophy', 0, 'UV print, full colour', 300000),
  ('acrylic-plaque-a4', 0, 'UV print, full colour', 300000),
  ('wall-clock-12-inch', 0, 'Offset print, full colour', 600000),
  ('wall-clock-10-inch-mdf', 0, 'UV print, full colour', 500000);
--> statement-breakpoint
-- Each portfolio piece (app/content/catalogue.ts, Product.priceItemId) and the item it is made from.
CREATE TABLE `__portfolio_items` (piece_id text PRIMARY KEY, item_id text NOT NULL);
--> statement-breakpoint
INSERT INTO `__portfolio_items` VALUES
  ('acecol-pen', 'plastic-click-pen-pad-print'),
  ('biofer-pen', 'click-pen-gold-foil'),
  ('onset-pen', 'plastic-click-pen-pad-print'),
  ('naprox-pen-red', 'plastic-twist-pen-screen-print'),
  ('naprox-pen-blue', 'plastic-twist-pen-screen-print'),
  ('naprox-pen-metal', 'metal-ball-pen-laser'),
  ('ciplox-pen', 'plastic-click-pen-pad-print'),
  ('marena-pen', 'plastic-click-pen-pad-print'),
  ('gastrol-pen', 'gel-pen-screen-print'),
  ('lipitrex-pen', 'metal-ball-pen-pad-print'),
  ('zoltac-pen', 'highlighter-pad-print'),
  ('azythra-chit-pad', 'chit-pad-box-3-5-inch'),
  ('ciplox-chit-pad', 'chit-pad-box-3-5-inch'),
  ('dolorex-chit-pad', 'chit-pad-box-3-5-inch'),
  ('glucomet-chit-pad', 'chit-pad-box-4-inch'),
  ('ventosal-chit-pad', 'chit-pad-box-3-5-inch'),
  ('calcivit-chit-pad', 'chit-pad-box-4-inch'),
  ('rabeprol-chit-pad', 'chit-pad-box-3-5-inch'),
  ('onset-cup', 'ceramic-mug-11-oz'),
  ('marena-mug', 'ceramic-mug-11-oz-wrap'),
  ('biofer-travel-mug', 'steel-travel-mug-laser'),
  ('onset-pen-holder', 'pen-holder-uv-print'),
  ('gastrol-desk-organiser', 'desk-organiser-screen-print'),
  ('cardimax-mouse-pad', 'mouse-pad-full-colour'),
  ('ventosal-desk-calendar', 'desk-calendar-13-sheets'),
  ('lipitrex-paperweight', 'acrylic-paperweight-uv'),
  ('onset-maze-game', 'maze-game-pad-print');
--> statement-breakpoint
-- The portfolio pieces' own prices (rows keyed by a catalogue id) move to the item each piece is made
-- from: an owner's prices win over the seed's, and where several pieces share an item, the one saved
-- last. Their history moves with them, followed by one row saying where the prices came from. Prices
-- of a piece that is not carried over go (its history rows stay, append-only, under the piece's id).
CREATE TABLE `__carried` AS
  SELECT piece_id, item_id, lead_time_days, updated_at FROM (
    SELECT m.piece_id, m.item_id, p.lead_time_days, p.updated_at,
      ROW_NUMBER() OVER (PARTITION BY m.item_id ORDER BY p.updated_at DESC, m.piece_id) AS n
    FROM price_items p JOIN `__portfolio_items` m ON m.piece_id = p.item_id
    WHERE EXISTS (SELECT 1 FROM price_breaks b WHERE b.item_id = p.item_id))
  WHERE n = 1;
--> statement-breakpoint
UPDATE `__new_price_items` SET
  lead_time_days = (SELECT c.lead_time_days FROM `__carried` c WHERE c.item_id = `__new_price_items`.item_id),
  updated_at = (SELECT c.updated_at FROM `__carried` c WHERE c.item_id = `__new_price_items`.item_id)
  WHERE item_id IN (SELECT item_id FROM `__carried`);
--> statement-breakpoint
DELETE FROM `__seed_breaks` WHERE item_id IN (SELECT item_id FROM `__carried`);
--> statement-breakpoint
DELETE FROM `__seed_charges` WHERE item_id IN (SELECT item_id FROM `__carried`);
--> statement-breakpoint
UPDATE price_breaks SET item_id = (SELECT c.item_id FROM `__carried` c WHERE c.piece_id = price_breaks.item_id)
  WHERE item_id IN (SELECT piece_id FROM `__carried`);
--> statement-breakpoint
UPDATE price_setup_charges SET item_id = (SELECT c.item_id FROM `__carried` c WHERE c.piece_id = price_setup_charges.item_id)
  WHERE item_id IN (SELECT piece_id FROM `__carried`);
--> statement-breakpoint
DELETE FROM price_breaks WHERE item_id NOT IN (SELECT item_id FROM `__new_price_items`);
--> statement-breakpoint
DELETE FROM price_setup_charges WHERE item_id NOT IN (SELECT item_id FROM `__new_price_items`);
--> statement-breakpoint
INSERT INTO price_breaks (item_id, quantity, unit_paisa) SELECT item_id, quantity, unit_paisa FROM `__seed_breaks`;
--> statement-breakpoint
INSERT INTO price_setup_charges (item_id, position, label, paisa) SELECT item_id, position, label, paisa FROM `__seed_charges`;
--> statement-breakpoint
DROP TRIGGER price_changes_append_only;
--> statement-breakpoint
UPDATE price_changes SET item_id = (SELECT c.item_id FROM `__carried` c WHERE c.piece_id = price_changes.item_id)
  WHERE item_id IN (SELECT piece_id FROM `__carried`);
--> statement-breakpoint
CREATE TRIGGER price_changes_append_only BEFORE UPDATE ON price_changes
  WHEN NOT (OLD.actor_staff_id IS NOT NULL AND NEW.actor_staff_id IS NULL AND NEW.id = OLD.id AND NEW.at IS OLD.at
    AND NEW.item_id IS OLD.item_id AND NEW.actor_name IS OLD.actor_name AND NEW.changes IS OLD.changes)
  BEGIN SELECT RAISE(ABORT, 'the price list''s history is append-only'); END;
--> statement-breakpoint
INSERT INTO price_changes (item_id, at, actor_staff_id, actor_name, changes)
  SELECT item_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, 'Price list update',
    json_array(json_object('kind', 'carried-over', 'piece', piece_id))
  FROM `__carried` ORDER BY item_id;
--> statement-breakpoint
DROP TABLE `__carried`;
--> statement-breakpoint
DROP TABLE `__portfolio_items`;
--> statement-breakpoint
DROP TABLE `__seed_breaks`;
--> statement-breakpoint
DROP TABLE `__seed_charges`;
--> statement-breakpoint
DROP TABLE `price_items`;
--> statement-breakpoint
ALTER TABLE `__new_price_items` RENAME TO `price_items`;
--> statement-breakpoint
PRAGMA foreign_keys=ON;