#!/usr/bin/env bash
# Shared by scripts/dev.sh and scripts/test.sh: makes a fresh machine ready.
# Installs what is missing (pnpm 12.4.2, the workspace's packages) and says clearly what it
# could not do. Nothing here downloads binaries from outside the npm registry.
set -euo pipefail

export TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m[setup] cannot continue:\033[0m %s\n' "$*" >&2; exit 1; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 20 ] || fail "Node.js 20 or newer is required (found: $(node -v 2>/dev/null || echo none))"

if [ "$(pnpm --version 2>/dev/null || true)" != "12.4.2" ]; then
  say "installing pnpm 12.4.2 (npm install -g)"
  npm install -g pnpm@12.4.2 >/dev/null || fail "npm install -g pnpm@12.4.2 failed; install pnpm 12.4.2 by hand"
fi

say "installing the workspace's packages"
pnpm install --frozen-lockfile --reporter=append-only | tail -n 3
