import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  hasModuleScript,
  inlineStylesheet,
  isHydrated,
  notFoundPath,
  pagesToCheck,
  sitemapRoutes,
  studioPage,
  transferSize,
  waitForHydration,
  wholeStylesheet,
} from "./support/site";
import { computedStyles, settled } from "./support/styles";
import { expect, test } from "./support/test";
import { expectFingerSized, expectMenuFingerSized, targetsOn, touchPhone } from "./support/touch";

// Each page template checked once, in as few visits as the checks allow: its HTML as served (head, scripts,
// size), visits with JavaScript on a touch phone and at a desktop's width (policy, hydration or none,
// accessibility, images, script weight, finger-sized targets) and one without (its own rules against the whole stylesheet, every
// link and resource it names). `npm run bench` runs the same on every page (PAGES=all).

/**
 * Coarse guards, far from today's figures, that catch a page gone wrong; the exact figures (first round
 * trip, script, Lighthouse) are measured by `npm run bench` against the budgets in bench/budgets.ts.
 */
export const guards = { htmlKB: 40, interactiveScriptKB: 150 } as const;

const phone = touchPhone;
const desktop = { width: 1440, height: 900 };

/** Every <script> in a page's HTML: its attributes and its text. */
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = "", text = ""]) => ({
    attributes,
    text,
  }));
const isData = ({ attributes }: { attributes: string }) =>
  /\btype="(application\/ld\+json|speculationrules)"/.test(attributes);

/** What the browser asked for, by resource type. */
function requestsOf(page: Page, origin: string) {
  const requests: { url: string; type: string }[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(origin)) requests.push({ url: request.url(), type: request.resourceType() });
  });
  return requests;
}

/** Statuses of internal URLs, shared by the pages a worker checks. */
const statuses = new Map<string, Promise<number>>();
const statusOf = (request: APIRequestContext, path: string) => {
  if (!statuses.has(path))
    statuses.set(
      path,
      request.get(path, { maxRedirects: 0 }).then((r) => r.status()),
    );
  return statuses.get(path)!;
};
const htmlOf = new Map<string, Promise<string>>();
const textOf = (request: APIRequestContext, path: string) => {
  if (!htmlOf.has(path))
    htmlOf.set(
      path,
      request.get(path).then((r) => r.text()),
    );
  return htmlOf.get(path)!;
};

