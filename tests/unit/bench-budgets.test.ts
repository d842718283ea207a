import { describe, expect, it } from "vitest";
import {
  budgetFailures,
  type LighthouseResult,
  measure,
  median,
  medianRun,
  pageKind,
  type RouteMeasure,
} from "../../bench/budgets";

const passing: RouteMeasure = {
  route: "/",
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 900,
  fcp: 700,
  tbt: 0,
  cls: 0,
  jsBytes: 0,
  totalBytes: 50 * 1024,
  failingAudits: [],
};

describe("bench budgets", () => {
  it("reads scores, metrics and script bytes from a Lighthouse result", () => {
    const lhr: LighthouseResult = {
      categories: {
        performance: { score: 0.99 },
        accessibility: { score: 1 },
        "best-practices": { score: 0.96 },
        seo: { score: 1 },
      },
      audits: {
        "largest-contentful-paint": {
          id: "largest-contentful-paint",
          title: "LCP",
          score: 0.9,
          scoreDisplayMode: "numeric",
          numericValue: 1300,
          displayValue: "1.3 s",
        },
        "first-contentful-paint": { id: "first-contentful-paint", title: "FCP", score: 1, numericValue: 700 },
        "total-blocking-time": { id: "total-blocking-time", title: "TBT", score: 1, numericValue: 10 },
        "cumulative-layout-shift": { id: "cumulative-layout-shift", title: "CLS", score: 1, numericValue: 0.002 },
        "total-byte-weight": { id: "total-byte-weight", title: "Bytes", score: 1, numericValue: 150_000 },
        "network-requests": {
          id: "network-requests",
          title: "Requests",
          score: null,
          details: {
            items: [
              { resourceType: "Script", transferSize: 1000 },
              { resourceType: "Script", transferSize: 500 },
              { resourceType: "Font", transferSize: 40_000 },
            ],
          },
        },
      },
    };
    const m = measure("/x", lhr);
    expect(m).toMatchObject({
      route: "/x",
      performance: 99,
      bestPractices: 96,
      lcp: 1300,
      jsBytes: 1500,
      totalBytes: 150_000,
    });
    expect(m.failingAudits).toEqual(["largest-contentful-paint: LCP (1.3 s)"]);
  });

  it("takes the run with the median performance score", () => {
    const runs = [95, 100, 98].map((performance) => ({ ...passing, performance }));
    expect(medianRun(runs).performance).toBe(98);
    expect(medianRun([{ performance: 90 }, { performance: 99 }]).performance).toBe(90);
  });

  it("takes the median of a route's figures", () => {
    expect(median([40, 0, 143])).toBe(40);
    expect(median([10, 30])).toBe(20);
  });

  it("tells a page that runs React from one that only shows content", () => {
    expect(pageKind('<html><head><script type="application/ld+json">{}</script></head></html>')).toBe("content");
    expect(
      pageKind('<html><body><script type="module">import "/assets/entry.client-x.js"</script></body></html>'),
    ).toBe("interactive");
  });

  it("holds a content page to no JavaScript, a small first view and every score at 100", () => {
    expect(budgetFailures(passing, "content", { tbtOverFloor: 500, fcpOverFloor: 60 })).toEqual([]);
    const heavy = {
      ...passing,
      performance: 99,
      seo: 92,
      lcp: 1100,
      fcp: 850,
      cls: 0.001,
      jsBytes: 2048,
      totalBytes: 70 * 1024,
    };
    expect(budgetFailures(heavy, "content", { tbtOverFloor: 0, fcpOverFloor: 220 })).toEqual([
      "performance 99 < 100",
      "SEO 92 < 100",
      "LCP 1.10 s > 1.00 s (under the 1.20 s ceiling)",
      "FCP 0.85 s > 0.80 s",
      "FCP 220 ms above the floor > 100 ms",
      "CLS 0.001 > 0",
      "JS 2.0 KB > 0 KB",
      "first view 70.0 KB > 60 KB",
    ]);
    expect(budgetFailures({ ...passing, lcp: 1300 }, "content", { tbtOverFloor: 0, fcpOverFloor: 0 })).toEqual([
      "LCP 1.30 s > 1.20 s",
    ]);
  });

  it("holds every page's response to the first round trip", () => {
    const floor = { tbtOverFloor: 0, fcpOverFloor: 0 };
    expect(budgetFailures({ ...passing, responseBytes: 14_600 }, "content", floor)).toEqual([]);
    expect(budgetFailures({ ...passing, responseBytes: 14_601 }, "interactive", floor)).toEqual([
      "response 14601 B > 14600 B (first round trip)",
    ]);
  });

  it("holds an interactive page to its JavaScript, LCP and TBT above the floor", () => {
    const page = { ...passing, jsBytes: 105 * 1024, totalBytes: 150 * 1024, tbt: 120 };
    expect(budgetFailures(page, "interactive", { tbtOverFloor: 30, fcpOverFloor: 400 })).toEqual([]);
    expect(
      budgetFailures({ ...page, performance: 99, lcp: 1250, jsBytes: 111 * 1024 }, "interactive", {
        tbtOverFloor: 31,
        fcpOverFloor: 0,
      }),
    ).toEqual([
      "performance 99 < 100",
      "LCP 1.25 s > 1.20 s",
      "JS 111.0 KB > 110 KB",
      "TBT 31 ms above the floor > 30 ms",
    ]);
  });
});
