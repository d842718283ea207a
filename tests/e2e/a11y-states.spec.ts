import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

// Accessibility of states a page only reaches after an interaction (issue 6): the open portfolio
// dialog and the quote form after a failed submission.

test.describe("at 390 px and 1440 px", () => {
  for (const width of [390, 1440]) {
    test(`the open portfolio dialog has no WCAG 2.2 A/AA violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.goto("/portfolio?product=onset-pen"); // the fixture's goto waits for hydration
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleName(/\S/);
      await expectNoAxeViolations(page, `/portfolio with the onset-pen dialog open at ${width}px`);
    });

    test(`the quote form after a failed submission has no WCAG 2.2 A/AA violations at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await page.goto("/contact"); // the fixture's goto waits for hydration
      await page.getByLabel(/^Name/).fill("   ");
      await page.getByLabel(/^Email/).fill("buyer@example.com");
      await page.getByLabel(/^Message/).fill("Please quote 500 branded pens.");
      await page.getByRole("button", { name: /send|submit|request/i }).click();
      await expect(page.getByText("Missing Information").first()).toBeVisible();
      // Check the notice as it is read, not halfway through its fade-in (axe blends the colours).
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
      );
      await expectNoAxeViolations(page, `/contact after a failed submission at ${width}px`);
    });
  }
});
