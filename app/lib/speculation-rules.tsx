/**
 * Every page tells the browser to load the next page of the site as soon as the visitor shows they
 * mean to go there (a pointer resting on a link, a finger on it): pages are documents of their own,
 * with no client router, and a prerendered one opens at once. Written into the page rather than
 * named by a header: fetching a rules file took a connection the page's font then had to open anew.
 * Allowed by the Content-Security-Policy like an inline script: by its hash in a prerendered page, by
 * the response's nonce in a server-rendered one (server/csp.ts).
 */
export const speculationRules = {
  prerender: [{ source: "document", where: { href_matches: "/*" }, eagerness: "moderate" }],
} as const;

export function SpeculationRules({ nonce }: { nonce?: string }) {
  return (
    <script
      type="speculationrules"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(speculationRules) }}
    />
  );
}
