import { describe, expect, it } from "vitest";
import { siteUrl } from "~/content/business";
import { action as contactAction } from "~/routes/contact";
import { sentFromAnotherSite, sentFromThisSite } from "./same-origin.server";
import { requestContext } from "./request-context";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:4520/proof/x", { method: "POST", headers });

describe("where a post was sent from", () => {
  it("accepts this site's origin, as reached or as published", () => {
    expect(sentFromThisSite(post({ Origin: "http://127.0.0.1:4520" }))).toBe(true);
    expect(sentFromThisSite(post({ Origin: new URL(siteUrl).origin, "Sec-Fetch-Site": "same-origin" }))).toBe(true);
  });

  it("accepts `Origin: null` only when the browser says the post is same-origin (a no-referrer page's form)", () => {
    expect(sentFromThisSite(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    for (const fetchSite of ["cross-site", "same-site", "none"]) {
      const request = post({ Origin: "null", "Sec-Fetch-Site": fetchSite });
      expect(sentFromThisSite(request), fetchSite).toBe(false);
      expect(sentFromAnotherSite(request), fetchSite).toBe(true);
    }
    // Without fetch metadata an opaque origin could be any sandboxed page, whatever Referer it shows.
    const bare = post({ Origin: "null", Referer: "http://127.0.0.1:4520/proof/x" });
    expect(sentFromThisSite(bare)).toBe(false);
    expect(sentFromAnotherSite(bare)).toBe(true);
  });

  it("refuses other origins, and this origin when the browser says the page was cross-site", () => {
    const refused: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
      { Origin: "http://127.0.0.1:4520", "Sec-Fetch-Site": "cross-site" },
      { Referer: "https://evil.example/page" },
      { Referer: "not a url" },
    ];
    for (const headers of refused) {
      expect(sentFromThisSite(post(headers)), JSON.stringify(headers)).toBe(false);
      expect(sentFromAnotherSite(post(headers)), JSON.stringify(headers)).toBe(true);
    }
  });

  it("takes this site's Referer when there is no Origin; a client that says nothing is neither", () => {
    expect(sentFromThisSite(post({ Referer: "http://127.0.0.1:4520/desk" }))).toBe(true);
    expect(sentFromThisSite(post({}))).toBe(false);
    expect(sentFromAnotherSite(post({}))).toBe(false);
  });
});

describe("the quote form", () => {
  // React Router lets `Origin: null` through to every action (allowedActionOrigins): the form refuses it itself.
  it("refuses a post from an opaque origin on another site before reading it", async () => {
    const refused = await Promise.resolve()
      .then(() =>
        contactAction({
          request: new Request("http://127.0.0.1:4520/contact", {
            method: "POST",
            headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" },
            body: new URLSearchParams({ name: "x" }),
          }),
          context: requestContext({ clientIp: "192.0.2.1" }),
        } as never),
      )
      .catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
  });
});
