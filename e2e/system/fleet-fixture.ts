// Helpers for the fleet system tests (fleet-*.test.ts): databases in a given state, locks held
// from the test to stop a node at a chosen point, and what counts as trouble in a node's log.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { deployMigrations } from "@once/db/migrate";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { repoRoot } from "@once/scripts/cluster/node-process";

/** Budgets far above what the load tests spend (the limits have their own tests). */
export const FLEET_ENV = {
  RATE_LIMIT_WRITES_PER_MINUTE: "100000",
  RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE: "100000",
  RATE_LIMIT_SESSIONS_PER_MINUTE: "100000",
  ORDER_DAILY_COPIES_PER_GUIDE: "1000",
  // Orders without a phone count per client address too: every order of a load test comes from here.
  ORDER_DAILY_COPIES_PER_ADDRESS: "10000000",
  LOG_LEVEL: "warn",
  // Three or four nodes share the test server's 100 connections (each node also holds the
  // rate-limit pool, pg-boss, the worker's pools and the LISTEN connection).
  DATABASE_POOL_SIZE: "5",
};

const migrationsDir = path.join(repoRoot, "prisma/migrations");

export async function committedMigrations(): Promise<string[]> {
  return (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** A database of an older release: the committed migrations applied but the newest (or from `firstMissing` on). */
export async function createOldDatabase(label: string, options: { firstMissing?: string } = {}): Promise<{ database: TestDatabase; missing: string }> {
  const database = await createTestDatabase(label, { migrate: false });
  const all = await committedMigrations();
  // By default only the newest migration is missing; a test that needs a particular one to
  // run at start-up names it (it and every later one are then missing).
  const cut = options.firstMissing ? all.indexOf(options.firstMissing) : all.length - 1;
  if (cut < 0) throw new Error(`no committed migration ${options.firstMissing}`);
  const older = await mkdtemp(path.join(os.tmpdir(), "older-migrations-"));
  try {
    for (const name of all.slice(0, cut)) await cp(path.join(migrationsDir, name), path.join(older, name), { recursive: true });
    await cp(path.join(migrationsDir, "migration_lock.toml"), path.join(older, "migration_lock.toml"));
    await deployMigrations({ databaseUrl: database.url, migrationsDir: older });
  } finally {
    await rm(older, { recursive: true, force: true });
  }
  return { database, missing: all[cut]! };
}

export interface HeldLocks {
  release(): Promise<void>;
}

/** Runs `statements` in a transaction kept open (its locks held) until `release`. */
export async function holdLocks(url: string, statements: string[]): Promise<HeldLocks> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("begin");
  for (const sql of statements) await client.query(sql);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query("commit");
      await client.end();
    },
  };
}

/**
 * pg-boss's own start-up lock (plans.js `advisoryLock`: a hash of "<database>.pgboss.pgboss"),
 * taken by every worker while it installs its schema. Held by a test, it makes the workers of
 * several starting nodes wait at the same point and go on together (or, since they take turns
 * under the worker's own start lock, "once.notify.start", wait there one after another).
 */
export const PGBOSS_START_LOCK = `select pg_advisory_lock(('x' || encode(sha224((current_database() || '.pgboss.pgboss')::bytea), 'hex'))::bit(64)::bigint)`;

/** Waits until `count` sessions on `database` wait for a lock (and their query is like one of `queryLike`). */
export async function waitForLockWaiters(
  sql: pg.Pool,
  database: string,
  count: number,
  options: { queryLike?: string[]; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = $1 and wait_event_type = 'Lock' and ($2::text[] is null or query ilike any($2::text[]))`,
      [database, options.queryLike ?? null],
    );
    if (rows[0]!.n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${count} sessions came to wait for the lock`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lines of a node's output that mean something went wrong (LOG_LEVEL=warn shows them). */
export function troubleIn(output: string): string[] {
  return output.split("\n").filter((line) => /"level":(50|60)|^error: |failed_to_start|Unique constraint|deadlock/i.test(line));
}
