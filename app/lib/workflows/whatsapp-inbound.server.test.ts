import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buyerFields, bilal, submissionMeta } from "../../../tests/support/request-fixture";
import { decoded, startSmtp } from "../../../tests/support/smtp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures, hasGps } from "../../../tests/support/upload-fixtures";
import { replyBy } from "~/lib/desk/time";
import { createSmtpMailer } from "~/lib/quotes/mailer.server";
import { Outbox } from "~/lib/messaging/outbox.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { WhatsAppContacts } from "~/lib/whatsapp/contacts.server";
import type { WhatsAppMessagePayload } from "~/lib/whatsapp/message-payload";
import { whatsappNumberOf } from "~/lib/whatsapp/phone";
import type { InboundWhatsApp, WhatsAppApi, WhatsAppEvent, WhatsAppStatus } from "~/lib/whatsapp/types";
import { consentKeyword, receiveWhatsApp, type WhatsAppInboundDeps } from "./whatsapp-inbound.server";
import { queueReply } from "~/lib/quotes/messages.server";
import { domainMessaging } from "../../../tests/support/domain-messaging";

// The buyer's WhatsApp reaching the desk, on a real SQLite store with the real upload checker; only
// the Graph API's media download is a fake that serves the files a test gives it.

const number = "923001234567";
const friday = new Date("2026-11-27T07:00:00Z"); // Friday noon in Lahore
const monday = new Date("2026-11-30T06:30:00Z");

/** The media API: the files by id, refused past `maxBytes` as the client does; each download counted. */
function fakeMedia(files: Record<string, Buffer> = {}, failing: Record<string, string> = {}) {
  const calls: string[] = [];
  const api: Pick<WhatsAppApi, "media"> = {
    media(mediaId, maxBytes) {
      calls.push(mediaId);
      const bytes = files[mediaId];
      if (failing[mediaId]) return Promise.reject(new Error(failing[mediaId]));
      if (!bytes) return Promise.reject(new Error(`Graph API 404: no media ${mediaId}`));
      if (bytes.length > maxBytes) return Promise.reject(new Error(`The media is over ${maxBytes} bytes.`));
      return Promise.resolve({ bytes, mimeType: "application/octet-stream", sha256: null });
    },
  };
  return { api, calls };
}

