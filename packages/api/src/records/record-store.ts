// This product's operation records live in PostgreSQL, next to the business rows they commit
// with: the protocol's PostgreSQL store over the app's Prisma client, one per client.
import type { Prisma, PrismaClient } from "@once/db";
import type { IdempotencyStore } from "@once/idempotency/server";
import { createPostgresStore } from "@once/idempotency/postgres";

const stores = new WeakMap<PrismaClient, IdempotencyStore<Prisma.TransactionClient>>();

export function recordStore(prisma: PrismaClient): IdempotencyStore<Prisma.TransactionClient> {
  let store = stores.get(prisma);
  if (!store) {
    store = createPostgresStore<Prisma.TransactionClient>(prisma);
    stores.set(prisma, store);
  }
  return store;
}

/** Retention: turns records past their expiry into tombstones (see IdempotencyStore.expire). */
export const expireOperationRecords = (prisma: PrismaClient, options?: { batchSize?: number; maxBatches?: number }) => recordStore(prisma).expire(options);

/** Compaction: deletes tombstones that expired before `expiredBefore` (see IdempotencyStore.compact). */
export const compactOperationRecords = (prisma: PrismaClient, options: { expiredBefore: Date; batchSize?: number; maxBatches?: number }) =>
  recordStore(prisma).compact(options);
