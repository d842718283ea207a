import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { signedInAccount, startDeskService } from "../../../tests/support/desk-service";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { decoded, startSmtp, until } from "../../../tests/support/smtp-server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as buyerPage from "~/routes/proof/page";
import * as editor from "~/routes/desk/quotation";
import * as quotePage from "~/routes/desk/request";
import { defaultTerms, type QuotationDraft } from "./quotations.server";

// "Order again" on the buyer's page and "Duplicate as new quotation" on the desk, through their routes
// as React Router calls them, on a real SQLite store and SMTP server, with the attacks on both.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let desk: Awaited<ReturnType<typeof startDeskService>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let ip = 0;
let linkMessage = 800_000;

const args = (request: Request, params: Record<string, string>): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const form = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const buyerPost = (token: string, fields: Record<string, string>, origin = site) =>
  outcome(() => buyerPage.action(args(form(`/proof/${token}`, fields, { Origin: origin }), { token }) as never));
const buyerOpen = (token: string, query = "") =>
  outcome(() => buyerPage.loader(args(new Request(`${site}/proof/${token}${query}`), { token }) as never));
const deskPost = (reference: string, fields: Record<string, string>, { origin = site, withCookie = cookie } = {}) =>
  outcome(() =>
    underDeskLayout(
      quotePage.action,
      args(
        form(`/desk/quotes/${reference}`, fields, { Origin: origin, ...(withCookie ? { Cookie: withCookie } : {}) }),
        { reference },
      ),
    ),
  );

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

/** A request with quotation v1 sent, accepted at 500 pcs (order O-…), and a link to its page. */
function acceptedRequest(key: string, email = `${key}@buyer.example`) {
  const service = getQuoteService();
  const quote = service.store.insert({ ...buyerFields, email }, submissionMeta(key), { notify: false }).quote;
  service.quotations.saveDraft(quote.id, { ...defaultTerms(new Date()), lines }, null);
  const v1 = service.quotations.send(quote, bilal)!;
  const accepted = service.quotationAnswers.accept(quote.id, {
    version: 1,
    sha256: v1.sha256!,
    choices: [2],
    name: "Ayesha Khan",
    role: "",
    poNumber: "",
  });
  if (!accepted.ok) throw new Error(accepted.reason);
  return { quote, order: accepted.order, token: service.proofs.linkForMessage(quote.id, linkMessage++) };
}

/** Marks an order delivered, as the desk's last stage move would. */
function deliver(orderId: number) {
  const db = getQuoteService().store.db;
  db.prepare("UPDATE orders SET stage = 'delivered' WHERE id = ?").run(orderId);
}

const count = () => getQuoteService().store.count();
const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => decoded(mail.raw));

beforeAll(async () => {
  desk = await startDeskService("reorder-loop");
  smtp = desk.smtp;
  cookie = await signedInAccount("sana@promo.example", "Sana", password);
});

afterAll(async () => {
  await desk.stop();
});

describe("Order again on the buyer's page", () => {
  it("is offered once the order is delivered; one post makes one repeat order, told to the office and acknowledged to the buyer", async () => {
    const { quote, order, token } = acceptedRequest("again", "ayesha@acme.example");
    const before = await buyerOpen(token);
    expect((before.data as { reorder: { offer: unknown } }).reorder.offer).toBeNull();
    deliver(order.id);
    const page = await buyerOpen(token);
    expect((page.data as { reorder: { offer: unknown } }).reorder.offer).toEqual({
      order: order.reference,
      version: 1,
      lines: ["Onset pen, Screen print, 1 colour: 500 pcs"],
    });

    const made = count();
    const posted = await buyerPost(token, { intent: "order-again", order: order.reference });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/proof/${token}?done=reordered`);
    expect(count()).toBe(made + 1);
    // A second click, or the browser's resubmit: the same request, nothing new.
    expect((await buyerPost(token, { intent: "order-again", order: order.reference })).status).toBe(303);
    expect(count()).toBe(made + 1);

    const service = getQuoteService();
    const repeat = service.reorders.lastReorder(quote.id)!;
    expect(repeat.message).toBe(
      `Reorder of ${order.reference} (quotation v1): Onset pen, Screen print, 1 colour: 500 pcs.`,
    );
    expect(repeat.quantity).toBe(500);
    const thanks = await buyerOpen(token, "?done=reordered");
    expect((thanks.data as { reorder: { reordered: string } }).reorder.reordered).toMatch(
      new RegExp(`^We have your repeat order as ${repeat.reference}; we'll confirm prices and dates by .+ PKT\\.$`),
    );

    await until(() => mailTo("sales@promo.example").some((mail) => mail.includes(repeat.reference)));
    await until(() => mailTo("ayesha@acme.example").some((mail) => mail.includes(repeat.reference)));
    expect(mailTo("sales@promo.example").join("\n")).toContain(`Reorder of ${order.reference}`);
  });

  it("is refused, creating nothing, for an order not delivered, another request's token, or another origin", async () => {
    const undelivered = acceptedRequest("undelivered");
    const delivered = acceptedRequest("delivered");
    deliver(delivered.order.id);
    const before = count();

    const notDelivered = await buyerPost(undelivered.token, {
      intent: "order-again",
      order: undelivered.order.reference,
    });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.data).toEqual({ reorder: { error: "This order can be ordered again once it is delivered." } });
    // Another request's link cannot order the delivered one again.
    const otherToken = await buyerPost(undelivered.token, { intent: "order-again", order: delivered.order.reference });
    expect(otherToken.status).toBe(409);
    const otherOrigin = await buyerPost(
      delivered.token,
      { intent: "order-again", order: delivered.order.reference },
      "https://evil.example",
    );
    expect(otherOrigin.status).toBe(403);
    expect(count()).toBe(before);
  });
});

