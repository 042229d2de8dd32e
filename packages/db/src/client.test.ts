// The pool figures behind /metrics (connections in use, requests waiting), on a real server.
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { createPrismaClient, poolStatsOf } from "./client.ts";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

describe("poolStatsOf", () => {
  it("counts connections in use and queries waiting for one, and the pool ends with $disconnect", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    // Holds an advisory lock the pool's one query waits for, so that query stays in use (and
    // the next one queued) for as long as the test looks, not for a guessed time.
    const holder = new pg.Client({ connectionString: ADMIN_URL });
    await holder.connect();
    const lock = 0x706f6f6c + process.pid;
    try {
      await holder.query("select pg_advisory_lock($1)", [lock]);
      expect(poolStatsOf(prisma)).toEqual({ inUse: 0, idle: 0, waiting: 0, max: 1 });
      // Prisma's promises run only once awaited: `then` starts them.
      const blocked = prisma.$queryRawUnsafe(`select pg_advisory_xact_lock(${lock})::text`).then(() => "blocked");
      const queued = prisma.$queryRawUnsafe("select 1").then(() => "queued");
      await vi.waitFor(() => expect(poolStatsOf(prisma)).toMatchObject({ inUse: 1, waiting: 1 }), { timeout: 10_000, interval: 10 });
      await holder.query("select pg_advisory_unlock($1)", [lock]);
      expect(await Promise.all([blocked, queued])).toEqual(["blocked", "queued"]);
      expect(poolStatsOf(prisma)).toMatchObject({ inUse: 0, idle: 1, waiting: 0 });
    } finally {
      await holder.end();
      await prisma.$disconnect();
    }
    expect(poolStatsOf(prisma)).toMatchObject({ inUse: 0, idle: 0, waiting: 0 });
  });
});
