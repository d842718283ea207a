import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { type OwnServer, postForm, signIn as signInByPost } from "./support/desk-http";
import { startOwnServer } from "./support/site";
import { expect, test } from "./support/test";
import { expectFingerSized, targetsOn } from "./support/touch";

// The desk's price list on the production build: the shop's own items by category; an owner adds an
// item, sets its prices (a mistake first, named on its field with nothing lost), sees them saved with
// their history, renames it and retires it; a staff member reads them and has nothing to edit with.
// At a desktop's width and on a small phone.

const password = "lahore-blue-pens-2026";
const owner = { email: "sana.prices@promo.example", name: "Sana Iqbal" };
const staff = { email: "bilal.prices@promo.example", name: "Bilal Ahmed" };

let server: OwnServer & { stop: () => Promise<void> };

async function addStaff(email: string, name: string) {
  const output = execFileSync(process.execPath, ["build/server/staff.js", "add", email, "--name", name], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: "utf8",
  });
  const setupPath = new URL(/https?:\/\/\S+\/desk\/setup\/\S+/.exec(output)![0]).pathname;
  expect((await postForm(server, setupPath, { password, repeat: password })).status).toBe(302);
}

const signInByPostAs = (email: string) => signInByPost(server, email, password);

async function signIn(page: Page, email: string) {
  await page.goto(`${server.baseURL}/desk/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Quote requests" })).toBeVisible();
}

const widths = [
  { name: "a desktop", width: 1440, height: 900, touch: false, item: "Bamboo ball pen, laser-engraved" },
  { name: "a phone", width: 360, height: 780, touch: true, item: "Wooden ball pen, laser-engraved" },
] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/desk-prices-shots/${name}.png`, fullPage: true });

async function contextAt(browser: Browser, size: (typeof widths)[number]) {
  return browser.newContext({
    viewport: { width: size.width, height: size.height },
    hasTouch: size.touch,
    isMobile: size.touch,
  });
}

