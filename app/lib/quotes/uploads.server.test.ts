import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesignSpec } from "~/lib/design-schema";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { corpus, fixtures } from "../../../tests/support/upload-fixtures";
import { readQuoteConfig } from "./config.server";
import { handleQuoteForm } from "./http.server";
import { UploadChecker } from "./upload-checker.server";
import { checkReceived, discardReceived, readMultipart } from "./uploads.server";
import { exportAttachments } from "./inbox.server";
import { createQuoteService, type QuoteService } from "./service.server";
import { ATTACHMENTS_DIR, QuoteStore } from "./store.server";
import { liveStoredFiles, storedFilesAfter } from "~/lib/files/registry.server";
import { requestContext } from "~/lib/request-context";

// Real parts only: a SQLite file and the attachments folder in a temp folder, an SMTP server in this process.

const buyer = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "",
  product: "ONSET pen",
  message: "500 pens with our logo",
};

const design: DesignSpec = {
  itemId: "onset-pen",
  text: "ACME",
  colours: ["#1565c0"],
  logo: { xMm: 2, yMm: 1.5, widthMm: 30, heightMm: 8 },
  warnings: ["The logo has 3 colours; pad print on this pen prints 1."],
};

type Attachment = { field: string; data: Buffer; name: string; type?: string };

let dataDir: string;
let services: QuoteService[] = [];

function service(smtpPort?: number, rateLimit = 1000) {
  const env: Record<string, string> = { DATA_DIR: dataDir, QUOTE_RATE_LIMIT: String(rateLimit) };
  if (smtpPort)
    Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, QUOTE_NOTIFY_TO: "sales@promo.example" });
  const created = createQuoteService(readQuoteConfig(env), {
    outbox: { baseDelayMs: 50, maxDelayMs: 200, pollMs: 1_000, log: () => {} },
    log: () => {},
  });
  created.start();
  services.push(created);
  return created;
}

/** The quote form sent as multipart/form-data, as the browser sends it with a file chosen. */
async function multipart(
  files: Attachment[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Request> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...buyer, ...fields })) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }), file.name);
  // Encoded in full first, like a body arriving from the network: a request streaming its FormData would
  // have undici go on writing into the stream the server cancels when it refuses (an unhandled
  // rejection on Node 24).
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const type = encoded.headers.get("content-type")!;
  return new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "Content-Type": type, "User-Agent": "vitest", ...headers },
  });
}

async function send(target: QuoteService, request: Request | Promise<Request>) {
  const answer = await handleQuoteForm(await request, requestContext({ clientIp: "203.0.113.7" }), target);
  return { status: answer.status, headers: answer.headers, body: answer.result as Record<string, unknown> };
}

/** Every file under the attachments folder, the incoming uploads included. */
function filesOnDisk(): string[] {
  const folder = join(dataDir, ATTACHMENTS_DIR);
  if (!existsSync(folder)) return [];
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const key = (n: number) => `upload-key-${String(n).padStart(8, "0")}`;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "uploads-test-"));
});

