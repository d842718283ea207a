import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../tests/support/temp-dir";
import { publicPaths } from "~/public-paths.server";
import { articlesDir, articleSlugs, countWords, loadArticles, parseArticle } from "./articles.server";

const specSlugs = [
  "top-promotional-items-medical-conferences-2026",
  "choose-right-corporate-giveaway",
  "psychology-promotional-products-pharma",
  "sustainable-promotional-products-guide",
  "quality-standards-pharma-promotional-items",
  "maximize-roi-promotional-campaigns",
];

const goodFrontMatter = [
  "title: A perfectly reasonable title",
  "category: Strategy",
  "date: 2026-02-01",
  'excerpt: "An excerpt long enough to satisfy the schema, describing what the article is about in a sentence."',
  'description: "A meta description long enough for the schema, and short enough for search results to show."',
  "keywords:",
  "  - one keyword",
  "  - another keyword",
];

function source(frontMatter: string[], body = "## A heading\n\nSome words in a paragraph.") {
  return `---\n${frontMatter.join("\n")}\n---\n\n${body}\n`;
}

describe("the article files", () => {
  const articles = loadArticles();

  it("are exactly the six articles of the specification, one per slug", () => {
    expect(articles).toHaveLength(6);
    expect(articleSlugs()).toEqual([...specSlugs].sort());
    expect(new Set(articles.map((article) => article.title)).size).toBe(6);
  });

  it("each have a body of 600 to 1,200 words", () => {
    for (const article of articles) {
      expect(article.wordCount, article.slug).toBeGreaterThanOrEqual(600);
      expect(article.wordCount, article.slug).toBeLessThanOrEqual(1200);
    }
  });

  it("are listed newest first", () => {
    const dates = articles.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(6);
  });

  it("date the medical-conference article January 15, 2026 in Industry Trends", () => {
    const conference = articles.find((article) => article.slug === "top-promotional-items-medical-conferences-2026");
    expect(conference).toMatchObject({
      date: "2026-01-15",
      dateLabel: "January 15, 2026",
      category: "Industry Trends",
    });
  });

  it("spread over several categories and render bodies whose headings start at h2", () => {
    expect(new Set(articles.map((article) => article.category)).size).toBeGreaterThanOrEqual(4);
    for (const article of articles) {
      expect(article.html, article.slug).toContain("<h2");
      expect(article.html, article.slug).not.toContain("<h1");
    }
  });

  it("give the prerender list and sitemap one page per article", () => {
    expect(publicPaths().filter((path) => path.startsWith("/blog/"))).toEqual(
      specSlugs.sort().map((s) => `/blog/${s}`),
    );
  });
});

describe("parseArticle", () => {
  it("accepts a well-formed file and converts its body to HTML", () => {
    const article = parseArticle("fine-article.md", source(goodFrontMatter));
    expect(article).toMatchObject({ slug: "fine-article", date: "2026-02-01", dateLabel: "February 1, 2026" });
    expect(article.html).toContain("<h2>A heading</h2>");
    expect(article.wordCount).toBe(7);
  });

  it.each([
    ["a missing title", goodFrontMatter.filter((line) => !line.startsWith("title")), /title/],
    [
      "an unknown category",
      goodFrontMatter.map((l) => (l.startsWith("category") ? "category: Gossip" : l)),
      /category/,
    ],
    ["an impossible date", goodFrontMatter.map((l) => (l.startsWith("date") ? "date: 2026-13-45" : l)), /date/],
    ["a date that is not a date", goodFrontMatter.map((l) => (l.startsWith("date") ? "date: soon" : l)), /date/],
    ["a misspelt field", [...goodFrontMatter, "exerpt: typo"], /exerpt/],
    ["keywords as one string", [...goodFrontMatter.slice(0, 5), "keywords: one, two"], /keywords/],
  ])("rejects %s with an error naming the file and the field", (_case, frontMatter, field) => {
    const parse = () => parseArticle("broken-article.md", source(frontMatter));
    expect(parse).toThrow(/broken-article\.md/);
    expect(parse).toThrow(field);
  });

  it("rejects a body with a level-1 heading, an empty body and YAML that does not parse, naming the file", () => {
    expect(() => parseArticle("h1-article.md", source(goodFrontMatter, "# Title again\n\nText."))).toThrow(
      /h1-article\.md.*level 2/,
    );
    expect(() => parseArticle("empty-article.md", source(goodFrontMatter, ""))).toThrow(/empty-article\.md.*empty/);
    expect(() => parseArticle("yaml-article.md", source(["title: a: b: c"]))).toThrow(/yaml-article\.md.*YAML/);
  });

  it("fails the whole load when one file in the folder is bad, naming that file", () => {
    const dir = tempDir("articles");
    const good = readFileSync(join(articlesDir, "choose-right-corporate-giveaway.md"), "utf8");
    writeFileSync(join(dir, "good-one.md"), good);
    writeFileSync(join(dir, "bad-one.md"), good.replace(/^category: .*$/m, "category: Nonsense"));
    expect(() => loadArticles(dir)).toThrow(/bad-one\.md[\s\S]*category/);
  });
});

describe("countWords", () => {
  it("counts the words a reader reads, not the Markdown around them", () => {
    expect(countWords("## Two words\n\n- **bold** item\n1. [a link](https://example.com) here\n")).toBe(7);
  });
});