/** Nothing wider than the screen: no sideways scrolling of the page. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startOwnServer();
  await addStaff(owner.email, owner.name); // the first account: an owner
  await addStaff(staff.email, staff.name);
});

test.afterAll(async () => {
  await server?.stop();
});

for (const size of widths) {
  test(`on ${size.name} (${size.width} px) an owner adds an item, prices, renames and retires it, with its history; a staff member reads them only`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ownerContext = await contextAt(browser, size);
    const page = await ownerContext.newPage();
    await signIn(page, owner.email);
    await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Prices" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();
    // The shop's own items, seeded for every category, each priced; no past client's branded piece.
    for (const category of ["Pens", "Paper Chit Pads", "Drinkware", "Apparel", "Acrylic Awards", "Wall Clocks"])
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${category}`) })).toBeVisible();
    await expect(page.getByRole("link", { name: /Metal ball pen, one-colour pad print/ })).toContainText(
      "PKR 180 each from 100 pcs",
    );
    await expect(page.getByText(/NAPROX|ACECOL/)).toHaveCount(0);
    await expectNoSidewaysScroll(page, size.width);
    await shot(page, `list-${size.width}`);

    // An owner adds an item: its name and category, then its prices on its own page.
    await page.getByText("Add an item").click();
    await page.getByLabel("Name", { exact: true }).fill(size.item);
    await page.getByLabel("Category", { exact: true }).selectOption("Pens");
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByRole("heading", { level: 1, name: size.item })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Item added");
    await expect(page.getByRole("region", { name: "Recent changes" })).toContainText(`Added as “${size.item}” in Pens`);

    // Three breaks, the third a quantity already given: refused on its field, everything typed kept.
    const field = (name: string) => page.getByLabel(name, { exact: true });
    await field("Quantity, break 1").fill("100");
    await field("Unit price (PKR), break 1").fill("120");
    // The desk runs no script: adding a row posts the form, which comes back with what was typed.
    await page.getByRole("button", { name: "Add a break" }).click();
    await expect(page.getByText("Not saved yet: Save prices to keep these rows.")).toBeVisible();
    await expect(field("Unit price (PKR), break 1")).toHaveValue("120");
    await field("Quantity, break 2").fill("500");
    await field("Unit price (PKR), break 2").fill("95");
    await page.getByRole("button", { name: "Add a break" }).click();
    await field("Quantity, break 3").fill("500");
    await field("Unit price (PKR), break 3").fill("-85");
    await page.getByRole("button", { name: "Add a break" }).click();
    await page.getByRole("button", { name: "Remove break 4" }).click();
    await expect(field("Quantity, break 4")).toHaveCount(0);
    await expect(field("Quantity, break 3")).toHaveValue("500");
    await field("Label, set-up charge 1").fill("Pad print, per colour");
    await field("Amount (PKR), set-up charge 1").fill("2,500");
    await field("Lead time (business days)").fill("10");
    await page.getByRole("button", { name: "Save prices" }).click();
    const problems = page.getByRole("alert");
    await expect(problems).toContainText("The prices were not saved: 2 things to fix.");
    await expect(problems).toContainText("Break 3: 500 pcs is already break 2; keep one of them.");
    await expect(problems).toContainText("Break 3: an amount cannot be negative.");
    await expect(field("Quantity, break 3")).toHaveAttribute("aria-invalid", "true");
    await expect(field("Unit price (PKR), break 3")).toHaveValue("-85");
    await expect(field("Unit price (PKR), break 2")).toHaveValue("95");
    await expect(field("Amount (PKR), set-up charge 1")).toHaveValue("2,500");
    await expect(field("Lead time (business days)")).toHaveValue("10");
    await expectNoAxeViolations(page, `the price editor with problems (${size.width} px)`);
    if (size.touch) expectFingerSized(await targetsOn(page), "the price editor on a phone");
    await expectNoSidewaysScroll(page, size.width);

    // Fixed, saved; then one price lowered: the history says who, when, and old → new.
    await field("Quantity, break 3").fill("1,000");
    await field("Unit price (PKR), break 3").fill("85");
    await page.getByRole("button", { name: "Save prices" }).click();
    await expect(page.getByRole("status")).toHaveText("Prices saved.");
    const history = page.getByRole("region", { name: "Recent changes" });
    await expect(history).toContainText(/Changed by Sana Iqbal, (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d\d:\d\d/);
    await expect(history).toContainText("500 pcs PKR 95 (new)");
    await expect(history).toContainText("Set-up “Pad print, per colour” PKR 2,500 (new)");
    await expect(field("Quantity, break 3")).toHaveValue("1000");
    // Enter in a field saves (the form's first submit button is Save, never a row's Remove).
    await field("Unit price (PKR), break 2").fill("92");
    await field("Unit price (PKR), break 2").press("Enter");
    await expect(page.getByRole("status")).toHaveText("Prices saved.");
    await expect(history.getByRole("listitem").first()).toContainText("500 pcs PKR 95 → PKR 92");
    await expect(history.locator("ol > li")).toHaveCount(3);
    await expectNoSidewaysScroll(page, size.width);

    // What FBR is told of it: its category's HS code until the owner sets its own, checked on the server.
    const tax = page.getByRole("region", { name: "Tax data for FBR" });
    await expect(tax.getByLabel("HS code")).toHaveAttribute("placeholder", "9608.1000");
    await expect(tax.getByLabel("Unit of measure")).toHaveValue("");
    await tax.getByLabel("HS code").fill("9608.91");
    await tax.getByRole("button", { name: "Save tax data" }).click();
    await expect(tax.getByRole("alert")).toContainText("four digits, a dot and four digits");
    await expect(tax.getByLabel("HS code")).toHaveValue("9608.91");
    await tax.getByLabel("HS code").fill("96089100");
    await tax.getByRole("button", { name: "Save tax data" }).click();
    await expect(page.getByRole("status")).toHaveText("Tax data saved.");
    await expect(tax.getByLabel("HS code")).toHaveValue("9608.9100");
    await expect(history.getByRole("listitem").first()).toContainText("HS code the category's default → 9608.9100");

    // Renamed and moved; retired (listed apart, offered to no new quotation); offered again.
    const renamed = `${size.item.replace("ball pen", "pen")}, gift box`;
    await page.getByLabel("Name", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Save name and category" }).click();
    await expect(page.getByRole("status")).toHaveText("Name and category saved.");
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(history.getByRole("listitem").first()).toContainText(`Renamed “${size.item}” → “${renamed}”`);
    await page.getByRole("button", { name: "Retire this item" }).click();
    await expect(page.getByRole("status")).toContainText("Item retired");
    await expect(page.getByText(/^Retired .*: not offered for new quotations/)).toBeVisible();
    await shot(page, `item-retired-${size.width}`);
    await page.goto(`${server.baseURL}/desk/prices`);
    const retired = page.getByRole("region", { name: /^Retired items/ });
    await expect(retired.getByRole("link", { name: new RegExp(renamed) })).toContainText("Retired");
    await retired.getByRole("link", { name: new RegExp(renamed) }).click();
    await page.getByRole("button", { name: "Offer it again" }).click();
    await expect(page.getByRole("status")).toHaveText("Item offered again for new quotations.");
    await expectNoAxeViolations(page, `an item's page for an owner (${size.width} px)`);
    if (size.touch) expectFingerSized(await targetsOn(page), "an item's page on a phone");
    await expectNoSidewaysScroll(page, size.width);
    await shot(page, `item-owner-${size.width}`);
    await ownerContext.close();

    // A staff member: the prices and their history, and nothing to change them with.
    const staffContext = await contextAt(browser, size);
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff.email);
    await staffPage.goto(`${server.baseURL}/desk/prices`);
    await expect(staffPage.getByText("Add an item")).toHaveCount(0);
    await expect(staffPage.getByRole("link", { name: new RegExp(renamed) })).toContainText("PKR 120 each from 100 pcs");
    await staffPage.getByRole("link", { name: new RegExp(renamed) }).click();
    const breaks = staffPage.getByRole("table", { name: "Unit price by quantity" });
    // The item's page has come: its rows are read in one go below.
    await expect(breaks.getByRole("row")).toHaveCount(4);
    const cells = await breaks
      .getByRole("row")
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
    expect(cells).toEqual([
      ["Quantity", "Unit price (PKR)"],
      ["100 pcs", "PKR 120"],
      ["500 pcs", "PKR 92"],
      ["1,000 pcs", "PKR 85"],
    ]);
    await expect(staffPage.getByRole("list", { name: "Set-up charges" }).getByRole("listitem")).toHaveText([
      "Pad print, per colourPKR 2,500",
    ]);
    await expect(staffPage.getByText("Lead time (business days): 10")).toBeVisible();
    await expect(staffPage.getByRole("button", { name: "Save prices" })).toHaveCount(0);
    await expect(staffPage.getByRole("button", { name: "Retire this item" })).toHaveCount(0);
    const taxSection = staffPage.getByRole("region", { name: "Tax data for FBR" });
    await expect(taxSection).toContainText("HS code9608.9100");
    await expect(taxSection).toContainText("Unit of measureNumbers, pieces, units (category's default)");
    await expect(taxSection.getByRole("button")).toHaveCount(0);
    await shot(staffPage, `item-staff-${size.width}`);
    await expect(staffPage.getByRole("textbox")).toHaveCount(0);
    await expect(staffPage.getByRole("region", { name: "Recent changes" })).toContainText("500 pcs PKR 95 → PKR 92");
    if (size.touch) expectFingerSized(await targetsOn(staffPage), "the price list read-only on a phone");

    // Nor can they save by post; nor can a post from another site, even with an owner's session.
    const itemPath = new URL(staffPage.url()).pathname;
    const cookieOf = async (context: typeof staffContext) =>
      (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const fields = { intent: "save", quantity: "100", unitPrice: "1", leadTimeDays: "1" };
    const staffCookie = await cookieOf(staffContext);
    expect((await postForm(server, itemPath, fields, staffCookie)).status).toBe(403);
    expect((await postForm(server, itemPath, { intent: "retire" }, staffCookie)).status).toBe(403);
    const rename = { intent: "rename", name: "Cheap pen", category: "pens" };
    expect((await postForm(server, itemPath, rename, staffCookie)).status).toBe(403);
    const taxPost = { intent: "tax-data", hsCode: "1234.5678", uom: "", saleType: "" };
    expect((await postForm(server, itemPath, taxPost, staffCookie)).status).toBe(403);
    const add = { name: "Cheap pen", category: "pens" };
    expect((await postForm(server, "/desk/prices", add, staffCookie)).status).toBe(403);
    const ownerCookie = await signInByPostAs(owner.email);
    const forged = (headers: Record<string, string>) =>
      fetch(`${server.baseURL}${itemPath}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: ownerCookie, ...headers },
        body: new URLSearchParams(fields),
      }).then((answer) => answer.status);
    expect(await forged({ Origin: "https://evil.example" })).toBe(400);
    expect(await forged({ Origin: "null", "Sec-Fetch-Site": "cross-site" })).toBe(403);
    await staffPage.reload();
    await expect(breaks.getByRole("row").nth(1)).toContainText("PKR 120");
    await expectNoSidewaysScroll(staffPage, size.width);
    await staffContext.close();
  });
}
