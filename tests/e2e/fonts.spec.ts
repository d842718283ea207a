import { expect, test } from "./support/test";
import { coveredByFont } from "../../scripts/font-ranges";
import { allPages, hydrates, studioPage, transferSize } from "./support/site";

/**
 * Compressed bytes a first view may load (issue 6): Brotli, as the server sends it. A page that only
 * shows content loads no script at all, and its whole first view (HTML, font, images) stays small; the
 * pages that hydrate (/portfolio, /contact) load React and their own code; a brand studio, React and at
 * most 40 KB of its own.
 */
export const budgets = {
  scriptKB: 110,
  styleKB: 20,
  totalKB: 200,
  contentPageTotalKB: 60,
  studioOwnScriptKB: 40,
} as const;

/**
 * React, React DOM and React Router with the entry that starts them (and the bundler's runtime and route
 * manifest): the brand studio is held to the rest, the site's frame and shared chunk included.
 */
const frameworkScript = /\/assets\/(framework|react-dom|entry\.client|rolldown-runtime|manifest)-[\w-]+\.js$/;

/**
 * A new connection's first round trip carries TCP's initial window: 10 segments of 1,460 bytes. A page
 * whose response (headers and Brotli body) fits in it paints one round trip sooner on a slow network
 * (~150 ms in Lighthouse's mobile profile). What makes a page heavy is usually its inline data or CSS.
 */
export const firstRoundTripBytes = 10 * 1460;

// Lighthouse's mobile screen: what counts as the first view.
const mobile = { width: 412, height: 823 };
const desktop = { width: 1440, height: 900 };

