#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded on these machines.
# `prisma generate` never runs it; any command that does must fail loudly, never "succeed".
echo "The native Prisma schema engine is not available here: use pnpm db:migrate / db:status / db:create-migration (packages/db/src/migrate)." >&2
exit 1
