import { expect, test } from "./support/test";
import { allPages, hydrates, notFoundPath } from "./support/site";

// Every page loads (and, where it does, hydrates) under its Content-Security-Policy with no violation
// and no error: the inline scripts it carries (the menu's, and React Router's on the pages that hydrate)
// are allowed by their hashes or the response's nonce.
for (const path of allPages()) {
  test(`${path}: loads${hydrates(path) ? " and hydrates" : ""} with no CSP violation and no console error`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(
          `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
        ),
      );
    });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} for ${response.url()}`);
    });

    const response = await page.goto(path); // on a page that hydrates, the fixture's goto waits for it
    expect(response?.status()).toBe(path === notFoundPath ? 404 : 200);
    await page.waitForLoadState("networkidle");

    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    const unexpected = errors.filter(
      (text) =>
        // Chromium notes the 404 page's status; the page itself logs nothing.
        !(
          path === notFoundPath &&
          (/status of 404/.test(text) || text === `404 for ${new URL(notFoundPath, page.url()).href}`)
        ),
    );
    expect(unexpected).toEqual([]);
  });
}

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
