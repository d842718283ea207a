import { convert } from "html-to-text";

/** The most HTML turned into text per mail: a reply's words fit many times over. */
const maxHtmlChars = 2 * 1024 * 1024;

/**
 * The words of an HTML mail as plain text, for the desk to show as text (HTML is never rendered):
 * images, styles and link targets left out, and the quoted history Gmail (div.gmail_quote) and Outlook
 * (its reply header block, "From: … Sent: …", which the text rule then cuts) mark in it, unless
 * `withHistory` asks for the whole text.
 */
export function htmlAsText(html: string, { withHistory = false } = {}): string {
  const history = withHistory ? "block" : "skip";
  return convert(html.slice(0, maxHtmlChars), {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
      { selector: "div.gmail_quote", format: history },
      { selector: "blockquote.gmail_quote", format: history },
      { selector: "div#appendonsend", format: history },
      { selector: "div#divRplyFwdMsg", format: "block" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "table", format: "block" },
      { selector: "tr", format: "block" },
      { selector: "td", format: "inline" },
      { selector: "th", format: "inline" },
    ],
  })
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
