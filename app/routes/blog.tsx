import { ArticleCard } from "~/components/sections/article-card";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { articleCards } from "~/content/articles.server";
import { blogPage } from "~/content/blog";
import { articleFeedLink, seo } from "~/lib/seo";
import type { Route } from "./+types/blog";

export function loader() {
  return {
    articles: articleCards(),
  };
}

export const meta = () => [
  ...seo({
    title: "Blog",
    description:
      "Articles for pharmaceutical and corporate marketers on choosing, designing and getting results from promotional products in Pakistan.",
    keywords: ["promotional products blog", "pharma marketing giveaways"],
    path: "/blog",
    breadcrumbs: [{ name: "Blog", path: "/blog" }],
  }),
  articleFeedLink(),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={blogPage.eyebrow} title={blogPage.title} lead={blogPage.lead} />
      <Section tone="muted" aria-label="Articles">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </div>
      </Section>
      <CtaBand {...blogPage.cta} />
    </>
  );
}
