import { expect, test } from "./support/test";

// Every page template loads under its policy with no violation: page-templates.spec.ts.
test("the menu's script runs under the policy: Products closes the open menu on the home page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  const csp = (await page.request.get("/")).headers()["content-security-policy"]!;
  // The menu's script and the speculation rules, each by its hash.
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+'){2}(;|$)/);
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menu.getByRole("link", { name: "Products" }).click();
  await expect(menu).toBeHidden();
  expect(violations).toEqual([]);
});
