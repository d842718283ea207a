import Parser from "rss-parser";
import { articleSummaries } from "../../app/content/articles.server";
import { expect, test } from "./support/test";

test("a feed reader reads every article from /blog/feed.xml, each with a date, a summary and a URL that answers", async ({
  request,
  baseURL,
}) => {
  const feed = await new Parser().parseURL(`${baseURL}/blog/feed.xml`);
  const articles = articleSummaries();
  expect(feed.items).toHaveLength(6);
  expect(feed.items.map((item) => item.title)).toEqual(articles.map((article) => article.title));
  for (const item of feed.items) {
    expect(new Date(item.isoDate!).getTime(), item.title).not.toBeNaN();
    expect(item.contentSnippet?.length, item.title).toBeGreaterThan(60);
    const url = new URL(item.link!);
    expect(url.protocol, item.link).toMatch(/^https?:$/);
    const page = await request.get(url.pathname);
    expect(page.status(), item.link).toBe(200);
    expect(await page.text(), item.link).toContain(
      `<title>${item.title!.replace(/&/g, "&amp;")} | Lahore Promo Works</title>`,
    );
  }
});

test("the blog's pages name the feed in their head", async ({ request }) => {
  for (const path of ["/blog", `/blog/${articleSummaries()[0]!.slug}`]) {
    const html = await (await request.get(path)).text();
    const link = html.match(/<link rel="alternate" type="application\/rss\+xml"[^>]*>/)?.[0];
    expect(link, path).toMatch(/href="https?:\/\/[^"]+\/blog\/feed\.xml"/);
    expect(link, path).toMatch(/title="[^"]+"/);
  }
});
