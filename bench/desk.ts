// The desk at 100,000 requests (npm run bench -- --desk runs it alone): a data folder seeded by the
// store, then the server's inbox views, searches and CSV export timed against a public page in the
// same run, with the public page sampled while the export streams.
import { readFileSync } from "node:fs";
import { createCookie } from "react-router";
import { median } from "./budgets";
import { rareCompany, rarePhone } from "./desk-data";

/** What one page of the desk may take at 100,000 requests: the answer's median, rendered, on this machine. */
export const DESK_PAGE_BUDGET_MS = 50;

export type DeskFigures = {
  baselineMs: number;
  /** Each view's median answer, and the server's CPU time for one answer (the mean over the runs). */
  pages: { label: string; ms: number; cpuMs: number }[];
  export: {
    totalMs: number;
    bytes: number;
    chunks: number;
    longestGapMs: number;
    publicDuringMs: number;
    publicWorstMs: number;
    rssBeforeMB: number;
    rssPeakMB: number;
  };
};

/** The cookie a signed-in member's browser sends, for a session the seed started. */
export const sessionCookie = async (sessionId: string) =>
  (await createCookie("desk_session").serialize(sessionId)).split(";")[0]!;

/** The CPU time a process has had so far (user and system, all its threads), in ms: unlike the time an answer takes, it does not grow with the machine's load. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const rssMB = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - start;
}

async function medianOf(runs: number, url: string, headers?: Record<string, string>) {
  await timed(url, headers); // warm: the first answer compiles and fills caches
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timed(url, headers));
  return median(times);
}

export async function measureDesk(
  origin: string,
  { cookie, serverPid, runs = 7 }: { cookie: string; serverPid: number; runs?: number },
): Promise<DeskFigures> {
  const headers = { Cookie: cookie };
  const publicPage = `${origin}/`;
  const baselineMs = await medianOf(runs, publicPage);
  const inbox: [string, string][] = [
    ["Open, page 1", "/desk"],
    ["Open, page 2,000", "/desk?page=2000"],
    ["Mine", "/desk?view=mine"],
    ["Unassigned", "/desk?view=unassigned"],
    ["Overdue", "/desk?view=overdue"],
    ["All, status Waiting on buyer", "/desk?view=all&status=waiting_on_buyer"],
    [`search a rare company (${rareCompany})`, `/desk?q=${encodeURIComponent(rareCompany.split(" ")[0]!)}`],
    ["search a common word (mugs, 12,500)", "/desk?q=mugs"],
    [
      `search inside a word (${rareCompany.split(" ")[0]!.slice(2)})`,
      `/desk?q=${encodeURIComponent(rareCompany.split(" ")[0]!.slice(2))}`,
    ],
    ["search inside common words (ugs, 12,500)", "/desk?q=ugs"],
    [`search a phone (${rarePhone})`, `/desk?q=${encodeURIComponent(rarePhone)}`],
    ["search a reference's number (42)", "/desk?q=42"],
  ];
  const pages = [];
  for (const [label, path] of inbox) {
    await timed(`${origin}${path}`, headers); // warm
    const cpuBefore = cpuMs(serverPid);
    const ms = await medianOf(runs, `${origin}${path}`, headers);
    // medianOf answers runs + 1 times: the server's CPU time for each, whatever else the machine runs.
    pages.push({ label, ms, cpuMs: (cpuMs(serverPid) - cpuBefore) / (runs + 1) });
  }

  // The export of every request, the public page asked for every 50 ms meanwhile.
  const rssBeforeMB = rssMB(serverPid);
  let rssPeakMB = rssBeforeMB;
  let exporting = true;
  const during: number[] = [];
  const sampler = (async () => {
    while (exporting) {
      during.push(await timed(publicPage));
      rssPeakMB = Math.max(rssPeakMB, rssMB(serverPid));
      await new Promise((next) => setTimeout(next, 50));
    }
  })();
  const start = performance.now();
  const response = await fetch(`${origin}/desk/export/csv?view=all&technical=1`, { headers });
  const reader = response.body!.getReader();
  let bytes = 0;
  let chunks = 0;
  let longestGapMs = 0;
  let last = performance.now();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    bytes += chunk.value.length;
    chunks++;
  }
  const totalMs = performance.now() - start;
  exporting = false;
  await sampler;
  return {
    baselineMs,
    pages,
    export: {
      totalMs,
      bytes,
      chunks,
      longestGapMs,
      publicDuringMs: median(during),
      publicWorstMs: Math.max(...during),
      rssBeforeMB,
      rssPeakMB,
    },
  };
}

export function describeDesk(figures: DeskFigures, requests: number): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const { export: exported } = figures;
  return [
    `Baseline, the public home page on the idle server: ${ms(figures.baselineMs)} (median)`,
    `Each inbox view's median answer against its budget of ${DESK_PAGE_BUDGET_MS} ms a page (the whole answer, rendered):`,
    ...figures.pages.map(
      (page) =>
        `${page.label.padEnd(52)} ${ms(page.ms).padStart(10)}  ${page.ms > DESK_PAGE_BUDGET_MS ? "MISS" : "ok  "}  (${ms(page.ms - figures.baselineMs)} above the baseline; the server's CPU ${ms(page.cpuMs)} an answer)`,
    ),
    `${figures.pages.filter((page) => page.ms <= DESK_PAGE_BUDGET_MS).length} of ${figures.pages.length} views within ${DESK_PAGE_BUDGET_MS} ms` +
      ` (on a busy machine the answers wait for a core: the server's CPU an answer is what the code costs)`,
    `CSV export of all ${requests.toLocaleString("en")} requests: ${(exported.totalMs / 1000).toFixed(1)} s, ` +
      `${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.chunks} chunks, the longest wait between chunks ${ms(exported.longestGapMs)}`,
    `  the public page meanwhile: ${ms(exported.publicDuringMs)} median, ${ms(exported.publicWorstMs)} at worst (baseline ${ms(figures.baselineMs)})`,
    `  the server's memory: ${exported.rssBeforeMB.toFixed(0)} MB before, ${exported.rssPeakMB.toFixed(0)} MB at most during it`,
  ];
}
