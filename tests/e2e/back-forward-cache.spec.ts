import config from "../../playwright.config";
import { expect, test } from "./support/test";
import { isSameDocument, menuButtonExpanded, sameDocumentMark, scrollDownTo } from "./support/site";

// Every page is a document of its own, and Back is the browser's: in browsers as people use them, the
// page they left comes back from the back/forward cache, as it was. Playwright turns that cache off in
// the browsers it launches (Back then loads the page again: frame.spec.ts); this file's browser keeps it.
test.use({
  viewport: { width: 390, height: 844 },
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
});

test("Back after following a link from the foot of a catalogue page returns to that very page, where the reader was", async ({
  page,
}) => {
  // A catalogue page: its far cards count as 500 px until drawn, which Back must not be misled by.
  await page.goto("/products/pens");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Our Process" });
  await scrollDownTo(page, footerLink);
  const placeOnPage = await page.evaluate(() => window.scrollY);
  expect(placeOnPage).toBeGreaterThan(1000);
  const linkTop = await footerLink.evaluate((link) => link.getBoundingClientRect().top);

  await sameDocumentMark(page);
  await footerLink.click();
  await expect(page).toHaveURL(/\/process$/);
  expect(await isSameDocument(page), "a document navigation").toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // A page restored from the cache fires no load event.
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(/\/products\/pens$/);
  await expect.poll(() => isSameDocument(page), { message: "the page the reader left, from the cache" }).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(placeOnPage);
  expect(await footerLink.evaluate((link) => link.getBoundingClientRect().top)).toBe(linkTop);
});

// A page that is its HTML alone, and one that hydrates. (Chromium keeps no page answered with an error
// status, such as the 404 page, in the cache: Back loads it again, menu closed.)
for (const path of ["/about", "/contact"]) {
  test(`Back to ${path} after choosing a link in its menu shows the page with its menu closed`, async ({ page }) => {
    await page.goto(path);
    await sameDocumentMark(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);

    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect.poll(() => isSameDocument(page), { message: "the page the reader left, from the cache" }).toBe(true);
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });
}

test("Back to /portfolio returns the page as it was, filter and all", async ({ page }) => {
  await page.goto("/portfolio");
  const filters = page.getByRole("navigation", { name: "Filter products by category" });
  await filters.getByRole("link", { name: "Pens (11)", exact: true }).click();
  await expect(page).toHaveURL(/\/portfolio#pens$/);
  await sameDocumentMark(page);
  await page.getByRole("main").locator('a[href="/process"]').click();
  await expect(page).toHaveURL(/\/process$/);

  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(/\/portfolio#pens$/);
  await expect.poll(() => isSameDocument(page), { message: "the page the reader left, from the cache" }).toBe(true);
  const cards = page.getByRole("list", { name: "Portfolio products" }).getByRole("listitem");
  await expect(cards).toHaveCount(11);
  await filters.getByRole("link", { name: "Games (1)", exact: true }).click();
  await expect(cards).toHaveCount(1);
});
