import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { menuButtonExpanded } from "./support/site";

// Every page template is checked with axe at two widths in page-templates.spec.ts; here, the state a visitor
// opens on any of them: the mobile menu, on a page that is its HTML alone and on one that runs React.
test.describe("with the mobile menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of ["/", "/contact"]) {
    test(`${path}: no WCAG 2.2 A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole("button", { name: "Menu" }).click();
      expect(await menuButtonExpanded(page)).toBe(true);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expectNoAxeViolations(page, `${path} with the mobile menu open`);
    });
  }
});
