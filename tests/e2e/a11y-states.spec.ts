import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

// Accessibility of states a page only reaches after an interaction, at a phone's and a desktop's width in
// one visit: the open portfolio dialog and the quote form after a failed submission.
const widths = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

test("the filtered portfolio with a dialog open has no WCAG 2.2 A/AA violations at 390 px and 1440 px", async ({
  page,
}) => {
  await page.setViewportSize(widths[0]!);
  await page.goto("/portfolio?product=marena-mug#drinkware");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName("MARENA Campaign Mug");
  await expect(page.getByRole("list", { name: "Portfolio products" }).getByRole("listitem")).toHaveCount(3);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `/portfolio#drinkware with a dialog open at ${viewport.width}px`);
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
    await expectNoAxeViolations(page, `/contact after a failed submission at ${viewport.width}px`);
  }
});