describe("Duplicate as new quotation on the desk", () => {
  it("makes a new request with the latest version's draft and lands on its editor with the lines", async () => {
    const { quote } = acceptedRequest("duplicate");
    const made = count();
    const key = crypto.randomUUID();
    const duplicated = await deskPost(quote.reference, { intent: "duplicate", duplicateKey: key });
    expect(duplicated.status).toBe(302);
    const location = duplicated.headers.get("location")!;
    const reference = /^\/desk\/quotes\/(Q-\d{4}-\d{4,})\/quotation\?done=duplicated$/.exec(location)?.[1];
    expect(reference).toBeDefined();
    expect(reference).not.toBe(quote.reference);
    expect(count()).toBe(made + 1);
    // The same form sent twice: one request.
    expect((await deskPost(quote.reference, { intent: "duplicate", duplicateKey: key })).headers.get("location")).toBe(
      location,
    );
    expect(count()).toBe(made + 1);

    const page = await outcome(() =>
      underDeskLayout(
        editor.loader,
        args(new Request(`${site}${location}`, { headers: { Cookie: cookie } }), { reference: reference! }),
      ),
    );
    const values = (page.data as { values: { lines: { description: string }[] } }).values;
    expect(values.lines.map((line) => line.description)).toEqual(["Onset pen"]);
    const service = getQuoteService();
    const copy = service.store.byReference(reference!)!;
    expect(service.store.audit.requestHistory(copy.id).at(-1)?.body).toBe(
      `Duplicated from ${quote.reference} (quotation v1)`,
    );
    expect(service.store.audit.requestHistory(quote.id).at(-1)?.body).toBe(`Duplicated as new quotation ${reference}`);
  });

  it("posted three times in parallel with one key makes one request, each post sent to its editor", async () => {
    const { quote } = acceptedRequest("duplicate-parallel");
    const made = count();
    const fields = { intent: "duplicate", duplicateKey: crypto.randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => deskPost(quote.reference, fields)));
    const locations = answers.map((answer) => answer.headers.get("location"));
    expect(locations[0]).toMatch(/^\/desk\/quotes\/Q-\d{4}-\d{4,}\/quotation\?done=duplicated$/);
    expect(locations).toEqual([locations[0], locations[0], locations[0]]);
    expect(count()).toBe(made + 1);
  });

  it("is refused, creating nothing, from another origin, without a session, or for a request with no sent quotation", async () => {
    const { quote } = acceptedRequest("duplicate-refused");
    const fresh = getQuoteService().store.insert(buyerFields, submissionMeta("no-quotation"), { notify: false }).quote;
    const before = count();
    const fields = () => ({ intent: "duplicate", duplicateKey: crypto.randomUUID() });
    expect((await deskPost(quote.reference, fields(), { origin: "https://evil.example" })).status).toBe(403);
    const signedOut = await deskPost(quote.reference, fields(), { withCookie: "" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/desk\/sign-in/);
    const none = await deskPost(fresh.reference, fields());
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ intent: "duplicate", error: "There is no sent quotation to duplicate." });
    expect(count()).toBe(before);
  });
});
