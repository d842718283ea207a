import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "./support/test";
import { allPages, clientDir, getText, notFoundPath, sitemapPaths, sitemapRoutes, waitForHydration } from "./support/site";

const routes = sitemapRoutes();

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src")) ?? "";
  expect(scriptSrc, `${where}: script-src`).toMatch(/^script-src 'self'/);
  expect(scriptSrc, `${where}: script-src`).not.toContain("unsafe-inline");
  expect(scriptSrc, `${where}: script-src`).not.toContain("unsafe-eval");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers["strict-transport-security"], where).toMatch(/max-age=\d{8,}/);
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], where).toContain("camera=()");
  expect(headers["x-powered-by"], where).toBeUndefined();
}

test("the sitemap the server sends lists the same routes as the build's sitemap file", async ({ request }) => {
  const { text } = await getText(request, "/sitemap.xml");
  expect(sitemapPaths(text)).toEqual(routes);
  expect(routes.length).toBeGreaterThan(0);
});

for (const path of allPages()) {
  test(`${path}: HTML is revalidated, precompressed and sent with the security headers`, async ({ request }) => {
    const expectedStatus = path === notFoundPath ? 404 : 200;
    for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["identity", undefined]] as const) {
      const response = await request.get(path, { headers: { "accept-encoding": accept } });
      expect(response.status(), `${path} (${accept})`).toBe(expectedStatus);
      const headers = response.headers();
      expect(headers["content-type"]).toContain("text/html");
      expect(headers["content-encoding"], `${path} with Accept-Encoding: ${accept}`).toBe(encoding);
      expect(headers.vary ?? "", path).toMatch(/accept-encoding/i);
      expectSecurityHeaders(headers, path);
      // Every inline script in the page is allowed by a hash or by the response's nonce.
      const html = await response.text();
      const csp = headers["content-security-policy"]!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const inline = [...html.matchAll(/(<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>)([\s\S]*?)<\/script>/g)];
      expect(inline.length, `${path} has React Router's inline scripts`).toBeGreaterThan(0);
      for (const [, tag = "", body = ""] of inline) {
        if (nonce && tag.includes(`nonce="${nonce}"`)) continue;
        const hash = createHash("sha256").update(body).digest("base64");
        expect(csp, `${path}: ${tag} is allowed by its hash`).toContain(`'sha256-${hash}'`);
      }
      expect(html).not.toMatch(/sourceMappingURL/);
      // The stylesheet is in the page: nothing blocks the first paint for another round trip. A
      // prerendered page carries its own rules and names the whole sheet; the 404 page carries it all.
      const style = /<style id="site-css"(?: data-href="(\/assets\/site-[\w-]+\.css)")?>([^<]*)<\/style>/.exec(html);
      expect(style, `${path} carries its stylesheet`).toBeTruthy();
      const [, fullSheet, inlineCss = ""] = style!;
      expect(inlineCss.length, `${path} carries its stylesheet`).toBeGreaterThan(10_000);
      expect(Boolean(fullSheet), `${path} names the whole stylesheet`).toBe(path !== notFoundPath);
      expect(html, `${path} links no stylesheet`).not.toMatch(/<link[^>]*rel="stylesheet"/);
    }
    if (expectedStatus === 200) {
      const first = await request.get(path);
      expect(first.headers()["cache-control"]).toBe("no-cache");
      const etag = first.headers().etag;
      expect(etag, `${path} has an ETag`).toBeTruthy();
      // The ETag alone revalidates: a page's headers count towards its first round trip.
      expect(first.headers()["last-modified"], path).toBeUndefined();
      const again = await request.get(path, { headers: { "if-none-match": etag! } });
      expect(again.status(), `${path} revalidates to 304`).toBe(304);
    }
  });
}

