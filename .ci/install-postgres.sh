#!/usr/bin/env bash
# Installs Debian's postgresql (server binaries under /usr/lib/postgresql/N/bin) for the
# service's two-worker test (test/service/postgres-workers.test.ts), which starts its own
# server in a temp folder; does nothing when the binaries are there. Needs root (or sudo).
set -euo pipefail

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  SUDO="sudo"
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
echo "Installing Debian's postgresql for the service's Postgres test..."
if ! { $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "install-postgres: apt-get could not install postgresql" >&2
  exit 1
fi
ls /usr/lib/postgresql/*/bin/initdb
