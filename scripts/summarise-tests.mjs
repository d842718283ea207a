// Adds up what scripts/test.sh left in its results folder into the closing line CI reads: "N passed, M failed".
// The type check, the lint (ESLint) and the format check (Prettier) count as one more each, and so does the
// run on another Node major when CI made one (OTHER_RUNTIME_STATUS and OTHER_RUNTIME_LOG, set by .ci/run). A
// report that is missing (its runner crashed) or a failed build counts as a failure.
// Whatever failed is named again just above the closing line, with the end of its log, since a CI record
// may keep only the end of the output.
//   node scripts/summarise-tests.mjs RESULTS_DIR
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

const resultsDir = process.argv[2];
let passed = 0;
let failed = 0;
const failures = [];

const read = (name) => (existsSync(join(resultsDir, name)) ? readFileSync(join(resultsDir, name), "utf8") : "");
const lastLines = (text, count) => text.trimEnd().split("\n").slice(-count).join("\n");
const firstLines = (text, count) => text.trim().split("\n").slice(0, count).join("\n");
const statusOf = (name) => read(`${name}.status`).trim() || "1";

function countCheck(name, status, log) {
  if (status === "0") {
    passed += 1;
    return;
  }
  failed += 1;
  failures.push(`${name} failed${log ? `; the end of its output:\n${lastLines(log, 40)}` : ""}`);
}

for (const name of ["typecheck", "lint", "format"]) countCheck(name, statusOf(name), read(`${name}.log`));

// The build, unit tests and smoke test on another Node major (scripts/other-runtime.sh), as one check.
const otherRuntimeStatus = process.env.OTHER_RUNTIME_STATUS;
if (otherRuntimeStatus !== undefined) {
  const log = process.env.OTHER_RUNTIME_LOG;
  countCheck("other-runtime", otherRuntimeStatus, log && existsSync(log) ? readFileSync(log, "utf8") : "");
}

const vitestReport = read("vitest.json");
if (vitestReport) {
  const report = JSON.parse(vitestReport);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults.filter(({ status }) => status === "failed")) {
      failures.push(
        `unit test failed: ${file.name} › ${test.fullName}\n${firstLines(test.failureMessages.join("\n"), 8)}`,
      );
    }
    if (file.status === "failed" && file.assertionResults.length === 0) {
      failures.push(`unit test file failed: ${file.name}\n${firstLines(file.message ?? "", 8)}`);
    }
  }
  if (report.numTotalTests === 0 || (report.success === false && report.numFailedTests === 0)) {
    failed += 1;
    failures.push("the unit tests did not run through (see their output above)");
  }
} else {
  failed += 1;
  failures.push("the unit tests left no report: their runner crashed (see its output above)");
}

// Every failed test in Playwright's suite tree, named by its titles.
function failedBrowserTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter(({ status }) => status === "unexpected")
      .map((test) => {
        const errors = test.results.flatMap(({ errors }) => errors.map(({ message }) => message ?? ""));
        return `browser test failed: ${[...path, spec.title].join(" › ")} (${spec.file}:${spec.line})\n${firstLines(errors.join("\n"), 12)}`;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => failedBrowserTests(child, path))];
}

const playwrightReport = read("playwright.json");
if (statusOf("build") !== "0") {
  failed += 1;
  failures.push(
    `the build failed, so the browser tests did not run; the end of its output:\n${lastLines(read("build.log"), 40)}`,
  );
} else if (playwrightReport) {
  const { stats, suites } = JSON.parse(playwrightReport);
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  failures.push(...suites.flatMap((suite) => failedBrowserTests(suite)));
  if (stats.expected + stats.unexpected + stats.flaky === 0) {
    failed += 1;
    failures.push("no browser test ran (see their output above)");
  }
} else {
  failed += 1;
  failures.push("the browser tests left no report: their runner crashed (see its output above)");
}

for (const failure of failures) console.log(`\nFAILED: ${stripVTControlCharacters(failure)}`);
if (failures.length > 0) console.log("");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
