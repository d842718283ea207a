import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { conversation } from "~/lib/messaging/conversation.server";
import { Messaging } from "~/lib/messaging/messaging.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { mailboxDelivery as delivery } from "./deliver.server";
import type { InboundMail } from "./inbound-mail";
import { UnmatchedMailbox } from "./unmatched.server";

const buyer = buyerFields;
const meta = submissionMeta;
const friday = new Date("2026-11-27T07:00:00Z");

const checker = new UploadChecker({ threads: 1, timeLimitMs: 10_000, memoryMb: 256 });
afterAll(() => checker.close());

/** Each store's Unmatched mail, its quarantine in the store's data folder. */
const unmatchedOf = new WeakMap<QuoteStore, UnmatchedMailbox>();
const unmatched = (store: QuoteStore) => {
  if (!unmatchedOf.has(store)) unmatchedOf.set(store, new UnmatchedMailbox(store));
  return unmatchedOf.get(store)!;
};
const mailboxDelivery = (deps: Omit<Parameters<typeof delivery>[0], "unmatched">) =>
  delivery({ ...deps, unmatched: unmatched(deps.store) });

function setUp() {
  const store = QuoteStore.open(tempDir("mailbox-deliver"));
  const messaging = new Messaging(store);
  const first = store.insert(buyer, meta("first"), { notify: true, now: friday }).quote;
  const second = store.insert({ ...buyer, email: "bilal@else.example" }, meta("second"), {
    notify: true,
    now: friday,
  }).quote;
  const acknowledgement = messaging.messages(first.id).find((message) => message.kind === "acknowledgement")!;
  return { store, messaging, first, second, acknowledgement, deliver: mailboxDelivery({ store, messaging, checker }) };
}

const mail = (fields: Partial<InboundMail>): InboundMail => ({
  messageId: "<CAF-1@mail.gmail.com>",
  inReplyTo: null,
  references: [],
  from: { name: "Ayesha Khan", address: "Ayesha@Acme.example" },
  to: [{ name: "Sales", address: "sales@promo.example" }],
  subject: "Re: Your quote request",
  date: "2026-11-28T06:00:00.000Z",
  sentAt: "2026-11-28T05:59:00.000Z",
  text: "جی ہاں، 500 قلم۔\nBlue, please.",
  fullText: "جی ہاں، 500 قلم۔\nBlue, please.\n\nOn Fri, Sales wrote:\n> Your reference is Q-2026-0001.",
  attachments: [],
  attachmentsLeftOut: 0,
  tooLarge: false,
  size: 1200,
  authenticationResults: [],
  source: null,
  ...fields,
});

const inbound = (messaging: Messaging, quoteId: number) =>
  messaging.messages(quoteId).filter((message) => message.direction === "in");

