import type { MetaDescriptor } from "react-router";
import type { Thing } from "schema-dts";
import { absoluteUrl, business } from "~/content/business";
import { pageTitle } from "./page-title";
import { type ShareImage, shareImage } from "./share-image";
import { breadcrumbList, type Crumb, jsonLdGraph } from "./structured-data";

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
