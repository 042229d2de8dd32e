#!/usr/bin/env bash
# The test command (.ci/run calls exactly this): installs what is missing, starts the local
# PostgreSQL if it is down, then runs typecheck, lint, unit + integration tests (vitest on
# real PostgreSQL) and the browser tests (Playwright in Debian's Chromium on a production
# build).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's seconds go to .test-report/phases.tsv; `pnpm test` (scripts/test-run/run-tests.ts)
# adds its own and prints the whole table at the end.
rm -rf .test-report && mkdir -p .test-report
phase_started=$(date +%s%N)
end_phase() { # <name>: the seconds since the previous phase ended
  local now
  now=$(date +%s%N)
  printf '%s\t%s\tpassed\n' "$1" "$(awk "BEGIN { printf \"%.1f\", ($now - $phase_started) / 1e9 }")" >>.test-report/phases.tsv
  phase_started=$now
}

source scripts/bootstrap.sh
end_phase "install (pnpm, packages)"

# Debian packages the browser and multi-node tests need: the missing ones installed in one
# apt-get call (as root), or one line saying what to install.
missing_debian_packages=()
need_debian_package() { # <package> <present when this succeeds…>
  local package=$1
  shift
  "$@" >/dev/null 2>&1 || missing_debian_packages+=("$package")
}

# The browser tests drive Chromium's headless shell (lighter); the back/forward cache test, the whole browser.
need_debian_package chromium-headless-shell test -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
need_debian_package chromium test -x "${CHROMIUM_PATH:-/usr/bin/chromium}"
need_debian_package nginx-light sh -c 'command -v nginx || test -x /usr/sbin/nginx' # the multi-node tests
# The failover test (e2e/system/ha-failover.test.ts) runs PostgreSQL under Patroni, etcd and HAProxy.
need_debian_package patroni sh -c 'command -v patroni'
need_debian_package etcd-server sh -c 'command -v etcd'
need_debian_package haproxy sh -c 'command -v haproxy || test -x /usr/sbin/haproxy'
# The pooler test (e2e/system/pooler.test.ts) runs the nodes behind PgBouncer in transaction mode.
need_debian_package pgbouncer sh -c 'command -v pgbouncer || test -x /usr/sbin/pgbouncer'
# Chinese pages are screenshot and compared: without a CJK font they render as boxes.
need_debian_package fonts-noto-cjk sh -c 'fc-list :lang=zh | grep -q .'
if [ ${#missing_debian_packages[@]} -gt 0 ]; then
  say "installing Debian's ${missing_debian_packages[*]}"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_debian_packages[@]}" >/dev/null) \
      || fail "apt-get install failed; install Debian's ${missing_debian_packages[*]}"
  else
    fail "missing Debian packages and this user cannot apt-get install them; run: sudo apt-get install -y ${missing_debian_packages[*]}"
  fi
fi
end_phase "Debian packages"

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

end_phase "PostgreSQL up"

say "running every test"
TEST_REPORT_CONTINUE=1 pnpm test
