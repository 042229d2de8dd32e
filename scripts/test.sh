#!/usr/bin/env bash
# The test command (.ci/run calls exactly this): installs what is missing, starts the local
# PostgreSQL if it is down, then runs typecheck, lint, unit + integration tests (vitest on
# real PostgreSQL) and the browser tests (Playwright in Debian's Chromium on a production
# build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium_path" ]; then
  say "installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || fail "apt-get install chromium failed; install Debian's chromium or set CHROMIUM_PATH"
  else
    fail "Chromium is missing at $chromium_path and this user cannot apt-get install it; run: sudo apt-get install -y chromium"
  fi
fi

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  say "installing Debian's nginx-light for the multi-node tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null) \
      || fail "apt-get install nginx-light failed; install nginx"
  else
    fail "nginx is missing and this user cannot apt-get install it; run: sudo apt-get install -y nginx-light"
  fi
fi

admin_url=${TEST_DATABASE_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if ! pg_isready -q -d "$admin_url" 2>/dev/null; then
  say "PostgreSQL is not answering at ${admin_url#*@}: starting the local cluster"
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start \
      || fail "pg_ctlcluster could not start PostgreSQL"
    for _ in $(seq 1 30); do pg_isready -q -d "$admin_url" && break; sleep 1; done
  fi
  pg_isready -q -d "$admin_url" || fail "no PostgreSQL at ${admin_url#*@}; start one or set TEST_DATABASE_ADMIN_URL"
fi

say "running every test"
pnpm test
