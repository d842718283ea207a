import { articleFeedXml } from "~/lib/article-feed.server";

export function loader() {
  return new Response(articleFeedXml(), { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
