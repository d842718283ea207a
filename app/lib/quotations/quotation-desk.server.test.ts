import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { startSmtp, until } from "../../../tests/support/smtp-server";
import { deskText } from "~/content/desk";
import { addCalendarDays } from "~/lib/desk/time";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as quotationPdfRoute from "~/routes/desk/quotation-pdf";
import * as editor from "~/routes/desk/quotation";
import * as quotePage from "~/routes/desk/request";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import { itemName } from "~/lib/proofs/record";
import { quotationForRecord } from "./desk.server";
import { editorMessages } from "./editor-schema";
import { Quotations } from "./quotations.server";

// The desk's quotations through their routes, as React Router calls them, on a real SQLite store and
// SMTP server: the editor, Send quotation and its e-mail, the versions on the request's page, the PDF,
// and the attacks on them.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, withCookie = cookie) =>
  new Request(`${site}${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });
const post = (path: string, fields: Record<string, string>, { origin = site, withCookie = cookie } = {}) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(withCookie ? { Cookie: withCookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

/** The editor's form as a browser posts it (a fresh one-time key each time): two lines, the first with two quantity options. */
const twoLines = (intent: string, changes: Record<string, string> = {}) => ({
  intent,
  idempotencyKey: crypto.randomUUID(),
  lineCount: "2",
  "line-0-item": "onset-pen",
  "line-0-description": "ONSET Signature Pen",
  "line-0-decoration": "Pad print, 2 colours",
  "line-0-quantity-1": "250",
  "line-0-unit-1": "90",
  "line-0-quantity-2": "500",
  "line-0-unit-2": "85",
  "line-0-setup": "2,500",
  "line-1-description": "Notebook A5",
  "line-1-quantity-1": "100",
  "line-1-unit-1": "450.50",
  delivery: "1500",
  taxRate: "18",
  buyerNtn: "",
  buyerStrn: "",
  validUntil: addCalendarDays(Date.now(), 14),
  leadTimeDays: "10",
  leadTime: "10 business days after artwork approval",
  paymentTerms: "50 % advance, balance on delivery",
  note: "",
  ...changes,
});

const postEditor = (
  reference: string,
  fields: Record<string, string>,
  options?: { origin?: string; withCookie?: string },
) =>
  outcome(() =>
    underDeskLayout(editor.action, args(post(`/desk/quotes/${reference}/quotation`, fields, options), { reference })),
  );
const editorLoad = (reference: string, query = "") =>
  outcome(() =>
    underDeskLayout(editor.loader, args(get(`/desk/quotes/${reference}/quotation${query}`), { reference })),
  );
const requestPage = async (reference: string) =>
  (await outcome(() => underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${reference}`), { reference }))))
    .data as { quotations: { version: number; total: number; stateText: string; pdf: string; sent: string }[] };

