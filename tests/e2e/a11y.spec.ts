import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { allPages, waitForHydration } from "./support/site";

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });
    for (const path of allPages()) {
      test(`${path}: no WCAG 2.2 A/AA violations`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page, `${path} at ${width}px`);
      });
    }
  });
}

test.describe("with the mobile menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of ["/", allPages().at(-1)!]) {
    test(`${path}: no WCAG 2.2 A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const toggle = page.getByRole("button", { name: /menu/i });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expectNoAxeViolations(page, `${path} with the mobile menu open`);
    });
  }
});
