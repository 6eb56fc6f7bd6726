#!/usr/bin/env bash
# Installs Debian's chromium (/usr/bin/chromium) for the HTML report's browser test
# (test/report/html-browser.test.ts) when it is missing; does nothing when it is there.
# Non-interactive and quiet; needs root (or sudo) for apt-get.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
echo "Installing Debian's chromium for the browser tests..."
if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "install-chromium: apt-get could not install chromium" >&2
  exit 1
fi
/usr/bin/chromium --version
