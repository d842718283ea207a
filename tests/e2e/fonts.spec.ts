import { expect, test } from "./support/test";

// Text is set in the device's own interface font: no page, content or interactive, downloads a font file
// or declares one (docs/decisions/039).
for (const path of ["/", "/contact"]) {
  test(`${path} sets its text in the system font stack and fetches no font`, async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
    expect(await page.evaluate(() => document.fonts.size)).toBe(0);
    expect(await page.locator('link[as="font"]').count()).toBe(0);
    for (const selector of ["body", "h1", "button, a[href]"]) {
      const family = await page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).fontFamily);
      expect(family, selector).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto/);
    }
  });
}
