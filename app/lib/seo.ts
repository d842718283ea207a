import type { MetaDescriptor } from "react-router";
import type { Thing } from "schema-dts";
import { articleFeed } from "~/content/blog";
import { absoluteUrl, business } from "~/content/business";
import { breadcrumbList, type Crumb, jsonLdGraph } from "./structured-data";

/** A page's title in the browser's tab and in search results: the site's name follows it. */
export function pageTitle(title: string) {
  return `${title} | ${business.name}`;
}

/**
 * The picture a link preview shows (Open Graph; X reads the same tags): every public page has one of its own, drawn
 * from its content when the site builds (scripts/share-images.ts) into public/images/share, where the
 * page's path names it: /portfolio/onset-pen → /images/share/portfolio/onset-pen.png. Only link previews
 * fetch it, once, so it keeps its name and the server's one-hour cache.
 */

export type ShareImage = { path: string; width: number; height: number; alt: string };

export const shareImageSize = { width: 1200, height: 630 } as const;

/** Where the build writes the share images, under public/. */
export const shareImagesDir = "/images/share";

/** The file of a page's share image, as a path under public/: "/" → /images/share/home.png. */
export function shareImageFile(pagePath: string): string {
  return `${shareImagesDir}${pagePath === "/" ? "/home" : pagePath}.png`;
}

/** A page's share image, as its head names it; `alt` says what the picture shows. */
export function shareImage(pagePath: string, alt: string): ShareImage {
  return { path: shareImageFile(pagePath), ...shareImageSize, alt };
}

/** The head link that tells browsers and feed readers where the articles' feed is: on the blog's pages. */
export function articleFeedLink(): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: articleFeed.title,
    href: absoluteUrl(articleFeed.path),
  };
}

export type PageSeo = {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's path, e.g. "/about": the canonical URL is built from it. */
  path: string;
  /** Crumbs after Home; omit on the home page only. */
  breadcrumbs?: Crumb[];
  type?: "website" | "article";
  /** The link preview's picture: by default the page's own share image, described by its title. */
  image?: ShareImage;
  /** Extra JSON-LD nodes (e.g. a BlogPosting). */
  structuredData?: Thing[];
  robots?: string;
};

/** The whole head for a page: title, description, canonical, Open Graph, Twitter and JSON-LD. */
export function seo(page: PageSeo): MetaDescriptor[] {
  const title = pageTitle(page.title);
  const url = absoluteUrl(page.path);
  const image = page.image ?? shareImage(page.path, title);
  const imageUrl = absoluteUrl(image.path);
  const nodes: Thing[] = [
    ...(page.breadcrumbs ? [breadcrumbList(page.breadcrumbs)] : []),
    ...(page.structuredData ?? []),
  ];
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    { name: "robots", content: page.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:locale", content: business.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    // X reads the title, description and image from the Open Graph tags above; it needs only the card.
    { name: "twitter:card", content: "summary_large_image" },
    { "script:ld+json": jsonLdGraph(nodes) },
  ];
}
