import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { signedInAccount } from "../../../tests/support/desk-service";
import { onsetPenLine, sentQuotation } from "../../../tests/support/quotation-fixture";
import { taxFactsDeskText } from "~/content/tax-registration";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as orderRoute from "~/routes/desk/order";
import type { CheckRegistration } from "./tax-facts-desk.server";

// The order page's "Buyer's tax registration" through its route, as React Router calls it, on a real
// SQLite store: the suggestion, staff's save, and FBR's registration check as the service injects it.

const site = "http://localhost";
let dataDir: string;
let cookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string>): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);

type Page = Awaited<ReturnType<typeof orderRoute.loader>>;
const page = async (reference: string, search = "") =>
  (
    await outcome(() =>
      underDeskLayout(
        orderRoute.loader,
        args(new Request(`${site}/desk/orders/${reference}${search}`, { headers: { Cookie: cookie } }), { reference }),
      ),
    )
  ).data as Page;

const save = (reference: string, fields: Record<string, string>, { origin = site, withCookie = cookie } = {}) =>
  outcome(() =>
    underDeskLayout(
      orderRoute.action,
      args(
        new Request(`${site}/desk/orders/${reference}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: origin,
            ...(withCookie ? { Cookie: withCookie } : {}),
          },
          body: new URLSearchParams({ intent: "tax-facts", ...fields }).toString(),
        }),
        { reference },
      ),
    ),
  );

const acme = {
  registrationType: "Registered",
  ntnCnic: "1234567-8",
  businessName: "Acme Pharma (Pvt) Ltd",
  province: "PUNJAB",
  address: "Plot 12, Sundar Industrial Estate, Lahore",
};

/** An accepted order whose quotation was made out to NTN 1234567-8. */
const orderOf = (key: string) =>
  sentQuotation(getQuoteService().store, key, {
    lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])],
    terms: { buyerNtn: "1234567-8" },
  }).accept([1]);

/** FBR's lookup as the service would hold it, answering `answer` and keeping what it was asked. */
function fbrAnswering(answer: Awaited<ReturnType<CheckRegistration>>) {
  const asked: string[] = [];
  getQuoteService().checkRegistration = async (ntnCnic) => {
    asked.push(ntnCnic);
    return answer;
  };
  return asked;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "desk-tax-facts-"));
  process.env.DATA_DIR = dataDir;
  cookie = await signedInAccount("sana@promo.example", "Sana Iqbal", "lahore-blue-pens-2026");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the order page's buyer tax registration", () => {
  it("starts from the quotation's NTN and the request's company, and says FBR is not asked without its token", async () => {
    const order = orderOf("suggest");
    const shown = await page(order.reference);
    expect(shown.taxFacts).toMatchObject({
      given: null,
      values: { registrationType: "Registered", ntnCnic: "1234567", businessName: "Acme Pharma" },
      fbrAsked: false,
      notice: null,
    });
  });

  it("refuses a bad form on its fields, keeping what was typed and saving nothing", async () => {
    const order = orderOf("refused");
    const refused = await save(order.reference, { ...acme, ntnCnic: "", province: "Lahore" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      taxFacts: {
        error: taxFactsDeskText.refused,
        errors: {
          ntnCnic: expect.stringContaining("registered for sales tax has an NTN"),
          province: expect.stringContaining("FBR's list"),
        },
        values: { province: "Lahore", businessName: "Acme Pharma (Pvt) Ltd" },
      },
    });
    expect(getQuoteService().taxFacts.get(order.id)).toBeNull();
    // From another site, or signed out: refused before anything is read.
    expect((await save(order.reference, acme, { origin: "https://evil.example" })).status).toBe(403);
    expect((await save(order.reference, acme, { withCookie: "" })).status).toBe(302);
    expect(getQuoteService().taxFacts.get(order.id)).toBeNull();
  });

  it("saves unchecked while FBR is not configured, saying so, and shows who gave it", async () => {
    getQuoteService().checkRegistration = null;
    const order = orderOf("unconfigured");
    const saved = await save(order.reference, acme);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/desk/orders/${order.reference}?tax=not-configured#tax-registration`);
    const shown = await page(order.reference, "?tax=not-configured");
    expect(shown.taxFacts).toMatchObject({
      notice: taxFactsDeskText.saved["not-configured"],
      given: {
        lines: [
          "Registered for sales tax",
          "NTN 1234567",
          "Acme Pharma (Pvt) Ltd",
          "Plot 12, Sundar Industrial Estate, Lahore (Punjab)",
        ],
        by: expect.stringMatching(/^Given by Sana Iqbal, \d{4}-\d\d-\d\d \d\d:\d\d PKT\.$/),
        check: "Not checked with FBR.",
        checked: false,
      },
    });
  });

  it("asks FBR when configured: a match is saved checked, a different answer refused with FBR's word, no answer saved unchecked", async () => {
    const order = orderOf("checked");
    const askedFirst = fbrAnswering("Unregistered");
    const mismatch = await save(order.reference, acme);
    expect(mismatch.status).toBe(409);
    expect(mismatch.data).toMatchObject({
      taxFacts: {
        error:
          "Not saved: FBR lists NTN 1234567 as Unregistered, not Registered. Check the number with the buyer, or choose Unregistered.",
      },
    });
    expect(askedFirst).toEqual(["1234567"]);
    expect(getQuoteService().taxFacts.get(order.id)).toBeNull();

    fbrAnswering(null);
    const unavailable = await save(order.reference, acme);
    expect(unavailable.location).toBe(`/desk/orders/${order.reference}?tax=unavailable#tax-registration`);
    expect(getQuoteService().taxFacts.get(order.id)).toMatchObject({ ntnCnic: "1234567", checkedAt: null });
    expect((await page(order.reference, "?tax=unavailable")).taxFacts.notice).toBe(
      "FBR could not be asked; saved unchecked. Save again later to check it.",
    );

    const asked = fbrAnswering("Registered");
    const checked = await save(order.reference, { ...acme, ntnCnic: "35202-1234567-1" });
    expect(checked.location).toBe(`/desk/orders/${order.reference}?tax=checked#tax-registration`);
    expect(asked).toEqual(["3520212345671"]);
    const shown = await page(order.reference);
    expect(shown.taxFacts.fbrAsked).toBe(true);
    expect(shown.taxFacts.given).toMatchObject({
      check: expect.stringMatching(/^Checked with FBR \d{4}-\d\d-\d\d \d\d:\d\d PKT\.$/),
      checked: true,
    });
    expect(shown.taxFacts.values).toMatchObject({ ntnCnic: "35202-1234567-1" });

    // An unregistered buyer without a number: nothing to ask FBR.
    const notAsked = fbrAnswering("Registered");
    const plain = await save(order.reference, { ...acme, registrationType: "Unregistered", ntnCnic: "" });
    expect(plain.location).toBe(`/desk/orders/${order.reference}?tax=nothing-to-check#tax-registration`);
    expect(notAsked).toEqual([]);
    getQuoteService().checkRegistration = null;
  });
});
