import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readQuoteConfig } from "./config.server";
import { handleQuoteForm, MAX_BODY_BYTES } from "./http.server";
import { createQuoteService, type QuoteService } from "./service.server";
import { LAST_RELEASE_VERSION, migrationsFolder } from "~/lib/db/migrate.server";
import { QuoteStore } from "./store.server";
import { decoded, freeSmtpPort as freePort, startSmtp, until } from "../../../tests/support/smtp-server";
import { requestContext } from "~/lib/request-context";
import { deskDay } from "~/lib/desk/time";
import { neededByRange } from "~/lib/needed-by";

// Real parts only: a SQLite file in a temp folder and an SMTP server in this process.

const buyer = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "+92 300 1234567",
  product: "Custom pens",
  message: "500 pens <b>with</b> our logo & colours",
};

let dataDir: string;
let services: QuoteService[] = [];
const logs: string[] = [];

function service(options: { smtpPort?: number; max?: number; notifyTo?: string } = {}) {
  const env: Record<string, string> = { DATA_DIR: dataDir, QUOTE_RATE_LIMIT: String(options.max ?? 5) };
  if (options.smtpPort) {
    env.SMTP_URL = `smtp://127.0.0.1:${options.smtpPort}`;
    env.QUOTE_NOTIFY_TO = options.notifyTo ?? "sales@promo.example";
    env.QUOTE_FROM = "Website <website@promo.example>";
  }
  const created = createQuoteService(readQuoteConfig(env), {
    outbox: { baseDelayMs: 50, maxDelayMs: 200, pollMs: 1_000, log: (message) => logs.push(message) },
    log: (message) => logs.push(message),
  });
  created.start();
  services.push(created);
  return created;
}

/** A quote form post to /contact: fields, or a raw body. */
function post(
  body: Record<string, string> | string | Uint8Array,
  { headers = {}, ip = "203.0.113.7" }: { headers?: Record<string, string>; ip?: string } = {},
) {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "vitest",
      Referer: "http://localhost/contact?product=pens",
      ...headers,
    },
    body:
      typeof body === "string" || body instanceof Uint8Array
        ? (body as BodyInit)
        : new URLSearchParams(body).toString(),
  });
  return { request, context: requestContext({ clientIp: ip }) };
}

async function send(target: QuoteService, body: Parameters<typeof post>[0], options?: Parameters<typeof post>[1]) {
  const { request, context } = post(body, options);
  const answer = await handleQuoteForm(request, context, target);
  return {
    status: answer.status,
    headers: new Headers(answer.headers),
    body: answer.result as Record<string, unknown>,
  };
}

const key = (n: number) => `test-key-${String(n).padStart(8, "0")}`;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "quotes-test-"));
  logs.length = 0;
});