function setUp(media = fakeMedia(), { notify = false }: { notify?: boolean } = {}) {
  const store = QuoteStore.open(tempDir("whatsapp-inbound"));
  const { kinds, messaging } = domainMessaging(store);
  const contacts = new WhatsAppContacts(store.db);
  const made: string[] = [];
  const deps: WhatsAppInboundDeps = {
    store,
    messaging,
    contacts,
    api: media.api,
    notify,
    onRequestCreated: (quote) => made.push(quote.reference),
    log: () => undefined,
  };
  const receive = (...events: WhatsAppEvent[]) => receiveWhatsApp(deps, events);
  /** A request from the quote form whose buyer gave `phone`, its WhatsApp number stored as the form stores it. */
  const requestWithPhone = (phone: string, key: string, now = friday) => {
    const { quote } = store.insert({ ...buyerFields, phone }, submissionMeta(key), { notify: false, now });
    store.db.prepare("UPDATE quotes SET whatsapp_number = ? WHERE id = ?").run(whatsappNumberOf(phone), quote.id);
    return store.get(quote.id)!;
  };
  const whatsAppOf = (quoteId: number) =>
    messaging.messages(quoteId).filter((message) => message.kind === "buyer-whatsapp");
  const history = (quoteId: number) =>
    store.audit.requestHistory(quoteId).map((line): [string, string] => [line.actor, line.body]);
  /** The files in the attachments folder (the checker's incoming folder aside). */
  const keptFiles = () =>
    existsSync(store.attachmentsDir)
      ? readdirSync(store.attachmentsDir, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
      : [];
  return {
    store,
    kinds,
    messaging,
    contacts,
    media,
    made,
    receive,
    requestWithPhone,
    whatsAppOf,
    history,
    keptFiles,
    [Symbol.dispose]: () => store.close(),
  };
}

let counter = 0;
/** A buyer's message as the webhook reader hands it over. */
const inbound = (content: InboundWhatsApp["content"], overrides: Partial<InboundWhatsApp> = {}): WhatsAppEvent => ({
  kind: "message",
  message: {
    id: `wamid.HBgMOTIzMDAxMjM0NTY3FQIAEhgg${++counter}`,
    from: number,
    profileName: "Ayesha Khan",
    receivedAt: monday,
    content,
    ...overrides,
  },
});
const text = (words: string, overrides: Partial<InboundWhatsApp> = {}) =>
  inbound({ type: "text", text: words }, overrides);
const media = (
  type: "image" | "document" | "audio" | "video" | "sticker",
  mediaId: string,
  { mimeType = "image/jpeg", caption = "", filename = "" } = {},
) => inbound({ type, mediaId, mimeType, caption, filename });
const status = (providerId: string, state: WhatsAppStatus["status"], at: Date, errors: WhatsAppStatus["errors"] = []) =>
  ({ kind: "status", status: { providerId, recipient: number, status: state, at, errors } }) as const;

const payloadOf = (message: { payload: Record<string, unknown> }) => message.payload as WhatsAppMessagePayload;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("a buyer's WhatsApp text", () => {
  it.each(["+92 300 1234567", "03001234567", "923001234567"])(
    "from the number the request gave as %s lands on it, Waiting on us, its clock started again",
    async (phone) => {
      using desk = setUp();
      const request = desk.requestWithPhone(phone, `form-${phone}`);
      // The office answered: the buyer's move, the request answered.
      queueReply(desk.messaging, request.id, "Our prices follow.", bilal, `reply-${phone}`, friday);
      expect(desk.store.get(request.id)).toMatchObject({ status: "waiting_on_buyer", answeredAt: expect.any(String) });

      const [outcome] = await desk.receive(text("Please send the price for 500 pens with our logo."));

      expect(outcome).toMatchObject({ kind: "message", outcome: "stored", reference: request.reference });
      expect(desk.store.get(request.id)).toMatchObject({
        status: "waiting_on_us",
        answeredAt: null,
        replyBy: replyBy(monday.toISOString()),
      });
      const [message] = desk.whatsAppOf(request.id);
      expect(message).toMatchObject({
        direction: "in",
        channel: "whatsapp",
        recipient: number,
        status: "received",
        createdAt: monday.toISOString(),
      });
      expect(payloadOf(message!)).toMatchObject({
        from: number,
        profileName: "Ayesha Khan",
        type: "text",
        text: "Please send the price for 500 pens with our logo.",
        keyword: null,
      });
      expect(desk.history(request.id).slice(-2)).toEqual([
        ["buyer (WhatsApp)", "WhatsApp from +923001234567"],
        ["buyer", "Status: Waiting on us"],
      ]);
      // The buyer's message opens the 24-hour window for free text.
      expect(desk.contacts.windowOf(number, new Date(monday.getTime() + 3_600_000))).toEqual({
        open: true,
        lastInboundAt: monday.toISOString(),
        closesAt: "2026-12-01T06:30:00.000Z",
      });
      expect(desk.store.count()).toBe(1);
      expect(desk.made).toEqual([]);
    },
  );

  it("lands on the number's newest open request, passing over won and lost ones and other numbers'", async () => {
    using desk = setUp();
    const older = desk.requestWithPhone("0300 1234567", "older", new Date("2026-11-20T07:00:00Z"));
    const open = desk.requestWithPhone("0300-1234567", "open", new Date("2026-11-24T07:00:00Z"));
    const won = desk.requestWithPhone("03001234567", "won", new Date("2026-11-25T07:00:00Z"));
    desk.store.setStatus(won.id, "won", "", bilal, friday);
    const lost = desk.requestWithPhone("+923001234567", "lost", new Date("2026-11-26T07:00:00Z"));
    desk.store.setStatus(lost.id, "lost", "Price", bilal, friday);
    const another = desk.requestWithPhone("0333 7654321", "another", friday);

    await desk.receive(text("Any news?"));

    expect(desk.whatsAppOf(open.id)).toHaveLength(1);
    for (const other of [older, won, lost, another]) expect(desk.whatsAppOf(other.id)).toEqual([]);
    expect(desk.store.get(won.id)?.status).toBe("won");
    expect(desk.store.get(lost.id)?.status).toBe("lost");
  });
});

describe("a WhatsApp message from a number without an open request", () => {
  it("becomes a new WhatsApp request in the inbox, and the office is e-mailed it as a website request", async () => {
    const smtp = await startSmtp();
    using desk = setUp(fakeMedia(), { notify: true });
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      to: ["sales@promo.example"],
      from: "Promo Works <sales@promo.example>",
    });
    try {
      // The number's only request is over: a new message is a new request.
      const won = desk.requestWithPhone("0300 1234567", "won");
      desk.store.setStatus(won.id, "won", "", bilal, friday);

      const [outcome] = await desk.receive(
        text("Salam, we need 200 mugs with our logo by 15 December.", { profileName: "Bilal Traders" }),
      );

      const [quote] = desk.store.inbox({ view: "open" }).quotes;
      expect(outcome).toEqual({
        kind: "message",
        id: expect.any(String),
        outcome: "created",
        reference: quote!.reference,
      });
      expect(quote).toMatchObject({
        reference: expect.stringMatching(/^Q-2026-\d{4}$/),
        name: "Bilal Traders",
        email: "",
        phone: "+92 300 1234567",
        message: "Salam, we need 200 mugs with our logo by 15 December.",
        status: "new",
        receivedAt: monday.toISOString(),
        replyBy: replyBy(monday.toISOString()),
      });
      expect(
        desk.store.db.prepare("SELECT source, reply_channel, whatsapp_number FROM quotes WHERE id = ?").get(quote!.id),
      ).toEqual({ source: "whatsapp", reply_channel: "whatsapp", whatsapp_number: number });
      expect(desk.whatsAppOf(quote!.id)).toHaveLength(1);
      expect(desk.whatsAppOf(won.id)).toEqual([]);
      expect(desk.history(quote!.id)).toEqual([
        ["website", "Request received"],
        ["buyer (WhatsApp)", "WhatsApp from +923001234567"],
      ]);
      expect(desk.made).toEqual([quote!.reference]);
      // No e-mail address: no acknowledgement; the office's e-mail goes out as for the website's requests.
      const kinds = desk.messaging.messages(quote!.id).map((message) => [message.kind, message.status]);
      expect(kinds).toEqual([
        ["request-notification", "queued"],
        ["buyer-whatsapp", "received"],
      ]);
      expect(
        await new Outbox(desk.messaging, desk.kinds, mailer, { log: () => undefined }).drain(() => monday.getTime()),
      ).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const mail = decoded(smtp.received[0]!.raw);
      expect(mail).toContain(`Subject: ${quote!.reference}: quote request from Bilal Traders`);
      expect(mail).toContain("Salam, we need 200 mugs with our logo by 15 December.");
      expect(mail).toContain("+92 300 1234567");
      expect(desk.store.get(quote!.id)!.notifyStatus).toBe("sent");

      // The buyer's next message joins the new request and moves it: no second request.
      await desk.receive(text("Blue mugs please.", { receivedAt: new Date(monday.getTime() + 60_000) }));
      expect(desk.store.count()).toBe(2);
      expect(desk.whatsAppOf(quote!.id)).toHaveLength(2);
      expect(desk.store.get(quote!.id)?.status).toBe("waiting_on_us");
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it("is named by the number when the WhatsApp profile gives no name, and says what was sent when it is not text", async () => {
    using desk = setUp();
    await desk.receive(
      inbound(
        {
          type: "location",
          latitude: 31.5204,
          longitude: 74.3587,
          name: "Packages Mall",
          address: "Walton Road, Lahore",
        },
        { profileName: "", from: "447700900123" },
      ),
    );
    const [quote] = desk.store.list();
    expect(quote).toMatchObject({
      name: "+447700900123",
      phone: "+447700900123",
      message: "Location: Packages Mall, Walton Road, Lahore (31.5204, 74.3587)",
    });
  });
});

// A 4 MB photo is made, then checked and re-encoded on a worker: seconds on a busy machine.
describe("a WhatsApp message's file", { timeout: 90_000 }, () => {
  it("is downloaded, checked like an upload and kept: a 4 MB phone photo re-encoded, its place stripped", async () => {
    const photo = await fixtures.phoneJpeg();
    expect(photo.length).toBeGreaterThan(3_000_000);
    using desk = setUp(fakeMedia({ "media-photo": photo }));
    const request = desk.requestWithPhone("03001234567", "photo");

    await desk.receive(media("image", "media-photo", { caption: "This is the sample we liked" }));

    const [message] = desk.whatsAppOf(request.id);
    expect(payloadOf(message!)).toMatchObject({
      type: "image",
      text: "This is the sample we liked",
      media: { declaredType: "image/jpeg", filename: "", fetched: true, error: null },
    });
    const [file] = desk.messaging.messageFiles(request.id);
    expect(file).toMatchObject({
      messageId: message!.id,
      originalName: "WhatsApp image",
      receivedBytes: photo.length,
      mediaType: "image/jpeg",
      refused: null,
    });
    const kept = readFileSync(join(desk.store.attachmentsDir, file!.storedName!));
    expect(file!.sha256).toBe(sha256(kept));
    expect(file!.byteSize).toBe(kept.length);
    expect(file!.storedName).toMatch(/^mail-[\w-]+\.jpg$/);
    // The checked copy, not the bytes sent: decoded and re-encoded, without the phone's GPS.
    const { width, height, exif } = await sharp(kept).metadata();
    expect([width, height]).toEqual([3000, 4000]);
    expect(hasGps(exif)).toBe(false);
    expect(desk.store.get(request.id)?.status).toBe("waiting_on_us");
  });

  it("is refused when its bytes are not what it claims, and nothing of it is kept", async () => {
    using desk = setUp(fakeMedia({ "media-exe": fixtures.windowsExe(), "media-voice": Buffer.from("OggS\0\x02") }));
    const request = desk.requestWithPhone("03001234567", "disguised");

    await desk.receive(
      media("document", "media-exe", {
        mimeType: "application/pdf",
        filename: "Invoice\u202Efdp.exe",
        caption: "Our PO",
      }),
      media("audio", "media-voice", { mimeType: "audio/ogg; codecs=opus" }),
    );

    const messages = desk.whatsAppOf(request.id);
    expect(messages.map((message) => payloadOf(message).text)).toEqual(["Our PO", ""]);
    expect(payloadOf(messages[0]!).media).toEqual({
      declaredType: "application/pdf",
      filename: "Invoicefdp.exe",
      fetched: true,
      error: null,
    });
    expect(desk.messaging.messageFiles(request.id)).toEqual([
      expect.objectContaining({ originalName: "Invoicefdp.exe", storedName: null, sha256: null, refused: "type" }),
      expect.objectContaining({ originalName: "WhatsApp audio", storedName: null, refused: "type" }),
    ]);
    expect(desk.keptFiles()).toEqual([]);
  });

  it("that could not be downloaded is noted with the reason, and the message and its caption are stored", async () => {
    const big = fixtures.pngOfSize(6 * 1024 * 1024);
    using desk = setUp(fakeMedia({ "media-big": big }, { "media-gone": "Graph API 400: media expired" }));
    const request = desk.requestWithPhone("03001234567", "lost-media");

    await desk.receive(
      media("image", "media-gone", { caption: "The artwork" }),
      media("document", "media-big", { mimeType: "image/png", filename: "poster.png" }),
    );

    const [gone, tooBig] = desk.whatsAppOf(request.id).map(payloadOf);
    expect(gone).toMatchObject({
      text: "The artwork",
      media: { fetched: false, error: "Graph API 400: media expired" },
    });
    expect(tooBig).toMatchObject({
      media: { filename: "poster.png", fetched: false, error: `The media is over ${5 * 1024 * 1024} bytes.` },
    });
    expect(desk.messaging.messageFiles(request.id)).toEqual([]);
    expect(desk.keptFiles()).toEqual([]);
    expect(desk.store.get(request.id)?.status).toBe("waiting_on_us");
  });
});

describe("what a WhatsApp message carries besides text and files", () => {
  it("keeps a location, a contact card and a reaction as what they are; a reaction moves nothing", async () => {
    using desk = setUp();
    const request = desk.requestWithPhone("03001234567", "kinds");
    // One of our WhatsApp messages on this request, sent: the buyer reacts to it.
    const ours = desk.messaging.queue({
      quoteId: request.id,
      kind: "reply",
      recipient: number,
      subject: "",
      payload: { body: "Proof attached", staffName: "Bilal", staffEmail: "bilal@promo.example" },
      channel: "whatsapp",
      now: friday,
    })!;
    desk.messaging.markSent(
      { id: ours, quoteId: request.id },
      { type: "request.whatsapp_used", payload: {} },
      friday,
      "wamid.OURS1",
    );
    desk.store.recordWhatsappUsed(request.id, bilal, friday);
    expect(desk.store.get(request.id)).toMatchObject({ status: "waiting_on_buyer", answeredAt: friday.toISOString() });

    await desk.receive(inbound({ type: "reaction", emoji: "👍", messageId: "wamid.OURS1" }));
    // A thumbs-up asks for no answer: the buyer's move still, the request still answered.
    expect(desk.store.get(request.id)).toMatchObject({ status: "waiting_on_buyer", answeredAt: friday.toISOString() });

    await desk.receive(
      inbound({
        type: "location",
        latitude: 31.5204,
        longitude: 74.3587,
        name: "Office",
        address: "Gulberg III, Lahore",
      }),
      inbound({ type: "contacts", contacts: [{ name: "Imran (accounts)", phones: ["+92 321 7654321"] }] }),
      inbound({ type: "unsupported", kind: "poll" }),
    );

    const [reaction, location, contacts, unsupported] = desk.whatsAppOf(request.id).map(payloadOf);
    expect(reaction).toMatchObject({ type: "reaction", reaction: { emoji: "👍", messageId: "wamid.OURS1" } });
    expect(location).toMatchObject({
      type: "location",
      location: { latitude: 31.5204, longitude: 74.3587, name: "Office", address: "Gulberg III, Lahore" },
    });
    expect(contacts).toMatchObject({
      type: "contacts",
      contacts: [{ name: "Imran (accounts)", phones: ["+92 321 7654321"] }],
    });
    expect(unsupported).toMatchObject({ type: "unsupported", unsupportedKind: "poll" });
    // The location that followed asks for an answer.
    expect(desk.store.get(request.id)?.status).toBe("waiting_on_us");
    expect(
      desk
        .history(request.id)
        .filter(([, body]) => body.startsWith("WhatsApp from"))
        .map(([, body]) => body),
    ).toEqual([
      "WhatsApp from +923001234567 (reaction)",
      "WhatsApp from +923001234567 (location)",
      "WhatsApp from +923001234567 (contacts)",
      "WhatsApp from +923001234567 (unsupported)",
    ]);
  });

  it("puts a reaction on the request of the message it reacts to, even when the number's newest request is another", async () => {
    using desk = setUp();
    const first = desk.requestWithPhone("03001234567", "first", new Date("2026-11-20T07:00:00Z"));
    const ours = desk.messaging.queue({
      quoteId: first.id,
      kind: "reply",
      recipient: number,
      subject: "",
      channel: "whatsapp",
      now: friday,
    })!;
    desk.messaging.markSent(
      { id: ours, quoteId: first.id },
      { type: "request.whatsapp_used", payload: {} },
      friday,
      "wamid.FIRST",
    );
    const second = desk.requestWithPhone("03001234567", "second", friday);

    await desk.receive(inbound({ type: "reaction", emoji: "❤️", messageId: "wamid.FIRST" }));

    expect(desk.whatsAppOf(first.id)).toHaveLength(1);
    expect(desk.whatsAppOf(second.id)).toEqual([]);
  });
});

describe("the same WhatsApp message delivered twice", () => {
  it("is stored once, its file downloaded and kept once", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1565c0" } })
      .jpeg()
      .toBuffer();
    using desk = setUp(fakeMedia({ "media-twice": photo }));
    const request = desk.requestWithPhone("03001234567", "twice");
    const event = media("image", "media-twice", { caption: "Logo" });

    const first = await desk.receive(event, event);
    const again = await desk.receive(event);

    expect([...first, ...again].map((outcome) => outcome.kind === "message" && outcome.outcome)).toEqual([
      "stored",
      "duplicate",
      "duplicate",
    ]);
    expect(desk.whatsAppOf(request.id)).toHaveLength(1);
    expect(desk.messaging.messageFiles(request.id)).toHaveLength(1);
    expect(desk.keptFiles()).toHaveLength(1);
    expect(desk.media.calls).toEqual(["media-twice"]);
    expect(desk.history(request.id).filter(([, body]) => body.startsWith("WhatsApp from"))).toHaveLength(1);
  });

  it("from an unknown number makes one request", async () => {
    using desk = setUp();
    const event = text("Hello, price of diaries?", { from: "923451112233" });
    await desk.receive(event);
    await desk.receive(event);
    expect(desk.store.count()).toBe(1);
    expect(desk.made).toHaveLength(1);
  });
});

describe("STOP and START", () => {
  it.each([
    ["STOP", "stop"],
    [" stop ", "stop"],
    ["Stop", "stop"],
    ["UNSUBSCRIBE", "stop"],
    ["start", "start"],
    ["Stop sending the blue ones", null],
    ["STOP!", null],
  ] as const)("%j is the keyword %s", (words, keyword) => {
    expect(consentKeyword(words)).toBe(keyword);
  });

  it("opt the number out and back in, in the request's history, the message stored and the status left", async () => {
    using desk = setUp();
    const request = desk.requestWithPhone("03001234567", "consent");
    queueReply(desk.messaging, request.id, "Our prices follow.", bilal, "reply-consent", friday);

    await desk.receive(text(" Stop "));
    expect(desk.contacts.optedOut(number)).toBe(true);
    expect(desk.store.get(request.id)?.status).toBe("waiting_on_buyer");

    await desk.receive(text("START", { receivedAt: new Date(monday.getTime() + 60_000) }));
    expect(desk.contacts.optedOut(number)).toBe(false);

    expect(desk.whatsAppOf(request.id).map((message) => [payloadOf(message).text, payloadOf(message).keyword])).toEqual(
      [
        [" Stop ", "stop"],
        ["START", "start"],
      ],
    );
    expect(desk.history(request.id).slice(-4)).toEqual([
      ["buyer (WhatsApp)", "WhatsApp from +923001234567"],
      [
        "buyer (WhatsApp)",
        "The buyer wrote STOP on WhatsApp: no template goes to +923001234567 until they write START",
      ],
      ["buyer (WhatsApp)", "WhatsApp from +923001234567"],
      ["buyer (WhatsApp)", "The buyer wrote START on WhatsApp: templates may go to +923001234567 again"],
    ]);
    expect(desk.store.get(request.id)?.status).toBe("waiting_on_buyer");
  });

  it("from a number whose requests are all over goes onto the newest of them, and makes no new request", async () => {
    using desk = setUp();
    const lost = desk.requestWithPhone("03001234567", "over");
    desk.store.setStatus(lost.id, "lost", "Price", bilal, friday);
    await desk.receive(text("UNSUBSCRIBE"));
    expect(desk.store.count()).toBe(1);
    expect(desk.whatsAppOf(lost.id)).toHaveLength(1);
    expect(desk.store.get(lost.id)?.status).toBe("lost");
    expect(desk.contacts.optedOut(number)).toBe(true);
  });
});

describe("WhatsApp's statuses of our messages", () => {
  /** A WhatsApp message of ours on a request of its own, queued. */
  function queuedMessage(desk: ReturnType<typeof setUp>, key: string) {
    const request = desk.requestWithPhone("03001234567", key);
    const id = desk.messaging.queue({
      quoteId: request.id,
      kind: "reply",
      recipient: number,
      subject: "",
      payload: { body: "Your proof is ready", staffName: "Bilal", staffEmail: "bilal@promo.example" },
      channel: "whatsapp",
      now: friday,
    })!;
    return { request, id };
  }
  const markSent = (
    desk: ReturnType<typeof setUp>,
    message: ReturnType<typeof queuedMessage>,
    providerId: string,
    at = friday,
  ) =>
    desk.messaging.markSent(
      { id: message.id, quoteId: message.request.id },
      { type: "request.whatsapp_used", payload: {} },
      at,
      providerId,
    );
  function sentMessage(desk: ReturnType<typeof setUp>, providerId: string) {
    const message = queuedMessage(desk, providerId);
    markSent(desk, message, providerId);
    return message;
  }
  const at = (minutes: number) => new Date(friday.getTime() + minutes * 60_000);

  it("say delivered, then read", async () => {
    using desk = setUp();
    const { id } = sentMessage(desk, "wamid.OUT1");
    expect(await desk.receive(status("wamid.OUT1", "sent", at(0)))).toEqual([
      { kind: "status", providerId: "wamid.OUT1", outcome: "ignored" },
    ]);
    await desk.receive(status("wamid.OUT1", "delivered", at(1)));
    expect(desk.messaging.get(id)).toMatchObject({ delivery: "delivered", deliveryAt: at(1).toISOString() });
    await desk.receive(status("wamid.OUT1", "read", at(5)));
    expect(desk.messaging.get(id)).toMatchObject({
      delivery: "read",
      deliveryAt: at(5).toISOString(),
      deliveryError: null,
    });
  });

  it("keep read when a late delivered comes after it", async () => {
    using desk = setUp();
    const { id } = sentMessage(desk, "wamid.OUT2");
    const outcomes = await desk.receive(status("wamid.OUT2", "read", at(5)), status("wamid.OUT2", "delivered", at(1)));
    expect(outcomes.map((outcome) => outcome.kind === "status" && outcome.outcome)).toEqual(["recorded", "unchanged"]);
    expect(desk.messaging.get(id)).toMatchObject({ delivery: "read", deliveryAt: at(5).toISOString() });
  });

  it("say failed with Meta's error, on the message and once in the request's history", async () => {
    using desk = setUp();
    const { request, id } = sentMessage(desk, "wamid.OUT3");
    const failed = status("wamid.OUT3", "failed", at(2), [
      {
        code: 131047,
        title: "Re-engagement message",
        message: "Re-engagement message",
        details: "Message failed to send because more than 24 hours have passed since the customer last replied.",
      },
    ]);
    await desk.receive(failed);
    await desk.receive(failed);
    const error =
      "131047 Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied.";
    expect(desk.messaging.get(id)).toMatchObject({
      delivery: "failed",
      deliveryAt: at(2).toISOString(),
      deliveryError: error,
    });
    expect(desk.history(request.id).filter(([, body]) => body.includes("not delivered"))).toEqual([
      ["website", `WhatsApp message to +923001234567 not delivered: ${error}`],
    ]);
  });

  it("about no message of ours change nothing, and are dropped after a week", async () => {
    using desk = setUp();
    const { id } = sentMessage(desk, "wamid.OUT4");
    expect(await desk.receive(status("wamid.SOMEONE-ELSES", "failed", at(1)))).toEqual([
      { kind: "status", providerId: "wamid.SOMEONE-ELSES", outcome: "held" },
    ]);
    expect(desk.messaging.get(id)).toMatchObject({ delivery: null });
    const held = () => desk.store.db.prepare("SELECT provider_id FROM message_early_deliveries").pluck().all();
    expect(held()).toEqual(["wamid.SOMEONE-ELSES"]);
    desk.messaging.holdDelivery("wamid.LATER", "delivered", at(1), null, new Date(Date.now() + 8 * 86_400_000));
    expect(held()).toEqual(["wamid.LATER"]);
  });

  it("that come before the send's answer are applied once the send is recorded: delivered, then failed with Meta's error", async () => {
    using desk = setUp();
    const message = queuedMessage(desk, "early");
    const { request, id } = message;
    // Meta's webhooks overtake its answer to the send.
    const outcomes = await desk.receive(
      status("wamid.EARLY", "failed", at(2), [
        {
          code: 131026,
          title: "Message undeliverable",
          message: "Message undeliverable",
          details: "Message Undeliverable.",
        },
      ]),
      status("wamid.EARLY", "delivered", at(1)),
    );
    expect(outcomes.map((outcome) => outcome.kind === "status" && outcome.outcome)).toEqual(["held", "held"]);
    expect(desk.messaging.get(id)).toMatchObject({ status: "queued", delivery: null });

    markSent(desk, message, "wamid.EARLY", at(3));
    expect(desk.messaging.get(id)).toMatchObject({
      status: "sent",
      delivery: "failed",
      deliveryAt: at(2).toISOString(),
      deliveryError: "131026 Message undeliverable: Message Undeliverable.",
    });
    expect(desk.history(request.id).filter(([, body]) => body.includes("not delivered"))).toEqual([
      [
        "website",
        "WhatsApp message to +923001234567 not delivered: 131026 Message undeliverable: Message Undeliverable.",
      ],
    ]);
    expect(desk.store.db.prepare("SELECT count(*) FROM message_early_deliveries").pluck().get()).toBe(0);
  });
});
