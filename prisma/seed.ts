// `pnpm db:seed`: loads the sample-guide catalog into the database (DATABASE_URL, or the
// embedded one). Idempotent; the catalog is packages/db/src/seed-catalog.ts.
import { runCli } from "@once/db/cli";
import { assertDatabaseReachable, resolveDatabaseUrl } from "@once/db/database-url";
import { seedDatabase } from "@once/db/seed";

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