function receive(key: string, email = "ayesha@acme.example") {
  return getQuoteService().store.insert(
    { name: "Ayesha Khan", company: "Acme Pharma", email, phone: "", product: "Pens", message: "500 pens" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false },
  ).quote;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "quotation-desk-"));
  smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const service = getQuoteService();
  const { output } = runStaffCommand(["add", "sana@promo.example", "--name", "Sana"], service.store.db);
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
  await smtp.close();
  for (const name of ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the quotation editor", () => {
  it("opens a new draft prefilled from the request, saves it, adds a line and shows the server's totals", async () => {
    const quote = receive("editor-1");
    const opened = (await editorLoad(quote.reference)).data as {
      values: { lines: { description: string }[] };
      saved: boolean;
      totals: { heading: string; recommended: boolean; totalPaisa: number }[];
    };
    expect(opened.saved).toBe(false);
    // "Pens", without a quantity: the first pen of the price list, at its lowest breaks.
    expect(opened.values.lines.map((line) => line.description)).toEqual(["Metal ball pen, one-colour pad print"]);
    // Each option's own total, before anything is saved: (quantity × unit + 2,500 set-up) × 1.18.
    expect(opened.totals).toEqual([
      expect.objectContaining({ heading: "Option 1: 100 pcs", recommended: false, totalPaisa: 2_419_000 }),
      expect.objectContaining({ heading: "Option 2: 250 pcs", recommended: false, totalPaisa: 5_015_000 }),
      expect.objectContaining({ heading: "Option 3: 500 pcs", recommended: false, totalPaisa: 8_850_000 }),
    ]);

    expect(await postEditor(quote.reference, twoLines("add-line"))).toMatchObject({
      status: 302,
      location: `/desk/quotes/${quote.reference}/quotation?done=added`,
    });
    const page = (await editorLoad(quote.reference, "?done=added")).data as {
      values: { lines: unknown[] };
      totals: { heading: string; goodsPaisa: number; taxPaisa: number; totalPaisa: number }[];
    };
    expect(page.values.lines).toHaveLength(3); // the two saved and a new, empty one
    // First options: 250 × 90 + 100 × 450.50 = 67,550; + 2,500 set-up + 1,500 delivery = 71,550; 18 % = 12,879.
    expect(page.totals[0]).toMatchObject({
      heading: "Option 1: 250 / 100 pcs",
      goodsPaisa: 6_755_000,
      taxPaisa: 1_287_900,
      totalPaisa: 8_442_900,
    });
  });

  it("refuses a negative or non-numeric price with the field's message, keeps what was typed, and changes nothing", async () => {
    const quote = receive("editor-2");
    await postEditor(quote.reference, twoLines("save"));
    const before = new Quotations(getQuoteService().store).draft(quote.id)!;
    for (const price of ["-90", "ninety", "90.001"]) {
      const refused = await postEditor(quote.reference, twoLines("save", { "line-0-unit-1": price }));
      expect(refused.status).toBe(400);
      const data = refused.data as { errors: Record<string, string>; values: { lines: { units: string[] }[] } };
      expect(data.errors).toEqual({ "line-0-unit-1": editorMessages.money });
      expect(data.values.lines[0]!.units[0]).toBe(price);
    }
    const sendRefused = await postEditor(quote.reference, twoLines("send", { "line-1-unit-1": "-1" }));
    expect(sendRefused.status).toBe(400);
    const store = new Quotations(getQuoteService().store);
    expect(store.draft(quote.id)).toEqual(before);
    expect(store.sentCount(quote.id)).toBe(0);
  });

  it("sends v1: the buyer's mail names the version, carries their private link and the PDF with the figures", async () => {
    const quote = receive("send-1", "buyer-send-1@acme.example");
    const sent = await postEditor(quote.reference, twoLines("send"));
    expect(sent).toMatchObject({ status: 302, location: `/desk/quotes/${quote.reference}?done=quotation` });
    await until(() => smtp.received.some((mail) => mail.to.includes("buyer-send-1@acme.example")));
    const raw = smtp.received.find((mail) => mail.to.includes("buyer-send-1@acme.example"))!.raw;
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe(`Quotation v1 for ${quote.reference} from Lahore Promo Works`);
    expect(mail.subject).not.toMatch(/PKR/);
    // Each option its own figures (the request said no quantity: none is called recommended).
    expect(mail.text).toContain(
      "Option 1: 250 / 100 pcs: subtotal PKR 67,550, set-up PKR 2,500, delivery PKR 1,500, sales tax PKR 12,879, total PKR 84,429.",
    );
    expect(mail.text).toContain(
      "Option 2: 500 / 100 pcs: subtotal PKR 87,550, set-up PKR 2,500, delivery PKR 1,500, sales tax PKR 16,479, total PKR 108,029.",
    );
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(getQuoteService().proofs.open(token!)?.id).toBe(quote.id);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${quote.reference}-quotation-v1.pdf`, "application/pdf"],
    ]);
    const text = pdfText(mail.attachments[0]!.content);
    expect(text).toContain(`Quotation ${quote.reference} v1`);
    expect(text).toContain("Option 2 500 PKR 85 PKR 42,500");
    expect(text).toContain("Total PKR 84,429");

    const listed = await requestPage(quote.reference);
    expect(listed.quotations).toMatchObject([{ version: 1, total: 8_442_900, stateText: "Sent" }]);
    expect(getQuoteService().store.get(quote.id)?.status).toBe("waiting_on_buyer");
  });

  it("prepares v2 from v1, and once it is sent v1 reads Replaced by v2; each version's PDF downloads", async () => {
    const quote = receive("send-2", "buyer-send-2@acme.example");
    await postEditor(quote.reference, twoLines("send"));
    const next = (await editorLoad(quote.reference)).data as {
      version: number;
      values: { lines: { description: string }[] };
    };
    expect(next.version).toBe(2);
    expect(next.values.lines.map((line) => line.description)).toEqual(["ONSET Signature Pen", "Notebook A5"]);
    await postEditor(quote.reference, twoLines("send", { "line-0-unit-1": "80" }));
    const listed = await requestPage(quote.reference);
    expect(listed.quotations.map((item) => [item.version, item.stateText])).toEqual([
      [1, "Replaced by v2"],
      [2, "Sent"],
    ]);
    expect(listed.quotations[0]!.pdf).toBe(`/desk/quotes/${quote.reference}/quotations/v1.pdf`);

    const download = await outcome(() =>
      underDeskLayout(
        quotationPdfRoute.loader,
        args(get(`/desk/quotes/${quote.reference}/quotations/v2.pdf`), { reference: quote.reference, file: "v2.pdf" }),
      ),
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="${quote.reference}-quotation-v2.pdf"`,
    );
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(pdfText(new Uint8Array(await download.response!.arrayBuffer()))).toContain("Option 1 250 PKR 80 PKR 20,000");
  });
});

