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

// The head of each page template (description, canonical, robots, share image, JSON-LD) is checked in
// page-templates.spec.ts; what only the whole site shows is checked here.
test("every public route answers with a title and a description of its own", async ({ request }) => {
  const paths = await sitemapPaths(request);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toMatch(/ \| Lahore Promo Works$/);
    titles.add(title!);
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(description, path).toBeTruthy();
    descriptions.add(description!);
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
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
