import { expect, test } from "./support/test";

// Every page template carries the site's speculation rules (page-templates.spec.ts): prerender a page of
// the site the visitor heads for, moderately. Pages reach each other by document navigation.
test("the browser takes the rules without error and starts prerendering a link the pointer rests on", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Preload.enable");
  const ruleSets: { errorType?: string; errorMessage?: string }[] = [];
  const attempts: string[] = [];
  cdp.on("Preload.ruleSetUpdated", ({ ruleSet }) => ruleSets.push(ruleSet));
  // Chromium does not finish a prerender while a second DevTools session is attached
  // (PrerenderingDisabledByDevTools); that it starts one is what the rules decide.
  cdp.on("Preload.prerenderStatusUpdated", ({ key }) => attempts.push(key.url));

  await page.goto("/about");
  await expect.poll(() => ruleSets.length).toBeGreaterThan(0);
  expect(ruleSets.map(({ errorType, errorMessage }) => ({ errorType, errorMessage }))).toEqual([
    { errorType: undefined, errorMessage: undefined },
  ]);
  // Moderate: nothing is prerendered before the visitor shows an intent.
  await page.waitForTimeout(500);
  expect(attempts).toEqual([]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).hover();
  await expect.poll(() => attempts).toContain(`${baseURL}/blog`);
});