for (const { name, path } of pagesToCheck()) {
  test(`${name} (${path}): served, shown with and without JavaScript, accessible, styled by its own rules, links whole`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const expectedStatus = path === notFoundPath ? 404 : 200;
    const response = await request.get(path);
    expect(response.status()).toBe(expectedStatus);
    const html = await response.text();
    const interactive = hasModuleScript(html);

    await test.step("its HTML: head, scripts allowed by the policy, size", async () => {
      await expectHead(html, path);
      const { bytes, headerBytes, encoding } = await transferSize(`${baseURL}${path}`, "br, gzip");
      expect.soft(encoding).toBe("br");
      expect.soft((bytes + headerBytes) / 1024, `${path}: HTML as sent, with its headers`).toBeLessThan(guards.htmlKB);

      const scripts = scriptsIn(html);
      const rules = scripts.filter(({ attributes }) => /\btype="speculationrules"/.test(attributes));
      expect.soft(rules, "one set of speculation rules").toHaveLength(1);
      expect.soft(JSON.parse(rules[0]?.text ?? "null")).toEqual({
        prerender: [{ source: "document", where: { href_matches: "/*" }, eagerness: "moderate" }],
      });
      const code = scripts.filter((script) => !isData(script));
      if (interactive) {
        expect.soft(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
        expect.soft(html).toContain("__reactRouterContext");
      } else {
        // The menu's closing line, and at most a few more lines of the page's own: inline and classic.
        expect
          .soft(
            code.some(({ text }) => text.includes("hidePopover")),
            "the menu's inline script",
          )
          .toBe(true);
        for (const { attributes } of code)
          expect.soft(attributes, "an inline classic script").not.toMatch(/\bsrc=|module/);
        expect.soft(html).not.toContain("modulepreload");
        expect.soft(html).not.toContain("__reactRouter");
      }
      // Every inline script is allowed by its hash or by the response's nonce.
      const csp = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      for (const { attributes, text } of code.filter(({ attributes }) => !/\bsrc=/.test(attributes))) {
        if (nonce && attributes.includes(`nonce="${nonce}"`)) continue;
        const hash = createHash("sha256").update(text).digest("base64");
        expect.soft(csp, `${path}: <script${attributes}> is allowed by its hash`).toContain(`'sha256-${hash}'`);
      }
    });

    const phoneContext = await browser.newContext(phone);
    const phonePage = await phoneContext.newPage();
    await test.step(`on a ${phone.viewport.width} px touch screen with JavaScript: no policy violation or error, ${interactive ? "hydrates at once" : "runs nothing"}, accessible, finger-sized`, async () => {
      await phonePage.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(
            `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
          ),
        );
      });
      const errors: string[] = [];
      phonePage.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      phonePage.on("pageerror", (error) => errors.push(error.message));
      phonePage.on("response", (r) => {
        if (r.status() >= 400) errors.push(`${r.status()} for ${r.url()}`);
      });
      const requests = requestsOf(phonePage, baseURL!);
      await phonePage.goto(path);
      await waitForHydration(phonePage);
      await phonePage.waitForLoadState("networkidle");

      const scripts = () =>
        requests.filter(({ url, type }) => type === "script" || /\.m?js$/.test(new URL(url).pathname));
      if (interactive) {
        expect.soft(await isHydrated(phonePage), "React has hydrated the page").toBe(true);
        expect
          .soft(scripts().map(({ url }) => new URL(url).pathname))
          .toContainEqual(expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/));
        // The entry adds the whole sheet, after the page's own rules: equal rules, the later win, same result.
        const { href } = wholeStylesheet();
        const sheets = await phonePage.evaluate(() =>
          [...document.styleSheets].map((sheet) => ({
            href: sheet.href && new URL(sheet.href).pathname,
            rules: sheet.cssRules.length,
          })),
        );
        expect.soft(sheets.map((sheet) => sheet.href)).toEqual([null, href]);
        expect.soft(sheets[1]?.rules ?? 0).toBeGreaterThan(sheets[0]?.rules ?? 0);
        let scriptBytes = 0;
        for (const { url } of scripts()) scriptBytes += (await transferSize(url, "br, gzip")).bytes;
        expect.soft(scriptBytes / 1024, `${path}: script as sent`).toBeLessThan(guards.interactiveScriptKB);
      } else {
        // What once woke a page up (a pointer move, a wheel turn, a key) loads nothing.
        await phonePage.mouse.move(2, 2);
        await phonePage.mouse.move(1, 1);
        await phonePage.mouse.wheel(0, 600);
        await phonePage.keyboard.press("Tab");
        await phonePage.waitForTimeout(300);
        expect.soft(scripts(), `${path} loads no script`).toEqual([]);
        expect
          .soft(
            requests.filter(({ type }) => type === "stylesheet"),
            `${path} fetches no stylesheet`,
          )
          .toEqual([]);
        expect.soft(await isHydrated(phonePage)).toBe(false);
        // The menu's script ran, allowed by the policy: the menu listens for a chosen link.
        const cdp = await phonePage.context().newCDPSession(phonePage);
        const { result } = await cdp.send("Runtime.evaluate", { expression: 'document.getElementById("site-menu")' });
        const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
        expect.soft(listeners.map((listener) => listener.type)).toEqual(["click"]);
        await cdp.detach();
      }
      const violations = await phonePage.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect.soft(violations, "CSP violations").toEqual([]);
      // Chromium notes the 404 page's status; the page itself logs nothing.
      const notFoundNote = (text: string) =>
        path === notFoundPath && (/status of 404/.test(text) || text === `404 for ${baseURL}${notFoundPath}`);
      expect
        .soft(
          errors.filter((text) => !notFoundNote(text)),
          "console errors",
        )
        .toEqual([]);

      await expectImages(phonePage, phone.viewport);
      await expectNoAxeViolations(phonePage, `${path} at ${phone.viewport.width}px`);
      const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${path} scrolls sideways at ${phone.viewport.width} px`).toBeLessThanOrEqual(0);
      expectFingerSized(await targetsOn(phonePage), path);
      await expectMenuFingerSized(phonePage, path);
    });
    await phoneContext.close();

    await test.step(`with JavaScript at ${desktop.width} px: images and accessibility`, async () => {
      await page.setViewportSize(desktop);
      await page.goto(path);
      await page.waitForLoadState("load");
      await expectImages(page, desktop);
      await expectNoAxeViolations(page, `${path} at ${desktop.width}px`);
    });

    await test.step("without JavaScript: its own rules paint as the whole sheet would, and every link and resource answers", async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone.viewport });
      // Pictures change no rule that applies, and not drawing them spares every load their decoding:
      // their addresses are checked over HTTP.
      await context.route(/\.(svg|png|jpe?g|webp)(\?|$)/, (route) => route.abort());
      try {
        const noScriptPage = await context.newPage();
        await noScriptPage.goto(path);
        await expectLinksWhole(noScriptPage, request, path, baseURL!);
        // Prerendered pages carry only the rules their markup uses; the 404 page, rendered by the server, all.
        if (expectedStatus === 200) await expectOwnRulesPaintAsTheWholeSheet(noScriptPage, path, html);
      } finally {
        await context.close();
      }
    });
  });
}

