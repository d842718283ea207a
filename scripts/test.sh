#!/usr/bin/env bash
# Every test: lint (ESLint), format (Prettier) and the type check, unit and component tests (Vitest), then the
# browser tests (Playwright) against the built production server. Ends with one line: "N passed, M failed".
# Three lines of work run side by side, since none of them keeps both cores busy on its own: the unit tests;
# the checks that only read the source; the build followed by the browser tests. The unit tests' output is
# shown as it comes, the others' once they are done.
set -uo pipefail
cd "$(dirname "$0")/.."

CHROME_PATH="$(bash scripts/chromium-path.sh)" || exit 1
export CHROME_PATH

results_dir="$(mktemp -d)"
trap 'rm -rf "$results_dir"' EXIT
started=$SECONDS

# Runs a named check with its output in a log, its exit status and its duration in files.
check() {
  local name="$1" began=$SECONDS
  shift
  "$@" >"$results_dir/$name.log" 2>&1
  echo $? >"$results_dir/$name.status"
  echo $((SECONDS - began)) >"$results_dir/$name.seconds"
}
status_of() { cat "$results_dir/$1.status" 2>/dev/null || echo 1; }
report() {
  echo "== $1: $([ "$(status_of "$1")" = 0 ] && echo passed || echo FAILED) in $(cat "$results_dir/$1.seconds" 2>/dev/null || echo '?') s"
  cat "$results_dir/$1.log"
}

(
  check typecheck npm run --silent typecheck
  check lint npx eslint . --max-warnings 0
  check format npx prettier --check . --log-level warn
) &
source_checks=$!

(
  check build npm run build
  if [ "$(status_of build)" = 0 ]; then
    PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" check e2e npx playwright test --reporter=list,json
  fi
) &
browser_tests=$!

# One thread for the unit tests: beside the browser tests and their servers two threads only slowed both.
npx vitest run --maxWorkers=1 --reporter=default --reporter=json --outputFile.json="$results_dir/vitest.json"
unit_status=$?

wait "$source_checks"
for name in typecheck lint format; do report "$name"; done
wait "$browser_tests"
report build
if [ "$(status_of build)" = 0 ]; then report e2e; else echo "Build failed: browser tests not run." >&2; fi

echo "npm test took $((SECONDS - started)) s"
node scripts/summarise-tests.mjs "$results_dir"
summary_status=$?

if [ "$unit_status" != 0 ] || [ "$(status_of e2e)" != 0 ] || [ "$summary_status" != 0 ]; then exit 1; fi
