// This node's view of the shared budgets (packages/api/src/limits): a pool of its own on the
// application database, so limits hold across nodes and never wait behind Prisma's pool. A write
// spends both its budgets in one statement (a REST create's goes with its key's look-up, on
// Prisma's pool: RateLimits.takeAfterLookUp); the table is UNLOGGED, so a budget costs no WAL
// flush (counters may be lost in a crash, nothing else).
import "server-only";
import pg from "pg";
import { createRateLimits, type RateLimits } from "@once/api/limits";
import { env } from "~/env";

let limits: RateLimits | undefined;

// Created on first use: `next build` loads this module without a validated environment.
export function getRateLimits(): RateLimits {
  if (limits) return limits;
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: Math.max(4, Math.ceil(env.DATABASE_POOL_SIZE / 2)),
    application_name: "once-rate-limits",
  });
  // An idle connection the server drops (a failover) must not crash the node: the pool
  // discards it and opens a new one on next use. Without a listener the error would be thrown.
  pool.on("error", () => undefined);
  limits = createRateLimits(pool, {
    writesPerSessionPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    writesPerAddressPerMinute: env.RATE_LIMIT_WRITES_PER_ADDRESS_PER_MINUTE,
    sessionsPerAddressPerMinute: env.RATE_LIMIT_SESSIONS_PER_MINUTE,
    signInsPerAddressPerMinute: env.STAFF_SIGN_IN_PER_MINUTE,
    signInFreeFailures: env.STAFF_SIGN_IN_FREE_FAILURES,
    staffWritesPerMinute: env.STAFF_WRITES_PER_MINUTE,
    orderCopiesPerAddressPerDay: env.ORDER_DAILY_COPIES_PER_ADDRESS,
  });
  return limits;
}
