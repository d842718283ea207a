import { expect, test } from "./support/test";

// The same list the site prerenders and puts in its sitemap.
async function sitemapPaths(request: import("@playwright/test").APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

test("sitemap lists every public route with absolute URLs; robots.txt names it", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  // 14 pages, 27 catalogue items, 6 articles.
  expect(locs.length).toBe(47);
  for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//);
  const paths = locs.map((loc) => new URL(loc).pathname);
  expect(paths).toEqual(
    expect.arrayContaining(["/", "/portfolio", "/portfolio/naprox-pen-blue", "/contact", "/products/clocks", "/blog"]),
  );

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("User-agent: *");
  expect(robots).toContain("Allow: /");
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

test("every public route is served as complete HTML with its own title, description, canonical and JSON-LD", async ({
  request,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of await sitemapPaths(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toMatch(/ \| Lahore Promo Works$/);
    titles.add(title!);
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(description, path).toBeTruthy();
    descriptions.add(description!);
    expect(html, path).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(html, path).toMatch(/<meta name="robots" content="index, follow"\/?>/);
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(new URL(canonical!).pathname, path).toBe(path);
    expect(html, path).toMatch(/<meta property="og:image:width" content="1200"\/?>/);
    expect(html, path).toMatch(/<meta property="og:image:height" content="630"\/?>/);
    // Each page's own share image (scripts/share-images.ts); link-previews.spec.ts fetches them.
    expect(html, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/images\/share\/[\w/-]+\.png"/);
    expect(html, path).toMatch(/<meta name="twitter:card" content="summary_large_image"\/?>/);

    const jsonLd = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/s)?.[1];
    const types = (JSON.parse(jsonLd!)["@graph"] as { "@type": string }[]).map((node) => node["@type"]);
    expect(types, path).toEqual(expect.arrayContaining(["Organization", "LocalBusiness"]));
    expect(types.includes("BreadcrumbList"), path).toBe(path !== "/");

    // Content is in the HTML before any script runs.
    expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
    expect(html, path).toContain('href="/contact"');
  }
  expect(titles.size).toBe(47);
  expect(descriptions.size).toBe(47);
});

test("the default share image is a real 1200x630 PNG", async ({ request }) => {
  const response = await request.get("/og-image.png");
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  expect(bytes.readUInt32BE(16)).toBe(1200);
  expect(bytes.readUInt32BE(20)).toBe(630);
});

test("a trailing slash redirects once to the canonical path", async ({ request }) => {
  const redirect = await request.get("/about/", { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe("/about");
  expect((await request.get("/about", { maxRedirects: 0 })).status()).toBe(200);
});