test("hashed assets are cached for a year, immutable, and compressed by the client's choice", async ({ request }) => {
  const html = await (await request.get("/")).text();
  // The font, and the modules the hydration script asks for.
  const assets = [...new Set([...html.matchAll(/["(](\/assets\/[^")]+)[")]/g)].map((m) => m[1]!))];
  expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
  expect(assets.some((a) => a.endsWith(".woff2"))).toBe(true);
  for (const asset of assets) {
    const response = await request.get(asset, { headers: { "accept-encoding": "br" } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(response.headers(), asset);
    // A file that never changes needs no validators: fewer header bytes on every asset request.
    expect(response.headers().etag, asset).toBeUndefined();
    expect(response.headers()["last-modified"], asset).toBeUndefined();
    if (/\.(js|css)$/.test(asset)) {
      expect(response.headers()["content-encoding"], asset).toBe("br");
      expect(response.headers().vary, asset).toMatch(/accept-encoding/i);
      const gzip = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers()["content-encoding"], asset).toBe("gzip");
      // The body decodes to the file the build wrote.
      expect(await gzip.text()).toBe(readFileSync(join(clientDir, asset), "utf8"));
    }
  }
});

test("images carry the version of the build that made the page, are cached a year at it, and revalidated without it", async ({
  request,
}) => {
  const sources = new Set<string>();
  for (const path of ["/", "/portfolio", "/products/pens", "/case-studies"]) {
    const html = await (await request.get(path)).text();
    for (const [, src] of html.matchAll(/<img [^>]*src="([^"]+)"/g)) sources.add(src!);
  }
  const versions = new Set([...sources].map((src) => /^\/images\/[\w./-]+\?v=([0-9a-f]{10})$/.exec(src)?.[1]));
  expect(versions.size, [...sources].join("\n")).toBe(1);
  expect(versions.has(undefined), [...sources].join("\n")).toBe(false);

  for (const src of [...sources].slice(0, 6)) {
    const current = await request.get(src);
    expect(current.status(), src).toBe(200);
    expect(current.headers()["cache-control"], src).toBe("public, max-age=31536000, immutable");
    expect(current.headers().etag, src).toBeUndefined();
    // A page from an older build asks for the same file at another version: the file, briefly cached.
    for (const stale of [src.replace(/\?v=.*/, ""), src.replace(/\?v=.*/, "?v=0000000000")]) {
      const response = await request.get(stale);
      expect(response.status(), stale).toBe(200);
      expect(response.headers()["cache-control"], stale).toBe("public, max-age=3600");
      expect(response.headers().etag, stale).toBeTruthy();
    }
  }
});

test("the page's own rules stay through hydration and client-side navigation; the whole sheet is prefetched and applies from the first gesture", async ({
  context,
}) => {
  // A page of our own: the fixture's `goto` would point at the page, which applies the sheet.
  const page = await context.newPage();
  // What came over the network: a response taken from the browser's cache brings no body bytes.
  const requested: string[] = [];
  page.on("requestfinished", async (request) => {
    if ((await request.sizes()).responseBodySize > 0) requested.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  const styled = () =>
    page.evaluate(() => ({
      sheets: document.querySelectorAll("style#site-css").length,
      length: document.getElementById("site-css")?.textContent?.length ?? 0,
      font: getComputedStyle(document.body).fontFamily,
    }));
  const before = await styled();
  expect(before.sheets).toBe(1);
  expect(before.font).toContain("Inter");
  const wholeSheet = /data-href="([^"]+)"/.exec(await (await page.request.get("/")).text())![1]!;
  const wholeSheetLinks = () =>
    page.evaluate((href) => [...document.querySelectorAll<HTMLLinkElement>(`link[href="${href}"]`)].map((link) => link.rel), wholeSheet);
  // Fetched after load, but a visitor who only reads never makes the browser parse it and restyle the page.
  await expect.poll(() => requested.includes(wholeSheet)).toBe(true);
  expect(await wholeSheetLinks()).toEqual(["prefetch"]);
  await waitForHydration(page);
  expect(await wholeSheetLinks()).toEqual(["prefetch", "stylesheet"]);
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await styled()).toEqual(before);
  expect(requested.filter((path) => path === wholeSheet), "fetched once, then taken from the cache").toHaveLength(1);
  // The next page's own rules are not in the first page's <style>: the whole sheet styles it.
  expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/site-")))).toBe(true);
});

test("one trailing-slash policy: /about/ redirects once to /about, the query kept", async ({ request }) => {
  const response = await request.get("/about/?ref=x", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/about?ref=x");
  expectSecurityHeaders(response.headers(), "/about/");
  expect((await request.get("/about", { maxRedirects: 0 })).status()).toBe(200);
});

test("server-rendered responses carry a fresh nonce and are compressed on the fly", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get(notFoundPath, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.add(nonce!);
  }
  expect(nonces.size).toBe(2);
});

test("no source maps in the production build and none referenced", async () => {
  const all = [...files(clientDir)];
  expect(all.filter((file) => file.endsWith(".map")).map((file) => relative(clientDir, file))).toEqual([]);
  for (const file of all.filter((f) => f.endsWith(".js") || f.endsWith(".css"))) {
    expect(readFileSync(file, "utf8"), relative(clientDir, file)).not.toMatch(/sourceMappingURL=/);
  }
});
