// Production refuses to start while the documented development staff account still has its
// published password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@once/db";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { DEV_STAFF, upsertStaffAccount } from "@once/auth";
import { startNode } from "../../scripts/cluster/node-process.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("devcreds");
  const prisma = createPrismaClient(database.url, { poolSize: 1 });
  await upsertStaffAccount(prisma, DEV_STAFF);
  await prisma.$disconnect();
});
afterAll(() => database.drop());

describe("production start-up", () => {
  it("refuses default staff credentials with one clear line", async () => {
    const attempt = await startNode({ port: 3241, databaseUrl: database.url }).then(
      async (node) => {
        await node.stop();
        return null;
      },
      (error: unknown) => error as Error,
    );
    expect(attempt).toBeInstanceOf(Error);
    expect(attempt!.message).toMatch(/refusing to start: the development staff account sales@example\.com still has its published password/);
  });
});
