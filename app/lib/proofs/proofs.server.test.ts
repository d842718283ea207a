import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { storedFilesAfter } from "~/lib/files/registry.server";
import { Messaging } from "~/lib/messaging/messaging.server";
import { plainMailMessage } from "~/lib/messaging/email.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { answerEmail, proofEmail, reminderEmail, staffReminderEmail } from "./mail";
import { isSecretShape, secretHash } from "~/lib/secrets.server";
import { ProofDesk, type OutgoingProofMail } from "./proofs.server";
import { answerSummary, looksLikePdf, PROOF_LINK_MS, reminderDue, tokenGuessLimit } from "./rules";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";

const fields = buyerFields;
const meta = submissionMeta;
const staff = bilal;
const png = (seed: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, seed]);

function setUp() {
  const store = QuoteStore.open(tempDir("proofs"));
  const desk = new ProofDesk(store, ["sales@promo.example"]);
  const quote = store.insert(fields, meta("a"), { notify: false }).quote;
  const other = store.insert({ ...fields, email: "other@else.example" }, meta("b"), { notify: false }).quote;
  const send = (data: Uint8Array, now = new Date()) =>
    desk.send(
      store.get(quote.id)!,
      { data, mediaType: "image/png" },
      "Blue logo, 40 mm",
      staff,
      (version) => proofEmail(quote, version, "Blue logo, 40 mm"),
      now,
    );
  return { store, desk, quote, other, send };
}

/** What the outbox does with the mails due: each composed (a buyer's link minted now) and sent. */
function deliver(desk: ProofDesk, now = new Date()): OutgoingProofMail[] {
  const sent: OutgoingProofMail[] = [];
  const messaging = new Messaging(desk.store);
  for (const mail of messaging.claimDue({ now: now.getTime(), leaseMs: 60_000, limit: 100 })) {
    const outgoing = desk.compose(mail, now);
    if (!outgoing) continue;
    messaging.markSent(mail, { type: "proof.mail_sent", payload: { subject: mail.subject, to: mail.recipient } }, now);
    sent.push(outgoing);
  }
  return sent;
}

const tokenIn = (mail: { body: string } | null | undefined) =>
  /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? "")?.[1];

