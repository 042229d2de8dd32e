// The browser and system tests, on a production build (`pnpm build` first):
// 1. system tests (vitest): several production nodes as separate processes on real PostgreSQL;
// 2. Playwright in Debian's Chromium, each worker on a fresh database of its own (seeded),
//    dropped after (E2E_WORKERS, default 1: playwright.config.ts says why).
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
  // One database (and, in playwright.config.ts, one server) per Playwright worker.
  const workers = Number(process.env.E2E_WORKERS ?? 1);
  const databases = await Promise.all(Array.from({ length: workers }, (_, index) => createTestDatabase(`e2e${index}`)));
  try {
    for (const database of databases) {
      await seedDatabase(database.url);
      const prisma = createPrismaClient(database.url, { poolSize: 1 });
      for (const staff of E2E_STAFF) await upsertStaffAccount(prisma, staff);
      await prisma.$disconnect();
    }
    const urls = databases.map((database) => database.url).join(",");
    status = run("pnpm", ["exec", "playwright", "test", ...process.argv.slice(3)], { ...process.env, E2E_DATABASE_URLS: urls });
  } finally {
    await Promise.all(databases.map((database) => database.drop()));
  }
}
process.exit(status);
