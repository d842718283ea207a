import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { liveStoredFiles } from "~/lib/files/registry.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as mailFile from "~/routes/desk/mail-file";
import * as quotePage from "~/routes/desk/request";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import { mailboxDelivery } from "./deliver.server";
import type { InboundMail } from "./inbound-mail";

// A buyer's e-mail's files on the desk's routes, as React Router calls them, on a real SQLite store.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let cookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, withCookie = "") =>
  new Request(`${site}${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
    body: new URLSearchParams(fields).toString(),
  });

const receive = (key: string) =>
  getQuoteService().store.insert(
    { name: "Ayesha Khan", company: "", email: `${key}@buyer.example`, phone: "", product: "Pens", message: "500" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false },
  ).quote;

const mailWith = (
  { reference, email }: { reference: string; email: string },
  attachments: InboundMail["attachments"],
): InboundMail => ({
  messageId: `<files-${reference}@acme.example>`,
  inReplyTo: null,
  references: [],
  from: { name: "Ayesha Khan", address: email },
  to: [{ name: "Sales", address: "sales@promo.example" }],
  subject: `Re: ${reference} artwork`,
  date: "2026-11-28T06:00:00.000Z",
  sentAt: null,
  text: "Our logo and the old quotation.",
  fullText: "Our logo and the old quotation.",
  attachments,
  attachmentsLeftOut: 0,
  tooLarge: false,
  size: 5000,
  authenticationResults: [],
  source: null,
});

const file = (filename: string, content: Buffer) => ({
  filename,
  contentType: "application/octet-stream",
  declaredType: "",
  size: content.length,
  content,
});

const download = (reference: string, id: number, withCookie = cookie) =>
  outcome(() =>
    underDeskLayout(
      mailFile.loader,
      args(get(`/desk/quotes/${reference}/mail-files/${id}`, withCookie), { reference, id: String(id) }),
    ),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "mail-files-"));
  process.env.DATA_DIR = dataDir;
  const { output } = runStaffCommand(["add", "bilal@promo.example", "--name", "Bilal"], getQuoteService().store.db);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action(args(post(`/desk/setup/${token}`, { password, repeat: password }), { token }) as never),
  );
  const signedIn = await outcome(() =>
    signInRoute.action(args(post("/desk/sign-in", { email: "bilal@promo.example", password })) as never),
  );
  cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the files of a buyer's e-mail on the desk", () => {
  it("are listed in the request's conversation, the kept ones to download, the others with why not", async () => {
    const service = getQuoteService();
    const quote = receive("mail-files-1");
    const svg = fixtures.hostileSvg();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
    const deliver = mailboxDelivery({
      store: service.store,
      messaging: service.messaging,
      unmatched: service.unmatchedMail,
    });
    expect(
      await deliver(
        mailWith(quote, [
          file("logo.svg", svg),
          file("quote.pdf", pdf),
          file("setup.exe", Buffer.from("MZ\x90\x00 this program cannot be run in DOS mode")),
        ]),
      ),
    ).toBe("stored");
    const page = await outcome(() =>
      underDeskLayout(
        quotePage.loader,
        args(get(`/desk/quotes/${quote.reference}`, cookie), { reference: quote.reference }),
      ),
    );
    const { conversation } = page.data as {
      conversation: { direction: string; files: { id: number; name: string; refused: string | null }[] }[];
    };
    const files = conversation.find((entry) => entry.direction === "in")!.files;
    expect(files.map(({ name, refused }) => [name, refused])).toEqual([
      ["logo.svg", null],
      ["quote.pdf", null],
      ["setup.exe", "type"],
    ]);
    const [logo, quotePdf, refused] = files;
    // The kept copies are recorded by the files module with their hash; the refused one is not stored.
    const keptNames = service.store.db
      .prepare("SELECT stored_name FROM message_files WHERE quote_id = ? AND stored_name IS NOT NULL ORDER BY position")
      .pluck()
      .all(quote.id) as string[];
    const registered = liveStoredFiles(service.store.db).filter((stored) => keptNames.includes(stored.name));
    expect(registered.map((stored) => stored.name)).toEqual(keptNames);
    expect(registered.map((stored) => stored.name)).toEqual([
      expect.stringMatching(/^mail-[0-9a-f-]{36}\.svg$/),
      expect.stringMatching(/^mail-[0-9a-f-]{36}\.pdf$/),
    ]);
    expect(registered[1]).toMatchObject({
      sha256: createHash("sha256").update(pdf).digest("hex"),
      byteSize: pdf.length,
    });

    // A download of the checked copy, under a name of ours, under a policy that runs nothing in it.
    const svgAnswer = await download(quote.reference, logo!.id);
    expect(svgAnswer.status).toBe(200);
    const response = svgAnswer.response!;
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${quote.reference}-mail-file-${logo!.id}.svg"`,
    );
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const served = await response.text();
    expect(served).toContain("<svg");
    expect(served).not.toContain("HIDDEN-SCRIPT");
    expect(served).not.toContain("HIDDEN-ONLOAD");
    const pdfAnswer = await download(quote.reference, quotePdf!.id);
    expect(Buffer.from(await pdfAnswer.response!.arrayBuffer()).equals(pdf)).toBe(true);
    expect(pdfAnswer.response!.headers.get("content-disposition")).toMatch(/^attachment; /);

    // A refused file has nothing to download.
    expect((await download(quote.reference, refused!.id)).status).toBe(404);
  });

  it("are not served without a session, nor under another request's reference", async () => {
    const service = getQuoteService();
    const quote = receive("mail-files-2");
    const other = receive("mail-files-3");
    await mailboxDelivery({ store: service.store, messaging: service.messaging, unmatched: service.unmatchedMail })(
      mailWith(quote, [file("logo.png", await fixtures.png())]),
    );
    const [kept] = service.messaging.messageFiles(quote.id);
    expect((await download(quote.reference, kept!.id)).status).toBe(200);
    const signedOut = await download(quote.reference, kept!.id, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/desk\/sign-in/);
    expect((await download(other.reference, kept!.id)).status).toBe(404);
    expect((await download("Q-2026-9999", kept!.id)).status).toBe(404);
    const odd = await outcome(() =>
      underDeskLayout(
        mailFile.loader,
        args(get(`/desk/quotes/${quote.reference}/mail-files/1e3`, cookie), { reference: quote.reference, id: "1e3" }),
      ),
    );
    expect(odd.status).toBe(404);
  });
});