afterEach(async () => {
  for (const s of services) await s.close();
  services = [];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a quote request with files", () => {
  it("stores the checked copies of the logo and the mockup with the design, and mails them", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service(smtp.port);
      const logo = await fixtures.png();
      const answer = await send(
        quotes,
        multipart(
          [
            { field: "logo", data: logo, name: "Acme logo (final).png" },
            { field: "mockup", data: await fixtures.mockup(), name: "mockup.png" },
          ],
          { design: JSON.stringify(design), idempotencyKey: key(1) },
        ),
      );
      expect(answer).toMatchObject({ status: 200, body: { status: "success", title: "Quote Request Submitted!" } });

      const [quote] = quotes.store.list();
      expect(quote).toMatchObject({ ...buyer, design });
      const files = quotes.store.attachments(quote!.id);
      expect(files.map(({ role, mediaType, originalName }) => ({ role, mediaType, originalName }))).toEqual([
        { role: "logo", mediaType: "image/png", originalName: "Acme logo (final).png" },
        { role: "mockup", mediaType: "image/png", originalName: "mockup.png" },
      ]);
      for (const file of files) {
        const bytes = readFileSync(file.path);
        expect(file.path.startsWith(join(dataDir, ATTACHMENTS_DIR))).toBe(true);
        expect(file.storedName).toMatch(/^[0-9a-f-]{36}\.png$/);
        expect(file.byteSize).toBe(bytes.length);
        expect(file.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
        // Recorded by the files module with the same hash, for the backup to copy.
        expect(liveStoredFiles(quotes.store.db).find((stored) => stored.name === file.storedName)).toMatchObject({
          area: "attachments",
          sha256: file.sha256,
          byteSize: bytes.length,
        });
      }
      // Re-encoded: the same picture, without the metadata the buyer's file carried.
      const stored = readFileSync(files[0]!.path);
      expect(stored.equals(logo)).toBe(false);
      expect(stored.includes("EXIF-SECRET")).toBe(false);
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: "png", width: 240, height: 120 });
      expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);

      await until(() => smtp.to("sales@promo.example").length === 1);
      const raw = decoded(smtp.to("sales@promo.example")[0]!.raw);
      expect(raw).toContain(`filename=quote-${quote!.id}-logo.png`);
      expect(raw).toContain(`filename=quote-${quote!.id}-mockup.png`);
      expect(raw).toMatch(/^Content-ID: <design-mockup@quote>/m);
      expect(raw).toContain('src="cid:design-mockup@quote"');
      expect(raw).toContain("Item: onset-pen");
      expect(raw).toContain("Colours: #1565c0");
      expect(raw).toContain("Warning: The logo has 3 colours; pad print on this pen prints 1.");
      // The attachment is the stored copy, byte for byte.
      const logoPart = raw
        .split(`filename=quote-${quote!.id}-logo.png`)[1]!
        .split(/\r\n\r\n/)[1]!
        .split(/\r\n--/)[0]!;
      expect(Buffer.from(logoPart.replace(/\s+/g, ""), "base64").equals(stored)).toBe(true);
      await until(() => quotes.store.list()[0]!.notifyStatus === "sent");
    } finally {
      await smtp.close();
    }
  });

  it.each([
    ["JPEG", fixtures.jpeg, "image/jpeg", /\.jpg$/, "jpeg"],
    ["WebP", fixtures.webp, "image/webp", /\.webp$/, "webp"],
  ] as const)(
    "stores a %s logo re-encoded in its own format, without its metadata",
    async (_, make, mediaType, extension, format) => {
      const quotes = service();
      const answer = await send(
        quotes,
        multipart([{ field: "logo", data: await make(), name: "logo.bin", type: "application/octet-stream" }]),
      );
      expect(answer.status).toBe(200);
      const [file] = quotes.store.attachments(quotes.store.list()[0]!.id);
      expect(file).toMatchObject({ role: "logo", mediaType });
      expect(file!.storedName).toMatch(extension);
      const stored = readFileSync(file!.path);
      expect(stored.includes("EXIF-SECRET")).toBe(false);
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format, width: 240, height: 120 });
      expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
    },
  );

  it("stores an SVG logo as clean SVG with its viewBox and gradient", async () => {
    const quotes = service();
    expect(
      (
        await send(
          quotes,
          multipart([{ field: "logo", data: fixtures.svg(), name: "logo.svg", type: "image/svg+xml" }]),
        )
      ).status,
    ).toBe(200);
    const [file] = quotes.store.attachments(quotes.store.list()[0]!.id);
    expect(file).toMatchObject({ mediaType: "image/svg+xml" });
    const text = readFileSync(file!.path, "utf8");
    expect(text).toContain('viewBox="0 0 100 50"');
    expect(text).toContain('fill="url(#g)"');
  });

  it("keeps a hostile SVG cleaned: its script and external image never reach the mailbox", async () => {
    const smtp = await startSmtp();
    try {
      const quotes = service(smtp.port);
      expect(
        (await send(quotes, multipart([{ field: "logo", data: fixtures.hostileSvg(), name: "logo.svg" }]))).status,
      ).toBe(200);
      const [file] = quotes.store.attachments(quotes.store.list()[0]!.id);
      const text = readFileSync(file!.path, "utf8");
      expect(text).not.toMatch(/HIDDEN|script|onload|evil/);
      expect(text).toContain('<rect width="100" height="50" fill="#1565c0"');
      await until(() => smtp.to("sales@promo.example").length === 1);
      const raw = decoded(smtp.to("sales@promo.example")[0]!.raw);
      const attached = Buffer.from(
        raw
          .split("filename=quote-1-logo.svg")[1]!
          .split(/\r\n\r\n/)[1]!
          .split(/\r\n--/)[0]!
          .replace(/\s+/g, ""),
        "base64",
      );
      expect(attached.toString("utf8")).toBe(text);
      expect(raw).not.toMatch(/HIDDEN/);
    } finally {
      await smtp.close();
    }
  });

  it("sent twice with the same key keeps one request and one set of files", async () => {
    const quotes = service();
    const logo = await fixtures.png();
    const again = () =>
      send(quotes, multipart([{ field: "logo", data: logo, name: "logo.png" }], { idempotencyKey: key(2) }));
    const answers = await Promise.all([again(), again()]);
    answers.push(await again());
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(quotes.store.count()).toBe(1);
    expect(filesOnDisk()).toHaveLength(1);
  });

  it("with an empty file field (no file chosen on the page without JavaScript) is stored without files", async () => {
    const quotes = service();
    const answer = await send(
      quotes,
      multipart([{ field: "logo", data: Buffer.alloc(0), name: "", type: "application/octet-stream" }]),
    );
    expect(answer.status).toBe(200);
    expect(quotes.store.attachments(quotes.store.list()[0]!.id)).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it("survives a restart, and goes with its files when deleted", async () => {
    const quotes = service();
    await send(
      quotes,
      multipart([
        { field: "logo", data: await fixtures.png(), name: "logo.png" },
        { field: "mockup", data: await fixtures.mockup(), name: "m.png" },
      ]),
    );
    const before = quotes.store.attachments(1);
    await quotes.close();
    services = [];

    const reopened = QuoteStore.open(dataDir);
    try {
      const after = reopened.attachments(1);
      expect(after).toEqual(before);
      for (const file of after)
        expect(createHash("sha256").update(readFileSync(file.path)).digest("hex")).toBe(file.sha256);

      const out = join(dataDir, "export");
      expect(exportAttachments(reopened, out).map((path) => path.slice(out.length + 1))).toEqual([
        "quote-1-logo.png",
        "quote-1-mockup.png",
      ]);
      expect(readFileSync(join(out, "quote-1-logo.png")).equals(readFileSync(after[0]!.path))).toBe(true);

      expect(reopened.delete(1)).toBe(true);
      expect(reopened.count()).toBe(0);
      expect(reopened.allAttachments()).toEqual([]);
      for (const file of after) expect(existsSync(file.path)).toBe(false);
      expect(liveStoredFiles(reopened.db)).toEqual([]);
      expect(storedFilesAfter(reopened.db, 0, 10).map((file) => [file.name, file.removedAt !== null])).toEqual(
        after.map((file) => [file.storedName, true]),
      );
      expect(reopened.delete(1)).toBe(false);
    } finally {
      reopened.close();
    }
  });
});

