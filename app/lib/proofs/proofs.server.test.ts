import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { answerEmail, proofEmail, reminderEmail, staffReminderEmail } from "./mail";
import { isTokenShape, ProofDesk, tokenHash } from "./proofs.server";
import { answerSummary, looksLikePdf, PROOF_LINK_MS, reminderDue, tokenGuessLimit } from "./rules";

const fields = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "",
  product: "Pens",
  message: "500 pens",
};
const meta = (key: string) => ({ clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key });
const staff = { name: "Bilal", email: "bilal@promo.example" };
const png = (seed: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, seed]);

function setUp() {
  const store = QuoteStore.open(tempDir("proofs"));
  const desk = new ProofDesk(store, "sales@promo.example");
  const quote = store.insert(fields, meta("a"), { notify: false }).quote;
  const other = store.insert({ ...fields, email: "other@else.example" }, meta("b"), { notify: false }).quote;
  const send = (data: Uint8Array, now = new Date()) =>
    desk.send(
      store.get(quote.id)!,
      { data, mediaType: "image/png" },
      "Blue logo, 40 mm",
      staff,
      (version, token) => proofEmail(quote, version, "Blue logo, 40 mm", token),
      now,
    );
  return { store, desk, quote, other, send };
}

describe("proofs in the store", () => {
  it("numbers versions, keeps files under generated names with their hash, stores tokens hashed, marks the request Quoted", () => {
    const { store, desk, quote, send } = setUp();
    const first = send(png(1));
    const second = send(png(2));
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(isTokenShape(first.token)).toBe(true);
    expect(first.token).not.toBe(second.token);
    const proofs = desk.proofs(quote.id);
    expect(proofs.map((proof) => proof.storedName)).toEqual([
      expect.stringMatching(/^proof-[0-9a-f-]{36}\.png$/),
      expect.stringMatching(/^proof-[0-9a-f-]{36}\.png$/),
    ]);
    expect(readFileSync(proofs[1]!.path)).toEqual(Buffer.from(png(2)));
    expect(proofs[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(store.db.prepare("SELECT * FROM proof_links").all());
    expect(stored).not.toContain(first.token);
    expect(stored).toContain(tokenHash(first.token));
    expect(store.get(quote.id)!.status).toBe("quoted");
    expect(store.events(quote.id).map((event) => event.body)).toContain("Proof v2 sent: Blue logo, 40 mm");
    // The buyer's e-mail carries the link until it is sent.
    expect(desk.mails(quote.id)[0]!.body).toContain(`/proof/${first.token}`);
    // Stray-file cleaning keeps proof files.
    store.removeStrayFiles({ now: Date.now() + 10 * 3_600_000, graceMs: 0 });
    expect(existsSync(proofs[0]!.path)).toBe(true);
    store.delete(quote.id);
    expect(existsSync(proofs[0]!.path)).toBe(false);
  });

  it("does not move a Won request back to Quoted", () => {
    const { store, quote, send } = setUp();
    store.setStatus(quote.id, "won", "", staff);
    send(png(1));
    expect(store.get(quote.id)!.status).toBe("won");
  });

  it("opens only its own request, and not once ended or expired", () => {
    const { desk, quote, other, send, store } = setUp();
    const now = new Date("2026-11-25T08:00:00Z");
    const { token } = send(png(1), now);
    expect(desk.open(token, now.getTime())?.id).toBe(quote.id);
    expect(desk.open(token, now.getTime())?.id).not.toBe(other.id);
    expect(desk.open(token, now.getTime() + PROOF_LINK_MS)).toBeUndefined();
    expect(desk.open(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, now.getTime())).toBeUndefined();
    expect(desk.open("' OR 1=1 --", now.getTime())).toBeUndefined();
    const [link] = desk.links(quote.id);
    expect(desk.endLink(other.id, link!.id, staff)).toBe(false); // not that request's link
    expect(desk.endLink(quote.id, link!.id, staff)).toBe(true);
    expect(desk.open(token, now.getTime())).toBeUndefined();
    expect(store.events(quote.id).at(-1)!.body).toBe(`Proof link ${link!.id} ended`);
  });

  it("takes one answer for the latest version only, with the file's hash, and tells the staff", async () => {
    const { desk, quote, send, store } = setUp();
    send(png(1));
    const live = () => store.get(quote.id)!;
    const changes = await desk.answer(live(), 1, { kind: "changes", text: "Bigger logo" }, (proof) =>
      answerEmail(quote, proof),
    );
    expect(changes.ok).toBe(true);
    expect(await desk.answer(live(), 1, { kind: "approved", name: "X", role: "" }, null)).toEqual({
      ok: false,
      reason: "answered",
    });
    send(png(2));
    expect((await desk.answer(live(), 1, { kind: "approved", name: "X", role: "" }, null)).ok).toBe(false);
    const approved = await desk.answer(
      live(),
      2,
      { kind: "approved", name: "Dr. Ayesha Khan", role: "Brand Manager" },
      (proof) => answerEmail(quote, proof),
      new Date("2026-11-25T10:00:00Z"),
    );
    if (!approved.ok) throw new Error(approved.reason);
    expect(answerSummary(approved.proof)).toBe("Approved v2 by Dr. Ayesha Khan, Brand Manager");
    expect(approved.proof.answerSha256).toBe(desk.proofs(quote.id)[1]!.sha256);
    const staffMails = desk.mails(quote.id).filter((mail) => mail.kind === "staff");
    expect(staffMails.map((mail) => mail.subject)).toEqual([
      `${quote.reference}: Changes requested on v1`,
      `${quote.reference}: Approved v2 by Dr. Ayesha Khan, Brand Manager`,
    ]);
    expect(staffMails[1]!.body).toContain("2026-11-25 15:00 PKT");
    // Final in the database itself, whatever the code above does.
    expect(() => store.db.prepare("UPDATE proofs SET answer_name = 'Someone else' WHERE version = 2").run()).toThrow(
      /final/,
    );
    expect(desk.markWon(live(), staff)).toBe(true);
    expect(live().status).toBe("won");
  });

  it("refuses an approval when the file on disk is no longer the file sent", async () => {
    const { desk, quote, send, store } = setUp();
    send(png(1));
    writeFileSync(desk.proofs(quote.id)[0]!.path, png(9));
    expect(await desk.answer(store.get(quote.id)!, 1, { kind: "approved", name: "A", role: "" }, null)).toEqual({
      ok: false,
      reason: "file_changed",
    });
  });

  it("queues one reminder after two business days, with a fresh link, and none after an answer", async () => {
    const { desk, quote, send, store } = setUp();
    // Friday 18:00 in Lahore.
    send(png(1), new Date("2026-11-27T13:00:00Z"));
    const texts = { buyer: reminderEmail, staff: staffReminderEmail };
    expect(desk.queueReminders(texts, new Date("2026-11-30T13:00:00Z"))).toBe(0); // Monday 18:00: 8 h
    expect(desk.queueReminders(texts, new Date("2026-12-01T13:00:00Z"))).toBe(1); // Tuesday 18:00: 16 h
    expect(desk.queueReminders(texts, new Date("2026-12-03T13:00:00Z"))).toBe(0); // only one
    const reminder = desk.mails(quote.id).find((mail) => mail.kind === "reminder")!;
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(reminder.body)![1]!;
    expect(desk.open(token, Date.parse("2026-12-01T14:00:00Z"))?.id).toBe(quote.id);
    expect(desk.mails(quote.id).filter((mail) => mail.kind === "staff")).toHaveLength(1);

    send(png(2), new Date("2026-12-01T05:00:00Z"));
    await desk.answer(store.get(quote.id)!, 2, { kind: "changes", text: "x" }, null);
    expect(desk.queueReminders(texts, new Date("2026-12-10T13:00:00Z"))).toBe(0);
  });
});

describe("rules", () => {
  it("counts business hours only for a reminder", () => {
    const base = { answer: null, remindedAt: null };
    expect(reminderDue({ ...base, createdAt: "2026-11-27T13:00:00Z" }, Date.parse("2026-12-01T12:59:00Z"))).toBe(false);
    expect(reminderDue({ ...base, createdAt: "2026-11-27T13:00:00Z" }, Date.parse("2026-12-01T13:00:00Z"))).toBe(true);
    expect(
      reminderDue(
        { createdAt: "2026-11-27T13:00:00Z", answer: "approved", remindedAt: null },
        Date.parse("2026-12-09"),
      ),
    ).toBe(false);
  });

  it("knows a PDF by its header and trailer", () => {
    const pdf = (text: string) => new TextEncoder().encode(text);
    expect(looksLikePdf(pdf("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"))).toBe(true);
    expect(looksLikePdf(pdf("%PDF-1.7\n1 0 obj <<>> endobj\n"))).toBe(false);
    expect(looksLikePdf(pdf("<html>%PDF-1.7 %%EOF</html>"))).toBe(false);
  });
});

describe("failed token look-ups", () => {
  it("hold an address after 20 in 15 minutes until the oldest leaves the window, in the store", () => {
    const dir = tempDir("proof-guesses");
    const store = QuoteStore.open(dir);
    const desk = new ProofDesk(store);
    const start = Date.parse("2026-11-20T08:00:00Z");
    for (let n = 0; n < tokenGuessLimit.max - 1; n++)
      expect(desk.failedLookup("192.0.2.7", start + n * 1000)).toBeNull();
    expect(desk.lookupsHeldUntil("192.0.2.7", start + 60_000)).toBeNull();
    expect(desk.failedLookup("192.0.2.7", start + 60_000)).toBeNull(); // the 20th is counted
    expect(desk.lookupsHeldUntil("192.0.2.7", start + 60_000)).toBe(start + tokenGuessLimit.windowMs);
    // Held: the next failure is not counted, and says until when.
    expect(desk.failedLookup("192.0.2.7", start + 61_000)).toBe(start + tokenGuessLimit.windowMs);
    expect(store.db.prepare("SELECT count(*) FROM proof_link_failures").pluck().get()).toBe(tokenGuessLimit.max);
    expect(desk.lookupsHeldUntil("192.0.2.8", start + 60_000)).toBeNull();
    store.close();
    // Another process on the same file (a restart) sees the same hold, and the end of it.
    const reopened = QuoteStore.open(dir);
    const again = new ProofDesk(reopened);
    expect(again.lookupsHeldUntil("192.0.2.7", start + 120_000)).toBe(start + tokenGuessLimit.windowMs);
    expect(again.lookupsHeldUntil("192.0.2.7", start + tokenGuessLimit.windowMs)).toBeNull();
    // Failures older than the window are deleted as new ones come.
    again.failedLookup("192.0.2.9", start + 2 * tokenGuessLimit.windowMs);
    expect(reopened.db.prepare("SELECT count(*) FROM proof_link_failures").pluck().get()).toBe(1);
    reopened.close();
  });
});