afterEach(async () => {
  for (const s of services) await s.close();
  services = [];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a quote request", () => {
  it("is stored with every field and e-mailed to the business", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service({ smtpPort: smtp.port });
      const answer = await send(quotes, {
        ...buyer,
        name: "  Ayesha Khan ",
        idempotencyKey: key(1),
        page: "/contact?product=pens",
      });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          status: "success",
          title: "Quote Request Submitted!",
          message: "We'll get back to you within 24 hours.",
          reference: `Q-${new Date(Date.now() + 5 * 3_600_000).getUTCFullYear()}-0001`,
        },
      });

      // Committed before the answer: a second connection to the file sees it.
      const reader = QuoteStore.open(dataDir);
      const [stored] = reader.list();
      reader.close();
      expect(stored).toMatchObject({
        ...buyer,
        clientIp: "203.0.113.7",
        userAgent: "vitest",
        page: "/contact?product=pens",
        idempotencyKey: key(1),
      });
      expect(Date.now() - Date.parse(stored!.receivedAt)).toBeLessThan(10_000);

      await until(() => smtp.to("sales@promo.example").length === 1);
      const mail = smtp.to("sales@promo.example")[0]!;
      expect(mail.to).toEqual(["sales@promo.example"]);
      expect(mail.from).toBe("website@promo.example");
      const raw = decoded(mail.raw);
      expect(raw).toMatch(/^Subject: Q-\d{4}-0001: quote request from Ayesha Khan \(Acme Pharma\)/m);
      expect(raw).toMatch(/https?:\/\/[^\s]+\/desk\/quotes\/Q-\d{4}-0001/);
      expect(raw).toMatch(/^Reply-To: Ayesha Khan <ayesha@acme.example>/m);
      expect(raw).toContain("Content-Type: text/plain");
      expect(raw).toContain("500 pens <b>with</b> our logo & colours"); // plain text as typed
      expect(raw).toContain("500 pens &lt;b&gt;with&lt;/b&gt; our logo &amp; colours"); // HTML escaped
      await until(() => quotes.store.list()[0]!.notifyStatus === "sent");
      expect(quotes.store.list()[0]).toMatchObject({ notifyStatus: "sent", notifyAttempts: 1, notifyError: null });
    } finally {
      await smtp.close();
    }
  });

  it("keeps how many and by when, and the office's e-mail lists them; a bad value is refused saying what to fix", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service({ smtpPort: smtp.port });
      // A month from today in Lahore: no hurry to mention.
      const neededBy = neededByRange(new Date(Date.now() + 30 * 86_400_000)).earliest;
      const refused = await send(quotes, { ...buyer, quantity: "500 pcs", neededBy, idempotencyKey: key(1) });
      expect(refused).toMatchObject({
        status: 400,
        body: {
          code: "invalid_quantity",
          title: "Check the quantity",
          fields: ["quantity"],
          values: { quantity: "500 pcs", neededBy }, // kept for the form to show again
        },
      });
      const past = await send(quotes, { ...buyer, neededBy: "2020-01-01", idempotencyKey: key(2) });
      expect(past.body).toMatchObject({ code: "invalid_needed_by", fields: ["neededBy"] });
      expect(quotes.store.count()).toBe(0);

      expect((await send(quotes, { ...buyer, quantity: "1,500", neededBy, idempotencyKey: key(3) })).status).toBe(200);
      expect(quotes.store.list()[0]).toMatchObject({ quantity: 1500, neededBy });
      await until(() => smtp.to("sales@promo.example").length === 1);
      const raw = decoded(smtp.to("sales@promo.example")[0]!.raw);
      expect(raw).toMatch(
        new RegExp(
          `^Products of interest: Custom pens\r?\nQuantity: 1,500 pcs\r?\nNeeded by: ${deskDay(neededBy)}\r?$`,
          "m",
        ),
      );
      expect(raw).toContain(`<th align="left" style="padding:4px 12px 4px 0;vertical-align:top">Quantity</th>`);
    } finally {
      await smtp.close();
    }
  });

  it("is stored while the mail server is down, and mailed once it comes back", async () => {
    const port = await freePort();
    const quotes = service({ smtpPort: port });
    expect((await send(quotes, { ...buyer, idempotencyKey: key(2) })).status).toBe(200);
    expect(quotes.store.count()).toBe(1);

    await until(() => (quotes.store.list()[0]?.notifyAttempts ?? 0) >= 2);
    expect(quotes.store.list()[0]).toMatchObject({ notifyStatus: "pending" });
    expect(quotes.store.list()[0]!.notifyError).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtp(port);
    try {
      // The office's notification, once (the buyer's acknowledgement goes to the same server).
      await until(() => smtp.to("sales@promo.example").length === 1);
      await until(() => quotes.store.list()[0]!.notifyStatus === "sent");
      expect(smtp.to("sales@promo.example")).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("left unsent by a stopped server is mailed when the server starts again", async () => {
    const port = await freePort();
    const before = service({ smtpPort: port });
    await send(before, { ...buyer, idempotencyKey: key(3) });
    await until(() => (before.store.list()[0]?.notifyAttempts ?? 0) >= 1);
    await before.close();
    services = [];

    const smtp = await startSmtp(port);
    try {
      const after = service({ smtpPort: port });
      // The retry is due a second after the failed attempt; a loaded machine may take far longer to start.
      await until(() => smtp.to("sales@promo.example").length === 1, 30_000);
      await until(() => after.store.list()[0]!.notifyStatus === "sent");
      expect(after.store.count()).toBe(1);
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it("sent twice with the same idempotency key is stored and mailed once", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service({ smtpPort: smtp.port });
      const [first, second] = await Promise.all([
        send(quotes, { ...buyer, idempotencyKey: key(4) }),
        send(quotes, { ...buyer, idempotencyKey: key(4) }),
      ]);
      const third = await send(quotes, { ...buyer, idempotencyKey: key(4) });
      for (const answer of [first, second, third]) expect(answer.status).toBe(200);
      expect(quotes.store.count()).toBe(1);
      // One notification to the office, one acknowledgement to the buyer.
      await until(() => smtp.received.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received.map((mail) => mail.to)).toEqual(
        expect.arrayContaining([["sales@promo.example"], ["ayesha@acme.example"]]),
      );
      expect(smtp.received).toHaveLength(2);

      // Another key is another request.
      await send(quotes, { ...buyer, idempotencyKey: key(5) });
      expect(quotes.store.count()).toBe(2);
    } finally {
      await smtp.close();
    }
  });

  it("filling the honeypot is answered like a success and stores nothing", async () => {
    const quotes = service();
    const bot = await send(quotes, { ...buyer, website: "http://spam.example", idempotencyKey: key(6) });
    const person = await send(quotes, { ...buyer, website: "", idempotencyKey: key(7) });
    expect(bot.status).toBe(person.status);
    // The same notice; only a stored request has a reference to give.
    const { reference, ...notice } = person.body as { reference?: string };
    expect(reference).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(bot.body).toEqual(notice);
    expect(quotes.store.list().map((quote) => quote.idempotencyKey)).toEqual([key(7)]);
  });

  it("is stored with notifications off when SMTP is not configured, which is logged once at start", async () => {
    const quotes = service();
    expect(logs.filter((line) => line.includes("notifications are off"))).toHaveLength(1);
    await send(quotes, { ...buyer, idempotencyKey: key(8) });
    expect(quotes.store.list()[0]).toMatchObject({ notifyStatus: "off" });
  });
});

describe("bad requests get a 4xx with a clear message, never a 500", () => {
  const cases: [string, () => ReturnType<typeof post>, number, string][] = [
    [
      "wrong content type",
      () => post(JSON.stringify(buyer), { headers: { "Content-Type": "application/json" } }),
      415,
      "unsupported_media_type",
    ],
    ["missing fields", () => post({ company: "Acme" }), 400, "missing"],
    ["a required field of spaces", () => post({ ...buyer, name: "   " }), 400, "missing"],
    ["an over-long value", () => post({ ...buyer, message: "x".repeat(10_001) }), 400, "too_long"],
    ["a body over 64 KB", () => post({ ...buyer, message: "x".repeat(MAX_BODY_BYTES) }), 413, "payload_too_large"],
    ["invalid UTF-8", () => post(new Uint8Array([0x6e, 0x3d, 0xff, 0xfe])), 400, "unreadable_body"],
  ];

  it.each(cases)("%s", async (_, make, status, code) => {
    const quotes = service();
    const { request, context } = make();
    const { status: answered, result } = await handleQuoteForm(request, context, quotes);
    expect(answered).toBe(status);
    expect(result).toMatchObject({ status: "error", code });
    expect(result.status === "error" && result.message.length).toBeGreaterThan(10);
    expect(quotes.store.count()).toBe(0);
  });

  it.each([
    ["a list", "a@b.pk, x@evil.example"],
    ["mailto headers", "a@b.pk?bcc=x@evil.example"],
    ["a quoted local part", '"a b"@x.pk'],
    ["a header after a line break", "a@b.pk\r\nBcc: x@evil.example"],
  ])(
    "an e-mail field holding %s is answered 400 with what to fix, as a form or multipart post, and nothing is stored or sent",
    async (_, email) => {
      const smtp = await startSmtp();
      try {
        const quotes = service({ smtpPort: smtp.port });
        const multipart = new FormData();
        for (const [name, value] of Object.entries({ ...buyer, email, idempotencyKey: key(50) }))
          multipart.set(name, value);
        for (const request of [
          post({ ...buyer, email, idempotencyKey: key(50) }).request,
          new Request("http://localhost/contact", { method: "POST", body: multipart }),
        ]) {
          const answer = await handleQuoteForm(request, requestContext({ clientIp: "203.0.113.30" }), quotes);
          expect(answer.status).toBe(400);
          expect(answer.result).toMatchObject({
            status: "error",
            code: "invalid_email",
            title: "Invalid e-mail address",
            message: "Please enter one e-mail address, such as name@company.com.pk, and nothing else in that field.",
            fields: ["email"],
          });
        }
        expect(quotes.store.count()).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(smtp.received).toEqual([]);
      } finally {
        await smtp.close();
      }
    },
  );

  it("missing fields answer with the spec's notice and name the fields", async () => {
    const answer = await send(service(), { name: "A", email: " " });
    expect(answer.body).toMatchObject({
      status: "error",
      code: "missing",
      title: "Missing Information",
      message: "Please fill in all required fields.",
      fields: ["email", "message"],
    });
  });

  it("a body over 64 KB without a Content-Length is cut off while reading", async () => {
    const quotes = service();
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const answer = await handleQuoteForm(request, requestContext({ clientIp: "203.0.113.9" }), quotes);
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });
});

describe("the notification's addresses", () => {
  it("go to exactly the configured recipients, with the buyer's address only as the one Reply-To", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service({ smtpPort: smtp.port, notifyTo: "sales@promo.example, owner@promo.example" });
      expect((await send(quotes, { ...buyer, idempotencyKey: key(60) })).status).toBe(200);
      // A list stored before the form checked the address: it must not reach the envelope or the headers.
      quotes.store.insert(
        { ...buyer, name: "Old Buyer", email: "a@b.pk, x@evil.example" },
        { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key(61) },
        { notify: true },
      );
      // Two notifications, and the acknowledgement of the request from the form (the old row's list gets none).
      await until(() => smtp.received.length === 3);
      const notifications = smtp.received.filter((mail) => mail.to.includes("sales@promo.example"));
      expect(notifications).toHaveLength(2);
      expect(smtp.received.filter((mail) => !notifications.includes(mail)).map((mail) => mail.to)).toEqual([
        ["ayesha@acme.example"],
      ]);
      const fromOldRow = notifications.find((mail) => mail.raw.includes("Old Buyer"));
      const fromForm = notifications.find((mail) => mail !== fromOldRow);
      for (const mail of [fromForm!, fromOldRow!]) {
        expect(mail.to).toEqual(["sales@promo.example", "owner@promo.example"]);
        expect(mail.raw).toMatch(/^To: sales@promo\.example, owner@promo\.example\r$/m);
        expect(mail.raw).not.toMatch(/^(Cc|Bcc):/im);
      }
      expect(fromForm!.raw).toMatch(/^Reply-To: Ayesha Khan <ayesha@acme\.example>\r$/m);
      expect(fromOldRow!.raw).not.toMatch(/^Reply-To:/im);
      expect(fromOldRow!.raw.split("\r\n\r\n")[0]).not.toContain("evil.example");
    } finally {
      await smtp.close();
    }
  });
});