describe("the quotation routes refuse", () => {
  it("anyone without a session", async () => {
    const quote = receive("attack-1");
    const loaded = await outcome(() =>
      underDeskLayout(
        editor.loader,
        args(get(`/desk/quotes/${quote.reference}/quotation`, ""), { reference: quote.reference }),
      ),
    );
    expect(loaded.status).toBe(302);
    expect(loaded.location).toMatch(/^\/desk\/sign-in/);
    const posted = await postEditor(quote.reference, twoLines("send"), { withCookie: "" });
    expect(posted.status).toBe(302);
    expect(new Quotations(getQuoteService().store).sentCount(quote.id)).toBe(0);
  });

  it("a post from another origin", async () => {
    const quote = receive("attack-2");
    const posted = await postEditor(quote.reference, twoLines("send"), { origin: "https://evil.example" });
    expect(posted.status).toBe(403);
    expect(new Quotations(getQuoteService().store).draft(quote.id)).toBeNull();
  });

  it("a reference that is no request's, and a version another request has but this one does not", async () => {
    const sentQuote = receive("attack-3");
    await postEditor(sentQuote.reference, twoLines("send"));
    const other = receive("attack-4");
    expect((await postEditor("Q-2099-9999", twoLines("send"))).status).toBe(404);
    expect((await editorLoad("Q-2099-9999")).status).toBe(404);
    const pdf = (reference: string, file: string) =>
      outcome(() =>
        underDeskLayout(
          quotationPdfRoute.loader,
          args(get(`/desk/quotes/${reference}/quotations/${file}`), { reference, file }),
        ),
      );
    expect((await pdf(sentQuote.reference, "v1.pdf")).status).toBe(200);
    expect((await pdf(other.reference, "v1.pdf")).status).toBe(404);
    expect((await pdf(sentQuote.reference, "v1.pdf.exe")).status).toBe(404);
  });

  it("an unknown button", async () => {
    const quote = receive("attack-5");
    expect((await postEditor(quote.reference, twoLines("delete-everything"))).status).toBe(400);
  });
});

