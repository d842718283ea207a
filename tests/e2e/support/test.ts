import { test as base, expect } from "@playwright/test";
import { waitForHydration } from "./site";

/**
 * Playwright's `test`, with one difference: on a page that runs React (/portfolio, /contact, a brand studio),
 * `page.goto` also waits until React has hydrated it, so a journey that clicks a button right after
 * `goto` does not click before the page's script is there. Every other page is complete HTML and runs
 * no script: nothing to wait for.
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
