// What counts as a database outage (a retryable 503) and what does not (a 500 or a 4xx), on
// errors produced for real: a refused connection, a connection the server ends, a read-only
// transaction like a standby's, and ordinary query errors.
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { createPrismaClient } from "./client.ts";
import { databaseUnavailability } from "./unavailable.ts";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NOTHING_LISTENS = "postgresql://postgres@127.0.0.1:1/postgres";

const caught = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );

describe("databaseUnavailability", () => {
  it("a refused connection, through Prisma and through node-postgres, is unreachable", async () => {
    const prisma = createPrismaClient(NOTHING_LISTENS, { poolSize: 1 });
    try {
      expect(databaseUnavailability(await caught(() => prisma.$queryRawUnsafe("select 1")))).toBe("unreachable");
    } finally {
      await prisma.$disconnect();
    }
    const client = new pg.Client({ connectionString: NOTHING_LISTENS });
    expect(databaseUnavailability(await caught(() => client.connect()))).toBe("unreachable");
  });

  it("a connection the server terminates (as a dying primary does) is unreachable", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    const killer = new pg.Client({ connectionString: ADMIN_URL });
    await killer.connect();
    try {
      // A query only this test sends, so the terminate below touches nobody else's session.
      const probe = `select pg_sleep(5), 'unavailable-${process.pid}-${Date.now()}'`;
      const slow = caught(() => prisma.$queryRawUnsafe(probe));
      // Terminated once the server is running it (the answer says how many sessions it ended).
      await vi.waitFor(
        async () => {
          const { rows } = await killer.query<{ ended: number }>(
            `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
            [probe],
          );
          expect(rows[0]!.ended).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(databaseUnavailability(await slow)).toBe("unreachable");
    } finally {
      await killer.end();
      await prisma.$disconnect();
    }
  });

  it("a write refused as read-only (what a standby answers) is read-only", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    try {
      const error = await caught(() =>
        prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe("set transaction read only");
          await tx.$executeRawUnsafe("create temporary table ha_probe (x int)");
        }),
      );
      expect(databaseUnavailability(error)).toBe("read-only");
    } finally {
      await prisma.$disconnect();
    }
  });

  it("a transaction that outlived its timeout (stuck on a database that stopped answering) is unreachable", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    try {
      // The server is the slow party here (a statement three times the transaction's timeout),
      // not the test: Prisma notices the expired transaction at its next statement, so the
      // first one must come back, late.
      const error = await caught(() =>
        prisma.$transaction(
          async (tx) => {
            await tx.$queryRawUnsafe("select pg_sleep(0.3)::text");
            await tx.$queryRawUnsafe("select 1");
          },
          { timeout: 100 },
        ),
      );
      expect((error as { code?: string }).code).toBe("P2028");
      expect(databaseUnavailability(error)).toBe("unreachable");
    } finally {
      await prisma.$disconnect();
    }
  });

  it("ordinary errors are not outages", async () => {
    const prisma = createPrismaClient(ADMIN_URL, { poolSize: 1 });
    try {
      expect(databaseUnavailability(await caught(() => prisma.$queryRawUnsafe("select * from no_such_table")))).toBeNull();
      expect(databaseUnavailability(await caught(() => prisma.$queryRawUnsafe("select 1/0")))).toBeNull();
    } finally {
      await prisma.$disconnect();
    }
    expect(databaseUnavailability(new Error("boom"))).toBeNull();
    expect(databaseUnavailability(null)).toBeNull();
  });
});