/** The head a page needs to be found, shared and listed: title, description, canonical, robots, share image, JSON-LD. */
async function expectHead(html: string, path: string) {
  expect.soft(html, path).toMatch(/<title>[^<]+ \| Lahore Promo Works<\/title>/);
  if (path === notFoundPath) {
    expect.soft(html).toMatch(/<meta name="robots" content="noindex, follow"\/?>/);
    return;
  }
  const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  expect.soft(canonical && new URL(canonical).pathname, "canonical").toBe(path);
  expect.soft(html, "Content is in the HTML before any script runs").toMatch(/<h1[^>]*>[^<]+/);
  const jsonLd = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/s)?.[1];
  expect.soft(jsonLd, "JSON-LD").toBeDefined();
  if (!sitemapRoutes().includes(path)) {
    // A brand studio: reached from its item, kept out of search.
    expect.soft(path).toBe(studioPage);
    expect.soft(html).toMatch(/<meta name="robots" content="noindex, follow"\/?>/);
    return;
  }
  expect.soft(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect.soft(html).toMatch(/<meta name="keywords" content="[^"]+"/);
  expect.soft(html).toMatch(/<meta name="robots" content="index, follow"\/?>/);
  expect.soft(html).toMatch(/<meta property="og:image:width" content="1200"\/?>/);
  expect.soft(html).toMatch(/<meta property="og:image:height" content="630"\/?>/);
  // Each page's own share image (scripts/share-images.ts); link-previews.spec.ts reads them as a preview bot does.
  expect.soft(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/images\/share\/[\w/-]+\.png"/);
  expect.soft(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/?>/);
  expect.soft(html).toContain('href="/contact"');
  const types = ((JSON.parse(jsonLd ?? "{}")["@graph"] ?? []) as { "@type": string }[]).map((node) => node["@type"]);
  expect.soft(types).toEqual(expect.arrayContaining(["Organization", "LocalBusiness"]));
  expect.soft(types.includes("BreadcrumbList"), "a breadcrumb trail but on the home page").toBe(path !== "/");
}

/** Images have sizes and alt text, load lazily below the fold and come at about their shown size; the LCP image first. */
async function expectImages(page: Page, viewport: { width: number; height: number }) {
  const images = await page.evaluate(() =>
    [...document.images].map((img) => ({
      html: img.outerHTML.slice(0, 160),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
      loading: img.getAttribute("loading"),
      visible: img.checkVisibility(),
      top: img.getBoundingClientRect().top + window.scrollY,
      src: img.currentSrc || img.src,
      naturalWidth: img.complete ? img.naturalWidth : 0,
      shownWidth: img.getBoundingClientRect().width,
    })),
  );
  for (const image of images) {
    expect.soft(image.width, `width on ${image.html}`).toMatch(/^\d+$/);
    expect.soft(image.height, `height on ${image.html}`).toMatch(/^\d+$/);
    expect.soft(image.alt, `alt on ${image.html}`).not.toBeNull();
    const file = new URL(image.src, page.url()).pathname;
    // Raster images are served as AVIF or WebP; vector art as SVG.
    expect.soft(file, `format of ${image.html}`).toMatch(/\.(avif|webp|svg)$|^data:/);
    if (image.visible && image.naturalWidth > 0 && !file.endsWith(".svg")) {
      expect
        .soft(image.naturalWidth, `file width of ${image.html} shown ${Math.round(image.shownWidth)}px wide`)
        .toBeLessThanOrEqual(Math.max(2 * image.shownWidth, 96));
    }
    if (image.visible && image.top >= viewport.height) {
      expect.soft(image.loading, `below the fold at ${viewport.width}px: ${image.html}`).toBe("lazy");
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
    expect.soft(lcp.loading, `LCP image at ${viewport.width}px is not lazy: ${lcp.html}`).not.toBe("lazy");
    expect.soft(lcp.fetchPriority, `LCP image at ${viewport.width}px: ${lcp.html}`).toBe("high");
  }
}

/** Every internal link, image, stylesheet, script, icon and form in the served page answers, and every #anchor exists. */
/** Every link, picture, script, icon and form of the page loaded in `page` answers, and every #anchor exists. */
async function expectLinksWhole(page: Page, request: APIRequestContext, path: string, baseURL: string) {
  const refs = await page.evaluate(() => {
    const found: [string, string, string][] = [];
    const add = (kind: string, value: string | null) => {
      if (value) found.push([kind, value, new URL(value, document.baseURI).href]);
    };
    for (const a of document.querySelectorAll("a[href], area[href]")) add("link", a.getAttribute("href"));
    for (const el of document.querySelectorAll("img[src], script[src], source[src], video[src], audio[src]"))
      add(el.tagName.toLowerCase(), el.getAttribute("src"));
    for (const el of document.querySelectorAll("img[srcset], source[srcset]"))
      for (const candidate of el.getAttribute("srcset")!.split(","))
        add("srcset", candidate.trim().split(/\s+/)[0] ?? "");
    for (const link of document.querySelectorAll("link[href]")) {
      const rel = link.getAttribute("rel") ?? "";
      if (/canonical|alternate/.test(rel)) continue; // absolute public URLs: their paths are checked above
      add(`link rel=${rel}`, link.getAttribute("href"));
    }
    for (const form of document.querySelectorAll("form[action]")) add("form action", form.getAttribute("action"));
    return { found, ids: [...document.querySelectorAll("[id]")].map((el) => el.id) };
  });
  const origin = new URL(baseURL).origin;
  const problems: string[] = [];
  for (const [kind, written, href] of refs.found) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    const here = `${kind} "${written}" on ${path}`;
    const id = decodeURIComponent(url.hash.slice(1));
    if (url.pathname === path && id) {
      if (!refs.ids.includes(id)) problems.push(`${here}: no #${id} on the page`);
      continue;
    }
    const status = await statusOf(request, url.pathname + url.search);
    if (status !== 200) problems.push(`${here} answers ${status}`);
    else if (kind === "link" && id && !(await textOf(request, url.pathname)).includes(`id="${id}"`))
      problems.push(`${here}: no #${id} on ${url.pathname}`);
  }
  expect.soft(problems).toEqual([]);
  expect.soft(refs.found.length, "the page links somewhere").toBeGreaterThan(10);
}

/**
 * A prerendered page carries only the CSS rules its own markup uses (scripts/critical-css.ts). As served,
 * before any script runs, it must look exactly as it would with the whole stylesheet (Vite's
 * /assets/app-*.css, from the same app/app.css): every element and its ::before/::after/::marker compute the
 * same styles at a phone's and a desktop's width.
 */
async function expectOwnRulesPaintAsTheWholeSheet(page: Page, path: string, served: string) {
  const fullCss = wholeStylesheet().css;
  const critical = inlineStylesheet(served);
  expect.soft(critical, `${path} carries its stylesheet`).toBeDefined();
  if (critical === undefined) return;
  expect.soft(critical.length, `${path} carries fewer rules than the whole sheet`).toBeLessThan(fullCss.length);
  const withFullSheet = served.replace(critical, () => fullCss);

  // One load at a phone's width, then the window widened: the styles at both, with the detail asked for.
  // The page comes loaded as served, at a phone's width.
  let loaded = true;
  const stylesAtBothWidths = async (body?: string, detailFor: number[][] = [[], []]) => {
    await page.unroute(path);
    if (body) await page.route(path, (route) => route.fulfill({ contentType: "text/html", body }));
    await page.setViewportSize(phone.viewport);
    if (!loaded || body) await page.goto(path);
    loaded = false;
    const styles = [];
    for (const [index, viewport] of [phone.viewport, desktop].entries()) {
      await page.setViewportSize(viewport);
      await settled(page);
      styles.push(await computedStyles(page, detailFor[index]));
    }
    return styles;
  };
  const own = await stylesAtBothWidths();
  const whole = await stylesAtBothWidths(withFullSheet);
  // The first elements (html, head and what is in it) draw nothing.
  const differing = own.map(({ hashes }, width) =>
    hashes.flatMap((h, index) => (h === whole[width]!.hashes[index] || index < 12 ? [] : [index])).slice(0, 6),
  );
  for (const [width, viewport] of [phone.viewport, desktop].entries())
    expect
      .soft(whole[width]!.hashes.length, `${path} at ${viewport.width} px: same elements`)
      .toBe(own[width]!.hashes.length);
  if (differing.every((indexes) => indexes.length === 0)) return;
  const wholeDetails = await stylesAtBothWidths(withFullSheet, differing);
  const ownDetails = await stylesAtBothWidths(undefined, differing);
  for (const [width, viewport] of [phone.viewport, desktop].entries()) {
    const report = differing[width]!.map((index) => {
      const a = ownDetails[width]!.details[index]!;
      const b = wholeDetails[width]!.details[index]!;
      const changed = Object.keys(b).filter((property) => a[property] !== b[property]);
      return `${b.element}: ${changed.map((p) => `${p} ${a[p]} ≠ ${b[p]}`).join(", ")}`;
    });
    expect.soft(report, `${path} at ${viewport.width} px, its own rules against the whole sheet`).toEqual([]);
  }
}
