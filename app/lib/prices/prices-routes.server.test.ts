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

const itemId = "gel-pen-screen-print";
const itemPath = `/desk/prices/${itemId}`;
const params = { itemId };
const saveAs = (cookie: string, fields = priceForm([["500", "90"]], "8"), origin = site, path = itemPath) =>
  outcome(() =>
    underDeskLayout(itemRoute.action, args(post(path, fields, cookie, origin), { itemId: path.split("/").at(-1)! })),
  );
const addAs = (cookie: string, fields: [string, string][], origin = site) =>
  outcome(() => underDeskLayout(listRoute.action, args(post("/desk/prices", fields, cookie, origin))));
const prices = () => getQuoteService().prices;
/** The seeded item as the migration left it: what a refused post must leave alone. */
const seeded = {
  name: "Gel pen, screen print",
  category: "pens",
  retiredAt: null,
  leadTimeDays: 9,
  breaks: [
    { quantity: 250, unitPaisa: 7_000 },
    { quantity: 500, unitPaisa: 6_000 },
    { quantity: 1_000, unitPaisa: 5_200 },
  ],
  setupCharges: [{ label: "Screen print, per colour", paisa: 300_000 }],
};
const untouched = () => {
  expect(prices().list(itemId)).toMatchObject(seeded);
  expect(prices().history(itemId)).toEqual([]);
};

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
    untouched();
  });

  it("list the shop's own items by category, every category of the catalogue, each priced", async () => {
    const page = await outcome(() => underDeskLayout(listRoute.loader, args(get("/desk/prices", ownerCookie))));
    const data = page.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(data.priced).toBe(data.total);
    expect(data.groups.map((group) => group.label)).toEqual([
      "Pens",
      "Paper Chit Pads",
      "Drinkware",
      "Office Accessories",
      "Games",
      "Apparel",
      "Acrylic Awards",
      "Wall Clocks",
    ]);
    expect(data.groups[0]?.items[0]).toEqual({
      id: "metal-ball-pen-pad-print",
      name: "Metal ball pen, one-colour pad print",
      retired: false,
      prices: { from: "PKR 180", fromQuantity: "100 pcs", leadTimeDays: 10 },
      hsCode: "9608.1000",
    });
    expect(data.retired).toEqual([]);
  });

  it("let a staff member read, and refuse their add, rename, retire and reprice with 403, changing nothing", async () => {
    const page = await outcome(() => underDeskLayout(itemRoute.loader, args(get(itemPath, staffCookie), params)));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ canEdit: false, item: { name: "Gel pen, screen print", categoryLabel: "Pens" } });
    const before = prices().items().length;
    const added = await addAs(staffCookie, [
      ["name", "Slim click pen"],
      ["category", "pens"],
    ]);
    expect(added.status).toBe(403);
    for (const fields of [
      [
        ["intent", "rename"],
        ["name", "Cheap gel pen"],
        ["category", "pens"],
      ],
      [["intent", "retire"]],
      priceForm([["500", "10"]], "8"),
    ] as [string, string][][]) {
      const refused = await saveAs(staffCookie, fields);
      expect(refused.status).toBe(403);
      expect(String(refused.data)).toContain('"prices.manage"');
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(prices().items()).toHaveLength(before);
    untouched();
  });

  it("refuse an add, rename, retire or save sent from another site, even an owner's", async () => {
    const evil = "https://evil.example";
    expect((await saveAs(ownerCookie, priceForm([["500", "90"]], "8"), evil)).status).toBe(403);
    expect((await saveAs(ownerCookie, [["intent", "retire"]], evil)).status).toBe(403);
    const renamed = [
      ["intent", "rename"],
      ["name", "Evil pen"],
      ["category", "pens"],
    ] as [string, string][];
    expect((await saveAs(ownerCookie, renamed, evil)).status).toBe(403);
    const before = prices().items().length;
    const added = await addAs(
      ownerCookie,
      [
        ["name", "Evil pen"],
        ["category", "pens"],
      ],
      evil,
    );
    expect(added.status).toBe(403);
    expect(prices().items()).toHaveLength(before);
    untouched();
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
    untouched();
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
    untouched();
  });

  it("let an owner add an item, rename it, retire it and offer it again, refusing a name without words", async () => {
    const empty = await addAs(ownerCookie, [
      ["name", "   "],
      ["category", "pens"],
    ]);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ error: expect.stringMatching(/item's name/) });
    const badCategory = await addAs(ownerCookie, [
      ["name", "Mug"],
      ["category", "kitchen"],
    ]);
    expect(badCategory.status).toBe(400);
    const added = await addAs(ownerCookie, [
      ["name", "Bamboo ball pen, laser-engraved"],
      ["category", "pens"],
    ]);
    expect(added.status).toBe(302);
    expect(added.location).toBe("/desk/prices/bamboo-ball-pen-laser-engraved?done=added");
    const path = "/desk/prices/bamboo-ball-pen-laser-engraved";
    const renamed = await saveAs(
      ownerCookie,
      [
        ["intent", "rename"],
        ["name", "Bamboo pen, laser-engraved"],
        ["category", "office-accessories"],
      ],
      site,
      path,
    );
    expect(renamed.location).toBe(`${path}?done=renamed`);
    const retired = await saveAs(ownerCookie, [["intent", "retire"]], site, path);
    expect(retired.location).toBe(`${path}?done=retired`);
    const list = await outcome(() => underDeskLayout(listRoute.loader, args(get("/desk/prices", staffCookie))));
    const listed = list.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(listed.retired).toEqual([
      {
        id: "bamboo-ball-pen-laser-engraved",
        name: "Bamboo pen, laser-engraved",
        retired: true,
        prices: null,
        // Moved to Office Accessories above: its HS code, left to the default, moved with it.
        hsCode: "3926.1000",
      },
    ]);
    expect(
      prices()
        .offered()
        .map((item) => item.itemId),
    ).not.toContain("bamboo-ball-pen-laser-engraved");
    const restored = await saveAs(ownerCookie, [["intent", "restore"]], site, path);
    expect(restored.location).toBe(`${path}?done=restored`);
    const page = await outcome(() =>
      underDeskLayout(itemRoute.loader, args(get(path, staffCookie), { itemId: "bamboo-ball-pen-laser-engraved" })),
    );
    const data = page.data as Awaited<ReturnType<typeof itemRoute.loader>>;
    expect(data.item).toMatchObject({
      name: "Bamboo pen, laser-engraved",
      categoryLabel: "Office Accessories",
      retired: false,
    });
    expect(data.history.map((entry) => entry.changes)).toEqual([
      ["Offered again for new quotations"],
      ["Retired: no longer offered for new quotations"],
      [
        "Renamed “Bamboo ball pen, laser-engraved” → “Bamboo pen, laser-engraved”",
        "Category Pens → Office Accessories",
      ],
      ["Added as “Bamboo ball pen, laser-engraved” in Pens"],
    ]);
  });

  it("save an owner's prices, then show them, the list's summary and the item's history", async () => {
    const added = prices().add({ name: "Slim click pen, pad print", category: "pens" }, { id: 0, name: "Sana Iqbal" });
    expect(added).toEqual({ ok: true, itemId: "slim-click-pen-pad-print" });
    const path = "/desk/prices/slim-click-pen-pad-print";
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
      site,
      path,
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${path}?done=saved`);
    expect(prices().priceFor("slim-click-pen-pad-print", 600)).toMatchObject({ unitPaisa: 9_200, breakQuantity: 500 });

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
      site,
      path,
    );
    expect(again.location).toBe(`${path}?done=saved`);

    const page = await outcome(() =>
      underDeskLayout(
        itemRoute.loader,
        args(get(`${path}?done=saved`, staffCookie), { itemId: "slim-click-pen-pad-print" }),
      ),
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
      ["Sana Iqbal", ["Added as “Slim click pen, pad print” in Pens"]],
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
      site,
      path,
    );
    expect(unchanged.location).toBe(`${path}?done=unchanged`);
    expect(prices().history("slim-click-pen-pad-print")).toHaveLength(3);

    fillPriceLists(prices(), getQuoteService().staff.find("sana@promo.example")!);
    const list = await outcome(() =>
      underDeskLayout(listRoute.loader, args(get("/desk/prices?q=foil%20pens", staffCookie))),
    );
    const listed = list.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(listed.canEdit).toBe(false);
    expect(listed.groups.flatMap((group) => group.items)).toEqual([
      {
        id: "click-pen-gold-foil",
        name: "Click pen, gold foil logo and pad-printed tagline",
        retired: false,
        prices: { from: "PKR 180", fromQuantity: "250 pcs", leadTimeDays: 12 },
        hsCode: "9608.1000",
      },
    ]);
    expect(listed.groups.map((group) => group.label)).toEqual(["Pens"]);
  });

  it("answer 404 for an item not on the list, to read or to save", async () => {
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

describe("an item's tax data for FBR", () => {
  const mugId = "ceramic-mug-11-oz";
  const mugPath = `/desk/prices/${mugId}`;
  const taxPost = (cookie: string, hsCode: string, uom = "", saleType = "") =>
    outcome(() =>
      underDeskLayout(
        itemRoute.action,
        args(
          post(
            mugPath,
            [
              ["intent", "tax-data"],
              ["hsCode", hsCode],
              ["uom", uom],
              ["saleType", saleType],
            ],
            cookie,
          ),
          { itemId: mugId },
        ),
      ),
    );
  const page = async (cookie: string) =>
    (await outcome(() => underDeskLayout(itemRoute.loader, args(get(mugPath, cookie), { itemId: mugId }))))
      .data as Awaited<ReturnType<typeof itemRoute.loader>>;

  it("shows a staff member the category's defaults read-only, and refuses their change with 403", async () => {
    expect(prices().list(mugId)?.category).toBe("drinkware");
    const shown = await page(staffCookie);
    expect(shown.canEdit).toBe(false);
    expect(shown.tax).toMatchObject({
      hsCode: { value: "6912.0000", isDefault: true },
      uom: { value: "Numbers, pieces, units", isDefault: true },
      saleType: { value: "Goods at standard rate (default)", isDefault: true },
    });
    const refused = await taxPost(staffCookie, "6911.1000", "Dozen");
    expect(refused.status).toBe(403);
    expect(prices().taxDataOf(mugId)).toEqual({
      hsCode: "6912.0000",
      uom: "Numbers, pieces, units",
      saleType: "Goods at standard rate (default)",
      fromCategory: true,
    });
    expect(prices().history(mugId)).toEqual([]);
  });

  it("lets an owner set them, refuses what is not FBR's, and puts them back to the category's default", async () => {
    const bad = await taxPost(ownerCookie, "69-12");
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      tax: { field: "hsCode", error: expect.stringContaining("such as 9608.1000"), values: { hsCode: "69-12" } },
    });
    const badUnit = await taxPost(ownerCookie, "", "Barrels");
    expect(badUnit.data).toMatchObject({ tax: { field: "uom", error: expect.stringContaining("units of measure") } });
    expect(prices().history(mugId)).toEqual([]);

    const saved = await taxPost(ownerCookie, "69111000", "Dozen");
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${mugPath}?done=tax`);
    expect(prices().taxDataOf(mugId)).toEqual({
      hsCode: "6911.1000",
      uom: "Dozen",
      saleType: "Goods at standard rate (default)",
      fromCategory: false,
    });
    const shown = await page(ownerCookie);
    expect(shown.tax.values).toEqual({ hsCode: "6911.1000", uom: "Dozen", saleType: "" });
    expect(shown.history[0]).toMatchObject({
      by: "Sana Iqbal",
      changes: ["HS code the category's default → 6911.1000", "Unit of measure the category's default → Dozen"],
    });

    const reset = await taxPost(ownerCookie, " ", "");
    expect(reset.location).toBe(`${mugPath}?done=tax`);
    expect(prices().taxDataOf(mugId)).toMatchObject({
      hsCode: "6912.0000",
      uom: "Numbers, pieces, units",
      fromCategory: true,
    });
    expect((await page(ownerCookie)).history[0]?.changes).toEqual([
      "HS code 6911.1000 → the category's default",
      "Unit of measure Dozen → the category's default",
    ]);
  });
});
