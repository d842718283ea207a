// npm run bench [-- --routes /,/about] [--runs 3] [--throttling simulate,devtools] [--skip-build] [--skip-sweep]
// npm run bench -- --desk [--requests 100000] [--skip-build]: the desk's scenario alone (bench/desk.ts)
// npm run bench -- --reports [--requests 100000] [--skip-build]: the owner's reports alone (bench/reports.ts)
//
// Builds the site, starts the production server on a free port, and for each way of throttling
// (Lighthouse's simulation, then throttling applied to the browser) runs Lighthouse (mobile) several
// times on a bare HTML page (the floor) and on every route in the sitemap, a brand studio and the 404
// page. Prints the median run of each route with its response as sent (the first round trip), script,
// first view, TBT and FCP above the floor's, and the budgets of its kind it misses (bench/budgets.ts);
// then times a tap on a link to the next page's first paint, with and without the site's speculation
// rules, and how quickly the brand studio draws a chosen logo and each edit after it (bench/studio.ts);
// then runs the per-page checks of the browser suite on every page instead of one per template
// (tests/e2e/page-templates.spec.ts and html-validity.spec.ts with PAGES=all); and the desk's inbox
// views, searches and CSV export at 100,000 requests, a public page sampled during the export. Writes the figures to
// bench/results/. Exits 0 whatever the figures are: only a bench that could not run fails.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  type AgainstFloor,
  budgetFailures,
  budgets,
  firstRoundTripBytes,
  formatRow,
  type LighthouseResult,
  measure,
  median,
  medianRun,
  type PageKind,
  pageKind,
  type RouteMeasure,
  tableHeader,
  type Throttling,
} from "./budgets";
import { type DeskFigures, describeDesk, measureDesk, sessionCookie } from "./desk";
import { seedDesk } from "./desk-data";
import { describeReports, measureReportPages, measureReportQueries, seedReports } from "./reports";
import { describeNavigation, measureNavigations, type NavigationTiming } from "./navigation";
import { describeStudio, measureStudio, studioPath } from "./studio";
import { freePort } from "../tests/support/free-port";

const notFoundPath = "/no-such-page-here";
const studioPage = "/portfolio/onset-pen/studio";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const { values } = parseArgs({
  options: {
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    throttling: { type: "string", default: "simulate,devtools" },
    "skip-build": { type: "boolean", default: false },
    "skip-sweep": { type: "boolean", default: false },
    desk: { type: "boolean", default: false },
    reports: { type: "boolean", default: false },
    requests: { type: "string", default: "100000" },
  },
});
const deskRequests = Math.max(1000, Number(values.requests) || 100_000);
const runs = Math.max(1, Number(values.runs) || 3);
const throttlings = values
  .throttling!.split(",")
  .map((t) => t.trim())
  .filter((t): t is Throttling => t === "simulate" || t === "devtools");

function build(siteUrl?: string) {
  const env = { ...process.env };
  if (siteUrl) env.SITE_URL = siteUrl;
  const result = spawnSync("npm", ["run", "build"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error("npm run build failed");
  }
}

async function startServer(port: number, seeded?: string): Promise<ChildProcess> {
  // The quote requests it would store: none are made, and the folder goes with the server (a seeded
  // one is its caller's).
  const dataDir = seeded ?? mkdtempSync(join(tmpdir(), "promo-bench-"));
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  if (!seeded) child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error("the server did not start");
}

function stopServer(child: ChildProcess) {
  // The server runs in its own process group (tsx and its node child): end that group only.
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

// A page with nothing to load: what Lighthouse measures here for Chromium's own work on this
// machine (CPU times are multiplied by 4), the floor no route can go below.
const barePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Bare page</title></head><body><h1>A bare HTML page</h1><p>The floor for every figure on this machine.</p></body></html>";

async function startBarePageServer(): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(barePage);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** A page's response as sent with Brotli: status line, headers and body, in bytes. */
function responseBytes(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
      let bytes = Buffer.byteLength(`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`) + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        bytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => done(bytes));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

/** The per-page checks of the browser suite on every page, against a server of Playwright's own on this build. */
async function sweepEveryPage(): Promise<number | null> {
  const port = await freePort();
  const child = spawn(
    "npx",
    ["playwright", "test", "tests/e2e/page-templates.spec.ts", "tests/e2e/html-validity.spec.ts", "--reporter=line"],
    { env: { ...process.env, PAGES: "all", E2E_PORT: String(port) }, stdio: "inherit" },
  );
  return new Promise((done) => child.on("exit", (code) => done(code)));
}

/** The desk's inbox and export at `deskRequests` requests (bench/desk.ts), on a server of its own. */
async function runDesk(): Promise<DeskFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "promo-bench-desk-"));
  try {
    console.log(`\nThe desk at ${deskRequests.toLocaleString("en")} requests: seeding a data folder with the store …`);
    const seedStart = performance.now();
    const { sessionId } = seedDesk(dataDir, deskRequests);
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    const port = await freePort();
    const server = await startServer(port, dataDir);
    try {
      const figures = await measureDesk(`http://127.0.0.1:${port}`, {
        cookie: await sessionCookie(sessionId),
        serverPid: server.pid!,
      });
      for (const line of describeDesk(figures, deskRequests)) console.log(`  ${line}`);
      return figures;
    } finally {
      stopServer(server);
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function deskOnly() {
  if (!values["skip-build"]) build();
  const figures = await runDesk();
  const reportDir = join("bench/results", new Date().toISOString().replace(/[:.]/g, "-"));
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, "desk.json"), JSON.stringify({ requests: deskRequests, ...figures }, null, 2));
  console.log(`\nFigures written to ${join(reportDir, "desk.json")}`);
}

