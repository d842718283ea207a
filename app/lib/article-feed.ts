import type { MetaDescriptor } from "react-router";
import { articleFeed } from "~/content/blog";
import { absoluteUrl } from "~/content/business";

/** The head link that tells browsers and feed readers where the articles' feed is: on the blog's pages. */
export function articleFeedLink(): MetaDescriptor {
  return { tagName: "link", rel: "alternate", type: "application/rss+xml", title: articleFeed.title, href: absoluteUrl(articleFeed.path) };
}
