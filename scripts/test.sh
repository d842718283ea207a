#!/usr/bin/env bash
# Every test: the type check, unit and component tests (Vitest), then the browser journeys (Playwright) against the
# built production server. Ends with one line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."

CHROME_PATH="$(bash scripts/chromium-path.sh)" || exit 1
export CHROME_PATH

results_dir="$(mktemp -d)"
trap 'rm -rf "$results_dir"' EXIT

typecheck_status=0
npm run typecheck || typecheck_status=$?

npx vitest run --reporter=default --reporter=json --outputFile.json="$results_dir/vitest.json"
unit_status=$?

build_status=0
npm run build || build_status=$?

e2e_status=1
if [ "$build_status" = 0 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" npx playwright test --reporter=list,json
  e2e_status=$?
else
  echo "Build failed: browser tests not run." >&2
fi

node scripts/summarise-tests.mjs "$results_dir/vitest.json" "$results_dir/playwright.json" "$build_status" "$typecheck_status"
summary_status=$?

if [ "$unit_status" != 0 ] || [ "$e2e_status" != 0 ] || [ "$summary_status" != 0 ]; then exit 1; fi
