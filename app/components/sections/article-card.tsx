import { ArrowRight, CalendarDays, Clock } from "lucide-react";
import { cn } from "~/lib/utils";

export type ArticleCardData = {
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  /** ISO date, e.g. 2026-01-15. */
  date: string;
  /** The date as readers see it, e.g. January 15, 2026. */
  dateLabel: string;
  readingMinutes: number;
};

/** Publication date and reading time, on cards and at the top of an article. */
export function ArticleDateline({
  article,
  className,
}: {
  article: Pick<ArticleCardData, "date" | "dateLabel" | "readingMinutes">;
  className?: string;
}) {
  return (
    <p className={cn("flex flex-wrap items-center text-sm", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={article.date}>{article.dateLabel}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {article.readingMinutes} min read
      </span>
    </p>
  );
}

/** A blog card: category, title, excerpt, date and a Read More link to the article. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blog/${article.slug}`;
  return (
    <article className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <p className="self-start rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
        {article.category}
      </p>
      <Heading className="mt-4 text-xl font-bold tracking-tight text-balance">{article.title}</Heading>
      <p className="mt-3 flex-1 text-muted-foreground text-pretty">{article.excerpt}</p>
      <ArticleDateline article={article} className="mt-5 gap-x-4 gap-y-1 text-muted-foreground" />
      <a
        href={href}
        className="mt-5 inline-flex items-center gap-1.5 self-start font-semibold text-primary underline-offset-4 hover:underline pointer-coarse:mt-3 pointer-coarse:min-h-11"
      >
        {/* Seen: "Read More"; read out and indexed: which article (search engines flag a bare "Read More"). */}
        <span aria-hidden="true">Read More</span>
        <span className="sr-only">Read More: {article.title}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    </article>
  );
}
