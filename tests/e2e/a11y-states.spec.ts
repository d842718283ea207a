import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

// Accessibility of states a page only reaches after an interaction, at a phone's and a desktop's width in
// one visit: the open portfolio dialog and the quote form after a failed submission.
const widths = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

test("the open portfolio dialog has no WCAG 2.2 A/AA violations at 390 px and 1440 px", async ({ page }) => {
  await page.setViewportSize(widths[0]!);
  await page.goto("/portfolio?product=onset-pen");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName(/\S/);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `/portfolio with the onset-pen dialog open at ${viewport.width}px`);
  }
});

test("the quote form after a failed submission has no WCAG 2.2 A/AA violations at 390 px and 1440 px", async ({
  page,
}) => {
  await page.setViewportSize(widths[0]!);
  await page.goto("/contact"); // the fixture's goto waits for hydration
  await page.getByLabel(/^Name/).fill("   ");
  await page.getByLabel(/^Email/).fill("buyer@example.com");
  await page.getByLabel(/^Message/).fill("Please quote 500 branded pens.");
  await page.getByRole("button", { name: /send|submit|request/i }).click();
  await expect(page.getByText("Missing Information").first()).toBeVisible();
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    // Check the notice as it is read, not halfway through its fade-in (axe blends the colours).
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"),
    );
    await expectNoAxeViolations(page, `/contact after a failed submission at ${viewport.width}px`);
  }
});
