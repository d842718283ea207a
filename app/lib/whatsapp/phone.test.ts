import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { Sqlite } from "~/lib/db/database.server";

import { sameWhatsAppNumber, whatsappDisplay, whatsappNumberOf } from "./phone";

// Numbers as buyers type them into the quote form, with what WhatsApp calls them.
const written: [string, string | null][] = [
  ["+92 300 1234567", "923001234567"],
  ["03001234567", "923001234567"],
  ["923001234567", "923001234567"],
  ["0300-1234567", "923001234567"],
  ["(0300) 123 4567", "923001234567"],
  ["300 1234567", "923001234567"],
  ["0092 300 1234567", "923001234567"],
  ["  +92-321-7654321 ", "923217654321"],
  ["+44 20 7946 0958", "442079460958"],
  ["0044 20 7946 0958", "442079460958"],
  ["+1 (415) 555-0123", "14155550123"],
  ["+971 50 123 4567", "971501234567"],
  // A number without + or 00 that is not a Pakistani mobile could be any country's.
  ["4155550123", null],
  // Lahore landlines, a switchboard's extension, and things that are not numbers.
  ["042 3587 1234", null],
  ["+92 42 3587 1234", null],
  ["0300 1234567 ext 5", null],
  ["0300 1234567 x 5", null],
  ["+92 0300 1234567", null],
  ["0300 123456", null],
  ["0300 12345678", null],
  ["12", null],
  ["call me", null],
  ["", null],
  ["+", null],
  ["+1234567890123456", null],
];

describe("WhatsApp numbers", () => {
  it("writes every way of writing a number as E.164 digits, or null where WhatsApp cannot be", () => {
    for (const [phone, number] of written) expect(whatsappNumberOf(phone), phone).toBe(number);
  });

  it("agrees with the SQL that filled in the numbers of the requests of before", () => {
    const migration = readFileSync(new URL("../../../drizzle/0031_whatsapp_channel.sql", import.meta.url), "utf8");
    const backfill = /UPDATE `quotes` SET `whatsapp_number`[\s\S]*?WHERE `phone` <> '';/.exec(migration)?.[0];
    expect(backfill).toBeDefined();
    const db = new Sqlite(":memory:");
    db.exec("CREATE TABLE quotes (id INTEGER PRIMARY KEY, phone TEXT NOT NULL, whatsapp_number TEXT)");
    const insert = db.prepare("INSERT INTO quotes (phone) VALUES (?)");
    for (const [phone] of written) insert.run(phone);
    db.exec(backfill!);
    const rows = db.prepare("SELECT phone, whatsapp_number AS number FROM quotes ORDER BY id").all() as {
      phone: string;
      number: string | null;
    }[];
    expect(rows.map((row) => [row.phone, row.number])).toEqual(
      written.map(([phone]) => [phone, whatsappNumberOf(phone)]),
    );
    db.close();
  });

  it("shows a number the way people read it", () => {
    expect(whatsappDisplay("923001234567")).toBe("+92 300 1234567");
    expect(whatsappDisplay("442079460958")).toBe("+442079460958");
  });

  it("knows two ways of writing one number are the same account", () => {
    expect(sameWhatsAppNumber("0300 1234567", "+92 300 1234567")).toBe(true);
    expect(sameWhatsAppNumber("0300 1234567", "0300 1234568")).toBe(false);
    expect(sameWhatsAppNumber("call me", "call me")).toBe(false);
  });
});
