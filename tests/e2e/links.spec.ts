import { expect, test } from "./support/test";
import { notFoundPath, sitemapRoutes } from "./support/site";

type PageScan = {
  ids: string[];
  /** [kind, URL as written, resolved absolute URL] */
  refs: [string, string, string][];
};

// A crawl from / (plus every sitemap route and the 404 page, so a page nothing links to yet is
// still checked): every internal link, image, stylesheet, script, icon and #anchor must resolve.
test("no broken internal link, image, stylesheet or anchor anywhere on the site", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // The served HTML as it is, before any script runs.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const origin = new URL(baseURL!).origin;
  const scans = new Map<string, PageScan>();
  const queue = ["/", ...sitemapRoutes(), notFoundPath];
  const problems: string[] = [];
  const checked = new Map<string, number>();
  const referrers = new Map<string, string>();

  async function status(url: string) {
    if (!checked.has(url)) checked.set(url, (await request.get(url, { maxRedirects: 0 })).status());
    return checked.get(url)!;
  }

  while (queue.length > 0) {
    const path = queue.shift()!;
    if (scans.has(path)) continue;
    const response = await page.goto(path);
    const expected = path === notFoundPath ? 404 : 200;
    if (response?.status() !== expected) {
      problems.push(`${path} answered ${response?.status()} (linked from ${referrers.get(path) ?? "the sitemap"})`);
      scans.set(path, { ids: [], refs: [] });
      continue;
    }
    const scan = await page.evaluate((): PageScan => {
      const refs: [string, string, string][] = [];
      const add = (kind: string, value: string | null) => {
        if (value === null || value === "") return;
        refs.push([kind, value, new URL(value, document.baseURI).href]);
      };
      for (const a of document.querySelectorAll("a[href], area[href]")) add("link", a.getAttribute("href"));
      for (const el of document.querySelectorAll("img[src], script[src], source[src], video[src], audio[src]")) {
        add(el.tagName.toLowerCase(), el.getAttribute("src"));
      }
      for (const el of document.querySelectorAll("img[srcset], source[srcset]")) {
        for (const candidate of el.getAttribute("srcset")!.split(","))
          add("srcset", candidate.trim().split(/\s+/)[0] ?? "");
      }
      for (const link of document.querySelectorAll("link[href]")) {
        const rel = link.getAttribute("rel") ?? "";
        if (/canonical|alternate/.test(rel)) continue; // absolute public URLs, checked by seo.spec.ts
        add(`link rel=${rel}`, link.getAttribute("href"));
      }
      for (const form of document.querySelectorAll("form[action]")) add("form action", form.getAttribute("action"));
      return { ids: [...document.querySelectorAll("[id]")].map((el) => el.id), refs };
    });
    scans.set(path, scan);
    for (const [kind, written, href] of scan.refs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const here = `${kind} "${written}" on ${path}`;
      if (kind === "link" && url.pathname === path && url.hash) continue; // same-page anchor: checked below
      const code = await status(url.pathname + url.search);
      if (code !== 200) {
        problems.push(`${here} answers ${code}`);
        continue;
      }
      if (kind === "link") {
        const contentType = (await request.head(url.pathname)).headers()["content-type"] ?? "";
        if (contentType.includes("text/html") && !scans.has(url.pathname) && !queue.includes(url.pathname)) {
          queue.push(url.pathname);
          referrers.set(url.pathname, path);
        }
      }
    }
  }

  // Anchors: #id must exist on the target page.
  for (const [path, scan] of scans) {
    for (const [kind, written, href] of scan.refs) {
      const url = new URL(href);
      if (url.origin !== origin || !url.hash || url.hash === "#" || !kind.startsWith("link")) continue;
      const target = scans.get(url.pathname);
      const id = decodeURIComponent(url.hash.slice(1));
      if (target && !target.ids.includes(id))
        problems.push(`${kind} "${written}" on ${path}: no #${id} on ${url.pathname}`);
    }
  }
  await context.close();

  expect(problems).toEqual([]);
  expect(scans.has("/")).toBe(true);
  expect(checked.size, "the crawl checked the site's resources").toBeGreaterThan(sitemapRoutes().length);
});