describe("rate limit", () => {
  it("answers the 6th request from one address within 10 minutes with 429 and a clear message", async () => {
    const quotes = service({ max: 5 });
    for (let n = 0; n < 5; n++)
      expect(
        (await send(quotes, { ...buyer, email: `buyer${n}@acme.example`, idempotencyKey: key(100 + n) })).status,
      ).toBe(200);

    const sixth = await send(quotes, { ...buyer, idempotencyKey: key(105) });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "rate_limited", title: "Too many requests" });
    expect(sixth.body.message).toMatch(/wait a few minutes/);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(quotes.store.count()).toBe(5);

    // A retry of an accepted request is still answered; another address is not limited.
    expect((await send(quotes, { ...buyer, email: "buyer4@acme.example", idempotencyKey: key(104) })).status).toBe(200);
    expect((await send(quotes, { ...buyer, idempotencyKey: key(106) }, { ip: "198.51.100.1" })).status).toBe(200);
  });

  it("lets many buyers behind one carrier address through, and limits one buyer's e-mail whatever the address", async () => {
    const quotes = service({ max: 30 });
    for (let n = 0; n < 12; n++) {
      const answer = await send(quotes, { ...buyer, email: `buyer${n}@mobile.example`, idempotencyKey: key(200 + n) });
      expect(answer.status).toBe(200);
    }
    for (let n = 0; n < 5; n++) {
      const answer = await send(quotes, { ...buyer, idempotencyKey: key(300 + n) }, { ip: `198.51.100.${n + 10}` });
      expect(answer.status).toBe(200);
    }
    const sixth = await send(quotes, { ...buyer, idempotencyKey: key(305) }, { ip: "198.51.100.99" });
    expect(sixth.status).toBe(429);
    expect(quotes.store.count()).toBe(17);
  });

  it("counts an IPv6 client by its /64, however many addresses inside it the client takes", async () => {
    const quotes = service({ max: 5 });
    for (let n = 0; n < 5; n++) {
      const ip = `2001:db8:1:2:${(n + 1).toString(16)}::${n + 7}`;
      const answer = await send(
        quotes,
        { ...buyer, email: `b${n}@acme.example`, idempotencyKey: key(400 + n) },
        { ip },
      );
      expect(answer.status).toBe(200);
    }
    const sameNetwork = { ...buyer, email: "b5@acme.example", idempotencyKey: key(405) };
    expect((await send(quotes, sameNetwork, { ip: "2001:db8:1:2:ffff:ffff:ffff:fffe" })).status).toBe(429);
    // The neighbouring /64 is another client.
    expect((await send(quotes, sameNetwork, { ip: "2001:db8:1:3::1" })).status).toBe(200);
  });
});

