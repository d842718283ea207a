/**
 * An article's body, already converted from Markdown to HTML at build time (our own content files,
 * not user input), set for comfortable reading on a phone and on a desktop.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
