// Made once, from the release of November 2026 (schema version 9, before Drizzle), to write
// tests/fixtures/release-2026-11.sql: a database of that release with a row in every table, which the
// tests upgrade (tests/support/release-database.ts). Kept to show how the fixture was made; run with
// `npx tsx scripts/release-fixture.ts` on that release's code only.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "~/lib/desk/passwords.server";
import { StaffDirectory } from "~/lib/desk/staff.server";
import { proofEmail } from "~/lib/proofs/mail";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore } from "~/lib/quotes/store.server";

const dir = mkdtempSync(join(tmpdir(), "release-fixture-"));
const store = QuoteStore.open(dir);
const at = (time: string) => new Date(`2026-11-20T${time}:00.000Z`);
const sana = { name: "Sana Iqbal", email: "sana@promo.example" };
const fields = (name: string, company: string, email: string, product: string, message: string) => ({
  name,
  company,
  email,
  phone: "+92 300 1234567",
  product,
  message,
});
const meta = (key: string) => ({
  clientIp: "203.0.113.7",
  userAgent: "Firefox",
  page: "/contact",
  idempotencyKey: key,
});

// A request with its logo, e-mailed to the business, replied to and proofed.
const logo = store.writeFile({
  role: "logo",
  mediaType: "image/png",
  data: Buffer.from("release-fixture logo"),
  originalName: "acme logo.png",
});
const first = store.insert(
  fields("Ayesha Khan", "Acme Pharma", "ayesha@acme.example", "Pens", "500 pens"),
  meta("k-1"),
  {
    notify: true,
    now: at("06:00"),
    files: [logo],
    design: null,
  },
).quote;
store.markSent(first.id, at("06:01"));
store.addNote(first.id, "Called, wants blue", sana, at("07:00"));
store.queueReply(first.id, "Dear Ayesha, our prices…", sana, "form-1", at("07:30"));
const desk = new ProofDesk(store, ["sales@promo.example"]);
desk.send(
  first,
  { data: Buffer.from("release-fixture proof v1"), mediaType: "image/png" },
  "Blue logo",
  sana,
  (version) => proofEmail(first, version, "Blue logo"),
  at("08:00"),
);
// The proof's e-mail claimed and composed (its link minted), then sent; v2 queued and not sent yet.
const [mail] = desk.claimDueMails({ now: at("08:01").getTime(), leaseMs: 60_000 });
desk.compose(mail!, at("08:01"));
desk.markMailSent(mail!, at("08:02"));
desk.send(
  first,
  { data: Buffer.from("release-fixture proof v2"), mediaType: "image/png" },
  "Bigger",
  sana,
  (version) => proofEmail(first, version, "Bigger"),
  at("09:00"),
);
desk.failedLookup("203.0.113.9", at("09:30").getTime());

// A request whose notification waits in the outbox, lost to a cheaper supplier.
const second = store.insert(
  fields("Bilal Ahmed", "Bilal & Sons_", "bilal@sons.example", "Mugs", "100% ceramic"),
  meta("k-2"),
  { notify: true, now: at("10:00") },
).quote;
store.setStatus(second.id, "lost", "Chose a cheaper supplier", sana, at("11:00"));

// Staff: an owner signed in (with a session), an account waiting for its set-up link, a wrong password.
const staff = new StaffDirectory(store.db);
const owner = staff.add("sana@promo.example", "Sana Iqbal", { now: at("05:00").getTime() });
staff.usePasswordToken(owner.token, await hashPassword("correct horse battery staple"), at("05:10").getTime());
const session = staff.startSession(owner.staff.id, at("11:30").getTime());
const waiting = staff.add("omar@promo.example", "Omar", { now: at("11:40").getTime() });
const attempt = staff.beginSignIn("sana@promo.example", "198.51.100.4", at("11:45").getTime());
staff.failSignIn(attempt.id!, at("11:45").getTime());

const db = store.db;
const lines = [
  "-- The database of the release of November 2026 (schema version 9), made by scripts/release-fixture.ts.",
  `-- Session id: ${session}`,
  `-- Set-up token of omar@promo.example: ${waiting.token}`,
  "PRAGMA foreign_keys = OFF;",
  "BEGIN;",
];
const schema = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").all() as {
  type: string;
  name: string;
  sql: string;
}[];
for (const { sql } of schema) lines.push(`${sql};`);
const literal = (value: unknown) =>
  value === null ? "NULL" : typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value);
for (const { name } of schema.filter((entry) => entry.type === "table")) {
  for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[]) {
    lines.push(
      `INSERT INTO "${name}" (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(literal).join(", ")});`,
    );
  }
}
lines.push(`PRAGMA user_version = ${db.pragma("user_version", { simple: true }) as number};`, "COMMIT;", "");
store.close();
writeFileSync(join(import.meta.dirname, "../tests/fixtures/release-2026-11.sql"), lines.join("\n"));
rmSync(dir, { recursive: true, force: true });