it("the request page's next actions open the editor", async () => {
  const quote = receive("link-1");
  expect(deskText.quotation.prepare).toBe("Prepare quotation");
  const data = (
    await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${quote.reference}`), { reference: quote.reference })),
    )
  ).data as { canQuote: boolean; nextQuotationVersion: number; hasQuotationDraft: boolean };
  expect(data).toMatchObject({ canQuote: true, nextQuotationVersion: 1, hasQuotationDraft: false });
});

it("the approval record names the item by its catalogue title, its quantity and the quotation it belongs to", async () => {
  const design = { itemId: "onset-pen", text: "ONSET", colours: ["#00897b"], logo: null, warnings: [] };
  const quote = getQuoteService().store.insert(
    { name: "Ayesha Khan", company: "", email: "ayesha@acme.example", phone: "", product: "Pens", message: "" },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: "record-1" },
    { notify: false, design },
  ).quote;
  expect(quotationForRecord(getQuoteService(), quote)).toEqual({ quotation: null, quantity: null });
  await postEditor(quote.reference, twoLines("send"));
  await postEditor(quote.reference, twoLines("send", { "line-0-quantity-2": "1000" }));
  expect(quotationForRecord(getQuoteService(), quote)).toEqual({
    quotation: "Quotation v2",
    quantity: "250 or 1,000 pieces",
  });
  expect(itemName(design.itemId)).toBe("ONSET Signature Pen");
  expect(itemName("Custom pens")).toBe("Custom pens");
});

describe("Send quotation posted twice", () => {
  it("in parallel with one key sends one version, each post told it was sent, and the same key later too", async () => {
    const quote = receive("once-1", "buyer-once-1@acme.example");
    const form = twoLines("send");
    const answers = await Promise.all([1, 2, 3].map(() => postEditor(quote.reference, form)));
    const sent = `/desk/quotes/${quote.reference}?done=quotation`;
    expect(answers.map((answer) => [answer.status, answer.location])).toEqual([
      [302, sent],
      [302, sent],
      [302, sent],
    ]);
    const quotations = new Quotations(getQuoteService().store);
    expect(quotations.sentCount(quote.id)).toBe(1);
    expect(quotations.draft(quote.id)).toBeNull();
    expect((await postEditor(quote.reference, form)).location).toBe(sent);
    expect(quotations.sentCount(quote.id)).toBe(1);
    // A new rendering of the form (a new key) sends the next version.
    await postEditor(quote.reference, twoLines("send", { "line-0-unit-1": "80" }));
    expect(quotations.sentCount(quote.id)).toBe(2);
  });

  it("without its one-time key is refused (400) with a message, sending nothing", async () => {
    const quote = receive("once-2");
    for (const key of [undefined, "", "not a key"]) {
      const { idempotencyKey: _, ...fields } = twoLines("send");
      const refused = await postEditor(
        quote.reference,
        key === undefined ? fields : { ...fields, idempotencyKey: key },
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain("without its one-time key");
    }
    expect(new Quotations(getQuoteService().store).sentCount(quote.id)).toBe(0);
  });
});

describe("a quotation's total", () => {
  // One line of 1,000 pcs at PKR 1,000,000 with no tax: PKR 1,000,000,000, the most a total may be.
  const atLimit = (changes: Record<string, string> = {}) =>
    twoLines("save", {
      lineCount: "1",
      "line-0-quantity-1": "1000",
      "line-0-unit-1": "1,000,000",
      "line-0-quantity-2": "",
      "line-0-unit-2": "",
      "line-0-setup": "",
      delivery: "",
      taxRate: "0",
      ...changes,
    });

  it("at the limit saves, opens in the editor, sends and makes its PDF", async () => {
    const quote = receive("limit-1", "buyer-limit-1@acme.example");
    expect((await postEditor(quote.reference, atLimit())).status).toBe(302);
    const page = await editorLoad(quote.reference);
    expect(page.status).toBe(200);
    expect((page.data as { totals: { totalPaisa: number }[] }).totals.map((option) => option.totalPaisa)).toContain(
      100_000_000_000,
    );
    expect(await postEditor(quote.reference, atLimit({ intent: "send" }))).toMatchObject({ status: 302 });
    expect((await requestPage(quote.reference)).quotations).toMatchObject([{ version: 1, total: 100_000_000_000 }]);
    const download = await outcome(() =>
      underDeskLayout(
        quotationPdfRoute.loader,
        args(get(`/desk/quotes/${quote.reference}/quotations/v1.pdf`), { reference: quote.reference, file: "v1.pdf" }),
      ),
    );
    expect(download.status).toBe(200);
    expect(pdfText(new Uint8Array(await download.response!.arrayBuffer()))).toContain("PKR 1,000,000,000");
  });

  it("one paisa over the limit, or 10,000,000 pcs at PKR 1,000,000,000, is refused with a message and nothing saved", async () => {
    const quote = receive("limit-2");
    const total = { form: editorMessages.totalTooLarge };
    // What is changed from the form at the limit, and the messages it gets: an option over the limit
    // on its own is also named at its price.
    const overLimit: [Record<string, string>, Record<string, string>][] = [
      [{ delivery: "0.01" }, total],
      [{ taxRate: "0.01" }, total],
      [
        { "line-0-quantity-1": "10,000,000", "line-0-unit-1": "1,000,000,000" },
        { ...total, "line-0-unit-1": editorMessages.lineTooLarge },
      ],
      // The dearest option counts, whichever the buyer picks.
      [
        { "line-0-quantity-1": "1", "line-0-unit-1": "1", "line-0-quantity-2": "1001", "line-0-unit-2": "1,000,000" },
        { ...total, "line-0-unit-2": editorMessages.lineTooLarge },
      ],
      // Each option within the limit, the line's two together past it: the total says so.
      [{ "line-0-unit-1": "600,000", "line-0-setup": "400,000,000.01" }, total],
    ];
    for (const [changes, messages] of overLimit) {
      for (const intent of ["save", "send"]) {
        const refused = await postEditor(quote.reference, atLimit({ intent, ...changes }));
        expect(refused.status, JSON.stringify(changes)).toBe(400);
        expect((refused.data as { errors: Record<string, string> }).errors, JSON.stringify(changes)).toEqual(messages);
      }
    }
    const quotations = new Quotations(getQuoteService().store);
    expect(quotations.draft(quote.id)).toBeNull();
    expect(quotations.sentCount(quote.id)).toBe(0);
    expect((await editorLoad(quote.reference)).status).toBe(200);
  });
});

it("a draft stored beyond the limit before saving checked it still opens in the editor, and Send refuses it with the message", async () => {
  const quote = receive("limit-3", "buyer-limit-3@acme.example");
  await postEditor(quote.reference, twoLines("save"));
  const quotations = new Quotations(getQuoteService().store);
  const saved = quotations.draft(quote.id)!;
  // 10,000,000 pcs at PKR 1,000,000,000: past every safe integer of paisa.
  const line = { ...saved.lines[0]!, options: [{ quantity: 10_000_000, unitPaisa: 100_000_000_000 }] };
  quotations.saveDraft(
    quote.id,
    {
      validUntil: saved.validUntil,
      leadTimeDays: saved.leadTimeDays,
      leadTime: saved.leadTime,
      paymentTerms: saved.paymentTerms,
      note: saved.note,
      deliveryPaisa: saved.deliveryPaisa,
      taxRateBp: saved.taxRateBp,
      buyerNtn: saved.buyerNtn,
      buyerStrn: saved.buyerStrn,
      lines: [line],
    },
    null,
  );
  const page = await editorLoad(quote.reference);
  expect(page.status).toBe(200);
  expect((page.data as { totals: unknown }).totals).toBeNull();
  const refused = await postEditor(quote.reference, {
    ...twoLines("send", { lineCount: "1", "line-0-quantity-1": "10,000,000", "line-0-unit-1": "1,000,000,000" }),
  });
  expect(refused.status).toBe(400);
  expect((refused.data as { errors: Record<string, string> }).errors).toEqual({
    form: editorMessages.totalTooLarge,
    "line-0-unit-1": editorMessages.lineTooLarge,
  });
  expect(quotations.sentCount(quote.id)).toBe(0);
  expect((await requestPage(quote.reference)).quotations).toEqual([]);
});
