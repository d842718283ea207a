#!/usr/bin/env bash
# Every test: lint (ESLint), format (Prettier) and the type check, unit and component tests (Vitest), then the
# browser tests (Playwright) against the built production server. Ends with one line: "N passed, M failed".
# The checks that only read the source run beside the unit tests and the build (one process each, on
# another core); their output is shown when they are done.
set -uo pipefail
cd "$(dirname "$0")/.."

CHROME_PATH="$(bash scripts/chromium-path.sh)" || exit 1
export CHROME_PATH

results_dir="$(mktemp -d)"
trap 'rm -rf "$results_dir"' EXIT
started=$SECONDS

# Runs a named check with its output in a log and its exit status in a file.
check() {
  local name="$1"
  shift
  "$@" >"$results_dir/$name.log" 2>&1
  echo $? >"$results_dir/$name.status"
}
status_of() { cat "$results_dir/$1.status" 2>/dev/null || echo 1; }

(
  check typecheck npm run --silent typecheck
  check lint npx eslint . --max-warnings 0
  check format npx prettier --check . --log-level warn
) &
source_checks=$!

npx vitest run --reporter=default --reporter=json --outputFile.json="$results_dir/vitest.json"
unit_status=$?

build_status=0
npm run build || build_status=$?

wait "$source_checks"
for name in typecheck lint format; do
  echo "== $name: $([ "$(status_of "$name")" = 0 ] && echo passed || echo FAILED)"
  cat "$results_dir/$name.log"
done

e2e_status=1
if [ "$build_status" = 0 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" npx playwright test --reporter=list,json
  e2e_status=$?
else
  echo "Build failed: browser tests not run." >&2
fi

echo "npm test took $((SECONDS - started)) s"
node scripts/summarise-tests.mjs "$results_dir/vitest.json" "$results_dir/playwright.json" "$build_status" \
  "$(status_of typecheck)" "$(status_of lint)" "$(status_of format)"
summary_status=$?

if [ "$unit_status" != 0 ] || [ "$e2e_status" != 0 ] || [ "$summary_status" != 0 ]; then exit 1; fi
