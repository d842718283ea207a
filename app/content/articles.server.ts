import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { ArticleCardData } from "../components/sections/article-card";

/**
 * The blog articles: one Markdown file per article in app/content/articles, named <slug>.md.
 * This module is the one source of article slugs (the prerender list, the sitemap, /blog and
 * /blog/:slug all read it). Every file is validated when it is loaded; a bad or missing field
 * throws an error that names the file, so `npm run build` (which prerenders every article) fails.
 *
 * Relative imports only: react-router.config.ts loads this module (through public-paths.server.ts)
 * outside the app's `~` alias.
 */

export const articlesDir = join(process.cwd(), "app/content/articles");

export const articleCategories = [
  "Industry Trends",
  "Buying Guides",
  "Marketing Insights",
  "Sustainability",
  "Quality & Compliance",
  "Strategy",
] as const;

/**
 * Front matter is read as YAML 1.2 (the `yaml` package), which keeps `date: 2026-01-15` a string:
 * gray-matter's default YAML 1.1 parser would turn it into a Date and silently roll an impossible
 * date such as 2026-13-45 over into the next year.
 */
const matterOptions = { engines: { yaml: (text: string) => parseYaml(text) as object } };

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(10).max(100),
    category: z.enum(articleCategories),
    /** Publication date, written YYYY-MM-DD. */
    date: z.iso.date({ message: "must be a real date written YYYY-MM-DD" }),
    /** Shown on the blog card and as the article's lead. */
    excerpt: z.string().trim().min(60).max(260),
    /** The meta description (search results, sharing): keep it within what search engines show. */
    description: z.string().trim().min(70).max(160),
    keywords: z.array(z.string().trim().min(2)).min(2).max(10),
  })
  .strict();

export type ArticleFrontMatter = z.infer<typeof frontMatterSchema>;

export type ArticleSummary = ArticleFrontMatter & {
  slug: string;
  /** The date as readers see it, e.g. "January 15, 2026". */
  dateLabel: string;
  readingMinutes: number;
};

export type Article = ArticleSummary & {
  /** The body as Markdown (without the front matter). */
  markdown: string;
  /** The body as HTML: its headings start at <h2> (the page's <h1> is the title). */
  html: string;
  wordCount: number;
};

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const markdown = new Marked({ gfm: true });
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Words a reader reads: Markdown syntax (headings, emphasis, list marks, link targets) left out. */
export function countWords(body: string): number {
  const text = body
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ")
    .replace(/^\s*\d+\.\s/gm, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export class ArticleError extends Error {
  constructor(fileName: string, problem: string) {
    super(`Article ${fileName}: ${problem}`);
    this.name = "ArticleError";
  }
}

/** Parses and validates one article file. Throws an ArticleError naming the file on any problem. */
export function parseArticle(fileName: string, source: string): Article {
  const slug = fileName.replace(/\.md$/, "");
  if (!slugPattern.test(slug)) {
    throw new ArticleError(fileName, "the file name must be a lowercase slug such as my-article.md");
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options also keeps gray-matter from returning a cached result for identical text.
    parsed = matter(source, matterOptions);
  } catch (error) {
    throw new ArticleError(fileName, `the front matter is not valid YAML (${(error as Error).message})`);
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    throw new ArticleError(fileName, `invalid front matter\n${z.prettifyError(result.error)}`);
  }
  const body = parsed.content.trim();
  if (!body) throw new ArticleError(fileName, "the body is empty");
  const tokens = markdown.lexer(body);
  const topHeading = tokens.find((token) => token.type === "heading" && token.depth < 2);
  if (topHeading) {
    throw new ArticleError(fileName, `headings in the body start at level 2 (##); found "${topHeading.raw.trim()}"`);
  }
  const wordCount = countWords(body);
  const meta = result.data;
  return {
    ...meta,
    slug,
    dateLabel: dateFormat.format(new Date(`${meta.date}T00:00:00Z`)),
    readingMinutes: Math.max(1, Math.round(wordCount / 200)),
    markdown: body,
    html: markdown.parser(tokens),
    wordCount,
  };
}

/** Every article in `dir`, newest first (then by title). */
export function loadArticles(dir: string = articlesDir): Article[] {
  const files = readdirSync(dir).filter((file) => file.endsWith(".md"));
  return files
    .map((file) => parseArticle(file, readFileSync(join(dir, file), "utf8")))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

// The files do not change while a production server runs; in development, read them afresh.
let cache: Article[] | undefined;
function articles(): Article[] {
  if (process.env.NODE_ENV !== "production") return loadArticles();
  cache ??= loadArticles();
  return cache;
}

/** The articles without their bodies, newest first: what the blog index needs. */
export function articleSummaries(): ArticleSummary[] {
  return articles().map(({ markdown: _markdown, html: _html, wordCount: _wordCount, ...summary }) => summary);
}

/** What a blog card shows (and nothing more, so loaders send small payloads). */
export function articleCards(): ArticleCardData[] {
  return articleSummaries().map(({ slug, title, category, excerpt, date, dateLabel, readingMinutes }) => ({
    slug,
    title,
    category,
    excerpt,
    date,
    dateLabel,
    readingMinutes,
  }));
}

export function articleBySlug(slug: string): Article | undefined {
  return articles().find((article) => article.slug === slug);
}

/** Article slugs in a stable (alphabetical) order. */
export function articleSlugs(): string[] {
  return articles()
    .map((article) => article.slug)
    .sort();
}
