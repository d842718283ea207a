import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { addCalendarDays } from "~/lib/desk/time";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as editor from "~/routes/desk/quotation";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import type { EditorValues } from "./editor-schema";

// A quotation priced from the price list, through the editor's routes on a real SQLite store: a
// contact-form request's draft starts from the item its words name and the buyer's quantity; each
// line finds an item by typing, fills from it, or stays free.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let cookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
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

type EditorData = {
  values: EditorValues;
  notice?: string;
  tone?: string;
  found?: { line: number; query: string; items: { itemId: string; name: string; detail: string }[] } | null;
  suggestions: string[];
  buyerQuantity: string | null;
};

const editorLoad = async (reference: string) =>
  (
    await outcome(() =>
      underDeskLayout(
        editor.loader,
        args(new Request(`${site}/desk/quotes/${reference}/quotation`, { headers: { Cookie: cookie } }), {
          reference,
        }),
      ),
    )
  ).data as EditorData;

const postEditor = (reference: string, fields: Record<string, string>, origin = site) =>
  outcome(() =>
    underDeskLayout(
      editor.action,
      args(post(`/desk/quotes/${reference}/quotation`, fields, { origin }), { reference }),
    ),
  );

/** The editor's form as the page posts it, one line, with `line` over the blank one. */
const form = (intent: string, line: Record<string, string> = {}) => ({
  intent,
  lineCount: "1",
  "line-0-item": "",
  "line-0-description": "",
  "line-0-decoration": "",
  "line-0-setup": "",
  validUntil: addCalendarDays(Date.now(), 14),
  leadTimeDays: "5",
  leadTime: "5 business days after artwork approval",
  taxRate: "18",
  paymentTerms: "50 % advance, balance on delivery",
  ...line,
});

function receive(key: string, product: string, quantity?: number) {
  return getQuoteService().store.insert(
    {
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: "ayesha@acme.example",
      phone: "",
      product,
      message: "",
      quantity,
    },
    { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
    { notify: false },
  ).quote;
}

const optionsOf = (values: EditorValues, line = 0) =>
  values.lines[line]!.quantities.map((quantity, slot) => `${quantity} @ ${values.lines[line]!.units[slot]}`);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "price-list-quotation-"));
  process.env.DATA_DIR = dataDir;
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
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a quotation priced from the price list", () => {
  it("starts a contact-form request for 500 pens with the pen item and options around 500, its set-up and lead time", async () => {
    const quote = receive("pens-500", "Custom pens with logo", 500);
    const page = await editorLoad(quote.reference);
    expect(page.buyerQuantity).toBe("500 pcs");
    expect(page.values.lines).toHaveLength(1);
    expect(page.values.lines[0]).toMatchObject({
      item: "metal-ball-pen-pad-print",
      description: "Metal ball pen, one-colour pad print",
      setup: "2500",
    });
    // The seeded breaks 100/250/500/1000 at PKR 180/160/145/130.
    expect(optionsOf(page.values)).toEqual(["250 @ 160", "500 @ 145", "1000 @ 130"]);
    expect(page.values).toMatchObject({ leadTimeDays: "10", leadTime: "10 business days after artwork approval" });
    expect(page.suggestions).toContain("Ceramic mug 11 oz, pad print");
  });

  it("starts a request whose words name no item with the buyer's quantity, for staff to price", async () => {
    const quote = receive("conference", "Conference giveaways", 300);
    const page = await editorLoad(quote.reference);
    expect(page.values.lines[0]).toMatchObject({
      item: "",
      description: "Conference giveaways",
      quantities: ["300", "", ""],
      units: ["", "", ""],
    });
  });

  it("finds items by typed words, offers several to choose from, fills the line from the one chosen, and makes it free again", async () => {
    const quote = receive("mugs", "Conference giveaways", 250);
    const several = await postEditor(quote.reference, {
      ...form("find-0"),
      "line-0-find": "mug",
      "line-0-description": "Mugs for the launch",
    });
    expect(several.status).toBe(200);
    const offered = several.data as EditorData;
    expect(offered.found).toMatchObject({ line: 0, query: "mug" });
    expect(offered.found?.items.map((item) => item.name)).toEqual([
      "Ceramic mug 11 oz, pad print",
      "Ceramic mug 11 oz, full-colour wrap",
      "Steel travel mug 450 ml, laser-engraved",
    ]);
    expect(offered.found?.items[0]?.detail).toBe("Drinkware · PKR 520 each from 50 pcs");
    // Nothing is filled or saved until one is chosen: the line is as typed.
    expect(offered.values.lines[0]?.description).toBe("Mugs for the launch");

    const picked = await postEditor(quote.reference, { ...form("pick-0-ceramic-mug-11-oz-wrap") });
    expect(picked.status).toBe(200);
    const filled = picked.data as EditorData;
    expect(filled.tone).toBe("ok");
    expect(filled.notice).toMatch(/^Filled from Ceramic mug 11 oz, full-colour wrap: options around 250 pcs/);
    expect(filled.values.lines[0]).toMatchObject({
      item: "ceramic-mug-11-oz-wrap",
      description: "Ceramic mug 11 oz, full-colour wrap",
      setup: "4000",
    });
    expect(optionsOf(filled.values)).toEqual(["100 @ 540", "250 @ 480", "500 @ 440"]);
    expect(filled.values.leadTimeDays).toBe("10");

    // One item found (or its exact name, as the browser suggests it) fills the line at once.
    const one = await postEditor(quote.reference, { ...form("find-0"), "line-0-find": "steel travel" });
    expect((one.data as EditorData).values.lines[0]?.item).toBe("steel-travel-mug-laser");
    const none = await postEditor(quote.reference, { ...form("find-0"), "line-0-find": "umbrella" });
    // What was typed is shown again, to correct.
    expect(none.data as EditorData).toMatchObject({ tone: "error", found: { line: 0, query: "umbrella", items: [] } });
    expect((none.data as EditorData).notice).toMatch(/No item on the price list matches “umbrella”/);

    const free = await postEditor(quote.reference, {
      ...form("free-0", {
        "line-0-item": "ceramic-mug-11-oz-wrap",
        "line-0-quantity-1": "250",
        "line-0-unit-1": "480",
      }),
    });
    expect((free.data as EditorData).values.lines[0]).toMatchObject({ item: "", quantities: ["250", "", ""] });
    // A free line saves as typed, with no item.
    const saved = await postEditor(quote.reference, {
      ...form("save"),
      "line-0-description": "Branded umbrella",
      "line-0-quantity-1": "100",
      "line-0-unit-1": "950",
    });
    expect(saved.status).toBe(302);
    expect((await editorLoad(quote.reference)).values.lines[0]).toMatchObject({
      item: "",
      description: "Branded umbrella",
    });
  });

  it("offers no retired item, and refuses a pick from another site", async () => {
    const quote = receive("retired", "Conference giveaways", 250);
    const sana = getQuoteService().staff.find("sana@promo.example")!;
    getQuoteService().prices.retire("glass-tumbler-screen-print", true, sana);
    const found = await postEditor(quote.reference, { ...form("find-0"), "line-0-find": "tumbler" });
    expect((found.data as EditorData).notice).toMatch(/No item on the price list matches/);
    expect((await editorLoad(quote.reference)).suggestions).not.toContain("Glass tumbler 350 ml, screen print");
    const picked = await postEditor(quote.reference, form("pick-0-glass-tumbler-screen-print"));
    expect(picked.status).toBe(400);
    const evil = await postEditor(quote.reference, form("pick-0-ceramic-mug-11-oz"), "https://evil.example");
    expect(evil.status).toBe(403);
  });
});
