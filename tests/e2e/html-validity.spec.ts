import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "./support/test";
import { pagesToCheck } from "./support/site";

const vnu = resolve("node_modules/vnu-jar/build/dist/vnu.jar");

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/**
 * The checker's CSS parser lags the browsers the site supports, and Tailwind's own stylesheet uses what it
 * does not know: the `@property` at-rule (CSS Properties and Values API) with which Tailwind registers its
 * variables, a custom property listed in `transition-property` (its gradient transitions), and
 * `margin-trim` inside an `@supports` test Tailwind writes, and container queries (CSS Containment 3:
 * `container-type` and `@container`, which the buyer's side column uses). These messages alone are left
 * out; any other CSS error still counts.
 */
const checkerBehindTheBrowsers = new Set([
  "CSS: Unrecognized at-rule “@property”",
  "CSS: “transition-property”: “--tw-gradient-from” is not a “transition-property” value.",
  "CSS: “margin-trim”: Property “margin-trim” doesn't exist.",
  "CSS: “container-type”: Property “container-type” doesn't exist.",
  "CSS: Unrecognized at-rule “@container”",
]);
/**
 * Nor does it read CSS Color 4's oklab() with an alpha, or a number in exponent form, both of which the
 * build writes for a theme colour with an opacity (`bg-white/95` → `oklab(100% 0 5.96046e-8/.95)`) now
 * that theme values are written into the rules: those two messages are left out where the extract shows
 * such an alpha (`…/.95)`).
 */
const oklabColourGap = (m: VnuMessage) =>
  /: (“\/” is not a valid Lab color|Unknown dimension)\.$/.test(m.message) && /\d\/\.?\d+\)/.test(m.extract ?? "");
const knownCheckerGap = (m: VnuMessage) => checkerBehindTheBrowsers.has(m.message) || oklabColourGap(m);

test("the Nu HTML Checker finds no error in the served HTML of each page template", async ({ request }) => {
  test.setTimeout(120_000);
  // In the test's own output folder, which Playwright empties at the start of the next run.
  const dir = test.info().outputPath("pages");
  mkdirSync(dir, { recursive: true });
  const fileToPath = new Map<string, string>();
  for (const [index, { path }] of pagesToCheck().entries()) {
    const response = await request.get(path);
    const file = join(dir, `page-${index}.html`);
    writeFileSync(file, await response.text());
    fileToPath.set(file, path);
  }
  const run = spawnSync("java", ["-jar", vnu, "--format", "json", "--stdout", ...fileToPath.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, "java runs the checker").toBeUndefined();
  const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .filter((m) => !knownCheckerGap(m))
    .map(
      (m) =>
        `${fileToPath.get(m.url?.replace(/^file:/, "") ?? "") ?? m.url} line ${m.lastLine}: ${m.message} ${m.extract ? `[${m.extract.trim()}]` : ""}`,
    );
  expect(errors).toEqual([]);
  expect(fileToPath.size).toBe(pagesToCheck().length);
});
