// The browser and system tests, on a production build (`pnpm build` first):
// 1. system tests (vitest): several production nodes as separate processes on real PostgreSQL;
// 2. Playwright in Debian's Chromium, on a fresh database of its own (seeded), dropped after.
// `tsx run-e2e.ts system|browser [playwright args…]` runs one half (e.g. `browser tests/x.spec.ts`).
import { spawnSync } from "node:child_process";
import { createTestDatabase } from "@once/db/testing";
import { seedDatabase } from "@once/db/seed";
import { createPrismaClient } from "@once/db";
import { upsertStaffAccount } from "@once/auth";
import { E2E_STAFF } from "./tests/staff-accounts.ts";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
}

const only = process.argv[2];
let status = 0;
if (only !== "browser") status = run("pnpm", ["exec", "vitest", "run", "--configLoader", "runner"]);
if (status === 0 && only !== "system") {
  const database = await createTestDatabase("e2e");
  try {
    await seedDatabase(database.url);
    const prisma = createPrismaClient(database.url, { poolSize: 1 });
    for (const staff of E2E_STAFF) await upsertStaffAccount(prisma, staff);
    await prisma.$disconnect();
    status = run("pnpm", ["exec", "playwright", "test", ...process.argv.slice(3)], { ...process.env, E2E_DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
process.exit(status);
