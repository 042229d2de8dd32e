// The one Prisma client module. Every process (Next.js, workers, scripts, tests) builds its
// client here, over node-postgres, from a postgres:// URL: real server or embedded PGlite alike.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.ts";

export interface PrismaClientOptions {
  /** Connections this process may hold; several nodes share the server's limit. */
  poolSize?: number;
}

export function createPrismaClient(connectionString: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
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
