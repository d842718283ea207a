import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs } from "../../../tests/support/desk-routes";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { createSmtpMailer } from "~/lib/quotes/mailer.server";
import { Outbox } from "~/lib/messaging/outbox.server";
import { domainRounds } from "~/lib/workflows/message-kinds.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as acceptancePdf from "~/routes/proof/acceptance-pdf";
import * as acceptanceRecord from "~/routes/proof/acceptance";
import * as buyerPage from "~/routes/proof/page";
import { defaultTerms, type QuotationDraft } from "./quotations.server";

// The buyer's side of a quotation through its routes, as React Router calls them, on a real SQLite
// store and SMTP server: the link, the totals, the acceptance and its e-mails, and every refusal.

const site = "http://localhost";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ipCounter = 0;
let linkMessage = 900_000;

const args = (request: Request, params: Record<string, string>): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ipCounter++ % 250}`);
const get = (path: string) => new Request(`${site}${path}`);
const post = (token: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: site }) =>
  outcome(() =>
    buyerPage.action(
      args(new Request(`${site}/proof/${token}`, { method: "POST", headers, body: new URLSearchParams(fields) }), {
        token,
      }) as never,
    ),
  );
const open = (token: string) => outcome(() => buyerPage.loader(args(get(`/proof/${token}`), { token }) as never));

const lines: QuotationDraft["lines"] = [
  {
    itemId: "onset-pen",
    description: "Onset pen",
    decoration: "Screen print, 1 colour",
    setupPaisa: 250_000,
    options: [
      { quantity: 250, unitPaisa: 9_000 },
      { quantity: 500, unitPaisa: 8_900 },
    ],
  },
];

/** A request with quotation v1 sent through the module, and a link to its page. */
function requestWithQuotation(key: string, email = `${key}@buyer.example`) {
  const service = getQuoteService();
  const quote = service.store.insert({ ...buyerFields, email }, submissionMeta(key), { notify: false }).quote;
  service.quotations.saveDraft(quote.id, { ...defaultTerms(new Date()), lines }, null);
  const v1 = service.quotations.send(quote, bilal)!;
  return { quote, v1, token: service.proofs.linkForMessage(quote.id, linkMessage++) };
}

/** Everything an answer could change. */
const snapshot = (quoteId: number) => {
  const service = getQuoteService();
  return {
    status: service.store.get(quoteId)!.status,
    versions: service.quotations.versions(quoteId),
    order: service.quotationAnswers.orders.forRequest(quoteId),
    history: service.store.audit.requestHistory(quoteId).length,
    messages: service.messaging.messages(quoteId).length,
  };
};

const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => decoded(mail.raw));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "quotation-buyer-"));
  smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
});

afterAll(async () => {
  await stopQuoteService();
  await smtp.close();
  for (const name of ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the buyer's quotation", () => {
  it("opens by the link, totals the options picked, and is accepted once: order, record, PDF and both e-mails", async () => {
    const { quote, v1, token } = requestWithQuotation("accept", "ayesha@acme.example");
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const shown = (page.data as { quotation: { latest: Record<string, unknown> } }).quotation.latest;
    expect(shown).toMatchObject({ version: 1, sha256: v1.sha256, state: "sent" });
    expect(shown.lines).toEqual([
      expect.objectContaining({
        options: [
          // The buyer said no quantity: the first option is chosen, none called recommended.
          { position: 1, label: "250 pcs × PKR 90 = PKR 22,500", checked: true, recommended: false },
          { position: 2, label: "500 pcs × PKR 89 = PKR 44,500", checked: false, recommended: false },
        ],
      }),
    ]);

    // "Update total" without JavaScript: the server's totals for 500 pcs (44,500 + 2,500 set-up, 18 % tax).
    const totals = await post(token, { intent: "totals", version: "1", "line-1": "2" });
    expect(totals.status).toBe(200);
    const recomputed = (totals.data as { quotation: { page: { latest: { totals: Record<string, string> } } } })
      .quotation.page.latest.totals;
    expect(recomputed).toMatchObject({ goods: "PKR 44,500", tax: "PKR 8,460", total: "PKR 55,460" });

    const accept = { intent: "accept", version: "1", sha256: v1.sha256!, "line-1": "2", name: "Dr. Ayesha Khan" };
    // The review step first: what accepting will record, in words, and nothing recorded yet.
    const reviewed = await post(token, { ...accept, intent: "review", role: "Brand Manager", poNumber: "PO-7781" });
    expect(reviewed.status).toBe(200);
    expect((reviewed.data as { quotation: { review: unknown } }).quotation.review).toEqual({
      version: 1,
      lines: ["Onset pen, Screen print, 1 colour: 500 pcs × PKR 89 = PKR 44,500"],
      total: "PKR 55,460",
      taxLabel: "Sales tax (18 %)",
      name: "Dr. Ayesha Khan",
      role: "Brand Manager",
      poNumber: "PO-7781",
      taxFacts: null,
    });
    expect(getQuoteService().orders.forRequest(quote.id)).toBeNull();
    const unnamed = await post(token, { ...accept, intent: "review", name: "" });
    expect(unnamed.status).toBe(400);
    expect((unnamed.data as { quotation: { review?: unknown } }).quotation.review).toBeUndefined();
    const done = await post(token, { ...accept, role: "Brand Manager", poNumber: "PO-7781" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/proof/${token}?done=accepted`);
    const order = quote.reference.replace("Q-", "O-");
    expect(getQuoteService().store.get(quote.id)!.status).toBe("won");

    await until(() => mailTo("ayesha@acme.example").length === 1 && mailTo("sales@promo.example").length >= 1);
    const buyerMail = mailTo("ayesha@acme.example")[0]!;
    expect(buyerMail).toContain(`Subject: Your order ${order}: acceptance of quotation v1`);
    // The "×" is UTF-8 in the mail's quoted-printable text (decoded here byte by byte).
    expect(buyerMail).toMatch(/Onset pen, Screen print, 1 colour: 500 pcs \S+ PKR 89 = PKR 44,500/);
    expect(buyerMail).toContain("Purchase order: PO-7781");
    expect(buyerMail).toContain("Total: PKR 55,460");
    expect(buyerMail).toMatch(/Content-Type: application\/pdf; name=.?O-\d{4}-\d{4}-acceptance\.pdf/);
    const mailedToken = /\/proof\/([A-Za-z0-9_-]{43})/.exec(buyerMail)![1]!;
    expect((await open(mailedToken)).status).toBe(200);
    expect(mailTo("sales@promo.example").some((mail) => mail.includes(`quotation v1 accepted, order ${order}`))).toBe(
      true,
    );

    const after = (await open(token)).data as { quotation: { order: string; latest: { acceptance: unknown } } };
    expect(after.quotation.order).toMatch(
      new RegExp(`^Order ${order} · accepted \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d PKT$`),
    );
    expect(after.quotation.latest.acceptance).toMatchObject({
      name: "Dr. Ayesha Khan",
      role: "Brand Manager",
      poNumber: "PO-7781",
      sha256: v1.sha256,
    });
    const record = await outcome(() =>
      acceptanceRecord.loader(args(get(`/proof/${token}/acceptance`), { token }) as never),
    );
    expect(record.status).toBe(200);
    expect(record.headers.get("cache-control")).toBe("private, no-store");
    const pdf = await outcome(() =>
      acceptancePdf.loader(args(get(`/proof/${token}/acceptance/pdf`), { token }) as never),
    );
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${order}-acceptance.pdf"`);

    // A second Accept (the form sent again, or someone else) is refused and changes nothing.
    const before = snapshot(quote.id);
    const again = await post(token, { ...accept, name: "Someone else" });
    expect(again.status).toBe(409);
    expect(snapshot(quote.id)).toEqual(before);
  });

  it("refuses, changing nothing: another origin, another version, choices that do not fit, another hash, another request's token, no name", async () => {
    const { quote, v1, token } = requestWithQuotation("attacks");
    const other = requestWithQuotation("other");
    const accept = { intent: "accept", version: "1", sha256: v1.sha256!, "line-1": "1", name: "Ayesha" };
    const before = snapshot(quote.id);
    const otherBefore = snapshot(other.quote.id);
    expect((await post(token, accept, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post(token, accept, { Origin: "null", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post(token, { ...accept, version: "2" })).status).toBe(409);
    expect((await post(token, { ...accept, "line-1": "3" })).status).toBe(409);
    expect((await post(token, { ...accept, "line-1": "1", "line-2": "1" })).status).toBe(409);
    expect((await post(token, { ...accept, sha256: "0".repeat(64) })).status).toBe(409);
    expect((await post(token, { ...accept, sha256: "not a hash" })).status).toBe(400);
    expect((await post(token, { ...accept, name: "  " })).status).toBe(400);
    // This request's version and hash, posted with the other request's link.
    expect((await post(other.token, accept)).status).toBe(409);
    expect((await post("A".repeat(43), accept)).status).toBe(404);
    expect(snapshot(quote.id)).toEqual(before);
    expect(snapshot(other.quote.id)).toEqual(otherBefore);
  });

  it("takes changes asked once, tells the staff, and says a new version will come", async () => {
    const { quote, token } = requestWithQuotation("changes");
    const asked = await post(token, { intent: "quotation-changes", version: "1", changes: "Blue ink, please" });
    expect(asked.status).toBe(303);
    expect(getQuoteService().store.get(quote.id)!.status).toBe("waiting_on_us");
    await until(() => mailTo("sales@promo.example").some((mail) => mail.includes(`${quote.reference}: changes asked`)));
    const before = snapshot(quote.id);
    expect((await post(token, { intent: "quotation-changes", version: "1", changes: "Red" })).status).toBe(409);
    const tooLong = await post(token, { intent: "quotation-changes", version: "1", changes: "x".repeat(5_001) });
    expect(tooLong.status).toBe(400);
    expect(snapshot(quote.id)).toEqual(before);
    const page = (await open(token)).data as { quotation: { latest: { changes: { text: string } } } };
    expect(page.quotation.latest.changes.text).toBe("Blue ink, please");
  });

  it("is not found for a request with neither a quotation nor a proof", async () => {
    const service = getQuoteService();
    const quote = service.store.insert({ ...buyerFields, email: "none@buyer.example" }, submissionMeta("none"), {
      notify: false,
    }).quote;
    const token = service.proofs.linkForMessage(quote.id, linkMessage++);
    expect((await open(token)).status).toBe(404);
  });

  it("reminds the buyer by e-mail with a fresh link two business days before it ends, then expires it", async () => {
    const service = getQuoteService();
    const { quote, v1 } = requestWithQuotation("remind", "zara@pharma.example");
    await service.outbox!.stop();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      to: ["sales@promo.example"],
      from: "Promo Works <sales@promo.example>",
    });
    try {
      const outbox = new Outbox(service.messaging, service.messageKinds, mailer, {
        ...domainRounds({ proofs: service.proofs, quotationAnswers: service.quotationAnswers }),
      });
      const lastDay = Date.parse(`${v1.validUntil}T12:00:00Z`);
      await outbox.drain(() => lastDay - 4 * 86_400_000);
      await outbox.drain(() => lastDay - 86_400_000);
      await outbox.drain(() => lastDay);
      const reminders = mailTo("zara@pharma.example");
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toContain(`Subject: Reminder: quotation v1 for ${quote.reference} is valid until`);
      const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(reminders[0]!)![1]!;
      expect((await open(token)).status).toBe(200);

      await outbox.drain(() => lastDay + 86_400_000);
      expect(service.store.get(quote.id)!.status).toBe("waiting_on_us");
      const page = (await open(token)).data as { quotation: { latest: { state: string; expired: string } } };
      expect(page.quotation.latest.state).toBe("expired");
      expect(page.quotation.latest.expired).toMatch(
        /^This quotation expired on \w+ \d+ \w+ \d{4}; ask us for a new one\.$/,
      );
      const refused = await post(token, {
        intent: "accept",
        version: "1",
        sha256: v1.sha256!,
        "line-1": "1",
        name: "Zara",
      });
      expect(refused.status).toBe(409);
      expect((refused.data as { quotation: { error: string } }).quotation.error).toBe(page.quotation.latest.expired);
    } finally {
      mailer.close();
      service.outbox!.start();
    }
  });
});
