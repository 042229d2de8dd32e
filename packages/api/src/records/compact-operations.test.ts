// Compaction on real PostgreSQL, in a database of this test's own, with the sweep the nodes run
// (apps/web/src/server/maintenance.ts): expire, then delete tombstones past the horizon. Keys
// past the horizon are gone, completed and rejected alike; keys inside it stay: tombstones still
// answer 410 and run nothing, live records still replay byte for byte.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOperationKey } from "@once/idempotency";
import { DEFAULT_TOMBSTONE_DAYS, runOnce, tombstoneHorizon } from "@once/idempotency/server";
import { createPrismaClient, type PrismaClient } from "@once/db";
import { createTestDatabase, type TestDatabase } from "@once/db/testing";
import { compactOperationRecords, expireOperationRecords, recordStore } from "./record-store.ts";
import { createGuide, newCustomer } from "../testing/fixtures.ts";
import { createOrderOperation } from "../order/create-order.ts";

const DAY = 86_400_000;
let database: TestDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  database = await createTestDatabase("compact");
  prisma = createPrismaClient(database.url, { poolSize: 4 });
});
afterAll(async () => {
  await prisma?.$disconnect();
  await database?.drop();
});

describe("compaction", () => {
  it("forgets keys past the horizon, completed and rejected, and keeps the rest answering as before", async () => {
    const inStock = await createGuide(prisma, { stock: 100 });
    const soldOut = await createGuide(prisma, { stock: 0 });
    const { principal, customerId } = newCustomer();
    const order = async (item: string) => {
      const key = mintOperationKey();
      const input = { item, quantity: 1, contact: null };
      const first = await runOnce(recordStore(prisma), createOrderOperation, { principal, key, input });
      return { key, input, first };
    };
    const keys = {
      oldCompleted: await order(inStock),
      oldRejected: await order(soldOut),
      tombstoneCompleted: await order(inStock),
      tombstoneRejected: await order(soldOut),
      liveCompleted: await order(inStock),
      liveRejected: await order(soldOut),
    };
    expect(keys.oldRejected.first).toMatchObject({ outcome: "rejected", status: 422 });

    // Age them: expired a day past the horizon, expired well inside it, not expired at all.
    const now = new Date();
    const horizon = tombstoneHorizon(now, DEFAULT_TOMBSTONE_DAYS);
    const age = (entries: (typeof keys)[keyof typeof keys][], expiresAt: Date) =>
      prisma.idempotencyRecord.updateMany({ where: { principal, key: { in: entries.map((k) => k.key) } }, data: { expiresAt } });
    await age([keys.oldCompleted, keys.oldRejected], new Date(horizon.getTime() - DAY));
    await age([keys.tombstoneCompleted, keys.tombstoneRejected], new Date(horizon.getTime() + 300 * DAY));

    // The sweep, in batches of one: every statement touches a single row.
    expect(await expireOperationRecords(prisma, { batchSize: 1 })).toBe(4);
    expect(await compactOperationRecords(prisma, { expiredBefore: horizon, batchSize: 1 })).toBe(2);
    expect(await compactOperationRecords(prisma, { expiredBefore: horizon, batchSize: 1 })).toBe(0);

    const rows = await prisma.idempotencyRecord.findMany({ where: { principal }, select: { key: true, outcome: true } });
    const outcomeOf = new Map(rows.map((row) => [row.key, row.outcome]));
    expect(outcomeOf.has(keys.oldCompleted.key)).toBe(false);
    expect(outcomeOf.has(keys.oldRejected.key)).toBe(false);
    expect(outcomeOf.get(keys.tombstoneCompleted.key)).toBe("expired");
    expect(outcomeOf.get(keys.tombstoneRejected.key)).toBe("expired");

    const ordersBefore = await prisma.order.count({ where: { customerId } });
    const again = (entry: (typeof keys)[keyof typeof keys]) =>
      runOnce(recordStore(prisma), createOrderOperation, { principal, key: entry.key, input: entry.input });
    for (const entry of [keys.tombstoneCompleted, keys.tombstoneRejected]) {
      await expect(again(entry)).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_EXPIRED" });
    }
    for (const entry of [keys.liveCompleted, keys.liveRejected]) {
      const replay = await again(entry);
      expect(replay).toMatchObject({ replayed: true, status: entry.first.status, outcome: entry.first.outcome, resultId: entry.first.resultId });
      expect(replay.bodyJson).toBe(entry.first.bodyJson);
    }
    // A forgotten order key still makes no second order: the order's own unique
    // (customer, operation key) refuses it, the database's last gate (docs/API.md).
    await expect(again(keys.oldCompleted)).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.order.count({ where: { customerId } })).toBe(ordersBefore);
  });
});