for (const path of allPages()) {
  test(`${path}: the first view stays within the byte budgets`, async ({ page, baseURL }) => {
    await page.setViewportSize(mobile);
    const requested = new Map<string, string>();
    page.on("request", (request) => {
      if (request.url().startsWith(baseURL!)) requested.set(request.url(), request.resourceType());
    });
    await page.goto(path); // on a page that hydrates, the fixture's goto waits for it
    await page.waitForLoadState("networkidle");

    const bytes = { script: 0, stylesheet: 0, total: 0, ownScript: 0 };
    const rows: string[] = [];
    for (const [url, type] of requested) {
      const { bytes: size } = await transferSize(url, "br, gzip");
      if (type === "script" || type === "stylesheet") bytes[type] += size;
      if (type === "script" && !frameworkScript.test(new URL(url).pathname)) bytes.ownScript += size;
      bytes.total += size;
      rows.push(`${(size / 1024).toFixed(1).padStart(6)} KB ${type.padEnd(10)} ${url.slice(baseURL!.length)}`);
    }
    const report = rows.join("\n");
    expect(bytes.stylesheet / 1024, `CSS on ${path}\n${report}`).toBeLessThanOrEqual(budgets.styleKB);
    if (path === studioPage) {
      // The studio's own code, beyond React and React Router (and what every hydrating page loads).
      expect(bytes.ownScript / 1024, `the studio's own JavaScript\n${report}`).toBeLessThanOrEqual(
        budgets.studioOwnScriptKB,
      );
      expect(bytes.ownScript, `${path} loads its code\n${report}`).toBeGreaterThan(0);
      expect(bytes.total / 1024, `everything on ${path}\n${report}`).toBeLessThanOrEqual(budgets.totalKB);
    } else if (hydrates(path)) {
      expect(bytes.script / 1024, `JavaScript on ${path}\n${report}`).toBeLessThanOrEqual(budgets.scriptKB);
      expect(bytes.script, `${path} loads its code\n${report}`).toBeGreaterThan(0);
      expect(bytes.total / 1024, `everything on ${path}\n${report}`).toBeLessThanOrEqual(budgets.totalKB);
    } else {
      expect(bytes.script, `JavaScript on ${path}\n${report}`).toBe(0);
      expect(bytes.stylesheet, `${path} is styled by its own rules alone\n${report}`).toBe(0);
      expect(bytes.total / 1024, `everything on ${path}\n${report}`).toBeLessThanOrEqual(budgets.contentPageTotalKB);
    }
  });

  test(`${path}: the page itself arrives in the first round trip`, async ({ baseURL }) => {
    const { bytes, headerBytes, encoding } = await transferSize(`${baseURL}${path}`, "br, gzip");
    expect(encoding).toBe("br");
    expect(headerBytes + bytes, `${path}: ${headerBytes} bytes of headers + ${bytes} of body`).toBeLessThanOrEqual(
      firstRoundTripBytes,
    );
  });

  test(`${path}: every character on the page is in the subset Inter font`, async ({ page }) => {
    await page.goto(path);
    const text = await page.evaluate(() => document.body.innerText + document.title);
    const missing = [...new Set([...text])].filter((c) => !/\s/.test(c) && !coveredByFont(c.codePointAt(0)!));
    // Add them to fontRanges in scripts/font-ranges.ts and run scripts/subset-font.ts (they show in the fallback font until then).
    expect(missing.map((c) => `${c} U+${c.codePointAt(0)!.toString(16).toUpperCase()}`)).toEqual([]);
  });

  test(`${path}: images have sizes and alt text, load lazily below the fold, and the LCP image first`, async ({
    page,
  }) => {
    for (const viewport of [mobile, desktop]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await page.waitForLoadState("load");
      const images = await page.evaluate(() =>
        [...document.images].map((img) => ({
          html: img.outerHTML.slice(0, 160),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          alt: img.getAttribute("alt"),
          loading: img.getAttribute("loading"),
          fetchPriority: img.getAttribute("fetchpriority"),
          visible: img.checkVisibility(),
          top: img.getBoundingClientRect().top + window.scrollY,
          src: img.currentSrc || img.src,
          naturalWidth: img.complete ? img.naturalWidth : 0,
          shownWidth: img.getBoundingClientRect().width,
        })),
      );
      for (const image of images) {
        expect(image.width, `width on ${image.html}`).toMatch(/^\d+$/);
        expect(image.height, `height on ${image.html}`).toMatch(/^\d+$/);
        expect(image.alt, `alt on ${image.html}`).not.toBeNull();
        // Raster images are served as AVIF or WebP; vector art as SVG.
        expect(new URL(image.src, page.url()).pathname, `format of ${image.html}`).toMatch(/\.(avif|webp|svg)$|^data:/);
        // Raster images come at about the size they are shown (srcset/sizes), not far larger.
        if (image.visible && image.naturalWidth > 0 && !/\.svg$/.test(new URL(image.src, page.url()).pathname)) {
          expect(
            image.naturalWidth,
            `file width of ${image.html} shown ${Math.round(image.shownWidth)}px wide`,
          ).toBeLessThanOrEqual(Math.max(2 * image.shownWidth, 96));
        }
        if (image.visible && image.top >= viewport.height) {
          expect(image.loading, `below the fold at ${viewport.width}px: ${image.html}`).toBe("lazy");
        }
      }
      const lcp = await page.evaluate(
        () =>
          new Promise<{ tag: string; loading: string | null; fetchPriority: string | null; html: string } | null>(
            (done) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
                const element = entries.at(-1)?.element ?? null;
                done(
                  element && {
                    tag: element.tagName,
                    loading: element.getAttribute("loading"),
                    fetchPriority: element.getAttribute("fetchpriority"),
                    html: element.outerHTML.slice(0, 160),
                  },
                );
              }).observe({ type: "largest-contentful-paint", buffered: true });
              setTimeout(() => done(null), 2000);
            },
          ),
      );
      if (lcp?.tag === "IMG") {
        expect(lcp.loading, `LCP image at ${viewport.width}px is not lazy: ${lcp.html}`).not.toBe("lazy");
        expect(lcp.fetchPriority, `LCP image at ${viewport.width}px: ${lcp.html}`).toBe("high");
      }
    }
  });
}

test("Inter is self-hosted, subset, preloaded, swapped in, with a metric-matched fallback", async ({
  page,
  baseURL,
}) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute("href");
  expect(preload).toMatch(/^\/assets\/inter-latin-wght-subset-[\w-]+\.woff2$/);
  // The preloaded file is the one the page uses, fetched once, from this origin.
  expect(fonts).toEqual([`${baseURL}${preload}`]);
  const faces = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule) => rule instanceof CSSFontFaceRule)
        .map((rule) => (rule as CSSFontFaceRule).style.cssText),
    ),
  );
  const inter = faces.find((face) => face.includes('"Inter Variable"'));
  expect(inter).toContain("font-display: swap");
  expect(inter).toContain("unicode-range");
  const fallback = faces.find((face) => face.includes('"Inter Fallback"'));
  for (const descriptor of ["size-adjust", "ascent-override", "descent-override", "line-gap-override"]) {
    expect(fallback, descriptor).toContain(descriptor);
  }
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Inter Variable", "Inter Fallback"/);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  const { bytes } = await (await import("./support/site")).transferSize(`${baseURL}${preload}`);
  expect(bytes / 1024, "the subset font is small").toBeLessThan(32);
});
