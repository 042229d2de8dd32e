#!/usr/bin/env bash
# The run command: installs what is missing and runs the whole system on
# http://localhost:3000. With no DATABASE_URL it uses the embedded PostgreSQL (PGlite) kept
# in .data/; with DATABASE_URL it uses that server. Migrations and the catalog seed are
# applied before the app serves.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
exec pnpm dev
