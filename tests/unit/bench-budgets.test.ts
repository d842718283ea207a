import { describe, expect, it } from "vitest";
import { budgetFailures, type LighthouseResult, measure, medianRun, type RouteMeasure } from "../../bench/budgets";

const passing: RouteMeasure = {
  route: "/",
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 900,
  fcp: 800,
  tbt: 0,
  cls: 0,
  jsBytes: 100 * 1024,
  totalBytes: 180 * 1024,
  failingAudits: [],
};

describe("bench budgets", () => {
  it("reads scores, metrics and script bytes from a Lighthouse result", () => {
    const lhr: LighthouseResult = {
      categories: { performance: { score: 0.99 }, accessibility: { score: 1 }, "best-practices": { score: 0.96 }, seo: { score: 1 } },
      audits: {
        "largest-contentful-paint": { id: "largest-contentful-paint", title: "LCP", score: 0.9, scoreDisplayMode: "numeric", numericValue: 1300, displayValue: "1.3 s" },
        "first-contentful-paint": { id: "first-contentful-paint", title: "FCP", score: 1, numericValue: 700 },
        "total-blocking-time": { id: "total-blocking-time", title: "TBT", score: 1, numericValue: 10 },
        "cumulative-layout-shift": { id: "cumulative-layout-shift", title: "CLS", score: 1, numericValue: 0.002 },
        "total-byte-weight": { id: "total-byte-weight", title: "Bytes", score: 1, numericValue: 150_000 },
        "network-requests": {
          id: "network-requests",
          title: "Requests",
          score: null,
          details: { items: [{ resourceType: "Script", transferSize: 1000 }, { resourceType: "Script", transferSize: 500 }, { resourceType: "Font", transferSize: 40_000 }] },
        },
      },
    };
    const m = measure("/x", lhr);
    expect(m).toMatchObject({ route: "/x", performance: 99, bestPractices: 96, lcp: 1300, jsBytes: 1500, totalBytes: 150_000 });
    expect(m.failingAudits).toEqual(["largest-contentful-paint: LCP (1.3 s)"]);
  });

  it("takes the run with the median performance score", () => {
    const runs = [95, 100, 98].map((performance) => ({ ...passing, performance }));
    expect(medianRun(runs).performance).toBe(98);
    expect(medianRun([{ performance: 90 }, { performance: 99 }]).performance).toBe(90);
  });

  it("names each budget a route misses", () => {
    expect(budgetFailures(passing)).toEqual([]);
    const slow = { ...passing, performance: 97, lcp: 1500, tbt: 40, cls: 0.02, jsBytes: 120 * 1024, seo: 92 };
    expect(budgetFailures(slow)).toEqual([
      "performance 97 < 98",
      "SEO 92",
      "LCP 1.50 s > 1.2 s",
      "TBT 40 ms > 30 ms",
      "CLS 0.020 > 0.01",
      "JS 120.0 KB > 110 KB",
    ]);
    expect(budgetFailures({ ...passing, performance: 99 })).toEqual(["performance 99 < 100 (above the 98 floor)"]);
  });
});
