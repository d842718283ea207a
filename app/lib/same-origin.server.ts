import { siteUrl } from "~/content/business";

/**
 * Whether a state-changing request was sent by a page of this site: its Origin (or, where the browser
 * sends none or "null", its Referer) is the site's own or the one it was reached at.
 */
export function sentFromThisSite(request: Request): boolean {
  const allowed = new Set([new URL(request.url).origin, new URL(siteUrl).origin]);
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return allowed.has(origin);
  try {
    return allowed.has(new URL(request.headers.get("referer") ?? "").origin);
  } catch {
    return false;
  }
}
