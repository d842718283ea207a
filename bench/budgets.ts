// What the benchmark measures from one Lighthouse report, and the budgets each kind of page is held to.

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
  /** The page's response as sent (Brotli), status line and headers included: what the first round trip must carry. */
  responseBytes?: number;
};

/** How Lighthouse slows the page: simulated from an unthrottled load (its default), or applied to the browser. */
export type Throttling = "simulate" | "devtools";

/** The figures of a route read against the floor page's in the same bench: medians of the runs. */
export type AgainstFloor = { tbtOverFloor: number; fcpOverFloor: number };

/**
 * A new connection's first round trip carries TCP's initial window: 10 segments of 1,460 bytes. A page
 * whose response (headers and Brotli body) fits in it paints one round trip sooner on a slow network.
 */
export const firstRoundTripBytes = 10 * 1460;

/**
 * A page either only shows content (complete HTML, no JavaScript) or runs React for something the
 * visitor does on it (/portfolio, /contact): the two have budgets of their own.
 */
export type PageKind = "content" | "interactive";

export const budgets = {
  content: {
    scores: 100,
    /** LCP aimed at; above `lcpCeilingMs` it is a miss. */
    lcpTargetMs: 1000,
    lcpCeilingMs: 1200,
    fcpMs: 800,
    /** FCP above the bare floor page's, both the median of their runs in the same bench. */
    fcpOverFloorMs: 100,
    cls: 0,
    jsKB: 0,
    totalKB: 60,
  },
  interactive: {
    performance: 100,
    lcpMs: 1200,
    jsKB: 110,
    /** TBT above the bare floor page's, both the median of their runs in the same bench. */
    tbtOverFloorMs: 30,
  },
} as const;

const score = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

export function measure(route: string, lhr: LighthouseResult): RouteMeasure {
  const requests = (lhr.audits["network-requests"]?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const jsBytes = requests
    .filter((r) => r.resourceType === "Script")
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failingAudits = Object.values(lhr.audits)
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1)
    .filter(
      (a) =>
        a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric" || a.scoreDisplayMode === "metricSavings",
    )
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

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The budgets a route misses, in words. `tbtOverFloor` and `fcpOverFloor` are the route's median TBT and FCP
 * less the bare page's medians in the same bench.
 */
export function budgetFailures(
  m: RouteMeasure,
  kind: PageKind,
  { tbtOverFloor, fcpOverFloor }: AgainstFloor,
): string[] {
  const failures: string[] = [];
  if (m.responseBytes !== undefined && m.responseBytes > firstRoundTripBytes)
    failures.push(`response ${m.responseBytes} B > ${firstRoundTripBytes} B (first round trip)`);
  if (kind === "content") {
    const b = budgets.content;
    for (const [name, value] of [
      ["performance", m.performance],
      ["accessibility", m.accessibility],
      ["best practices", m.bestPractices],
      ["SEO", m.seo],
    ] as const) {
      if (value < b.scores) failures.push(`${name} ${value} < ${b.scores}`);
    }
    if (!(m.lcp <= b.lcpCeilingMs)) failures.push(`LCP ${seconds(m.lcp)} > ${seconds(b.lcpCeilingMs)}`);
    else if (m.lcp > b.lcpTargetMs)
      failures.push(`LCP ${seconds(m.lcp)} > ${seconds(b.lcpTargetMs)} (under the ${seconds(b.lcpCeilingMs)} ceiling)`);
    if (!(m.fcp <= b.fcpMs)) failures.push(`FCP ${seconds(m.fcp)} > ${seconds(b.fcpMs)}`);
    if (!(fcpOverFloor <= b.fcpOverFloorMs))
      failures.push(`FCP ${Math.round(fcpOverFloor)} ms above the floor > ${b.fcpOverFloorMs} ms`);
    if (!(m.cls <= b.cls)) failures.push(`CLS ${m.cls.toFixed(3)} > ${b.cls}`);
    if (m.jsBytes > b.jsKB * 1024) failures.push(`JS ${kb(m.jsBytes)} > ${b.jsKB} KB`);
    if (!(m.totalBytes <= b.totalKB * 1024)) failures.push(`first view ${kb(m.totalBytes)} > ${b.totalKB} KB`);
  } else {
    const b = budgets.interactive;
    if (m.performance < b.performance) failures.push(`performance ${m.performance} < ${b.performance}`);
    if (!(m.lcp <= b.lcpMs)) failures.push(`LCP ${seconds(m.lcp)} > ${seconds(b.lcpMs)}`);
    if (m.jsBytes > b.jsKB * 1024) failures.push(`JS ${kb(m.jsBytes)} > ${b.jsKB} KB`);
    if (!(tbtOverFloor <= b.tbtOverFloorMs))
      failures.push(`TBT ${Math.round(tbtOverFloor)} ms above the floor > ${b.tbtOverFloorMs} ms`);
  }
  return failures;
}

/** What a page's HTML says it is: a page with a module script runs React. */
export function pageKind(html: string): PageKind {
  return /<script\b[^>]*\btype="module"/.test(html) ? "interactive" : "content";
}

/** One row of the printed table. */
export function formatRow(
  m: RouteMeasure,
  kind: PageKind | "floor",
  { tbtOverFloor, fcpOverFloor }: AgainstFloor,
): string {
  const cells = [
    m.route.padEnd(46),
    kind.padEnd(11),
    String(m.performance).padStart(4),
    String(m.accessibility).padStart(4),
    String(m.bestPractices).padStart(4),
    String(m.seo).padStart(4),
    `${(m.lcp / 1000).toFixed(2)}s`.padStart(6),
    `${(m.fcp / 1000).toFixed(2)}s`.padStart(6),
    (Number.isNaN(fcpOverFloor) ? "" : `${Math.round(fcpOverFloor)}ms`).padStart(7),
    `${Math.round(m.tbt)}ms`.padStart(6),
    (Number.isNaN(tbtOverFloor) ? "" : `${Math.round(tbtOverFloor)}ms`).padStart(7),
    m.cls.toFixed(3).padStart(6),
    (m.jsBytes / 1024).toFixed(1).padStart(6),
    (m.totalBytes / 1024).toFixed(1).padStart(7),
    (m.responseBytes === undefined ? "" : String(m.responseBytes)).padStart(8),
  ];
  return cells.join(" ");
}

export const tableHeader = [
  "route".padEnd(46),
  "kind".padEnd(11),
  "perf".padStart(4),
  "a11y".padStart(4),
  "bp".padStart(4),
  "seo".padStart(4),
  "LCP".padStart(6),
  "FCP".padStart(6),
  "FCP-fl".padStart(7),
  "TBT".padStart(6),
  "TBT-fl".padStart(7),
  "CLS".padStart(6),
  "JS KB".padStart(6),
  "tot KB".padStart(7),
  "resp B".padStart(8),
].join(" ");
