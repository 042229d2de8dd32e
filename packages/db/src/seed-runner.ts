// Runs the idempotent catalog seed (seed-catalog.ts) against a URL. `with-database
// --seed` calls it on every node's start, often on several nodes at the same moment:
// seedCatalog only inserts missing guides, with ON CONFLICT DO NOTHING, so that is safe.
import { seedCatalog } from "./seed-catalog.ts";
import { createPrismaClient } from "./client.ts";

export async function seedDatabase(connectionString: string): Promise<number> {
  const prisma = createPrismaClient(connectionString, { poolSize: 1 });
  try {
    return await seedCatalog(prisma);
  } finally {
    await prisma.$disconnect();
  }
}