describe("the form post from a page without JavaScript", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Request("http://localhost/contact", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Referer: "http://localhost/contact?product=mugs",
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("stores the request and says so", async () => {
    const quotes = service();
    const answer = await handleQuoteForm(form(buyer), requestContext({ clientIp: "203.0.113.20" }), quotes);
    expect(answer).toEqual({
      status: 200,
      headers: {},
      result: {
        status: "success",
        title: "Quote Request Submitted!",
        message: "We'll get back to you within 24 hours.",
        reference: quotes.store.list()[0]!.reference,
        // 24 business hours on: a weekday and a time within the office's hours, in Pakistan time.
        replyBy: expect.stringMatching(
          /^(Monday|Tuesday|Wednesday|Thursday|Friday)( \d{1,2} \w+)? (1[1-8]:\d\d|19:00) PKT$/,
        ),
      },
    });
    expect(quotes.store.list()[0]).toMatchObject({ ...buyer, page: "/contact?product=mugs" });
  });

  it("keeps what was typed when a required field is only spaces", async () => {
    const quotes = service();
    const typed = { ...buyer, name: "   " };
    const answer = await handleQuoteForm(form(typed), requestContext({ clientIp: "203.0.113.20" }), quotes);
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({
      status: "error",
      title: "Missing Information",
      message: "Please fill in all required fields.",
      values: typed,
      fields: ["name"],
    });
    expect(quotes.store.count()).toBe(0);
  });

  it("sent again from the result page (browser resubmit) is stored once", async () => {
    const quotes = service();
    await handleQuoteForm(form(buyer), requestContext({ clientIp: "203.0.113.20" }), quotes);
    await handleQuoteForm(form(buyer), requestContext({ clientIp: "203.0.113.20" }), quotes);
    expect(quotes.store.count()).toBe(1);
  });
});

