/**
 * A URL's path as it may be written to a log: a segment that could be a secret (a set-up link's or a
 * proof link's token, 43 characters of base64url, or anything else as long and random-looking) is
 * replaced, and the query is left out. A log is read by more people, and kept longer, than the desk.
 */
export function pathForLog(url: string): string {
  const { pathname } = new URL(url, "http://site.invalid");
  return pathname
    .split("/")
    .map((segment) => (looksSecret(segment) ? "[redacted]" : segment))
    .join("/");
}

/**
 * Twenty characters or more of a token's alphabet that are not a slug (lower-case words joined by
 * single hyphens, as every page's address is): a random 43-character token is a slug once in 10^10.
 */
function looksSecret(segment: string): boolean {
  return segment.length >= 20 && /^[A-Za-z0-9_%.-]+$/.test(segment) && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(segment);
}
