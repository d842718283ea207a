// What the benchmark measures from one Lighthouse report, and the budgets of issue 6.

/** The parts of a Lighthouse result (LH.Result) the benchmark reads. */
export type LighthouseResult = {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode?: string;
        numericValue?: number;
        displayValue?: string;
        details?: { type?: string; items?: unknown[] };
      }
    | undefined
  >;
};

export type RouteMeasure = {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Bytes over the wire (Lighthouse's transferSize). */
  jsBytes: number;
  totalBytes: number;
  /** Scored audits that did not pass, as "id: title (display value)". */
  failingAudits: string[];
};

export const budgets = {
  performance: { target: 100, floor: 98 },
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  fcpMs: 1000,
  tbtMs: 30,
  cls: 0.01,
  jsKB: 110,
  totalKB: 200,
} as const;

const score = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

export function measure(route: string, lhr: LighthouseResult): RouteMeasure {
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failingAudits = Object.values(lhr.audits)
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1)
    .filter((a) => a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric" || a.scoreDisplayMode === "metricSavings")
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    route,
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    fcp: numeric(lhr, "first-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    jsBytes,
    totalBytes: numeric(lhr, "total-byte-weight"),
    failingAudits,
  };
}

/** The run with the median performance score (the lower middle one for an even count). */
export function medianRun<T extends { performance: number }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error("no runs");
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The budgets a route misses, in words. Performance below 100 but at least 98 is a warning, not a miss. */
export function budgetFailures(m: RouteMeasure): string[] {
  const failures: string[] = [];
  if (m.performance < budgets.performance.floor) failures.push(`performance ${m.performance} < ${budgets.performance.floor}`);
  else if (m.performance < budgets.performance.target) failures.push(`performance ${m.performance} < 100 (above the ${budgets.performance.floor} floor)`);
  if (m.accessibility < budgets.accessibility) failures.push(`accessibility ${m.accessibility}`);
  if (m.bestPractices < budgets.bestPractices) failures.push(`best practices ${m.bestPractices}`);
  if (m.seo < budgets.seo) failures.push(`SEO ${m.seo}`);
  if (!(m.lcp <= budgets.lcpMs)) failures.push(`LCP ${(m.lcp / 1000).toFixed(2)} s > ${budgets.lcpMs / 1000} s`);
  if (!(m.fcp <= budgets.fcpMs)) failures.push(`FCP ${(m.fcp / 1000).toFixed(2)} s > ${budgets.fcpMs / 1000} s`);
  if (!(m.tbt <= budgets.tbtMs)) failures.push(`TBT ${Math.round(m.tbt)} ms > ${budgets.tbtMs} ms`);
  if (!(m.cls <= budgets.cls)) failures.push(`CLS ${m.cls.toFixed(3)} > ${budgets.cls}`);
  if (m.jsBytes / 1024 > budgets.jsKB) failures.push(`JS ${(m.jsBytes / 1024).toFixed(1)} KB > ${budgets.jsKB} KB`);
  if (!(m.totalBytes / 1024 <= budgets.totalKB)) failures.push(`total ${(m.totalBytes / 1024).toFixed(1)} KB > ${budgets.totalKB} KB`);
  return failures;
}

/** One row of the printed table. */
export function formatRow(m: RouteMeasure): string {
  const cells = [
    m.route.padEnd(46),
    String(m.performance).padStart(4),
    String(m.accessibility).padStart(4),
    String(m.bestPractices).padStart(4),
    String(m.seo).padStart(4),
    `${(m.lcp / 1000).toFixed(2)}s`.padStart(6),
    `${(m.fcp / 1000).toFixed(2)}s`.padStart(6),
    `${Math.round(m.tbt)}ms`.padStart(6),
    m.cls.toFixed(3).padStart(6),
    (m.jsBytes / 1024).toFixed(1).padStart(6),
    (m.totalBytes / 1024).toFixed(1).padStart(7),
  ];
  return cells.join(" ");
}

export const tableHeader = [
  "route".padEnd(46),
  "perf".padStart(4),
  "a11y".padStart(4),
  "bp".padStart(4),
  "seo".padStart(4),
  "LCP".padStart(6),
  "FCP".padStart(6),
  "TBT".padStart(6),
  "CLS".padStart(6),
  "JS KB".padStart(6),
  "tot KB".padStart(7),
].join(" ");
