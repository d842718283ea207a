import { siteUrl as builtSiteUrl } from "~/content/business";

/**
 * The site's public origin as this server runs it: `SITE_URL` in the server's environment, else the
 * address the build was made with. Links the server hands out (e-mails, set-up links, the staff
 * command) use it, so a server moved to a new address needs no rebuild for them; pages prerendered at
 * build keep the build's address in their canonical URLs.
 */
export function publicSiteUrl(): string {
  // In a browser there is no server environment: the build's address is the one.
  const configured = typeof process === "undefined" ? undefined : process.env.SITE_URL?.trim();
  if (!configured) return builtSiteUrl;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(
      `SITE_URL must be the site's public address, such as https://www.example.pk (got "${configured}").`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`SITE_URL must start with https:// (got "${configured}").`);
  return url.origin;
}

/** An absolute link to a path of this site, on the address the server runs with. */
export const publicLink = (path: string) => `${publicSiteUrl()}${path.startsWith("/") ? path : `/${path}`}`;