describe("proofs in the store", () => {
  it("numbers versions, keeps files under generated names with their hash, stores tokens hashed, hands the move to the buyer", () => {
    const { store, desk, quote, send } = setUp();
    const first = send(png(1));
    const second = send(png(2));
    expect([first.version, second.version]).toEqual([1, 2]);
    // The buyer's e-mails wait without a link: none is minted before a mail goes.
    expect(desk.mails(quote.id).map((mail) => [mail.version, mail.body.includes("/proof/")])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(desk.links(quote.id)).toEqual([]);
    const [mail1, mail2] = deliver(desk);
    const [token1, token2] = [tokenIn(mail1), tokenIn(mail2)];
    expect(isSecretShape(token1!)).toBe(true);
    // One link per request: the second version's mail carries the first's link.
    expect(token2).toBe(token1);
    expect(mail1!.to).toEqual([{ name: "Ayesha Khan", address: "ayesha@acme.example" }]);
    expect(desk.links(quote.id)).toEqual([
      expect.objectContaining({ version: 1, mintedBy: "proof v1 e-mail", carried: true, endedAt: null }),
    ]);
    // Only the hash is looked up; the sealed copy opens nothing without the key beside the database.
    const row = store.db.prepare("SELECT token_hash, token_sealed FROM proof_links").get() as Record<string, string>;
    expect(row.token_hash).toBe(secretHash(token1!));
    expect(row.token_sealed).not.toContain(token1!);
    const proofs = desk.proofs(quote.id);
    expect(proofs.map((proof) => proof.storedName)).toEqual([
      expect.stringMatching(/^proof-[0-9a-f-]{36}\.png$/),
      expect.stringMatching(/^proof-[0-9a-f-]{36}\.png$/),
    ]);
    expect(readFileSync(proofs[1]!.path)).toEqual(Buffer.from(png(2)));
    expect(proofs[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Each file is in the files registry with the hash of its bytes, which the backup copies by.
    const registered = (name: string) => storedFilesAfter(store.db, 0, 100).find((file) => file.name === name);
    for (const proof of proofs)
      expect(registered(proof.storedName)).toMatchObject({
        area: "attachments",
        sha256: createHash("sha256").update(readFileSync(proof.path)).digest("hex"),
        byteSize: proof.byteSize,
        removedAt: null,
      });
    const stored = JSON.stringify(store.db.prepare("SELECT * FROM proof_links").all());
    expect(stored).not.toContain(token1);
    expect(stored).toContain(secretHash(token1!));
    expect(store.get(quote.id)!.status).toBe("waiting_on_buyer");
    expect(store.audit.requestHistory(quote.id).map((event) => event.body)).toContain(
      "Proof v2 sent: Blue logo, 40 mm",
    );
    expect(JSON.stringify(desk.mails(quote.id))).not.toContain(token1);
    // Stray-file cleaning keeps proof files.
    store.files.removeStrayFiles({ now: Date.now() + 10 * 3_600_000, graceMs: 0 });
    expect(existsSync(proofs[0]!.path)).toBe(true);
    store.delete(quote.id);
    expect(existsSync(proofs[0]!.path)).toBe(false);
    expect(registered(proofs[0]!.storedName)?.removedAt).toEqual(expect.any(String));
  });

  it("does not move a Won request back to Waiting on buyer", async () => {
    const { desk, store, quote, send } = setUp();
    send(png(1));
    expect((await desk.answer(store.get(quote.id)!, 1, { kind: "approved", name: "A", role: "" }, null)).ok).toBe(true);
    expect(desk.markWon(store.get(quote.id)!, staff)).toBe(true);
    send(png(2));
    expect(store.get(quote.id)!.status).toBe("won");
    expect(
      store.audit
        .requestHistory(quote.id)
        .filter((event) => event.kind === "status")
        .map((event) => event.body),
    ).toEqual(["Status: Waiting on buyer", "Status: Won"]);
  });

  it("marks Won only once the latest proof is approved, and changes nothing before", async () => {
    const { desk, store, quote, send } = setUp();
    expect(desk.markWon(store.get(quote.id)!, staff)).toBe(false); // no proof yet
    send(png(1));
    const before = store.audit.requestHistory(quote.id);
    expect(desk.markWon(store.get(quote.id)!, staff)).toBe(false); // sent, not answered
    await desk.answer(store.get(quote.id)!, 1, { kind: "changes", text: "Bigger logo" }, null);
    expect(desk.markWon(store.get(quote.id)!, staff)).toBe(false); // changes asked for
    expect(desk.chooseStatus(quote.id, "won", "", staff)).toEqual({
      ok: false,
      refused: "won needs an approved proof",
    });
    // The buyer's changes hand the move back to the office; the refused Won writes nothing.
    expect(store.get(quote.id)!.status).toBe("waiting_on_us");
    const statusLines = (lines: typeof before) =>
      lines.filter((event) => event.kind === "status").map((event) => [event.actor, event.body]);
    expect(statusLines(store.audit.requestHistory(quote.id))).toEqual([
      ...statusLines(before),
      ["buyer", "Status: Waiting on us"],
    ]);
  });

  it("opens only its own request, and not once ended or expired", () => {
    const { desk, quote, other, send, store } = setUp();
    const now = new Date("2026-11-25T08:00:00Z");
    send(png(1), now);
    const token = tokenIn(deliver(desk, now)[0])!;
    expect(desk.open(token, now.getTime())?.id).toBe(quote.id);
    expect(desk.open(token, now.getTime())?.id).not.toBe(other.id);
    expect(desk.open(token, now.getTime() + PROOF_LINK_MS)).toBeUndefined();
    expect(desk.open(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, now.getTime())).toBeUndefined();
    expect(desk.open("' OR 1=1 --", now.getTime())).toBeUndefined();
    const [link] = desk.links(quote.id);
    expect(desk.endLink(other.id, link!.id, staff)).toBe(false); // not that request's link
    expect(desk.endLink(quote.id, link!.id, staff)).toBe(true);
    expect(desk.open(token, now.getTime())).toBeUndefined();
    expect(store.audit.requestHistory(quote.id).at(-1)!.body).toBe(`Proof link ${link!.id} ended`);
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
    const sent = deliver(desk, new Date("2026-12-01T13:00:00Z"));
    const reminder = sent.find((mail) => mail.subject.startsWith("Reminder:"));
    const token = tokenIn(reminder)!;
    expect(desk.open(token, Date.parse("2026-12-01T14:00:00Z"))?.id).toBe(quote.id);
    expect(sent.find((mail) => mail.subject.includes("unanswered"))!.to).toEqual([{ address: "sales@promo.example" }]);
    expect(desk.mails(quote.id).filter((mail) => mail.kind === "staff")).toHaveLength(1);

    send(png(2), new Date("2026-12-01T05:00:00Z"));
    await desk.answer(store.get(quote.id)!, 2, { kind: "changes", text: "x" }, null);
    expect(desk.queueReminders(texts, new Date("2026-12-10T13:00:00Z"))).toBe(0);
  });
});

describe("ending links", () => {
  const texts = { buyer: reminderEmail, staff: staffReminderEmail };
  const friday = new Date("2026-11-27T13:00:00Z"); // Friday 18:00 in Lahore
  const tuesday = new Date("2026-12-01T13:00:00Z"); // two business days later

  it("stops the version's reminder: none is queued, no link minted, nothing mailed", () => {
    const { desk, quote, send, store } = setUp();
    send(png(1), friday);
    const token = tokenIn(deliver(desk, friday)[0])!;
    const [link] = desk.links(quote.id);
    expect(desk.endLink(quote.id, link!.id, staff, friday)).toBe(true);
    expect(desk.queueReminders(texts, tuesday)).toBe(0);
    expect(deliver(desk, tuesday)).toEqual([]);
    expect(desk.links(quote.id)).toHaveLength(1);
    expect(desk.open(token, tuesday.getTime())).toBeUndefined();
    expect(desk.mails(quote.id).map((mail) => mail.kind)).toEqual(["proof"]);
    // A new version is a new start: its mail goes, with a link that opens.
    send(png(2), tuesday);
    const next = tokenIn(deliver(desk, tuesday)[0])!;
    expect(desk.open(next, tuesday.getTime())?.id).toBe(quote.id);
    expect(store.audit.requestHistory(quote.id).map((event) => event.body)).toContain(`Proof link ${link!.id} ended`);
  });

  it("cancels a reminder queued and not yet sent for that version", () => {
    const { desk, quote, send, store } = setUp();
    send(png(1), friday);
    deliver(desk, friday);
    expect(desk.queueReminders(texts, tuesday)).toBe(1);
    const [link] = desk.links(quote.id);
    desk.endLink(quote.id, link!.id, staff, tuesday);
    const sent = deliver(desk, tuesday);
    expect(sent.map((mail) => mail.subject)).toEqual([`${quote.reference}: proof v1 unanswered for 2 business days`]);
    expect(desk.links(quote.id)).toHaveLength(1);
    expect(desk.mails(quote.id).find((mail) => mail.kind === "reminder")!.status).toBe("cancelled");
    expect(store.audit.requestHistory(quote.id).map((event) => event.body)).toContain(
      `Proof link ${link!.id} ended; 1 e-mail with a link not sent`,
    );
  });

  it("all at once: every link of the request ends, and a proof e-mail still waiting is not sent", () => {
    const { desk, quote, other, send, store } = setUp();
    send(png(1), friday);
    const first = tokenIn(deliver(desk, friday)[0])!;
    send(png(2), friday); // its e-mail still waits
    const otherProof = desk.send(
      other,
      { data: png(3), mediaType: "image/png" },
      "",
      staff,
      (v) => ({
        subject: `Proof v${v}`,
        body: "{proof-link}",
      }),
      friday,
    );
    expect(otherProof.version).toBe(1);
    expect(desk.endAllLinks(quote.id, staff, friday)).toEqual({ links: 1, cancelledMails: 1 });
    expect(desk.open(first, friday.getTime())).toBeUndefined();
    // Another request's mail goes on.
    expect(deliver(desk, friday).map((mail) => mail.to[0]!.address)).toEqual(["other@else.example"]);
    expect(desk.links(quote.id).map((link) => link.endedAt)).toEqual([friday.getTime()]);
    expect(desk.queueReminders(texts, tuesday)).toBe(1); // the other request's only
    expect(desk.mails(quote.id).filter((mail) => mail.kind === "reminder")).toEqual([]);
    expect(store.audit.requestHistory(quote.id).at(-1)!.body).toBe(
      "All proof links ended (1 link), reminders stopped; 1 e-mail with a link not sent",
    );
  });

  it("the one link ended while a mail carrying it is being sent opens nothing, and the next version makes a new one", () => {
    const { desk, quote, send } = setUp();
    send(png(1), friday);
    const first = tokenIn(deliver(desk, friday)[0])!;
    send(png(1), friday);
    const messaging = new Messaging(desk.store);
    const [due] = messaging.claimDue({ now: friday.getTime(), leaseMs: 60_000 });
    const outgoing = desk.compose(due!, friday)!; // being sent now, with the same link
    expect(tokenIn(outgoing)).toBe(first);
    const [link] = desk.links(quote.id);
    desk.endLink(quote.id, link!.id, staff, friday);
    expect(desk.open(first, friday.getTime())).toBeUndefined();
    messaging.markSent(
      due!,
      { type: "proof.mail_sent", payload: { subject: due!.subject, to: due!.recipient } },
      friday,
    );
    expect(desk.mails(quote.id).map((mail) => mail.status)).toEqual(["sent", "cancelled"]);
  });
});

describe("links minted when a mail is sent", () => {
  it("are removed when the attempt fails or is cut short, so retries leave one link", () => {
    const { desk, quote, send } = setUp();
    const now = new Date("2026-11-25T08:00:00Z");
    send(png(1), now);
    const messaging = new Messaging(desk.store);
    const [mail] = messaging.claimDue({ now: now.getTime(), leaseMs: 60_000 });
    const failed = tokenIn(desk.compose(mail!, now))!;
    expect(desk.links(quote.id)).toHaveLength(1);
    messaging.markFailed(mail!.id, "421 try later", now.getTime());
    desk.attemptFailed(mail!.id);
    expect(desk.links(quote.id)).toHaveLength(0);
    expect(desk.open(failed, now.getTime())).toBeUndefined();
    // An attempt whose outcome was never recorded (a crash): the next one carries the same link.
    const cut = tokenIn(desk.compose(mail!, now))!;
    const sent = tokenIn(desk.compose(mail!, now))!;
    messaging.markSent(
      mail!,
      { type: "proof.mail_sent", payload: { subject: mail!.subject, to: mail!.recipient } },
      now,
    );
    expect(desk.links(quote.id)).toHaveLength(1);
    expect(sent).toBe(cut);
    expect(desk.open(sent, now.getTime())?.id).toBe(quote.id);
  });
});

describe("a proof e-mail as sent", () => {
  it("is addressed with address objects: a name or a list in the text never adds a recipient", async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const from = "Promo Works <sales@promo.example>";
    const buyer = await transport.sendMail(
      plainMailMessage(
        {
          messageId: "proof-7",
          to: { name: "Ayesha, Khan <x@evil.example>", address: "ayesha@acme.example" },
          subject: "s",
          body: "b",
        },
        { from },
      ),
    );
    expect(buyer.envelope.to).toEqual(["ayesha@acme.example"]);
    const staffMail = await transport.sendMail(
      plainMailMessage(
        {
          messageId: "proof-8",
          to: [{ address: "sales@promo.example" }, { address: "ops@promo.example" }],
          subject: "s",
          body: "b",
        },
        { from },
      ),
    );
    expect(staffMail.envelope.to).toEqual(["sales@promo.example", "ops@promo.example"]);
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
