import { Feed } from "feed";
import { articleSummaries } from "~/content/articles.server";
import { articleFeed, articleFeedDescription } from "~/content/blog";
import { absoluteUrl, business } from "~/content/business";

/**
 * Every article as RSS 2.0: title, date, summary (the excerpt) and absolute URL. Its date is the newest
 * article's, so the feed changes only when the articles do.
 */
export function articleFeedXml(): string {
  const articles = articleSummaries();
  const published = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: absoluteUrl("/blog"),
    link: absoluteUrl("/blog"),
    title: articleFeed.title,
    description: articleFeedDescription,
    language: "en",
    copyright: `© ${business.name}`,
    generator: false,
    updated: articles[0] ? published(articles[0].date) : undefined,
    feedLinks: { rss: absoluteUrl(articleFeed.path) },
    image: absoluteUrl("/og-image.png"),
  });
  for (const article of articles) {
    const url = absoluteUrl(`/blog/${article.slug}`);
    feed.addItem({
      title: article.title,
      id: url,
      link: url,
      date: published(article.date),
      description: article.excerpt,
      category: [{ name: article.category }],
    });
  }
  return feed.rss2();
}