/** The owner's reports at `deskRequests` requests (bench/reports.ts): queries in-process, then the page over HTTP. */
async function reportsOnly() {
  if (!values["skip-build"]) build();
  const dataDir = mkdtempSync(join(tmpdir(), "promo-bench-reports-"));
  try {
    console.log(
      `\nThe reports at ${deskRequests.toLocaleString("en")} requests: seeding a data folder with the store …`,
    );
    const seedStart = performance.now();
    const { sessionId } = seedDesk(dataDir, deskRequests);
    seedReports(dataDir);
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    const queries = measureReportQueries(dataDir);
    const port = await freePort();
    const server = await startServer(port, dataDir);
    try {
      const pages = await measureReportPages(`http://127.0.0.1:${port}`, await sessionCookie(sessionId));
      for (const line of describeReports({ queries, pages })) console.log(`  ${line}`);
      const reportDir = join("bench/results", new Date().toISOString().replace(/[:.]/g, "-"));
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(
        join(reportDir, "reports.json"),
        JSON.stringify({ requests: deskRequests, queries, pages }, null, 2),
      );
      console.log(`\nFigures written to ${join(reportDir, "reports.json")}`);
    } finally {
      stopServer(server);
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (!values["skip-build"]) {
    // Canonical URLs must be on the audited origin, or Lighthouse's SEO audit says they point elsewhere.
    console.log(`Building with SITE_URL=${origin} …`);
    build(origin);
  }
  const server = await startServer(port);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const routes = values.routes
      ? values.routes
          .split(",")
          .map((r) => r.trim())
          .filter(Boolean)
      : [
          ...[...(await (await fetch(`${origin}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
            (m) => new URL(m[1]!).pathname,
          ),
          studioPage,
          notFoundPath,
        ];
    const browser = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags,
    });
    chrome = browser;
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const reportDir = join("bench/results", stamp);
    mkdirSync(reportDir, { recursive: true });

    const kinds = new Map<string, PageKind>();
    const sent = new Map<string, number>();
    for (const route of routes) {
      kinds.set(route, pageKind(await (await fetch(`${origin}${route}`)).text()));
      sent.set(route, await responseBytes(`${origin}${route}`));
    }

    const tables: Record<string, unknown> = {};
    for (const throttling of throttlings) {
      console.log(
        `\nLighthouse ${runs} run(s) on each of ${routes.length} route(s), mobile, ${throttling === "simulate" ? "simulated throttling" : "throttling applied to the browser (devtools)"}, ${origin}\n`,
      );
      console.log(tableHeader);
      const allRuns: Record<string, RouteMeasure[]> = {};
      const audit = async (url: string, label: string, ignoreStatusCode = false) => {
        const measures: RouteMeasure[] = [];
        const reports = new Map<RouteMeasure, string>();
        for (let run = 0; run < runs; run += 1) {
          let result: Awaited<ReturnType<typeof lighthouse>>;
          let lhr: LighthouseResult | undefined;
          // Now and then Lighthouse cannot read its own trace (NO_NAVSTART): that run is made again, once.
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            result = await lighthouse(url, {
              port: browser.port,
              logLevel: "error",
              output: "json",
              onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
              throttlingMethod: throttling,
              ignoreStatusCode,
            });
            lhr = result?.lhr as unknown as LighthouseResult | undefined;
            if (lhr && !lhr.runtimeError) break;
            console.error(
              `  ${label}: run ${run + 1}, attempt ${attempt} failed: ${lhr?.runtimeError?.message ?? "no result"}`,
            );
          }
          if (!lhr || lhr.runtimeError) continue;
          const m = measure(label, lhr);
          measures.push(m);
          reports.set(m, result!.report as string);
        }
        allRuns[label] = measures;
        if (measures.length === 0) return undefined;
        const chosen = medianRun(measures);
        return { median: chosen, report: reports.get(chosen)! };
      };

      // The floor first: every route's TBT and FCP are read against it.
      const floorLabel = "(floor: a bare HTML page)";
      const bare = await startBarePageServer();
      let floor: RouteMeasure | undefined;
      let floorTbt = Number.NaN;
      let floorFcp = Number.NaN;
      try {
        floor = (await audit(`${bare.origin}/`, floorLabel))?.median;
        floorTbt = median(allRuns[floorLabel]?.map((m) => m.tbt) ?? []);
        floorFcp = median(allRuns[floorLabel]?.map((m) => m.fcp) ?? []);
        if (floor) console.log(formatRow(floor, "floor", { tbtOverFloor: Number.NaN, fcpOverFloor: Number.NaN }));
      } finally {
        bare.server.close();
      }

      const rows: { m: RouteMeasure; kind: PageKind; against: AgainstFloor }[] = [];
      for (const route of routes) {
        // The 404 page is audited too (Lighthouse refuses error statuses otherwise).
        const result = await audit(`${origin}${route}`, route, route === notFoundPath);
        if (!result) continue;
        const m = { ...result.median, responseBytes: sent.get(route) };
        const against = {
          tbtOverFloor: median(allRuns[route]!.map((r) => r.tbt)) - floorTbt,
          fcpOverFloor: median(allRuns[route]!.map((r) => r.fcp)) - floorFcp,
        };
        rows.push({ m, kind: kinds.get(route)!, against });
        console.log(formatRow(m, kinds.get(route)!, against));
        // The whole Lighthouse report of the median run, for a closer look (open it in the Lighthouse viewer).
        const name = route.replace(/^\//, "").replace(/\//g, "_") || "home";
        writeFileSync(join(reportDir, `${name}.${throttling}.json`), result.report);
      }

      const { content, interactive } = budgets;
      console.log(
        `\nBudgets of every page: its response (headers and Brotli body) within the first round trip, ${firstRoundTripBytes} B.` +
          `\nOf a content page: scores ${content.scores}, LCP ≤ ${content.lcpTargetMs / 1000} s (never above ${content.lcpCeilingMs / 1000} s), ` +
          `FCP ≤ ${content.fcpMs / 1000} s and ≤ ${content.fcpOverFloorMs} ms above the floor's, CLS ${content.cls}, JS ${content.jsKB} KB, first view ≤ ${content.totalKB} KB.` +
          `\nOf an interactive page: performance ${interactive.performance}, LCP ≤ ${interactive.lcpMs / 1000} s, JS ≤ ${interactive.jsKB} KB, ` +
          `TBT ≤ ${interactive.tbtOverFloorMs} ms above the floor's (medians of the runs).`,
      );
      let misses = 0;
      for (const { m, kind, against } of rows) {
        const failures = budgetFailures(m, kind, against);
        if (failures.length === 0) continue;
        misses += 1;
        const note =
          m.route === notFoundPath || m.route === studioPage
            ? " [expected on a page kept out of search: SEO counts noindex (and a 404 status) against it; best practices, the 404 Chromium logs]"
            : "";
        console.log(`  MISS ${m.route}: ${failures.join("; ")}${note}`);
        for (const failing of m.failingAudits) console.log(`      - ${failing}`);
      }
      if (misses === 0) console.log("  every route meets every budget of its kind");
      if (floor) {
        console.log(
          `\nThe floor on this machine, a bare HTML page: LCP ${(floor.lcp / 1000).toFixed(2)} s, FCP ${(floorFcp / 1000).toFixed(2)} s, ` +
            `TBT ${Math.round(floorTbt)} ms (medians). Lighthouse multiplies this machine's CPU time by 4: timings near the floor are Chromium's own work.`,
        );
      }
      tables[throttling] = {
        medians: rows.map(({ m, kind, against }) => ({
          ...m,
          kind,
          ...against,
          budgetFailures: budgetFailures(m, kind, against),
        })),
        floor: floor && { ...floor, medianTbt: floorTbt, medianFcp: floorFcp },
        runs: allRuns,
      };
    }

    await chrome.kill();
    chrome = undefined;
    console.log(
      "\nA tap on a link to the next page's first paint (emulated phone, 4x CPU, slow 4G), median of the runs:",
    );
    const navigations: NavigationTiming[] = await measureNavigations(origin, { runs });
    for (const n of navigations) console.log(`  ${describeNavigation(n)}`);

    console.log(`\nThe brand studio (${studioPath}) on the same phone:`);
    const studio = await measureStudio(origin, { runs });
    for (const line of describeStudio(studio)) console.log(`  ${line}`);

    const desk = await runDesk();

    let sweep: number | null | undefined;
    if (!values["skip-sweep"]) {
      console.log("\nThe browser suite's per-page checks on every page (PAGES=all):");
      sweep = await sweepEveryPage();
      console.log(
        sweep === 0 ? "  every page passes" : `  MISS: the per-page checks failed on some page (exit ${sweep})`,
      );
    }

    const file = join(reportDir, "summary.json");
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          origin,
          runsPerRoute: runs,
          budgets,
          tables,
          navigations,
          studio,
          desk,
          sweep,
        },
        null,
        2,
      ),
    );
    console.log(`\nFigures written to ${file}, the median run's full Lighthouse report of each route beside it`);
  } finally {
    await chrome?.kill();
    stopServer(server);
    if (!values["skip-build"]) {
      // Leave build/ as `npm run build` makes it (the public SITE_URL), not the bench's local origin.
      console.log("Rebuilding with the public SITE_URL …");
      build();
    }
  }
}

(values.reports ? reportsOnly() : values.desk ? deskOnly() : main()).catch((error) => {
  console.error(`The benchmark could not run: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
