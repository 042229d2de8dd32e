// Starting a fleet: any number of production nodes started at the same moment, the way
// `pnpm start` does (with-database --seed), on a new or an older database, all become ready.
// Before: the catalog seed read-then-inserted, and two nodes starting together died with
// `Unique constraint failed on the constraint: guide_slug_key`; the notification workers of
// nodes starting together deadlocked creating their pg-boss queues (logged, node up, no
// worker). And a SIGTERM during start-up must not leave a migration half applied.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testAdminUrl, testPool, type TestDatabase } from "@once/db/testing";
import { startNode, type NodeProcess } from "@once/scripts/cluster/node-process";
import {
  committedMigrations,
  createOldDatabase,
  FLEET_ENV,
  holdLocks,
  PGBOSS_START_LOCK,
  troubleIn,
  waitForLockWaiters,
  type HeldLocks,
} from "./fleet-fixture.ts";

const BASE_PORT = 3310;
let admin: pg.Pool;
beforeAll(() => {
  admin = testPool(testAdminUrl(), 2);
});
afterAll(() => admin.end());

async function scalar<T>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: T }>(sql)).rows[0]!.v;
  } finally {
    await client.end();
  }
}

type Round = "new" | "older" | "empty";

describe("a fleet starting together", () => {
  it("three nodes started at once become ready on new, older and empty databases", { timeout: 120_000 }, async () => {
    // new: migrated, never seeded (what createTestDatabase gives); older: the last migration
    // is still to apply; empty: not even migrated. The nodes' start-up jitter (seconds on two
    // cores) often hides a race, so the test makes them meet where start-up writes: it holds
    // the guide table until all three wait at the seed (on the new database only), and pg-boss's
    // install lock until their notification workers all wait there. Because they are made to
    // meet, one round of each kind is enough (it was three rounds of "new" when they met by chance).
    const rounds: Round[] = ["new", "older", "empty"];
    for (const [round, kind] of rounds.entries()) {
      const database: TestDatabase =
        kind === "older"
          ? (await createOldDatabase(`fleet_start_${round}`)).database
          : await createTestDatabase(`fleet_start_${round}`, { migrate: kind === "new" });
      // Not on the older database either: its missing migration may itself need the guide table
      // (20261206050000_lead_guide adds foreign keys to it) and would wait behind the gate, with
      // the other nodes behind its migration lock. The three new rounds meet at the seed.
      const seedGate: HeldLocks | null = kind === "new" ? await holdLocks(database.url, ["lock table guide in access exclusive mode"]) : null;
      const workerGate = await holdLocks(database.url, [PGBOSS_START_LOCK]);
      const starting = [1, 2, 3].map((i) => startNode({ port: BASE_PORT + i, databaseUrl: database.url, env: FLEET_ENV, seed: true }));
      let failures: string[] = [];
      let trouble: string[] = [];
      let guides = -1;
      let deadlocks = -1;
      try {
        if (seedGate) {
          await waitForLockWaiters(admin, database.name, 3, { queryLike: ["%guide%"], timeoutMs: 60_000 });
          await seedGate.release();
        }
        // pg-boss gives up on its lock after 30 s: let go after 15 s even if a node is late.
        await waitForLockWaiters(admin, database.name, 3, { queryLike: ["%pgboss%", "%once.notify.start%"], timeoutMs: 15_000 }).catch(() => undefined);
        await workerGate.release();
      } finally {
        await seedGate?.release();
        await workerGate.release();
        const settled = await Promise.allSettled(starting);
        const nodes = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
        failures = settled.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
        await Promise.all(nodes.map((n: NodeProcess) => n.stop("SIGTERM")));
        trouble = nodes.flatMap((n) => troubleIn(n.output()));
        guides = await scalar<number>(database.url, "select count(*)::int as v from guide").catch(() => -1);
        // Some start-up code swallows its errors (pg-boss's timekeeper does): PostgreSQL's own
        // count says whether anything deadlocked. Backends report it when they end: read it
        // once none of them is left.
        await vi.waitFor(
          async () => {
            const { rows } = await admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1`, [database.name]);
            expect(rows[0]!.n).toBe(0);
          },
          { timeout: 30_000, interval: 50 },
        );
        deadlocks = (await admin.query<{ n: number }>(`select deadlocks::int as n from pg_stat_database where datname = $1`, [database.name])).rows[0]?.n ?? -1;
        await database.drop();
      }
      expect(failures, `round ${round} (${kind})`).toEqual([]);
      expect(trouble, `round ${round} (${kind})`).toEqual([]);
      expect(deadlocks, `round ${round} (${kind}): deadlocks`).toBe(0);
      expect(guides, `round ${round} (${kind})`).toBe(4);
    }
  });

  it("a SIGTERM while a migration runs lets it finish, exits 0 without serving, and the next start is clean", { timeout: 90_000 }, async () => {
    // From this migration on they are missing; it alters rate_limit, and holding a lock on that
    // table keeps it running.
    const { database, missing } = await createOldDatabase("fleet_sigterm_start", { firstMissing: "20261201070000_rate_limit_unlogged" });
    try {
      expect(missing).toMatch(/rate_limit/);
      const lock = await holdLocks(database.url, ["lock table rate_limit in access share mode"]);
      const node = await startNode({ port: BASE_PORT + 5, databaseUrl: database.url, env: FLEET_ENV, seed: true, waitForReady: false });
      try {
        await waitForLockWaiters(admin, database.name, 1, { queryLike: ["%rate_limit%"], timeoutMs: 60_000 });
        const exit = node.stop("SIGTERM");
        await vi.waitFor(() => expect(node.output()).toMatch(/SIGTERM: stopping once the current start-up step has finished/), {
          timeout: 30_000,
          interval: 20,
        });
        // Still there, its migration still waiting: it finishes the one under way rather than cutting it in half.
        expect(node.process.exitCode).toBeNull();
        await waitForLockWaiters(admin, database.name, 1, { queryLike: ["%rate_limit%"], timeoutMs: 5_000 });
        await lock.release();
        expect(await exit).toEqual({ code: 0, signal: null });
      } finally {
        await lock.release();
        await node.stop("SIGKILL");
      }
      expect(node.output()).toMatch(/SIGTERM: stopped before start-up finished/);
      expect(node.output()).not.toMatch(/ready on/);
      const records = await scalar<{ name: string; finished: boolean; rolledBack: boolean }[]>(
        database.url,
        `select json_agg(json_build_object('name', migration_name, 'finished', finished_at is not null, 'rolledBack', rolled_back_at is not null)) as v from _prisma_migrations`,
      );
      expect(records.filter((r) => !r.finished || r.rolledBack)).toEqual([]);
      expect(records.map((r) => r.name).sort()).toEqual(await committedMigrations());

      const next = await startNode({ port: BASE_PORT + 5, databaseUrl: database.url, env: FLEET_ENV, seed: true });
      await next.stop("SIGTERM");
      expect(troubleIn(next.output())).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
