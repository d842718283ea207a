import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { hydratingPages, inlineStylesheet, sitemapRoutes, wholeStylesheet } from "./support/site";

// A prerendered page carries only the CSS rules its own markup uses (scripts/critical-css.ts, Beasties).
// As served, before any script runs, it must look exactly as it would with the whole stylesheet (Vite's
// /assets/app-*.css, compiled from the same app/app.css): every element and its ::before/::after/::marker
// compute the same styles at a phone's and a desktop's width.
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
          ? Array.from(style, (property) =>
              property.startsWith("--") ? "" : `${property}:${style.getPropertyValue(property)}`,
            ).filter(Boolean)
          : [`content:${style.getPropertyValue("content")}`];
        if (detailFor.includes(hashes.length)) {
          details[hashes.length] = Object.fromEntries(
            [
              ...values,
              `element:${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}${pseudo ?? ""}`,
            ].map((v) => [v.slice(0, v.indexOf(":")), v.slice(v.indexOf(":") + 1)]),
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

for (const path of sitemapRoutes()) {
  test(`${path} paints with its own rules exactly as with the whole stylesheet`, async ({ page }) => {
    const served = await (await page.request.get(path)).text();
    const fullCss = wholeStylesheet().css;
    const critical = inlineStylesheet(served);
    expect(critical, `${path} carries its stylesheet`).toBeDefined();
    expect(critical!.length, `${path} carries fewer rules than the whole sheet`).toBeLessThan(fullCss.length);
    // The font the page's text is set in stays declared.
    expect(critical, `${path} declares the font`).toMatch(/@font-face\{[^}]*font-family:\s*"?Inter Variable/);
    // Once the whole sheet is there, the page keeps its own font faces (the sheet declares none).
    const fontFaces = critical!.match(/@font-face\{[^}]*\}/g)!.join("");
    const withFullSheet = served.replace(critical!, () => fontFaces + fullCss);
    expect(withFullSheet).not.toBe(served);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
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

      const differing = own.hashes
        .flatMap((h, index) => (h === whole.hashes[index] || index < 12 ? [] : [index]))
        .slice(0, 6);
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

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  for (const path of hydratingPages) {
    test(`${path}: adds, as it hydrates, the whole sheet the build compiled, after its own rules`, async ({ page }) => {
      const { href } = wholeStylesheet();
      await page.goto(path); // the fixture's goto waits for hydration
      await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", href);
      await page.waitForLoadState("networkidle");
      const sheets = await page.evaluate(() =>
        [...document.styleSheets].map((sheet) => ({
          href: sheet.href && new URL(sheet.href).pathname,
          rules: sheet.cssRules.length,
        })),
      );
      // The page's own rules first, then the whole sheet: equal rules, the later ones win, same result.
      expect(sheets.map((sheet) => sheet.href)).toEqual([null, href]);
      expect(sheets[1]!.rules).toBeGreaterThan(sheets[0]!.rules);
    });
  }
});
