// The pool figures behind /metrics (connections in use, requests waiting), on a real server.
import { describe, expect, it } from "vitest";
import { createPrismaClient, poolStatsOf } from "./client.ts";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

describe("poolStatsOf", () => {
  it("counts connections in use and queries waiting for one, and the pool ends with $disconnect", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    try {
      expect(poolStatsOf(prisma)).toEqual({ inUse: 0, idle: 0, waiting: 0, max: 1 });
      // Prisma's promises run only once awaited: `then` starts them.
      const slow = prisma.$queryRawUnsafe("select pg_sleep(0.6)::text").then(() => "slow");
      const queued = prisma.$queryRawUnsafe("select 1").then(() => "queued");
      await new Promise((r) => setTimeout(r, 300));
      expect(poolStatsOf(prisma)).toMatchObject({ inUse: 1, waiting: 1 });
      expect(await Promise.all([slow, queued])).toEqual(["slow", "queued"]);
      expect(poolStatsOf(prisma)).toMatchObject({ inUse: 0, idle: 1, waiting: 0 });
    } finally {
      await prisma.$disconnect();
    }
    expect(poolStatsOf(prisma)).toMatchObject({ inUse: 0, idle: 0, waiting: 0 });
  });
});
