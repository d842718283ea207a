// How quickly the brand studio answers a buyer on a phone (the emulated phone of bench/navigation.ts,
// 4x CPU throttling): from choosing a logo file to the mockup drawn with it, and from a key press (a
// letter of the brand name, a step of the logo's size slider) to the paint that shows it (Event Timing).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import sharp from "sharp";
import { median } from "./budgets";
import { emulatePhone } from "./navigation";

export const studioBudgets = { firstMockupMs: 300, editMs: 50 } as const;
export const studioPath = "/portfolio/onset-pen/studio";

export type StudioTiming = {
  /** Medians over the runs, in milliseconds. */
  pngFirstMockup: number;
  svgFirstMockup: number;
  /** Over every key press of every run. */
  editMedian: number;
  /** Nine edits in ten are painted within this. */
  editP90: number;
  editWorst: number;
  edits: number;
  runs: number;
};

/** A 1200x400 logo in three colours, and the same drawing as SVG. */
async function writeLogos(dir: string) {
  const width = 1200;
  const height = 400;
  const raw = Buffer.alloc(width * height * 4);
  const colours = [
    [198, 40, 40],
    [21, 101, 192],
    [46, 125, 50],
  ];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([...colours[Math.floor((x * 3) / width)]!, 255], (y * width + x) * 4);
  const png = join(dir, "logo.png");
  writeFileSync(
    png,
    await sharp(raw, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
  const svg = join(dir, "logo.svg");
  writeFileSync(
    svg,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 20"><rect width="20" height="20" fill="#c62828"/><circle cx="30" cy="10" r="9" fill="#1565c0"/><path d="M42 2h16v16H42z" fill="#2e7d32"/></svg>',
  );
  return { png, svg };
}

/** Milliseconds from the file input's change to the mockup drawn with the new logo (the studio marks it). */
async function timeFirstMockup(page: Page, file: string): Promise<number> {
  await page.evaluate(() => {
    performance.clearMarks("studio:logo-drawn");
    const input = document.getElementById("studio-logo")!;
    input.addEventListener(
      "change",
      (event) => ((window as unknown as { changedAt: number }).changedAt = event.timeStamp),
      { capture: true, once: true },
    );
  });
  const input = await page.$("#studio-logo");
  if (!input) throw new Error(`${studioPath}: no logo input`);
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
  await page.waitForFunction(() => performance.getEntriesByName("studio:logo-drawn").length > 0, { timeout: 30_000 });
  return page.evaluate(
    () =>
      performance.getEntriesByName("studio:logo-drawn")[0]!.startTime -
      (window as unknown as { changedAt: number }).changedAt,
  );
}

/**
 * Each key press on `selector`, timed as the browser's Event Timing API times an interaction: from the
 * key going down to the next paint after its handlers ran, the longest of its events. The API reports
 * events of 16 ms and more: a press with none reported took less, and counts as 16 ms.
 */
async function timeEdits(page: Page, selector: string, keys: string[]): Promise<number[]> {
  await page.evaluate(() => {
    const events: { start: number; duration: number }[] = [];
    (window as unknown as { studioEvents: typeof events }).studioEvents = events;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) events.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
  });
  await page.focus(selector);
  const starts: number[] = [];
  for (const key of keys) {
    starts.push(await page.evaluate(() => performance.now()));
    if (key.length === 1) await page.keyboard.type(key);
    else await page.keyboard.press(key as Parameters<Page["keyboard"]["press"]>[0]);
    // A person types a few keys a second.
    await new Promise((done) => setTimeout(done, 200));
  }
  const events = await page.evaluate(
    () => (window as unknown as { studioEvents: { start: number; duration: number }[] }).studioEvents,
  );
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? Number.POSITIVE_INFINITY;
    return Math.max(
      16,
      ...events.filter((event) => event.start >= start && event.start < end).map((event) => event.duration),
    );
  });
}

async function oneRun(browser: Browser, origin: string, logos: { png: string; svg: string }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    await page.goto(`${origin}${studioPath}`, { waitUntil: "load" });
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")), {
      timeout: 60_000,
    });
    // The buyer's first step: their logo. Then the edits that follow it.
    const png = await timeFirstMockup(page, logos.png);
    const edits = await timeEdits(page, "#studio-name", [..."ACME RX"]);
    // On a touch phone the keyboard's "Move logo" is hidden: the logo is resized with the size slider.
    const moves = await timeEdits(page, "#studio-logo-size", [
      "ArrowLeft",
      "ArrowLeft",
      "ArrowRight",
      "ArrowLeft",
      "ArrowRight",
    ]);
    const svg = await timeFirstMockup(page, logos.svg);
    const more = await timeEdits(page, "#studio-name", ["Backspace", "Backspace", "P", "H"]);
    return { png, svg, edits: [...edits, ...moves, ...more] };
  } finally {
    await context.close();
  }
}

export async function measureStudio(
  origin: string,
  { runs = 3, chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium" } = {},
): Promise<StudioTiming> {
  const dir = mkdtempSync(join(tmpdir(), "promo-bench-studio-"));
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  try {
    const logos = await writeLogos(dir);
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await oneRun(browser, origin, logos));
    const edits = results.flatMap((result) => result.edits);
    return {
      pngFirstMockup: median(results.map((result) => result.png)),
      svgFirstMockup: median(results.map((result) => result.svg)),
      editMedian: median(edits),
      editP90: [...edits].sort((a, b) => a - b)[Math.ceil(edits.length * 0.9) - 1]!,
      editWorst: Math.max(...edits),
      edits: edits.length,
      runs,
    };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeStudio(t: StudioTiming): string[] {
  const verdict = (ms: number, budget: number) =>
    `${Math.round(ms)} ms (budget ${budget} ms${ms > budget ? ", MISSED" : ""})`;
  return [
    `choosing a PNG logo → first mockup: ${verdict(t.pngFirstMockup, studioBudgets.firstMockupMs)}, median of ${t.runs}`,
    `choosing an SVG logo → first mockup: ${verdict(t.svgFirstMockup, studioBudgets.firstMockupMs)}, median of ${t.runs}`,
    `an edit (a letter of the name, a step of the logo size slider) → painted: median ${t.editMedian <= 16 ? "under 16" : Math.round(t.editMedian)} ms, 9 in 10 within ${verdict(t.editP90, studioBudgets.editMs)}, worst ${Math.round(t.editWorst)} ms, of ${t.edits} edits`,
  ];
}

// `npx tsx bench/studio.ts http://127.0.0.1:3000`: the studio's timings alone, against a running server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? "http://127.0.0.1:3000";
  for (const line of describeStudio(await measureStudio(origin))) console.log(line);
}
