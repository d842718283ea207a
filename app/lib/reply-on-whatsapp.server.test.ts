import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Sqlite } from "./db/database.server";
import { whatsappNumberOf } from "./reply-on-whatsapp";

const phones: [string, string | null][] = [
  ["0300 1234567", "923001234567"],
  ["0300-1234567", "923001234567"],
  ["300 1234567", "923001234567"],
  ["+92 300 1234567", "923001234567"],
  ["+92 (300) 123.4567", "923001234567"],
  ["923001234567", "923001234567"],
  ["0092 300 1234567", "923001234567"],
  ["+44 7700 900123", "447700900123"],
  ["0044 7700 900123", "447700900123"],
  ["+971 50 123 4567", "971501234567"],
  ["042 3587 1234", null],
  ["+92 42 3587 1234", null],
  ["0092 42 3587 1234", null],
  ["0300 1234567 ext 12", null],
  ["447700900123", null], // another country's number needs its + or 00
  ["+44 12", null],
  ["call me", null],
  ["", null],
];

describe("the number WhatsApp reaches", () => {
  it.each(phones)("reads %j as %j", (phone, number) => {
    expect(whatsappNumberOf(phone)).toBe(number);
  });

  it("reads every phone as the migration read the requests of before", () => {
    const migration = readFileSync("drizzle/0031_whatsapp_channel.sql", "utf8");
    const backfill = migration.slice(migration.indexOf("UPDATE `quotes` SET `whatsapp_number`"));
    const db = new Sqlite(":memory:");
    db.exec("CREATE TABLE quotes (id INTEGER PRIMARY KEY, phone TEXT NOT NULL, whatsapp_number TEXT)");
    const insert = db.prepare("INSERT INTO quotes (phone) VALUES (?)");
    for (const [phone] of phones) insert.run(phone);
    db.exec(backfill);
    const stored = db.prepare("SELECT phone, whatsapp_number FROM quotes ORDER BY id").raw().all();
    expect(stored).toEqual(phones.map(([phone]) => [phone, whatsappNumberOf(phone)]));
    db.close();
  });
});
