import { afterEach, describe, expect, it, vi } from "vitest";
import { siteUrl } from "~/content/business";
import { publicLink, publicSiteUrl } from "./site-url";

describe("the address links are made with", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is SITE_URL as the server runs, not as the site was built", () => {
    vi.stubEnv("SITE_URL", "https://desk.example.pk/");
    expect(publicLink("/desk/setup/abc")).toBe("https://desk.example.pk/desk/setup/abc");
    vi.stubEnv("SITE_URL", "");
    expect(publicSiteUrl()).toBe(siteUrl);
  });

  it("refuses a SITE_URL that is not a web address", () => {
    vi.stubEnv("SITE_URL", "javascript:alert(1)");
    expect(() => publicSiteUrl()).toThrow(/SITE_URL must start with https:\/\//);
    vi.stubEnv("SITE_URL", "www.example.pk");
    expect(() => publicSiteUrl()).toThrow(/SITE_URL must be the site's public address/);
  });
});
