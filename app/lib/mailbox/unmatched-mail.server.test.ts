import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { getQuoteService, type QuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as mailPage from "~/routes/desk/mail";
import * as quotePage from "~/routes/desk/request";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import { mailboxDelivery } from "./deliver.server";
import { unmatchedMailPage } from "./desk.server";
import { fromSource } from "./reader.server";

// The desk's Unmatched mail page as React Router calls its loader and action, on a real SQLite store:
// what it lists, Attach to request, Discard, and who may not.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let cookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, withCookie = cookie) =>
  new Request(`${site}${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });
const post = (
  path: string,
  fields: Record<string, string>,
  { withCookie = cookie, origin = site }: { withCookie?: string; origin?: string } = {},
) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(withCookie ? { Cookie: withCookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "unmatched-mail-"));
  process.env.DATA_DIR = dataDir;
  const { output } = runStaffCommand(["add", "sana@promo.example", "--name", "Sana"], getQuoteService().store.db);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action(
      args(post(`/desk/setup/${token}`, { password, repeat: password }, { withCookie: "" }), { token }) as never,
    ),
  );
  const signedIn = await outcome(() =>
    signInRoute.action(
      args(post("/desk/sign-in", { email: "sana@promo.example", password }, { withCookie: "" })) as never,
    ),
  );
  cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

const receive = (key: string) =>
  getQuoteService().store.insert(
    { name: "Ayesha Khan", company: "", email: `${key}@buyer.example`, phone: "", product: "Pens", message: "500" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false },
  ).quote;

/** A stranger's mail with a PNG, read as the mailbox reader reads it, handed to the delivery. */
async function strangerMail(service: QuoteService, id: string, subject: string) {
  const boundary = `b-${id}`;
  const raw = [
    "From: Someone <someone@elsewhere.example>",
    "To: sales@promo.example",
    `Subject: ${subject}`,
    "Date: Sat, 28 Nov 2026 11:00:00 +0500",
    `Message-ID: <${id}@elsewhere.example>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Words of ${id}.`,
    `--${boundary}`,
    'Content-Type: image/png; name="logo.png"',
    'Content-Disposition: attachment; filename="logo.png"',
    "Content-Transfer-Encoding: base64",
    "",
    (await fixtures.png()).toString("base64"),
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const mail = await fromSource(Buffer.from(raw), raw.length, "2026-11-28T06:00:00.000Z");
  const deliver = mailboxDelivery({
    store: service.store,
    messaging: service.messaging,
    unmatched: service.unmatchedMail,
  });
  expect(await deliver(mail)).toBe("unmatched");
}

type PageData = Awaited<ReturnType<typeof mailPage.loader>>;
const page = async (withCookie = cookie) =>
  outcome(() => underDeskLayout(mailPage.loader, args(get("/desk/mail", withCookie))));
const act = (fields: Record<string, string>, options?: Parameters<typeof post>[2]) =>
  outcome(() => underDeskLayout(mailPage.action, args(post("/desk/mail", fields, options))));

describe("Unmatched mail on the desk", () => {
  it("lists the mail, attaches one to a request (then in its conversation with its file) and discards another", async () => {
    const service = getQuoteService();
    const quote = receive("unmatched-1");
    await strangerMail(service, "first", `About ${quote.reference}`);
    await strangerMail(service, "second", "Cheap pens!!!");

    const listed = (await page()).data as PageData;
    expect(
      listed.mails.map((mail) => [mail.subject, mail.sender, mail.text, mail.files.map((file) => file.name)]),
    ).toEqual([
      ["Cheap pens!!!", "Someone <someone@elsewhere.example>", "Words of second.", ["logo.png"]],
      [`About ${quote.reference}`, "Someone <someone@elsewhere.example>", "Words of first.", ["logo.png"]],
    ]);
    expect(listed.canSort).toBe(true);
    const [second, first] = listed.mails;

    // A reference that names no request is refused with a message; the mail stays.
    const unknown = await act({ intent: "attach", id: String(first!.id), reference: "Q-2026-9999" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ error: "No request has that reference." });

    const attached = await act({ intent: "attach", id: String(first!.id), reference: quote.reference.toLowerCase() });
    expect(attached.status).toBe(302);
    expect(attached.location).toBe("/desk/mail?done=attached");
    const request = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${quote.reference}`), { reference: quote.reference })),
    );
    const { conversation } = request.data as {
      conversation: { direction: string; text: string; files: { name: string; refused: string | null }[] }[];
    };
    expect(conversation.filter((entry) => entry.direction === "in")).toMatchObject([
      { text: "Words of first.", files: [{ name: "logo.png", refused: null }] },
    ]);

    const discarded = await act({ intent: "discard", id: String(second!.id) });
    expect(discarded.location).toBe("/desk/mail?done=discarded");
    expect(((await page()).data as PageData).mails).toEqual([]);
    const trail = service.store.db
      .prepare(
        "SELECT subject_type, type, actor_name FROM audit_events WHERE type IN ('mail.discarded', 'request.mail_attached')",
      )
      .all();
    expect(trail).toEqual([
      { subject_type: "request", type: "request.mail_attached", actor_name: "Sana <sana@promo.example>" },
      { subject_type: "mail", type: "mail.discarded", actor_name: "Sana <sana@promo.example>" },
    ]);
    // A second Discard of the same mail finds it gone.
    expect((await act({ intent: "discard", id: String(second!.id) })).status).toBe(409);
  });

  it("refuses a visitor without a session, and a post from another site", async () => {
    const service = getQuoteService();
    await strangerMail(service, "third", "Hello");
    const [mail] = service.unmatchedMail.list();
    const signedOut = await page("");
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/desk\/sign-in/);
    const postedSignedOut = await act({ intent: "discard", id: String(mail!.id) }, { withCookie: "" });
    expect(postedSignedOut.status).toBe(302);
    expect(postedSignedOut.location).toMatch(/^\/desk\/sign-in/);
    const forged = await act({ intent: "discard", id: String(mail!.id) }, { origin: "https://evil.test" });
    expect(forged.status).toBe(403);
    expect(service.unmatchedMail.get(mail!.id)).toBeDefined();
    const nonsense = await act({ intent: "attach", id: "1 OR 1=1", reference: "Q-2026-0001" });
    expect(nonsense.status).toBe(400);
  });

  it("tells the owners, and only them, that sender checks are off", () => {
    const service = getQuoteService();
    expect(unmatchedMailPage({ ...service, senderChecks: false }, "owner").checksOff).toBe(true);
    expect(unmatchedMailPage({ ...service, senderChecks: false }, "staff").checksOff).toBe(false);
    expect(unmatchedMailPage({ ...service, senderChecks: true }, "owner").checksOff).toBe(false);
    // The mailbox is not read at all: nothing to say about its senders.
    expect(unmatchedMailPage({ ...service, senderChecks: null }, "owner").checksOff).toBe(false);
  });
});
