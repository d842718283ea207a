import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { allPages, menuButtonExpanded } from "./support/site";

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });
    for (const path of allPages()) {
      test(`${path}: no WCAG 2.2 A/AA violations`, async ({ page }) => {
        await page.goto(path); // on a page that hydrates, the fixture's goto waits for it
        await expectNoAxeViolations(page, `${path} at ${width}px`);
      });
    }
  });
}

test.describe("with the mobile menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // A page that is its HTML alone, one that hydrates, and the 404 page.
  for (const path of ["/", "/contact", allPages().at(-1)!]) {
    test(`${path}: no WCAG 2.2 A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole("button", { name: "Menu" }).click();
      expect(await menuButtonExpanded(page)).toBe(true);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expectNoAxeViolations(page, `${path} with the mobile menu open`);
    });
  }
});
