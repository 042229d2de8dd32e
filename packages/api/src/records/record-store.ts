// This product's operation records live in PostgreSQL, next to the business rows they commit
// with: the protocol's PostgreSQL store over the app's Prisma client, one per client.
import type { Prisma, PrismaClient } from "@once/db";
import type { IdempotencyStore } from "@once/idempotency/server";
import { abandonedClaimHorizon, tombstoneHorizon } from "@once/idempotency/server";
import { createPostgresStore, recordLookUp } from "@once/idempotency/postgres";

const stores = new WeakMap<PrismaClient, IdempotencyStore<Prisma.TransactionClient>>();

export function recordStore(prisma: PrismaClient): IdempotencyStore<Prisma.TransactionClient> {
  let store = stores.get(prisma);
  if (!store) {
    store = createPostgresStore<Prisma.TransactionClient>(prisma);
    stores.set(prisma, store);
  }
  return store;
}

/** The store's look-up of a key as SQL to embed (rest/spend-budget.ts sends it with the budget it decides). */
export const operationRecordLookUp = recordLookUp();

/** Retention: turns records past their expiry into tombstones (see IdempotencyStore.expire). */
export const expireOperationRecords = (prisma: PrismaClient, options?: { batchSize?: number; maxBatches?: number }) => recordStore(prisma).expire(options);

/** Compaction: deletes tombstones that expired before `expiredBefore` (see IdempotencyStore.compact). */
export const compactOperationRecords = (prisma: PrismaClient, options: { expiredBefore: Date; batchSize?: number; maxBatches?: number }) =>
  recordStore(prisma).compact(options);

/** Rows each step of one sweep touches at most: 10,000 per step, 500 per statement. */
const SWEEP_BATCH = { batchSize: 500, maxBatches: 20 };

/**
 * The retention sweep every node runs (apps/web/src/server/maintenance.ts): records past their
 * expiry become tombstones, tombstones past the horizon are forgotten, and claims left "in
 * progress" longer than ABANDONED_CLAIM_MINUTES are forgotten. Safe on many nodes at once (each
 * statement SKIP LOCKED). Returns what each step changed.
 */
export async function sweepOperationRecords(prisma: PrismaClient, options: { tombstoneDays: number; now?: Date }) {
  const store = recordStore(prisma);
  const now = options.now ?? new Date();
  const expired = await store.expire({ ...SWEEP_BATCH, now });
  const forgotten = await store.compact({ ...SWEEP_BATCH, expiredBefore: tombstoneHorizon(now, options.tombstoneDays) });
  const abandoned = await store.forgetAbandoned({ ...SWEEP_BATCH, claimedBefore: abandonedClaimHorizon(now) });
  return { expired, forgotten, abandoned };
}
