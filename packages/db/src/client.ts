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
 * The process-wide client for servers. DATABASE_URL is always set by the time a server runs:
 * `with-database` resolves it (embedded or external) before starting Next.js.
 * Cached on globalThis so that Next's hot reload does not open a new pool per edit.
 */
export function getPrisma(): PrismaClient {
  if (!globalForPrisma.__oncePrisma) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the server through `with-database` (pnpm dev / pnpm start)");
    const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? "") || undefined;
    globalForPrisma.__oncePrisma = createPrismaClient(url, { poolSize });
  }
  return globalForPrisma.__oncePrisma;
}

export type { PrismaClient };
export { Prisma } from "./generated/prisma/client.ts";
