// The committed migrations are the truth CI deploys: they must apply to an empty database
// and say exactly what prisma/schema.prisma says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testAdminUrl, type TestDatabase } from "../testing/test-database.ts";
import { createPrismaClient } from "../client.ts";
import { checkDatabaseHealth, listCommittedMigrations } from "../health.ts";
import { deployMigrations, diffMigrationsToSchema, migrationStatus } from "./index.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("migrations", { migrate: false });
});
afterAll(() => database.drop());

describe("committed migrations", () => {
  it("agree with schema.prisma (an empty diff)", async () => {
    expect(await diffMigrationsToSchema({ shadowDatabaseUrl: testAdminUrl() })).toBe("");
  });

  it("deploy to an empty database, then report a clean status and a healthy database", async () => {
    const prisma = createPrismaClient(database.url, { poolSize: 1 });
    try {
      const before = await checkDatabaseHealth(prisma);
      expect(before).toMatchObject({ ok: false, database: "reachable", migrations: { current: false } });

      const applied = await deployMigrations({ databaseUrl: database.url });
      expect(applied).toEqual(await listCommittedMigrations());
      const status = await migrationStatus({ databaseUrl: database.url });
      expect(status).toMatchObject({ upToDate: true, pending: [], failed: [], edited: [] });
      expect(await deployMigrations({ databaseUrl: database.url })).toEqual([]);

      expect(await checkDatabaseHealth(prisma)).toMatchObject({ ok: true, migrations: { current: true, pending: [] } });
    } finally {
      await prisma.$disconnect();
    }
  });
});
