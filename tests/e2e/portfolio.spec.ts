import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { waitForHydration } from "./support/site";
import { products } from "../../app/content/catalogue";

const grid = (page: Page) => page.getByRole("list", { name: "Portfolio products" });
const cards = (page: Page) => grid(page).getByRole("listitem");
const filters = (page: Page) => page.getByRole("group", { name: /filter/i });
const filter = (page: Page, name: string) => filters(page).getByRole("button", { name, exact: true });

function product(id: string) {
  const found = products.find((item) => item.id === id);
  if (!found) throw new Error(`no product ${id} in the catalogue`);
  return found;
}

test.describe("portfolio page", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("has its hero image, the four figures, twelve example brands with the note, and its links", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Portfolio");
    const hero = page.locator("section").first().getByRole("img");
    await expect(hero).toHaveAttribute("alt", /\w/);
    await expect(hero).toHaveAttribute("width", /\d+/);
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const main = page.getByRole("main");
    for (const [value, label] of [
      ["30+", "Products"],
      ["16+", "Pharma Brands"],
      ["6", "Categories"],
      ["100%", "Client Satisfaction"],
    ] as const) {
      await expect(main.getByText(value, { exact: true })).toBeVisible();
      await expect(main.getByText(label, { exact: true })).toBeVisible();
    }
    const brands = page.locator("section:has(#brands-heading) li");
    await expect(brands).toHaveCount(12);
    await expect(page.getByText(/examples/).filter({ hasText: /not affiliated/ })).toBeVisible();
    await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
    await expect(main.locator('a[href="/process"]')).toBeVisible();
  });

  test("filter buttons show their counts; empty categories have none; All starts chosen", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(filters(page).getByRole("button")).toHaveText([
      "All (27)",
      "Pens (11)",
      "Paper Chit Pads (7)",
      "Drinkware (3)",
      "Office Accessories (5)",
      "Games (1)",
    ]);
    for (const absent of ["Apparel", "Acrylic Awards", "Wall Clocks"]) {
      await expect(filters(page).getByRole("button", { name: new RegExp(absent) })).toHaveCount(0);
    }
    await expect(filter(page, "All (27)")).toHaveAttribute("aria-pressed", "true");
    await expect(filters(page).locator('[aria-pressed="true"]')).toHaveCount(1);
    await expect(cards(page)).toHaveCount(27);
  });

  test("choosing a filter shows only its items and keeps it in the URL; Back undoes it", async ({ page }) => {
    await page.goto("/portfolio");
    await filter(page, "Pens (11)").click();
    await expect(cards(page)).toHaveCount(11);
    await expect(page).toHaveURL(/\/portfolio\?category=pens$/);
    await expect(filter(page, "Pens (11)")).toHaveAttribute("aria-pressed", "true");
    await expect(filter(page, "All (27)")).toHaveAttribute("aria-pressed", "false");
    const pens = products.filter((item) => item.category === "pens").map((item) => item.title);
    for (const [index, title] of pens.entries()) {
      await expect(cards(page).nth(index).getByRole("button")).toHaveAccessibleName(title);
    }

    await filter(page, "Games (1)").click();
    await expect(cards(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\?category=games$/);
    await expect(grid(page).getByRole("button", { name: "ONSET Maze Game" })).toBeVisible();

    await filter(page, "All (27)").click();
    await expect(cards(page)).toHaveCount(27);
    await expect(page).toHaveURL(/\/portfolio$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?category=games$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(filter(page, "Games (1)")).toHaveAttribute("aria-pressed", "true");
  });

  test("a shared ?category= link opens filtered; the prerendered HTML shows All", async ({ page, request }) => {
    const html = await (await request.get("/portfolio?category=pens")).text();
    const list = html.split('aria-label="Portfolio products"')[1]?.split("</ul>")[0] ?? "";
    expect(list.match(/<li/g)).toHaveLength(27);
    expect(html).toMatch(/aria-pressed="true"[^>]*>All/);

    // Hydrating the All HTML into the filtered view must not trip a hydration mismatch.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/portfolio?category=drinkware&product=onset-cup");
    await expect(page.getByRole("dialog", { name: product("onset-cup").title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(cards(page)).toHaveCount(3);
    await expect(filter(page, "Drinkware (3)")).toHaveAttribute("aria-pressed", "true");
    expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
  });

  test("a card reveals category, brand, title and description on hover and on keyboard focus", async ({ page }) => {
    await page.goto("/portfolio");
    const item = product("acecol-pen");
    const card = grid(page).getByRole("button", { name: item.title });
    const caption = card.getByText(item.brand, { exact: true });
    await expect(caption).toBeHidden();
    await card.hover();
    await expect(caption).toBeVisible();
    await expect(card.getByText(item.description)).toBeVisible();
    await expect(card.getByText("pens", { exact: true })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(caption).toBeHidden();

    // From the last filter button, Tab reaches the first card.
    await filter(page, "Games (1)").focus();
    await page.keyboard.press("Tab");
    await expect(card).toBeFocused();
    await expect(caption).toBeVisible();
    await expect(card.getByText(item.title, { exact: true })).toBeVisible();
  });

  test("a card opens the product dialog with its details and quote link; Escape closes it and focus returns", async ({
    page,
  }) => {
    const item = product("azythra-chit-pad");
    await page.goto("/portfolio");
    await page.mouse.wheel(0, 1500);
    const card = grid(page).getByRole("button", { name: item.title });
    await card.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await card.click();

    const dialog = page.getByRole("dialog", { name: item.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?product=${item.id}$`));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", item.title);
    await expect(dialog.getByText("paper chit pads", { exact: true })).toBeVisible();
    await expect(dialog).not.toContainText("paper-chit-pads");
    await expect(dialog.getByText(item.brand, { exact: true })).toBeVisible();
    await expect(dialog.getByText(item.description)).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(item.features);
    await expect(dialog.getByRole("link", { name: "Request Quote for Similar Product" })).toHaveAttribute(
      "href",
      `/contact?product=${encodeURIComponent(item.title)}`,
    );

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    await expect(page).toHaveURL(/\/portfolio$/);
  });

  test("the dialog keeps the filter, opens with Enter, closes with its button and with a click outside", async ({
    page,
  }) => {
    const item = product("onset-pen");
    await page.goto("/portfolio?category=pens");
    await expect(cards(page)).toHaveCount(11);
    const card = grid(page).getByRole("button", { name: item.title });
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: item.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\?category=pens&product=onset-pen$/);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\?category=pens$/);
    await expect(card).toBeFocused();

    await card.click();
    await expect(dialog).toBeVisible();
    // Radix starts listening for outside clicks a task after the dialog opens; a test clicks sooner than a person.
    await expect(async () => {
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden({ timeout: 500 });
    }).toPass();
    await expect(cards(page)).toHaveCount(11);
  });

  test("a ?product= link opens that product; an unknown id shows the grid without a dialog", async ({ page }) => {
    await page.goto("/portfolio?product=onset-maze-game");
    const dialog = page.getByRole("dialog", { name: "ONSET Maze Game" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Pharmedic - ONSET", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(grid(page).getByRole("button", { name: "ONSET Maze Game" })).toBeFocused();

    await page.goto("/portfolio?product=no-such-product");
    await expect(cards(page)).toHaveCount(27);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("the page and the open dialog have no serious accessibility violations", async ({ page }) => {
  await page.goto("/portfolio?category=paper-chit-pads");
  await expect(cards(page)).toHaveCount(7);
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(await serious()).toEqual([]);
  await grid(page).getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await serious()).toEqual([]);
});

test.describe("on a touch screen, where every card shows its caption", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("each card's accessible name contains the text it shows (label in name)", async ({ page }) => {
    await page.goto("/portfolio");
    const firstCard = grid(page).getByRole("button").first();
    await expect(firstCard.getByText(product("acecol-pen").description)).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .include('[aria-label="Portfolio products"]')
      .withRules(["label-content-name-mismatch"])
      .analyze();
    expect(violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
  });
});

/** The distinct left edges of the cards: one per column. */
async function columns(page: Page) {
  await expect(cards(page)).toHaveCount(27);
  const lefts = await cards(page).evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().x)));
  return new Set(lefts).size;
}

test("the grid has 1 column at 390 px and 4 columns at 1440 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/portfolio");
  expect(await columns(page)).toBe(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await columns(page)).toBe(4);
});

test("the dialog's code loads only when a card is approached; filtering fetches nothing; following a link in shows the grid", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const dialogCode = () => requested.filter((path) => /\/assets\/product-dialog-[\w-]+\.js$/.test(path));

  await page.goto("/about");
  await page.getByRole("banner").getByRole("link", { name: "Portfolio", exact: true }).first().click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(cards(page)).toHaveCount(27);
  await waitForHydration(page); // a document navigation: the page hydrates as it loads
  await page.waitForLoadState("networkidle");
  expect(dialogCode()).toEqual([]);

  const dataRequests = requested.filter((path) => path.endsWith(".data")).length;
  await filter(page, "Pens (11)").click();
  await expect(cards(page)).toHaveCount(11);
  expect(requested.filter((path) => path.endsWith(".data"))).toHaveLength(dataRequests);

  await grid(page)
    .getByRole("button", { name: product("onset-pen").title })
    .hover();
  await expect.poll(dialogCode).toHaveLength(1);
  await grid(page)
    .getByRole("button", { name: product("onset-pen").title })
    .click();
  await expect(page.getByRole("dialog", { name: product("onset-pen").title })).toBeVisible();
});
