import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { ArticleBody } from "~/components/sections/article-body";
import { ArticleCard, ArticleDateline } from "~/components/sections/article-card";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { buttonVariants } from "~/components/ui/button";
import { articleBySlug, articleCards } from "~/content/articles.server";
import { articlePage } from "~/content/blog";
import { articleFeedLink, seo, shareImage } from "~/lib/seo";
import { blogPosting } from "~/lib/structured-data";
import type { Route } from "./+types/blog-article";

export function loader({ params }: Route.LoaderArgs) {
  const article = articleBySlug(params.slug);
  if (!article) throw data(null, { status: 404 });
  const { markdown: _markdown, wordCount: _wordCount, ...page } = article;
  const more = articleCards()
    .filter((other) => other.slug !== article.slug)
    .slice(0, 3);
  return { article: page, more };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  const path = `/blog/${article.slug}`;
  const image = shareImage(path, `${article.category}: ${article.title}`);
  return [
    ...seo({
      title: article.title,
      description: article.description,
      keywords: article.keywords,
      path,
      breadcrumbs: [
        { name: "Blog", path: "/blog" },
        { name: article.title, path },
      ],
      type: "article",
      image,
      structuredData: [
        blogPosting({
          title: article.title,
          description: article.description,
          path,
          datePublished: article.date,
          image: image.path,
          section: article.category,
        }),
      ],
    }),
    articleFeedLink(),
  ];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, more } = loaderData;
  return (
    <>
      <article>
        <PageHero eyebrow={article.category} title={article.title} lead={article.excerpt}>
          <div className="flex w-full flex-col gap-5">
            <ArticleDateline article={article} className="gap-x-5 gap-y-2 text-slate-300" />
            <a
              href="/blog"
              className={buttonVariants({ variant: "outlineLight", size: "sm", className: "self-start" })}
            >
              <ArrowLeft aria-hidden="true" />
              Back to Blog
            </a>
          </div>
        </PageHero>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <ArticleBody html={article.html} />
        </div>
      </article>

      {more.length > 0 && (
        <Section tone="muted" aria-labelledby="more-articles-heading">
          <h2 id="more-articles-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {articlePage.moreTitle}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {more.map((other) => (
              <ArticleCard key={other.slug} article={other} headingLevel={3} />
            ))}
          </div>
        </Section>
      )}

      <CtaBand {...articlePage.cta} />
    </>
  );
}
