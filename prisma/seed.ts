// `pnpm db:seed`: loads the sample-guide catalog into the database (DATABASE_URL, or the
// embedded one). Idempotent; see seed-catalog.ts.
import { resolveDatabaseUrl } from "../packages/db/src/database-url.ts";
import { runCli } from "../packages/db/src/cli/run-cli.ts";
import { seedDatabase } from "../packages/db/src/seed-runner.ts";
import { assertDatabaseReachable } from "../packages/db/src/database-url.ts";

await runCli(async () => {
  const database = await resolveDatabaseUrl();
  try {
    await assertDatabaseReachable(database.connectionString);
    const count = await seedDatabase(database.connectionString);
    console.log(`seed: the catalog holds ${count} guides`);
  } finally {
    await database.release();
  }
});