describe("a bad file is refused with a 4xx the form shows, and nothing is stored", () => {
  const MB = 1024 * 1024;
  const cases: [string, () => Promise<Request> | Request, number, string, RegExp][] = [
    [
      "a text file named .png",
      () => multipart([{ field: "logo", data: fixtures.text(), name: "logo.png" }]),
      415,
      "logo_not_image",
      /is not an image/,
    ],
    [
      "an executable (ELF) named logo.png",
      () => multipart([{ field: "logo", data: fixtures.elf(), name: "logo.png" }]),
      415,
      "logo_not_image",
      /is not an image/,
    ],
    [
      "an executable (MZ) named logo.png",
      () => multipart([{ field: "logo", data: fixtures.windowsExe(), name: "logo.png" }]),
      415,
      "logo_not_image",
      /is not an image/,
    ],
    [
      "a truncated PNG",
      async () => multipart([{ field: "logo", data: await fixtures.truncatedPng(), name: "logo.png" }]),
      422,
      "logo_unreadable",
      /damaged or incomplete/,
    ],
    [
      "a decompression bomb",
      () => multipart([{ field: "logo", data: fixtures.decompressionBomb(), name: "logo.png" }]),
      422,
      "logo_too_many_pixels",
      /at most 25 megapixels/,
    ],
    [
      "a logo over 5 MB",
      () => multipart([{ field: "logo", data: fixtures.pngOfSize(5 * MB + 1), name: "logo.png" }]),
      413,
      "logo_too_large",
      /Logo too large: at most 5 MB\./,
    ],
    [
      "an SVG over 1 MB",
      () => multipart([{ field: "logo", data: fixtures.svgOfSize(MB + 10), name: "logo.svg" }]),
      413,
      "logo_too_large",
      /at most 1 MB for an SVG/,
    ],
    [
      "a mockup over 1 MB",
      () => multipart([{ field: "mockup", data: fixtures.pngOfSize(MB + 1), name: "m.png" }]),
      413,
      "mockup_too_large",
      /Mockup too large: at most 1 MB/,
    ],
    [
      "a mockup that is not a PNG",
      async () => multipart([{ field: "mockup", data: await fixtures.jpeg(), name: "m.png" }]),
      415,
      "mockup_type",
      /must be a PNG/,
    ],
    [
      "3 files",
      async () =>
        multipart([
          { field: "logo", data: await fixtures.png(), name: "a.png" },
          { field: "mockup", data: await fixtures.mockup(), name: "b.png" },
          { field: "logo", data: await fixtures.png(), name: "c.png" },
        ]),
      400,
      "too_many_files",
      /at most 2/,
    ],
    [
      "a file in another field",
      async () => multipart([{ field: "attachment", data: await fixtures.png(), name: "a.png" }]),
      400,
      "unexpected_file",
      /Only a logo and a design mockup/,
    ],
    [
      "an HTML page named logo.png",
      () =>
        multipart([
          { field: "logo", data: Buffer.from("<!DOCTYPE html><html><body>Hi</body></html>"), name: "logo.png" },
        ]),
      415,
      "logo_not_image",
      /is not an image/,
    ],
    [
      "a GIF",
      () =>
        multipart([
          { field: "logo", data: Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64)]), name: "logo.gif" },
        ]),
      415,
      "logo_type",
      /format we do not take/,
    ],
    [
      "an SVG with entities",
      () =>
        multipart([
          {
            field: "logo",
            data: Buffer.from(
              `<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`,
            ),
            name: "logo.svg",
          },
        ]),
      422,
      "svg_declarations",
      /entity declarations/,
    ],
    [
      "a design that is not one",
      async () =>
        multipart([{ field: "mockup", data: await fixtures.mockup(), name: "m.png" }], { design: '{"itemId":"../x"}' }),
      400,
      "design_invalid",
      /design/,
    ],
    [
      "a request declaring more than 8 MB",
      () =>
        multipart(
          [{ field: "logo", data: fixtures.svg(), name: "logo.svg" }],
          {},
          { "Content-Length": String(8 * MB + 1) },
        ),
      413,
      "request_too_large",
      /at most 8 MB/,
    ],
  ];

  it.each(cases)("%s", async (_, make, status, code, message) => {
    const quotes = service();
    const answer = await send(quotes, await make());
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: "error", code });
    expect(answer.body.message).toMatch(message);
    expect(quotes.store.count()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it("without a key from the browser, the same words sent again are one request, but not with another logo", async () => {
    const quotes = service();
    const withLogo = async (data: Buffer) => send(quotes, multipart([{ field: "logo", data, name: "logo.png" }]));
    const png = await fixtures.png();
    expect((await withLogo(png)).status).toBe(200);
    expect((await withLogo(png)).status).toBe(200); // "resend" on the result page
    expect(quotes.store.count()).toBe(1);
    expect((await withLogo(await fixtures.mockup())).status).toBe(200); // a corrected logo
    expect(quotes.store.count()).toBe(2);
    expect(quotes.store.allAttachments()).toHaveLength(2);
  });

  it("answers a stored request's retry, a visitor over the limit and a filled honeypot without decoding their files", async () => {
    const quotes = service(undefined, 1);
    const first = await send(
      quotes,
      multipart([{ field: "logo", data: await fixtures.png(), name: "logo.png" }], { idempotencyKey: key(7) }),
    );
    expect(first.status).toBe(200);
    // A truncated PNG would be refused (422) if it were decoded.
    const broken = async (fields: Record<string, string>) =>
      send(quotes, multipart([{ field: "logo", data: await fixtures.truncatedPng(), name: "logo.png" }], fields));
    expect(await broken({ idempotencyKey: key(7) })).toMatchObject({ status: 200, body: { status: "success" } });
    expect(await broken({ idempotencyKey: key(8) })).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(quotes.store.count()).toBe(1);

    const open = service(undefined, 1000);
    expect(
      await send(
        open,
        multipart([{ field: "logo", data: await fixtures.truncatedPng(), name: "logo.png" }], {
          website: "https://spam.example",
        }),
      ),
    ).toMatchObject({
      status: 200,
      body: { status: "success" },
    });
    expect(open.store.count()).toBe(1); // the first service's request only: the bot's is not stored
  });

  it("keeps what was typed, for the page that shows the refusal", async () => {
    const answer = await send(service(), multipart([{ field: "logo", data: fixtures.text(), name: "logo.png" }]));
    expect(answer.body).toMatchObject({ code: "logo_not_image", values: buyer, title: "Logo is not an image" });
  });

  /** A chunked body: a logo that starts as an SVG and goes on with `chunks` of 256 KB of spaces. */
  function endlessSvg(chunks: number) {
    const boundary = "----quote-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg">`,
    );
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    const state = { pulled: 0, cancelled: false, ended: false };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        state.pulled++;
        if (state.pulled === 1) controller.enqueue(head);
        else if (state.pulled > chunks) {
          state.ended = true;
          controller.close();
        } else controller.enqueue(chunk);
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, state };
  }

  it("a body past its limits without a declared length is answered, and the rest read and thrown away", async () => {
    const quotes = service();
    const { request, state } = endlessSvg(120); // 30 MB
    const answer = await send(quotes, request);
    expect(answer.status).toBe(413);
    // Refused at the SVG limit (1 MB of a file that starts as text), long before the 30 MB sent.
    expect(answer.body.code).toBe("logo_too_large");
    expect(answer.headers).not.toHaveProperty("Connection");
    await until(() => state.ended);
    expect(state.cancelled).toBe(false);
    expect(filesOnDisk()).toEqual([]);
  });

  it("a body beyond what is drained is cut off", async () => {
    const { request, state } = endlessSvg(400); // 100 MB
    expect((await send(service(), request)).status).toBe(413);
    await until(() => state.cancelled);
    expect(state.ended).toBe(false);
    expect(filesOnDisk()).toEqual([]);
  });

  it("a request declaring more than can be drained is answered without being read, and its connection closed", async () => {
    const answer = await send(
      service(),
      multipart(
        [{ field: "logo", data: fixtures.svg(), name: "logo.svg" }],
        {},
        { "Content-Length": String(500 * 1024 * 1024) },
      ),
    );
    expect(answer).toMatchObject({
      status: 413,
      headers: { Connection: "close" },
      body: { code: "request_too_large" },
    });
    expect(answer.body.message).toMatch(/at most 8 MB/);
  });

  it("keeps an SVG whose DOCTYPE declares nothing, without the DOCTYPE, and its name as sent", async () => {
    const quotes = service();
    const doctype = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n`;
    const answer = await send(
      quotes,
      multipart([
        { field: "logo", data: Buffer.from(doctype + fixtures.svg().toString()), name: "логотип компании.svg" },
      ]),
    );
    expect(answer.status).toBe(200);
    const [file] = quotes.store.attachments(quotes.store.list()[0]!.id);
    expect(file).toMatchObject({ mediaType: "image/svg+xml", originalName: "логотип компании.svg" });
    expect(file!.storedName).toMatch(/^[0-9a-f-]{36}\.svg$/);
    const stored = readFileSync(file!.path, "utf8");
    expect(stored).not.toMatch(/DOCTYPE/i);
    expect(stored).toContain("<linearGradient");
  });

  it("a file its check cannot finish in time is refused with its own message, and its check's thread replaced", async () => {
    const checker = new UploadChecker({ threads: 1, timeLimitMs: 20, memoryMb: 256 });
    const heavy = corpus.find((file) => file.heavy && file.fileName.endsWith(".svg") && file.expect.status === 200)!;
    try {
      const dir = join(dataDir, "incoming");
      const data = await heavy.make();
      const read = await readMultipart(await multipart([{ field: "logo", data, name: "l.svg" }]), dir);
      expect(read.ok).toBe(true);
      // One of the files that cost the checker most (accepted within the real limit): far over 20 ms.
      const checked = await checkReceived(read.files, checker);
      expect(checked).toMatchObject({ ok: false, problem: { status: 422, code: "logo_too_slow" } });
      if (!checked.ok) expect(checked.problem.message).toMatch(/took too long to check/);
      await discardReceived(read.files);
    } finally {
      await checker.close();
    }
    const quotes = service();
    const answer = await send(quotes, multipart([{ field: "logo", data: fixtures.svg(), name: "l.svg" }]));
    expect(answer.status).toBe(200);
  }, 60_000);

  it("the text of a multipart request keeps the limits of a form without files", async () => {
    const quotes = service();
    const answer = await send(quotes, multipart([], { message: "x".repeat(70 * 1024) }));
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe("payload_too_large");
    expect((await send(quotes, multipart([], { design: "x".repeat(9 * 1024) }))).status).toBe(413);
    expect(quotes.store.count()).toBe(0);
  });
});