describe("configuration", () => {
  it("has defaults for everything", () => {
    const config = readQuoteConfig({});
    expect(config).toMatchObject({
      mail: null,
      rateLimit: { max: 30, windowMs: 600_000 },
      emailRateLimit: { max: 5, windowMs: 3_600_000 },
    });
    expect(config.dataDir).toBe(join(process.cwd(), "data"));
  });

  it("refuses bad values with the variable's name", () => {
    expect(() => readQuoteConfig({ QUOTE_RATE_LIMIT: "many", SMTP_URL: "mail.example" })).toThrow(
      /QUOTE_RATE_LIMIT[\s\S]*SMTP_URL|SMTP_URL[\s\S]*QUOTE_RATE_LIMIT/,
    );
    expect(() => readQuoteConfig({ QUOTE_NOTIFY_TO: "sales at example" })).toThrow(/QUOTE_NOTIFY_TO/);
  });

  it("turns notifications off, saying why, when only one of SMTP_URL and QUOTE_NOTIFY_TO is set", () => {
    expect(readQuoteConfig({ SMTP_URL: "smtp://mail.example:587" })).toMatchObject({
      mail: null,
      mailOffReason: "QUOTE_NOTIFY_TO is not set",
    });
    expect(
      readQuoteConfig({ SMTP_URL: "smtp://mail.example", QUOTE_NOTIFY_TO: "a@x.example, b@x.example" }).mail,
    ).toEqual({
      smtpUrl: "smtp://mail.example",
      to: ["a@x.example", "b@x.example"],
      from: "a@x.example",
    });
  });
});

describe("store", () => {
  it("creates the data folder, uses WAL and records every migration it applied", () => {
    const store = QuoteStore.open(join(dataDir, "nested", "folder"));
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect(store.db.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get()).toBe(journal.entries.length);
    // The baseline is version 9 (the last release's); each later migration counts one more.
    expect(store.db.pragma("user_version", { simple: true })).toBe(LAST_RELEASE_VERSION + journal.entries.length - 1);
    store.close();
    // Opening again does not migrate twice.
    const again = QuoteStore.open(join(dataDir, "nested", "folder"));
    expect(again.count()).toBe(0);
    again.close();
  });
});
