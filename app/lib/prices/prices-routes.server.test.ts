import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { fillPriceLists } from "../../../tests/support/price-lists";
import { hashPassword } from "~/lib/desk/passwords.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as itemRoute from "~/routes/desk/price-item";
import * as listRoute from "~/routes/desk/prices";
import * as signInRoute from "~/routes/desk/sign-in";

// The price list's routes as React Router runs them (behind the desk layout's middleware), on a real
// SQLite store: who may read, who may save, and what a refused or accepted save leaves behind.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let ownerCookie: string;
let staffCookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie: string) =>
  new Request(`${site}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: [string, string][], cookie: string, origin = site) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

/** The editor's form as the page sends it: repeated fields, one per row. */
const priceForm = (breaks: [string, string][], leadTimeDays: string, setup: [string, string][] = []) => [
  ["intent", "save"] as [string, string],
  ...breaks.flatMap(([quantity, unitPrice]) => [
    ["quantity", quantity] as [string, string],
    ["unitPrice", unitPrice] as [string, string],
  ]),
  ...setup.flatMap(([label, amount]) => [
    ["setupLabel", label] as [string, string],
    ["setupAmount", amount] as [string, string],
  ]),
  ["leadTimeDays", leadTimeDays] as [string, string],
];

const itemPath = "/desk/prices/onset-pen";
const params = { itemId: "onset-pen" };
const saveAs = (cookie: string, fields = priceForm([["500", "90"]], "8"), origin = site) =>
  outcome(() => underDeskLayout(itemRoute.action, args(post(itemPath, fields, cookie, origin), params)));
const prices = () => getQuoteService().prices;

async function account(email: string, name: string) {
  const service = getQuoteService();
  const { token } = service.staff.add(email, name);
  service.staff.usePasswordToken(token, await hashPassword(password));
  const signedIn = await outcome(() =>
    signInRoute.action(
      args(
        post(
          "/desk/sign-in",
          [
            ["email", email],
            ["password", password],
          ],
          "",
        ),
      ) as never,
    ),
  );
  expect(signedIn.status).toBe(302);
  return signedIn.headers.get("set-cookie")!.split(";")[0]!;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "desk-prices-"));
  process.env.DATA_DIR = dataDir;
  ownerCookie = await account("sana@promo.example", "Sana Iqbal");
  staffCookie = await account("bilal@promo.example", "Bilal Ahmed");
  expect(getQuoteService().staff.find("sana@promo.example")?.role).toBe("owner");
  expect(getQuoteService().staff.find("bilal@promo.example")?.role).toBe("staff");
});

afterAll(async () => {
  await stopQuoteService();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the price list's pages", () => {
  it("send a visitor without a session to sign in, for reading and for saving, and save nothing", async () => {
    const list = await outcome(() => underDeskLayout(listRoute.loader, args(get("/desk/prices", ""))));
    expect(list.status).toBe(302);
    expect(list.location).toMatch(/^\/desk\/sign-in/);
    const item = await outcome(() => underDeskLayout(itemRoute.loader, args(get(itemPath, ""), params)));
    expect(item.location).toMatch(/^\/desk\/sign-in/);
    const saved = await saveAs("");
    expect(saved.status).toBe(302);
    expect(saved.location).toMatch(/^\/desk\/sign-in/);
    expect(prices().list("onset-pen")).toBeNull();
  });

  it("start empty, marking every item as without prices", async () => {
    const page = await outcome(() => underDeskLayout(listRoute.loader, args(get("/desk/prices", ownerCookie))));
    const data = page.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(data.priced).toBe(0);
    expect(data.groups.flatMap((group) => group.items).every((item) => item.prices === null)).toBe(true);
    expect(data.groups.map((group) => group.label)).toContain("Pens");
  });

  it("let a staff member read the prices, without the editor, and refuse their post with 403, saving nothing", async () => {
    const page = await outcome(() => underDeskLayout(itemRoute.loader, args(get(itemPath, staffCookie), params)));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ canEdit: false, item: { title: "ONSET Signature Pen" } });
    const refused = await saveAs(staffCookie);
    expect(refused.status).toBe(403);
    expect(String(refused.data)).toContain('"prices.manage"');
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(prices().list("onset-pen")).toBeNull();
    expect(prices().history("onset-pen")).toEqual([]);
  });

  it("refuse a save sent from another site, even an owner's", async () => {
    const refused = await saveAs(ownerCookie, priceForm([["500", "90"]], "8"), "https://evil.example");
    expect(refused.status).toBe(403);
    expect(prices().list("onset-pen")).toBeNull();
  });

  it("refuse an owner's bad input with every problem, keeping what was typed and saving nothing", async () => {
    const fields = priceForm(
      [
        ["500", "90"],
        ["500", "85"],
        ["1000", "-80"],
      ],
      "eight",
      [["Screen print, per colour", "2,5OO"]],
    );
    const refused = await saveAs(ownerCookie, fields);
    expect(refused.status).toBe(400);
    const data = refused.data as { errors: { field: string; message: string }[]; values: unknown };
    expect(data.errors.map((error) => error.field)).toEqual([
      "break-1-quantity",
      "break-2-price",
      "setup-0-amount",
      "lead-time",
    ]);
    expect(data.values).toEqual({
      breaks: [
        { quantity: "500", unitPrice: "90" },
        { quantity: "500", unitPrice: "85" },
        { quantity: "1000", unitPrice: "-80" },
      ],
      setupCharges: [{ label: "Screen print, per colour", amount: "2,5OO" }],
      leadTimeDays: "eight",
    });
    expect(prices().list("onset-pen")).toBeNull();
  });

  it("add and remove rows for an owner without saving, keeping what was typed", async () => {
    const fields = priceForm(
      [
        ["500", "90"],
        ["", ""],
      ],
      "8",
      [["Laser engraving", "1,500"]],
    );
    const added = await saveAs(
      ownerCookie,
      fields.map(([name, value]) => [name, name === "intent" ? "add-break" : value]),
    );
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({
      edited: true,
      errors: [],
      values: {
        breaks: [
          { quantity: "500", unitPrice: "90" },
          { quantity: "", unitPrice: "" },
          { quantity: "", unitPrice: "" },
        ],
        setupCharges: [{ label: "Laser engraving", amount: "1,500" }],
        leadTimeDays: "8",
      },
    });
    const removed = await saveAs(
      ownerCookie,
      fields.map(([name, value]) => [name, name === "intent" ? "remove-setup-0" : value]),
    );
    expect(removed.data).toMatchObject({ edited: true, values: { setupCharges: [] } });
    const refused = await saveAs(
      staffCookie,
      fields.map(([name, value]) => [name, name === "intent" ? "add-break" : value]),
    );
    expect(refused.status).toBe(403);
    expect(prices().list("onset-pen")).toBeNull();
  });

  it("save an owner's prices, then show them, the list's summary and the item's history", async () => {
    const saved = await saveAs(
      ownerCookie,
      priceForm(
        [
          ["1,000", "85"],
          ["500", "92"],
        ],
        "8",
        [["Pad print, per colour", "2,500"]],
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/desk/prices/onset-pen?done=saved");
    expect(prices().priceFor("onset-pen", 600)).toMatchObject({ unitPaisa: 9_200, breakQuantity: 500 });

    const again = await saveAs(
      ownerCookie,
      priceForm(
        [
          ["500", "90"],
          ["1000", "85"],
        ],
        "8",
        [["Pad print, per colour", "2,500"]],
      ),
    );
    expect(again.location).toBe("/desk/prices/onset-pen?done=saved");

    const page = await outcome(() =>
      underDeskLayout(itemRoute.loader, args(get(`${itemPath}?done=saved`, staffCookie), params)),
    );
    const data = page.data as Awaited<ReturnType<typeof itemRoute.loader>>;
    expect(data.done).toBe("saved");
    expect(data.prices).toEqual({
      breaks: [
        { quantity: "500 pcs", unit: "PKR 90" },
        { quantity: "1,000 pcs", unit: "PKR 85" },
      ],
      setupCharges: [{ label: "Pad print, per colour", amount: "PKR 2,500" }],
      leadTimeDays: 8,
    });
    expect(data.history.map((entry) => [entry.by, entry.changes])).toEqual([
      ["Sana Iqbal", ["500 pcs PKR 92 → PKR 90"]],
      [
        "Sana Iqbal",
        [
          "500 pcs PKR 92 (new)",
          "1,000 pcs PKR 85 (new)",
          "Set-up “Pad print, per colour” PKR 2,500 (new)",
          "Lead time 8 business days",
        ],
      ],
    ]);
    expect(data.history[0]?.when).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$/);

    const unchanged = await saveAs(
      ownerCookie,
      priceForm(
        [
          ["500", "90"],
          ["1000", "85"],
        ],
        "8",
        [["Pad print, per colour", "2500"]],
      ),
    );
    expect(unchanged.location).toBe("/desk/prices/onset-pen?done=unchanged");
    expect(prices().history("onset-pen")).toHaveLength(2);

    fillPriceLists(prices(), getQuoteService().staff.find("sana@promo.example")!);
    const list = await outcome(() =>
      underDeskLayout(listRoute.loader, args(get("/desk/prices?q=biofer", staffCookie))),
    );
    const listed = list.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(listed.canEdit).toBe(false);
    expect(listed.priced).toBe(3);
    expect(listed.groups.flatMap((group) => group.items)).toEqual([
      {
        id: "biofer-pen",
        title: "BIOFER Iron Supplement Pen",
        brand: "Zenith Pharma - BIOFER",
        prices: { from: "PKR 180", fromQuantity: "250 pcs", leadTimeDays: 12 },
      },
      { id: "biofer-travel-mug", title: "BIOFER Travel Mug", brand: "Zenith Pharma - BIOFER", prices: null },
    ]);
    expect(listed.groups.map((group) => group.label)).toEqual(["Pens", "Drinkware"]);
  });

  it("answer 404 for an item not in the catalogue, to read or to save", async () => {
    const missing = { itemId: "no-such-item" };
    const page = await outcome(() =>
      underDeskLayout(itemRoute.loader, args(get("/desk/prices/no-such-item", ownerCookie), missing)),
    );
    expect(page.status).toBe(404);
    const saved = await outcome(() =>
      underDeskLayout(
        itemRoute.action,
        args(post("/desk/prices/no-such-item", priceForm([["500", "90"]], "8"), ownerCookie), missing),
      ),
    );
    expect(saved.status).toBe(404);
  });
});
