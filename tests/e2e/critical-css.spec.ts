import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { clientDir, sitemapRoutes } from "./support/site";

// A prerendered page carries only the CSS rules its own markup uses (scripts/critical-css.ts). Before
// any script runs, it must look exactly as it would with the whole stylesheet: every element and its
// ::before/::after/::marker compute the same styles at a phone's and a desktop's width. (Unlike the whole
// sheet, a page gives Tailwind's helper variables initial values only where its own rules read them.)
test.use({ javaScriptEnabled: false });

/** Computed styles of every element, one hash per element and pseudo-element; the detail on demand. */
function computedStyles(page: Page, detailFor: number[] = []) {
  return page.evaluate((detailFor) => {
    const hash = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const hashes: number[] = [];
    const details: Record<number, Record<string, string>> = {};
    for (const element of document.querySelectorAll("*")) {
      for (const pseudo of [null, "::before", "::after", "::marker"]) {
        const style = getComputedStyle(element, pseudo);
        // A pseudo-element without content draws nothing: its content value is all there is to compare.
        const drawn = pseudo === null || !["none", "normal"].includes(style.getPropertyValue("content"));
        // Custom properties paint nothing: what they change shows in the properties that read them.
        const values = drawn
          ? Array.from(style, (property) => (property.startsWith("--") ? "" : `${property}:${style.getPropertyValue(property)}`)).filter(Boolean)
          : [`content:${style.getPropertyValue("content")}`];
        if (detailFor.includes(hashes.length)) {
          details[hashes.length] = Object.fromEntries(
            [...values, `element:${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}${pseudo ?? ""}`].map((v) => [
              v.slice(0, v.indexOf(":")),
              v.slice(v.indexOf(":") + 1),
            ]),
          );
        }
        hashes.push(hash(values.join(";")));
      }
    }
    return { hashes, details };
  }, detailFor);
}

/**
 * Cards far below the fold are drawn only as they come near (`render-when-near`): until Chromium has
 * decided which are near, a card's height is a placeholder's. Compare the pages once that has settled.
 * (Scripts are off, so no animation frame can be awaited in the page: watch the height from here.)
 */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  let heights = [await height()];
  while (heights.length < 3) {
    await page.waitForTimeout(100);
    const now = await height();
    heights = now === heights[0] ? [...heights, now] : [now];
  }
}

const fullSheetHref = /<style id="site-css" data-href="([^"]+)">/;

for (const path of sitemapRoutes()) {
  test(`${path} paints with its own rules exactly as with the whole stylesheet`, async ({ page }) => {
    const served = await (await page.request.get(path)).text();
    const href = fullSheetHref.exec(served)?.[1];
    expect(href, `${path} names the whole stylesheet`).toBeTruthy();
    const fullCss = readFileSync(join(clientDir, href!), "utf8");
    const critical = /<style id="site-css"[^>]*>([^<]*)<\/style>/.exec(served)![1]!;
    expect(critical.length, `${path} carries fewer rules than the whole sheet`).toBeLessThan(fullCss.length);
    // The whole sheet leaves the @font-face rules to the page's own, which keep them all.
    const fontFaces = critical.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(fontFaces.length, `${path} declares the font`).toBeGreaterThan(0);
    const withFullSheet = served.replace(critical, () => fullCss + fontFaces.join(""));

    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.unroute(path);
      await page.goto(path);
      await settled(page);
      const own = await computedStyles(page);
      await page.route(path, (route) => route.fulfill({ contentType: "text/html", body: withFullSheet }));
      await page.goto(path);
      await settled(page);
      const whole = await computedStyles(page);
      expect(whole.hashes.length, `${path} at ${viewport.width} px: same elements`).toBe(own.hashes.length);

      const differing = own.hashes.flatMap((h, index) => (h === whole.hashes[index] || index < 12 ? [] : [index])).slice(0, 6);
      if (differing.length > 0) {
        const details = (await computedStyles(page, differing)).details;
        await page.unroute(path);
        await page.goto(path);
        await settled(page);
        const ownDetails = (await computedStyles(page, differing)).details;
        const report = differing.map((index) => {
          const a = ownDetails[index]!;
          const b = details[index]!;
          const changed = Object.keys(b).filter((property) => a[property] !== b[property]);
          return `${b.element}: ${changed.map((p) => `${p} ${a[p]} ≠ ${b[p]}`).join(", ")}`;
        });
        expect(report, `${path} at ${viewport.width} px`).toEqual([]);
      }
    }
  });
}
