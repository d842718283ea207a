import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, formTargets, inlineScriptHashes, localImageSources } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes classic and module inline scripts exactly as written", () => {
    const html =
      '<script>window.__reactRouterContext = {"a":1};</script>' +
      '<script type="module" async="">import "/assets/x.js";\n</script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__reactRouterContext = {"a":1};'),
      sha('import "/assets/x.js";\n'),
    ]);
  });

  it("hashes inline speculation rules, which the browser holds to script-src too", () => {
    const rules = '{"prerender":[{"source":"document","where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
    expect(inlineScriptHashes(`<script type="speculationrules">${rules}</script>`)).toEqual([sha(rules)]);
  });

  it("skips external scripts and JSON-LD data blocks", () => {
    const html = '<script src="/assets/a.js"></script><script type="application/ld+json">{"@context":"x"}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from this origin and the given sources, and forbids framing", () => {
    const policy = contentSecurityPolicy(["'nonce-abc'"]);
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain("data:");
    expect(policy.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  it("allows images made on the device (blob: and data: URLs) only where a page needs them", () => {
    const studio = contentSecurityPolicy(["'nonce-abc'"], {
      localImages: localImageSources("/portfolio/onset-pen/studio"),
    });
    expect(studio).toContain("img-src 'self' blob: data:");
    expect(studio.split(";").find((d) => d.trim().startsWith("script-src"))).not.toMatch(/blob:|data:/);
    expect(contentSecurityPolicy([], { localImages: localImageSources("/contact") })).toContain(
      "img-src 'self' blob:;",
    );
    expect(localImageSources("/portfolio/onset-pen")).toEqual([]);
    expect(localImageSources("/portfolio")).toEqual([]);
    expect(localImageSources("/portfolio/a/b/studio")).toEqual([]);
    expect(contentSecurityPolicy([], { localImages: localImageSources("/about") })).not.toContain("img-src");
  });
});

describe("where forms may lead", () => {
  it("lets a request's page on the desk redirect its WhatsApp form to wa.me, and no other page", () => {
    expect(contentSecurityPolicy([], { formTargets: formTargets("/desk/quotes/Q-2026-0001") })).toContain(
      "form-action 'self' https://wa.me;",
    );
    for (const path of ["/desk", "/contact", "/desk/quotes/Q-2026-0001/files/logo", "/proof/abc"])
      expect(contentSecurityPolicy([], { formTargets: formTargets(path) })).toContain("form-action 'self';");
  });
});
