// How long a visitor on a phone waits for the next page: from a tap on a link to the new page's
// first paint, with the site's speculation rules (the browser prerenders the page the finger is on)
// and without them. Chromium through puppeteer-core, emulating the phone Lighthouse emulates.
import puppeteer, { type Browser, type BrowserContext, type CDPSession, type Page } from "puppeteer-core";
import { median } from "./budgets";

export type NavigationTiming = {
  from: string;
  to: string;
  /** Medians, in milliseconds. */
  withRules: number;
  withoutRules: number;
  /** How many of the taps with the rules found the next page prerendered. */
  prerendered: number;
  runs: number;
};

type Tap = { ms: number; prerendered: boolean };

/** Taps worth timing: a hero button, a footer link, a card, a call to action, and off the two interactive pages. */
export const navigations = [
  { from: "/", selector: 'main a[href="/products/pens"]', to: "/products/pens" },
  { from: "/about", selector: 'footer a[href="/case-studies"]', to: "/case-studies" },
  { from: "/blog", selector: 'main a[href^="/blog/"]', to: "/blog/*" },
  { from: "/process", selector: 'main a[href="/contact"]', to: "/contact" },
  { from: "/portfolio", selector: 'main a[href="/process"]', to: "/process" },
  { from: "/contact", selector: 'footer a[href="/portfolio"]', to: "/portfolio" },
] as const;

// Lighthouse's mobile profile: a Moto G Power-sized screen, 4x slower CPU, "slow 4G" (150 ms, 1.6 Mbps).
const phone = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
const slow4G = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

export async function emulatePhone(page: Page) {
  await page.setViewport(phone);
  await page.emulateCPUThrottling(4);
  await page.emulateNetworkConditions(slow4G);
}

/** One tap on the link, and the milliseconds from the finger touching the screen to the next page's first paint. */
async function timeTap(
  browser: Browser,
  origin: string,
  nav: (typeof navigations)[number],
  speculation: boolean,
): Promise<Tap> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    // A browser driven by DevTools prerenders only if its DevTools session allows it, and only with
    // that one session attached (so all of this goes through puppeteer's own): "without" is the
    // browser as it would be with no speculation rules at all.
    const session = (page as unknown as { _client(): CDPSession })._client();
    await session.send("Page.setPrerenderingAllowed", { isAllowed: speculation });
    await page.goto(`${origin}${nav.from}`, { waitUntil: "load" });
    const link = await page.waitForSelector(nav.selector, { visible: true });
    if (!link) throw new Error(`${nav.from}: no ${nav.selector}`);
    await link.scrollIntoView();
    // A moment for the page to settle, as a reader looks before tapping.
    await new Promise((done) => setTimeout(done, 1000));
    const box = await link.boundingBox();
    if (!box) throw new Error(`${nav.from}: ${nav.selector} is not shown`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const touchedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.touchscreen.touchStart(point.x, point.y);
    // A finger rests on the screen about this long in a tap.
    await new Promise((done) => setTimeout(done, 100));
    // Showing a prerendered page swaps the tab's page for it, and puppeteer's page goes with the old
    // one: the lift of the finger may not get its answer, and the new page is looked up afterwards.
    await page.touchscreen.touchEnd().catch(() => undefined);
    const next = await pageAt(context, nav.from);
    const { paintedAt, activationStart } = await next.evaluate(async () => {
      const paint = await new Promise<number>((done) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (entry) {
            observer.disconnect();
            done(entry.startTime);
          }
        }).observe({ type: "paint", buffered: true });
      });
      // A prerendered page painted before it was shown: it is seen when it is activated.
      const activationStart =
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number })
          ?.activationStart ?? 0;
      return { paintedAt: performance.timeOrigin + Math.max(paint, activationStart), activationStart };
    });
    return { ms: paintedAt - touchedAt, prerendered: activationStart > 0 };
  } finally {
    await context.close();
  }
}

/** The context's page once it has left `from` (the same page, or the prerendered one that took its place). */
async function pageAt(context: BrowserContext, from: string): Promise<Page> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const page of await context.pages()) {
      if (!page.isClosed() && new URL(page.url()).pathname !== from && page.url().startsWith("http")) return page;
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`the tap on ${from} led nowhere`);
}

export const describeNavigation = (n: NavigationTiming) =>
  `${n.from} → ${n.to}: ${Math.round(n.withRules)} ms with the speculation rules (prerendered in ${n.prerendered} of ${n.runs} taps), ${Math.round(n.withoutRules)} ms without`;

export async function measureNavigations(
  origin: string,
  { runs = 3, chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium" } = {},
) {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  try {
    const timings: NavigationTiming[] = [];
    for (const nav of navigations) {
      const withRules: Tap[] = [];
      const withoutRules: Tap[] = [];
      for (let run = 0; run < runs; run += 1) {
        withRules.push(await timeTap(browser, origin, nav, true));
        withoutRules.push(await timeTap(browser, origin, nav, false));
      }
      timings.push({
        from: nav.from,
        to: nav.to,
        withRules: median(withRules.map((tap) => tap.ms)),
        withoutRules: median(withoutRules.map((tap) => tap.ms)),
        prerendered: withRules.filter((tap) => tap.prerendered).length,
        runs,
      });
    }
    return timings;
  } finally {
    await browser.close();
  }
}

// `npx tsx bench/navigation.ts http://127.0.0.1:3000`: the tap timings alone, against a running server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? "http://127.0.0.1:3000";
  for (const n of await measureNavigations(origin)) console.log(describeNavigation(n));
}