describe("a buyer's mail from the office mailbox", () => {
  it("reaches the request whose acknowledgement it answers, once, and hands the move back to the office", async () => {
    const { store, messaging, first, second, acknowledgement, deliver } = setUp();
    const answer = mail({
      inReplyTo: `<${acknowledgement.messageId}@promo.example>`,
      attachments: [
        {
          filename: "logo.png",
          contentType: "image/png",
          declaredType: "application/pdf",
          size: 2048,
          content: Buffer.from("x"),
        },
      ],
    });
    expect(await deliver(answer)).toBe("stored");
    expect(await deliver(answer)).toBe("duplicate"); // read again after a restart: not stored twice
    const [message] = inbound(messaging, first.id);
    expect(inbound(messaging, first.id)).toHaveLength(1);
    expect(inbound(messaging, second.id)).toHaveLength(0);
    expect(message).toMatchObject({
      kind: "buyer-mail",
      messageId: "CAF-1@mail.gmail.com",
      createdAt: "2026-11-28T06:00:00.000Z",
      payload: {
        from: { name: "Ayesha Khan", address: "Ayesha@Acme.example" },
        fromRequestAddress: true,
        text: "جی ہاں، 500 قلم۔\nBlue, please.",
        quoted: expect.stringContaining("> Your reference is Q-2026-0001."),
        // As the mail described it (what was kept of it is in its files).
        attachments: [{ filename: "logo.png", contentType: "image/png", declaredType: "application/pdf", size: 2048 }],
      },
    });
    expect(store.get(first.id)!.status).toBe("waiting_on_us");
    expect(store.get(first.id)!.answeredAt).toBeNull(); // the buyer writing is no answer from the office
    expect(
      store.audit
        .requestHistory(first.id)
        .slice(-2)
        .map((line) => [line.actor, line.body]),
    ).toEqual([
      ["buyer (e-mail)", "E-mail from Ayesha@Acme.example: Re: Your quote request"],
      ["buyer", "Status: Waiting on us"],
    ]);
    store.close();
  });

  it("reaches a request by the one reference its subject names, from the request's own address", async () => {
    const { store, messaging, second, deliver } = setUp();
    const outcome = await deliver(
      mail({ subject: `Fwd: ${second.reference} artwork`, from: { name: "", address: "Bilal@Else.example" } }),
    );
    expect(outcome).toBe("stored");
    expect(inbound(messaging, second.id)).toMatchObject([{ payload: { fromRequestAddress: true } }]);
    expect(store.get(second.id)!.status).toBe("waiting_on_us");
    store.close();
  });

  it("leaves a stranger's mail naming a reference in Unmatched mail: no status, no clock, no file kept", async () => {
    const { store, messaging, second, deliver } = setUp();
    const replyBy = store.get(second.id)!.replyBy;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const stranger = mail({
      messageId: "<mallory-1@evil.test>",
      subject: `Re: ${second.reference} our bank details changed`,
      from: { name: "Buyer 2", address: "mallory@evil.test" },
      text: "Please use account PK00EVIL0000000000000001.",
      attachments: [
        {
          filename: "bank.svg",
          contentType: "image/svg+xml",
          declaredType: "image/svg+xml",
          size: svg.length,
          content: svg,
        },
      ],
      source: Buffer.from("raw bytes of the mail"),
    });
    expect(await deliver(stranger)).toBe("unmatched");
    expect(await deliver(stranger)).toBe("duplicate");
    // Answering a mail that waits in Unmatched mail does not bring a mail onto the request either.
    const following = mail({
      messageId: "<mallory-2@evil.test>",
      inReplyTo: "<mallory-1@evil.test>",
      references: ["<mallory-1@evil.test>"],
      from: { name: "", address: "mallory@evil.test" },
    });
    expect(await deliver(following)).toBe("unmatched");
    expect(inbound(messaging, second.id)).toHaveLength(0);
    expect(store.get(second.id)).toMatchObject({ status: "new", replyBy });
    expect(existsSync(store.attachmentsDir) ? readdirSync(store.attachmentsDir) : []).toEqual([]);
    expect(unmatched(store).list().slice(1)).toMatchObject([
      {
        kind: "unmatched",
        from: { name: "Buyer 2", address: "mallory@evil.test" },
        subject: `Re: ${second.reference} our bank details changed`,
        text: "Please use account PK00EVIL0000000000000001.",
        attachments: [{ filename: "bank.svg", size: svg.length }],
        quarantined: true,
      },
    ]);
    store.close();
  });

  it("does not follow a thread through an old, numbered Message-ID of ours, nor through a forged buyer mail", async () => {
    const { store, messaging, first, acknowledgement, deliver } = setUp();
    // Messages of before the ids were random were numbered ("reply-3.Q-2026-0001"): anyone could write one.
    store.db
      .prepare("UPDATE messages SET message_id = 'reply-1.' || ? WHERE id = ?")
      .run(first.reference, acknowledgement.id);
    const guessed = mail({
      inReplyTo: `<reply-1.${first.reference}@promo.example>`,
      from: { name: "", address: "x@evil.test" },
    });
    expect(await deliver(guessed)).toBe("unmatched");
    // A forged mail from the buyer's address is on the thread, marked; a mail answering it is not.
    const forged = mail({ messageId: "<forged@evil.test>", subject: `Re: ${first.reference}` });
    const checked = delivery({ store, messaging, unmatched: unmatched(store), authservId: "mx.promo.example" });
    expect(await checked(forged)).toBe("stored");
    expect(inbound(messaging, first.id)).toMatchObject([{ payload: { senderCheck: "fail" } }]);
    expect(store.get(first.id)!.status).toBe("new");
    const riding = mail({
      messageId: "<riding@evil.test>",
      inReplyTo: "<forged@evil.test>",
      from: { name: "", address: "m@evil.test" },
    });
    expect(await deliver(riding)).toBe("unmatched");
    store.close();
  });

  it("threads a later mail by the buyer's own earlier one in References", async () => {
    const { messaging, first, acknowledgement, deliver, store } = setUp();
    await deliver(mail({ inReplyTo: `<${acknowledgement.messageId}@promo.example>` }));
    const later = mail({
      messageId: "<CAF-2@mail.gmail.com>",
      subject: "more",
      references: ["<CAF-1@mail.gmail.com>"],
    });
    expect(await deliver(later)).toBe("stored");
    expect(inbound(messaging, first.id)).toHaveLength(2);
    store.close();
  });

  it("leaves a mail matching no request, or naming two, unmatched and records nothing", async () => {
    const { store, messaging, first, second, deliver } = setUp();
    const before = store.audit.requestHistory(first.id).length;
    expect(await deliver(mail({ messageId: "<u1@acme.example>", subject: "Price list please" }))).toBe("unmatched");
    expect(
      await deliver(mail({ messageId: "<u2@acme.example>", subject: `${first.reference} and ${second.reference}` })),
    ).toBe("unmatched");
    // No such request.
    expect(await deliver(mail({ messageId: "<u3@acme.example>", subject: "Re: Q-2026-9999" }))).toBe("unmatched");
    expect(
      await deliver(mail({ messageId: "<u4@acme.example>", inReplyTo: "<acknowledgement-unknown@promo.example>" })),
    ).toBe("unmatched");
    expect(unmatched(store).count()).toBe(4);
    expect(inbound(messaging, first.id)).toHaveLength(0);
    expect(store.audit.requestHistory(first.id)).toHaveLength(before);
    expect(store.get(first.id)!.status).toBe("new");
    store.close();
  });

  it("keeps a Won or Lost request where it is, the mail still in its thread", async () => {
    const { store, messaging, first, deliver } = setUp();
    store.setStatus(first.id, "lost", "Price", { name: "Bilal", email: "bilal@promo.example" });
    expect(await deliver(mail({ subject: `Re: ${first.reference}` }))).toBe("stored");
    expect(store.get(first.id)!.status).toBe("lost");
    expect(inbound(messaging, first.id)).toHaveLength(1);
    store.close();
  });

  it("keeps its allowed files checked and re-encoded under generated names, and refuses the rest by name with the reason", async () => {
    const { store, messaging, first, acknowledgement } = setUp();
    const deliver = mailboxDelivery({ store, messaging, checker, maxFileBytes: 160 * 1024 });
    const png = await fixtures.png();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(170 * 1024, 32), Buffer.from("\n%%EOF\n")]);
    const attachment = (filename: string, content: Buffer) => ({
      filename,
      contentType: "application/octet-stream",
      declaredType: "image/png",
      size: content.length,
      content,
    });
    const answer = mail({
      inReplyTo: `<${acknowledgement.messageId}@promo.example>`,
      attachments: [
        attachment("../../logo.png", png),
        attachment("quote.pdf", pdf),
        attachment("invoice.pdf.exe", Buffer.from("MZ\x90\x00 this program cannot be run in DOS mode")),
        attachment("page.html", Buffer.from("<html><script>alert(1)</script></html>")),
        attachment("catalogue.pdf", big),
        attachment("broken.png", (await fixtures.truncatedPng()) as Buffer),
      ],
    });
    expect(await deliver(answer)).toBe("stored");
    const files = messaging.messageFiles(first.id);
    expect(files.map(({ originalName, mediaType, refused }) => [originalName, mediaType, refused])).toEqual([
      ["../../logo.png", "image/png", null],
      ["quote.pdf", "application/pdf", null],
      ["invoice.pdf.exe", null, "type"],
      ["page.html", null, "type"],
      ["catalogue.pdf", null, "too_large"],
      ["broken.png", null, "damaged"],
    ]);
    const [logo, quotePdf] = files;
    // Generated names in the store's folder, never the sender's; the image re-encoded (its EXIF gone).
    expect(logo!.storedName).toMatch(/^mail-[0-9a-f-]{36}\.png$/);
    const keptLogo = readFileSync(join(store.attachmentsDir, logo!.storedName!));
    expect(keptLogo.equals(png)).toBe(false);
    expect((await sharp(keptLogo).metadata()).exif).toBeUndefined();
    expect(readFileSync(join(store.attachmentsDir, quotePdf!.storedName!)).equals(pdf)).toBe(true);
    const kept = () => readdirSync(store.attachmentsDir).filter((name) => name.startsWith("mail-"));
    expect(kept().sort()).toEqual([logo!.storedName, quotePdf!.storedName].sort());

    // Read again (a reader restarted before it marked the mail): nothing stored twice, no stray copy.
    expect(await deliver(answer)).toBe("duplicate");
    expect(messaging.messageFiles(first.id)).toHaveLength(6);
    expect(kept()).toHaveLength(2);

    // The desk's conversation lists each file: the kept ones to download, the others with the reason.
    const [entry] = conversation(messaging.messages(first.id), files, {
      buyerKinds: () => [],
      whatsappTemplateChoices: () => [],
      get: () => undefined,
    }).filter((item) => item.direction === "in");
    expect(entry!.attachments).toEqual([]);
    expect(entry!.files.map(({ name, refused }) => [name, refused])).toEqual(
      files.map((file) => [file.originalName, file.refused]),
    );

    // Deleting the request removes its mails' files too.
    store.delete(first.id);
    expect(kept()).toEqual([]);
    store.close();
  });

  it("keeps no file of a mail recorded meanwhile by another reader", async () => {
    const { store, messaging, first, acknowledgement } = setUp();
    const answer = mail({
      inReplyTo: `<${acknowledgement.messageId}@promo.example>`,
      attachments: [
        {
          filename: "logo.png",
          contentType: "image/png",
          declaredType: "image/png",
          size: 0,
          content: await fixtures.png(),
        },
      ],
    });
    // Another reader records the same mail while this one is checking its files.
    const racing = mailboxDelivery({
      store,
      messaging,
      checker: {
        raster: async (...args: Parameters<UploadChecker["raster"]>) => {
          await mailboxDelivery({ store, messaging, checker })(answer);
          return checker.raster(...args);
        },
        svg: (bytes: Uint8Array) => checker.svg(bytes),
      } as unknown as UploadChecker,
    });
    expect(await racing(answer)).toBe("duplicate");
    expect(messaging.messageFiles(first.id)).toHaveLength(1);
    expect(readdirSync(store.attachmentsDir).filter((name) => name.startsWith("mail-"))).toEqual([
      messaging.messageFiles(first.id)[0]!.storedName,
    ]);
    store.close();
  });
});

