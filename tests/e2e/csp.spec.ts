import { expect, test } from "./support/test";
import { allPages, notFoundPath, waitForHydration } from "./support/site";

// Every page loads and hydrates under the Content-Security-Policy with no violation and no error.
for (const path of allPages()) {
  test(`${path}: hydrates with no CSP violation and no console error`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`),
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

    const response = await page.goto(path);
    expect(response?.status()).toBe(path === notFoundPath ? 404 : 200);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");

    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    const unexpected = errors.filter(
      (text) =>
        // The 404 page logs the unknown path on purpose, and Chromium notes the 404 status.
        !(path === notFoundPath && (text.includes(notFoundPath) || text.includes("status of 404") || text.startsWith(`404 for ${new URL(notFoundPath, page.url()).href}`))),
    );
    expect(unexpected).toEqual([]);
  });
}
