import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { products } from "../../app/content/catalogue";

// /portfolio runs no framework script: the browser filters (CSS on the URL's fragment) and opens its
// native dialogs; one small inline script does the rest. Every visit here refuses the site's script files,
// so a journey that passes cannot lean on one.

const grid = (page: Page) => page.getByRole("list", { name: "Portfolio products" });
/** The cards on show: a filtered-out card is not displayed, so it is not a list item to anyone. */
const cards = (page: Page) => grid(page).getByRole("listitem");
const filters = (page: Page) => page.getByRole("navigation", { name: "Filter products by category" });
const filter = (page: Page, name: string) => filters(page).getByRole("link", { name, exact: true });
const card = (page: Page, title: string) => grid(page).getByRole("button", { name: title, exact: true });
const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });

function product(id: string) {
  const found = products.find((item) => item.id === id);
  if (!found) throw new Error(`no product ${id} in the catalogue`);
  return found;
}
const titlesOf = (category: string) => products.filter((item) => item.category === category).map((item) => item.title);

/** Opens the page with the site's script files refused, and checks that it has none to load. */
async function visit(page: Page, path: string) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  await expect(page.locator('script[type="module"], script[src], link[rel="modulepreload"]')).toHaveCount(0);
}

/** The filter link assistive technology reports as the current one. */
const currentFilter = (page: Page) => filters(page).locator('[aria-current="true"]');

/** The picture is shown whole: its box has the picture's own shape, and it is not cut by the dialog. */
async function expectWholePicture(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shape = await image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const dialog = img.closest("dialog")!.getBoundingClientRect();
    return {
      natural: img.naturalWidth / img.naturalHeight,
      box: box.width / box.height,
      fit: getComputedStyle(img).objectFit,
      inside: box.left >= dialog.left - 0.5 && box.right <= dialog.right + 0.5,
    };
  });
  expect(shape.natural).toBeCloseTo(4 / 3, 2);
  // object-fit cover crops whatever does not fit the box; contain or fill of a box of the same shape does not.
  expect(Math.abs(shape.box - shape.natural), `box ${shape.box} for a ${shape.natural} picture`).toBeLessThan(0.02);
  expect(["contain", "fill"]).toContain(shape.fit);
  expect(shape.inside).toBe(true);
}

