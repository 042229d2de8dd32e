// The one Prisma client module. Every process (Next.js, workers, scripts, tests) builds its
// client here, over node-postgres, from a postgres:// URL: real server or embedded PGlite alike.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";
import { PipelinedClient } from "./pipelined-client.ts";

export interface PrismaClientOptions {
  /** Connections this process may hold; several nodes share the server's limit. */
  poolSize?: number;
}

/**
 * The pool behind each client, for its figures (metrics); the adapter does not expose it.
 * On globalThis: Next bundles this module more than once (the bundle that made the client may
 * not be the one that asks), like the client itself below.
 */
const globalForPools = globalThis as unknown as { __oncePools?: WeakMap<PrismaClient, pg.Pool> };
const pools = (globalForPools.__oncePools ??= new WeakMap<PrismaClient, pg.Pool>());

/**
 * The pool of a Prisma client. Each of its connections keeps an 'error' listener for life: a
 * server that goes away while a connection is checked out but between statements (its
 * PostgreSQL killed, a failover) sends an error with no statement to fail, and node-postgres
 * emits it on the connection; pg-pool listens only while a connection is idle, Prisma's adapter
 * only inside a transaction, and an 'error' nobody listens to is an uncaught exception (Next
 * prints it raw; seen in e2e/system/ha-failover.test.ts). Nothing is lost by listening: the
 * connection is marked unusable, its next statement fails and the pool drops it on release.
 */
export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ Client: PipelinedClient, connectionString, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}

export function createPrismaClient(connectionString: string, options: PrismaClientOptions = {}): PrismaClient {
  // The pool is made here and handed to the adapter (which ends it on $disconnect), so that
  // its counts can be read: see poolStatsOf. Its connections pipeline the statements that ask
  // for it (pipelined-client.ts).
  const pool = createPool(connectionString, options.poolSize ?? 10);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter });
  pools.set(client, pool);
  return client;
}

export interface PoolStats {
  /** Connections checked out by a query or transaction right now. */
  inUse: number;
  /** Open connections not in use. */
  idle: number;
  /** Queries waiting for a connection (the pool is at `max`). */
  waiting: number;
  max: number;
}

/** The connection pool's figures right now; null for a client not made by createPrismaClient. */
export function poolStatsOf(client: PrismaClient): PoolStats | null {
  const pool = pools.get(client);
  if (!pool) return null;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

const globalForPrisma = globalThis as unknown as { __oncePrisma?: PrismaClient };

/**
 * The process-wide client for servers, made on first use from the settings the server hands
 * in (its validated environment; `with-database` resolves DATABASE_URL before the server
 * starts). Cached on globalThis so that Next's hot reload, and its separate bundles, share one
 * pool.
 */
export function getPrisma(settings: { url: string; poolSize?: number }): PrismaClient {
  globalForPrisma.__oncePrisma ??= createPrismaClient(settings.url, { poolSize: settings.poolSize });
  return globalForPrisma.__oncePrisma;
}

export type { PrismaClient };
export { Prisma } from "./generated/prisma/client.ts";
