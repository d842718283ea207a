import { publicSiteUrl } from "~/lib/site-url";

type Sender = "this site" | "another site" | "unknown";

/**
 * Where a state-changing request says it was sent from. `Sec-Fetch-Site` and `Origin` are set by the
 * browser, never by a page. A page under `Referrer-Policy: no-referrer` posts its forms with
 * `Origin: null`, as do sandboxed frames and other opaque origins anywhere: such a post is this site's
 * only when the browser also says `Sec-Fetch-Site: same-origin`. A client that sends neither header
 * nor a Referer (a script, curl) says nothing.
 */
function sender(request: Request): Sender {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return "another site";
  const ownOrigins = new Set([new URL(request.url).origin, publicSiteUrl()]);
  const origin = request.headers.get("origin");
  if (origin === "null") return fetchSite === "same-origin" ? "this site" : "another site";
  if (origin) return ownOrigins.has(origin) ? "this site" : "another site";
  const referer = request.headers.get("referer");
  if (!referer) return "unknown";
  try {
    return ownOrigins.has(new URL(referer).origin) ? "this site" : "another site";
  } catch {
    return "another site";
  }
}

/** Whether a page of this site sent the request (what the desk and the proof page require). */
export const sentFromThisSite = (request: Request) => sender(request) === "this site";

/** Whether a browser says another site's page sent the request (what a public form refuses). */
export const sentFromAnotherSite = (request: Request) => sender(request) === "another site";
