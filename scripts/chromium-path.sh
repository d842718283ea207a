#!/usr/bin/env bash
# Prints the path of a Chromium to test with: $CHROME_PATH, else /usr/bin/chromium.
# On a Debian machine as root with neither, installs Debian's `chromium` package (never a browser download of its own).
set -euo pipefail
candidate="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
if [ -n "${CHROME_PATH:-}" ]; then
  echo "CHROME_PATH=$CHROME_PATH is not an executable file." >&2; exit 1
fi
if [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ]; then
  echo "No Chromium found: installing Debian's chromium package..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi
cat >&2 <<'MSG'
No Chromium found for the browser tests.
Install one from your system's packages (Debian/Ubuntu: `sudo apt-get install chromium`)
or point CHROME_PATH at an installed Chromium or Chrome, then run `npm test` again.
MSG
exit 1
