// Runs the idempotent catalog seed (prisma/seed-catalog.ts) against a URL.
import { seedCatalog } from "../../../prisma/seed-catalog.ts";
import { createPrismaClient } from "./client.ts";

export async function seedDatabase(connectionString: string): Promise<number> {
  const prisma = createPrismaClient(connectionString, { poolSize: 2 });
  try {
    return await seedCatalog(prisma);
  } finally {
    await prisma.$disconnect();
  }
}
