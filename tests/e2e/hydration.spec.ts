import { expect, test } from "./support/test";
import { isHydrated, pageWithEntryHeld, waitForHydration } from "./support/site";

// Pages hydrate on the visitor's first gesture (app/lib/defer-hydration.ts). These pages are opened
// without the fixture's `goto`, which points at the page to hydrate it.

test("a visitor who only reads gets the scripts fetched after load but never run; the first gesture hydrates", async ({ context }) => {
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/products/shirts");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => /\/assets\/framework-[\w-]+\.js$/.test(path)), "React is fetched").toBe(true);
  expect(scripts.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path)), "the entry is fetched").toBe(true);
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await waitForHydration(page);
  expect(await isHydrated(page)).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on the menu before React is there opens the menu once it is", async ({ context }) => {
    const { page, release } = await pageWithEntryHeld(context);
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: /menu/i });
    await toggle.tap();
    expect(await isHydrated(page)).toBe(false);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    release();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Blog" })).toBeVisible();
  });

  test("a tap on a portfolio card before React is there opens its dialog once it is", async ({ context }) => {
    const { page, release } = await pageWithEntryHeld(context);
    await page.goto("/portfolio");
    const card = page.locator('button[aria-haspopup="dialog"]').first();
    const title = await card.locator("img").getAttribute("alt");
    await card.tap();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    release();
    await expect(page.getByRole("dialog", { name: title! })).toBeVisible();
  });
});
