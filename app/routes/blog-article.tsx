import { data } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";
import { articleSlugs } from "~/public-paths.server";
import type { Route } from "./+types/blog-article";

export function loader({ params }: Route.LoaderArgs) {
  if (!articleSlugs().includes(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? seo({
        title: loaderData.slug,
        description: loaderData.slug,
        keywords: ["promotional products"],
        path: `/blog/${loaderData.slug}`,
        breadcrumbs: [
          { name: "Blog", path: "/blog" },
          { name: loaderData.slug, path: `/blog/${loaderData.slug}` },
        ],
        type: "article",
      })
    : [];

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  return <PageHero title={loaderData.slug} />;
}
