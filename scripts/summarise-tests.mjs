// Adds up Vitest's and Playwright's JSON reports into the closing line CI reads: "N passed, M failed".
// The type check, the lint (ESLint) and the format check (Prettier) count as one more each, and so does the
// run on another Node major when CI made one
// (OTHER_RUNTIME_STATUS, set by .ci/run). A report that is missing (its runner crashed) or a failed build
// counts as a failure.
import { existsSync, readFileSync } from "node:fs";

const [vitestFile, playwrightFile, buildStatus, ...sourceCheckStatuses] = process.argv.slice(2);
let passed = 0;
let failed = 0;

// The type check, the lint and the format check: one check each.
for (const status of sourceCheckStatuses) {
  if (status === "0") passed += 1;
  else failed += 1;
}

// The build, unit tests and smoke test on another Node major (scripts/other-runtime.sh), as one check.
const otherRuntimeStatus = process.env.OTHER_RUNTIME_STATUS;
if (otherRuntimeStatus !== undefined) {
  if (otherRuntimeStatus === "0") passed += 1;
  else failed += 1;
}

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numTotalTests === 0 || (report.success === false && report.numFailedTests === 0)) failed += 1;
} else {
  failed += 1;
}

if (buildStatus !== "0") {
  failed += 1;
} else if (existsSync(playwrightFile)) {
  const { stats } = JSON.parse(readFileSync(playwrightFile, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.expected + stats.unexpected + stats.flaky === 0) failed += 1;
} else {
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
