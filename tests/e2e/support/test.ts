import { test as base, expect } from "@playwright/test";
import { waitForHydration } from "./site";

/**
 * Playwright's `test`, with one difference: `page.goto` also waits until React has hydrated the page.
 * Pages are complete HTML and hydrate only after their `load` event (app/lib/defer-hydration.ts), so a
 * journey that clicks a button right after `goto` would otherwise click before the page is interactive.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