describe("the quarantine of Unmatched mail", () => {
  it("keeps the bytes of a mail with files until attached or discarded, within its bound, and loses strays", async () => {
    const { store, deliver } = setUp();
    const box = unmatched(store);
    const png = {
      filename: "a.png",
      contentType: "image/png",
      declaredType: "image/png",
      size: 3,
      content: Buffer.from("png"),
    };
    const withFiles = (id: string, bytes: number) =>
      mail({ messageId: `<${id}@x.example>`, attachments: [png], source: Buffer.alloc(bytes, 0x41) });
    expect(await deliver(withFiles("q1", 1000))).toBe("unmatched");
    // Without files there is nothing to keep for later.
    expect(await deliver(mail({ messageId: "<q2@x.example>", source: Buffer.from("text only") }))).toBe("unmatched");
    expect(readdirSync(box.quarantineDir)).toHaveLength(1);

    // Over the bound, a mail's files are listed but its bytes not kept.
    const small = new UnmatchedMailbox(store, 1500);
    expect(await small.record(withFiles("q3", 1000), "off")).toBe("unmatched");
    expect(small.list().find((entry) => entry.messageId === "<q3@x.example>")).toMatchObject({
      quarantined: false,
      attachments: [{ filename: "a.png" }],
    });
    expect(readdirSync(box.quarantineDir)).toHaveLength(1);

    // A stray (its row never committed) goes once it is an hour old; a mail's own bytes stay.
    writeFileSync(join(box.quarantineDir, "stray.eml"), "x");
    store.files.removeStrayFiles({ now: Date.now() + 2 * 60 * 60_000 });
    expect(readdirSync(box.quarantineDir)).toHaveLength(1);
    const [kept] = box.list().filter((entry) => entry.quarantined);
    expect(await box.discard(kept!.id, { name: "Sana", email: "sana@promo.example" })).toBe(true);
    expect(readdirSync(box.quarantineDir)).toEqual([]);
    store.close();
  });
});