/** Controls and stand-alone links smaller than 44 x 44 px. */
async function smallTargets(targets: Locator) {
  const sizes = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { name: (element.textContent ?? "").trim().slice(0, 40), width, height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  return sizes.filter(({ width, height }) => width < 44 || height < 44);
}

test.describe("at 1440 px with a mouse", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the page, its counted filters in the URL through Back and reload, and cards that reveal on hover", async ({
    page,
  }) => {
    await visit(page, "/portfolio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Portfolio");
    const main = page.getByRole("main");
    for (const text of ["30+", "16+", "6", "100%", "Products", "Pharma Brands", "Categories", "Client Satisfaction"]) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    // The heading says what the note says: examples, with no affiliation.
    await expect(page.locator("#brands-heading")).toHaveText("Example brand names");
    await expect(page.locator("section:has(#brands-heading) li")).toHaveCount(12);
    await expect(page.getByText(/examples/).filter({ hasText: /not affiliated/ })).toBeVisible();
    await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
    await expect(main.locator('a[href="/process"]')).toBeVisible();

    // Counts, empty categories hidden, All chosen, every card, four columns.
    await expect(filters(page).getByRole("link")).toHaveText([
      "All (27)",
      "Pens (11)",
      "Paper Chit Pads (7)",
      "Drinkware (3)",
      "Office Accessories (5)",
      "Games (1)",
    ]);
    await expect(filters(page).getByRole("link", { name: /Apparel|Acrylic|Clocks/ })).toHaveCount(0);
    await expect(currentFilter(page)).toHaveText("All (27)");
    await expect(cards(page)).toHaveCount(27);
    const lefts = await cards(page).evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().x)));
    expect(new Set(lefts).size).toBe(4);

    // Hover reveals category, brand, title and description; they are hidden otherwise.
    const acecol = product("acecol-pen");
    const caption = card(page, acecol.title).getByText(acecol.brand, { exact: true });
    await expect(caption).toBeHidden();
    await card(page, acecol.title).hover();
    await expect(caption).toBeVisible();
    await expect(card(page, acecol.title).getByText(acecol.description)).toBeVisible();
    await expect(card(page, acecol.title).getByText("pens", { exact: true })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(caption).toBeHidden();

    // A filter is a place in the URL: chosen, then Back, then reload.
    await filter(page, "Pens (11)").click();
    await expect(page).toHaveURL(/\/portfolio#pens$/);
    await expect(cards(page)).toHaveCount(11);
    for (const [index, title] of titlesOf("pens").entries()) {
      await expect(cards(page).nth(index).getByRole("button")).toHaveAccessibleName(title);
    }
    await expect(currentFilter(page)).toHaveText("Pens (11)");
    await expect(filter(page, "Pens (11)")).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(filter(page, "All (27)")).not.toHaveCSS("color", "rgb(255, 255, 255)");
    // The chosen row comes to the top of the screen, below the sticky header.
    const row = await filters(page).boundingBox();
    expect(row!.y).toBeGreaterThanOrEqual(64);
    expect(row!.y).toBeLessThan(200);

    await filter(page, "Games (1)").click();
    await expect(page).toHaveURL(/#games$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "ONSET Maze Game")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/#pens$/);
    await expect(cards(page)).toHaveCount(11);
    await expect(currentFilter(page)).toHaveText("Pens (11)");

    await page.reload();
    await expect(cards(page)).toHaveCount(11);
    await expect(currentFilter(page)).toHaveText("Pens (11)");

    await filter(page, "All (27)").click();
    await expect(page).toHaveURL(/#all$/);
    await expect(cards(page)).toHaveCount(27);
    await expect(currentFilter(page)).toHaveText("All (27)");
  });

  test("a card opens its dialog by click or Enter; Escape, Close and a click outside close it, and focus returns", async ({
    page,
  }) => {
    await visit(page, "/portfolio#paper-chit-pads");
    await expect(cards(page)).toHaveCount(7);
    const item = product("azythra-chit-pad");
    const azythra = card(page, item.title);
    await azythra.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await azythra.click();

    const box = dialog(page, item.title);
    await expect(box).toBeVisible();
    // Focus is inside the dialog, on its first control.
    await expect(box.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(box.getByRole("img")).toHaveAttribute("alt", item.title);
    await expectWholePicture(box.getByRole("img"));
    await expect(box.getByText("paper chit pads", { exact: true })).toBeVisible();
    await expect(box).not.toContainText("paper-chit-pads");
    await expect(box.getByText(item.brand, { exact: true })).toBeVisible();
    await expect(box.getByText(item.description)).toBeVisible();
    await expect(box.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(item.features);
    await expect(box.getByRole("link", { name: "Request Quote for Similar Product" })).toHaveAttribute(
      "href",
      `/contact?product=${encodeURIComponent(item.title)}`,
    );
    await expect(box.getByRole("link", { name: "View Product Page" })).toHaveAttribute("href", `/portfolio/${item.id}`);
    // Modal: the rest of the page is out of reach while it is open.
    await expect(page.locator("dialog:modal")).toHaveCount(1);
    // …and does not scroll under it.
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");

    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
    await expect(azythra).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await expect(page).toHaveURL(/\/portfolio#paper-chit-pads$/);

    // Enter on the focused card; the Close button.
    await page.keyboard.press("Enter");
    await expect(box).toBeVisible();
    await box.getByRole("button", { name: "Close" }).click();
    await expect(box).toBeHidden();
    await expect(azythra).toBeFocused();

    // A click outside, on the dimmed page.
    await azythra.click();
    await expect(box).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(box).toBeHidden();
    await expect(azythra).toBeFocused();
    await expect(cards(page)).toHaveCount(7);
  });

  test("?product= opens that item's dialog, closing it leaves a clean URL, and old ?category= links still filter", async ({
    page,
  }) => {
    await visit(page, "/portfolio?product=onset-maze-game");
    const maze = dialog(page, "ONSET Maze Game");
    await expect(maze).toBeVisible();
    await expect(maze.getByText("Pharmedic - ONSET", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(maze).toBeHidden();
    await expect(card(page, "ONSET Maze Game")).toBeFocused();
    await expect(page).toHaveURL(/\/portfolio$/);

    await page.goto("/portfolio?category=drinkware&product=onset-cup");
    const cup = dialog(page, product("onset-cup").title);
    await expect(cup).toBeVisible();
    await cup.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/portfolio#drinkware$/);
    await expect(cards(page)).toHaveCount(3);
    await expect(currentFilter(page)).toHaveText("Drinkware (3)");

    await page.goto("/portfolio?product=no-such-product");
    await expect(cards(page)).toHaveCount(27);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("at 360 px on a touch screen", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("one column, titles below the pictures, 44 px targets, filters and the dialog by touch", async ({ page }) => {
    await visit(page, "/portfolio");
    await expect(cards(page)).toHaveCount(27);
    const lefts = await cards(page).evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().x)));
    expect(new Set(lefts).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The title is under the picture, not over it, and names the card.
    const onset = product("onset-pen");
    const onsetCard = card(page, onset.title);
    await onsetCard.scrollIntoViewIfNeeded();
    // The hover caption (which also holds the title) is not shown on touch screens.
    const title = onsetCard.getByText(onset.title, { exact: true }).filter({ visible: true });
    await expect(title).toHaveCount(1);
    // Both measured in one frame: cards drawn only near the screen take their size as they are scrolled past.
    const titleBelowPicture = await title.evaluate(
      (element) =>
        element.getBoundingClientRect().top -
        element.closest("button")!.querySelector("img")!.getBoundingClientRect().bottom,
    );
    expect(titleBelowPicture).toBeGreaterThanOrEqual(-1);
    await expect(onsetCard.getByText(onset.brand, { exact: true })).toBeHidden();
    const labelMismatch = await new AxeBuilder({ page })
      .include('[aria-label="Portfolio products"]')
      .withRules(["label-content-name-mismatch"])
      .analyze();
    expect(labelMismatch.violations).toEqual([]);

    // Every control of the page's own: filters, cards, the hero's and the closing band's links.
    const main = page.getByRole("main");
    expect(
      await smallTargets(
        main.locator("nav a, ul[aria-label='Portfolio products'] button, a[href]").filter({ visible: true }),
      ),
    ).toEqual([]);

    await filter(page, "Drinkware (3)").tap();
    await expect(page).toHaveURL(/#drinkware$/);
    await expect(cards(page)).toHaveCount(3);
    await expect(currentFilter(page)).toHaveText("Drinkware (3)");

    const cup = product("onset-cup");
    await card(page, cup.title).tap();
    const box = dialog(page, cup.title);
    await expect(box).toBeVisible();
    await expectWholePicture(box.getByRole("img"));
    // The dialog fits the screen's width, and the Close button stays in view above its scrolled content.
    const frame = await box.boundingBox();
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(360);
    expect(await smallTargets(box.locator("button, a[href]").filter({ visible: true }))).toEqual([]);
    await box.getByRole("link", { name: "View Product Page" }).scrollIntoViewIfNeeded();
    await expect(box.getByRole("button", { name: "Close" })).toBeInViewport();
    await box.getByRole("button", { name: "Close" }).tap();
    await expect(box).toBeHidden();
    await expect(cards(page)).toHaveCount(3);
  });
});

test.describe("with JavaScript off altogether", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("the filters and the dialogs still work", async ({ page }) => {
    await page.goto("/portfolio");
    await filter(page, "Office Accessories (5)").click();
    await expect(cards(page)).toHaveCount(5);
    const item = products.find((candidate) => candidate.category === "office-accessories")!;
    await card(page, item.title).click();
    await expect(dialog(page, item.title)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page, item.title)).toBeHidden();
    await expect(card(page, item.title)).toBeFocused();
  });
});
