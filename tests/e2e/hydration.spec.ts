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

test("a page that is only read makes no synchronous call to the browser's storage or history", async ({ context }) => {
  // Such a call, made by a script in the HTML, stops the page's parsing until the browser process
  // answers: on a phone, while it is busy loading the page.
  const page = await context.newPage();
  await page.addInitScript(() => {
    const calls: string[] = ((window as unknown as { syncCalls: string[] }).syncCalls = []);
    for (const [target, names] of [
      [Storage.prototype, ["getItem", "setItem", "removeItem"]],
      [History.prototype, ["pushState", "replaceState"]],
    ] as const) {
      for (const name of names) {
        const original = (target as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
        (target as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          calls.push(name);
          return original.apply(this, args);
        };
      }
    }
  });
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { syncCalls: string[] }).syncCalls)).toEqual([]);
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
