// Runs the Playwright suite on a fresh PostgreSQL database of its own (seeded with the
// catalog), then drops it. The production build must exist (`pnpm build`).
import { spawnSync } from "node:child_process";
import { createTestDatabase } from "@once/db/testing";
import { seedDatabase } from "@once/db/seed";

const database = await createTestDatabase("e2e");
let status = 1;
try {
  await seedDatabase(database.url);
  const result = spawnSync("pnpm", ["exec", "playwright", "test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, E2E_DATABASE_URL: database.url },
  });
  status = result.status ?? 1;
} finally {
  await database.drop();
}
process.exit(status);
