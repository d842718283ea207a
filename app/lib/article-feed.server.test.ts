import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { articleSummaries } from "~/content/articles.server";
import { articleFeed } from "~/content/blog";
import { siteUrl } from "~/content/business";
import { articleFeedXml } from "./article-feed.server";

describe("articleFeedXml()", () => {
  it("is RSS a feed parser reads: every article, newest first, with its title, date, summary and absolute URL", async () => {
    const feed = await new Parser().parseString(articleFeedXml());
    const articles = articleSummaries();
    expect(feed.title).toBe(articleFeed.title);
    expect(feed.link).toBe(`${siteUrl}/blog`);
    expect(feed.items).toHaveLength(articles.length);
    feed.items.forEach((item, index) => {
      const article = articles[index]!;
      expect(item.title).toBe(article.title);
      expect(item.link).toBe(`${siteUrl}/blog/${article.slug}`);
      expect(item.isoDate).toBe(`${article.date}T00:00:00.000Z`);
      expect(item.contentSnippet).toBe(article.excerpt);
    });
  });

  it("is the same text on every build while the articles stay the same", () => {
    expect(articleFeedXml()).toBe(articleFeedXml());
    expect(articleFeedXml()).toContain(
      `<lastBuildDate>${new Date(`${articleSummaries()[0]!.date}T00:00:00Z`).toUTCString()}</lastBuildDate>`,
    );
  });
});
