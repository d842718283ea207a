import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  allPages,
  contentPages,
  hydratingPages,
  isHydrated,
  notFoundPath,
  routeChunkName,
  sitemapRoutes,
  studioPage,
} from "./support/site";

// Only the routes whose handle asks to hydrate (/portfolio, /contact, the brand studios) run React; every other page is
// its HTML alone (app/root.tsx writes React Router's scripts only for the former). Pages reach each
// other by document navigation, prerendered by the browser from the speculation rules every page carries.

/** Every <script> in a page's HTML: its attributes and its text. */
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = "", text = ""]) => ({
    attributes,
    text,
  }));

const isJsonLd = ({ attributes }: { attributes: string }) => /\btype="application\/ld\+json"/.test(attributes);
const isSpeculationRules = ({ attributes }: { attributes: string }) => /\btype="speculationrules"/.test(attributes);
/** The data every page carries: JSON-LD and speculation rules. */
const isData = (script: { attributes: string }) => isJsonLd(script) || isSpeculationRules(script);

/** The scripts a page asks the browser for: files, and modules of any kind. */
function scriptRequests(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === "script" || /\.m?js$/.test(pathname)) scripts.push(pathname);
  });
  return scripts;
}

test("the pages that hydrate are in the sitemap (but the brand studios), and so are pages that do not", () => {
  const routes = sitemapRoutes();
  for (const path of hydratingPages) expect(routes.includes(path)).toBe(path !== studioPage);
  expect(contentPages().length).toBe(allPages().length - hydratingPages.length);
  expect(contentPages()).toContain(notFoundPath);
});

for (const path of contentPages()) {
  test(`${path}: ships no JavaScript, in its HTML or in the browser, whatever the visitor does`, async ({
    page,
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(path === notFoundPath ? 404 : 200);
    const html = await response.text();
    // But JSON-LD and speculation rules, one classic inline script: the line that closes the menu when
    // one of its links is chosen (app/components/layout/site-header.tsx), carrying the response's nonce
    // on the server-rendered 404 page.
    const scripts = scriptsIn(html).filter((script) => !isData(script));
    expect(scripts, `${path}: the menu's one inline script`).toHaveLength(1);
    expect(scripts[0]!.attributes.trim(), "a classic inline script").toMatch(
      path === notFoundPath ? /^nonce="[\w+/=]+"$/ : /^$/,
    );
    expect(scripts[0]!.text).toContain("hidePopover");
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("__reactRouterManifest");
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const requested = scriptRequests(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // What once woke the page up (a pointer move, a wheel turn, a key) loads nothing now.
    await page.mouse.move(2, 2);
    await page.mouse.move(1, 1);
    await page.mouse.wheel(0, 600);
    await page.keyboard.press("Tab");
    await page.waitForTimeout(300);
    expect(requested, `${path} loads no JavaScript`).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    expect(
      await page.evaluate(
        () =>
          [...document.scripts].filter((script) => !["application/ld+json", "speculationrules"].includes(script.type))
            .length,
      ),
    ).toBe(1);
    // The menu's script ran, allowed by the page's policy: the menu listens for a chosen link.
    const cdp = await page.context().newCDPSession(page);
    const { result } = await cdp.send("Runtime.evaluate", { expression: 'document.getElementById("site-menu")' });
    const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
    expect(listeners.map((listener) => listener.type)).toEqual(["click"]);
  });
}

for (const path of hydratingPages) {
  test(`${path}: loads its modules and hydrates at once, without any gesture`, async ({ context, request }) => {
    const html = await (await request.get(path)).text();
    const route = routeChunkName(path);
    expect(html).toMatch(/<script type="module"[^>]*>/);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" href="/assets/${route}-[\\w-]+\\.js"`));
    expect(html).toContain("__reactRouterContext");

    // Not the fixture's page, whose `goto` waits for hydration: the page hydrates by itself, and the
    // pointer never moves.
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const requested = scriptRequests(page);
    await page.goto(path);
    await expect.poll(() => isHydrated(page), { timeout: 10_000 }).toBe(true);
    expect(
      requested.some((file) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(file)),
      requested.join("\n"),
    ).toBe(true);
    expect(
      requested.some((file) => new RegExp(`^/assets/${route}-[\\w-]+\\.js$`).test(file)),
      requested.join("\n"),
    ).toBe(true);
    // The entry adds the whole stylesheet for what the page's script shows later (app/entry.client.tsx).
    await expect(page.locator('head link[rel="stylesheet"][href^="/assets/app-"]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
}

test.describe("speculation rules", () => {
  for (const path of allPages()) {
    test(`${path}: carries the site's speculation rules: prerender a page of the site the visitor heads for (moderate)`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const rules = scriptsIn(html).filter(isSpeculationRules);
      expect(rules).toHaveLength(1);
      expect(JSON.parse(rules[0]!.text)).toEqual({
        prerender: [{ source: "document", where: { href_matches: "/*" }, eagerness: "moderate" }],
      });
    });
  }

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
});
