// The protocol on real PostgreSQL, through the tRPC caller (the web app's path). The same
// cases over HTTP on two production nodes live in e2e/system.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeFingerprint, mintOperationKey } from "@once/idempotency";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import type { PrismaClient } from "@once/db";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";
import { createOrderOperation } from "./create-order.ts";
import { orderFingerprint, orderInputSchema } from "./order-schema.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

async function protocolError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolTRPCError);
  return error as ProtocolTRPCError;
}

const ordersOf = (customerId: string) => prisma.order.count({ where: { customerId } });

describe("order.create", () => {
  it("creates one order, and a replay returns the first outcome without a second", async () => {
    const item = await createGuide(prisma, { stock: 10 });
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();

    const first = await api.order.create({ idempotencyKey, item, quantity: 2 });
    expect(first).toMatchObject({ status: 201, replayed: false, result: { item, quantity: 2, status: "received" } });
    expect(first.result.number).toMatch(/^SO-\d{6}$/);

    const again = await api.order.create({ idempotencyKey, quantity: 2, item });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await ordersOf(customerId)).toBe(1);
    expect((await prisma.guide.findUniqueOrThrow({ where: { slug: item } })).stock).toBe(8);
  });

  it("50 concurrent requests with one key make exactly one order", async () => {
    const item = await createGuide(prisma);
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => api.order.create({ idempotencyKey, item, quantity: 1 })));

    expect(await ordersOf(customerId)).toBe(1);
    const fulfilled = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    const rejected = results.filter((r) => r.status === "rejected").map((r) => r.reason as ProtocolTRPCError);
    expect(fulfilled.filter((r) => !r.replayed)).toHaveLength(1);
    const ids = new Set(fulfilled.map((r) => r.resultId));
    expect(ids.size).toBe(1);
    for (const error of rejected) expect(error.protocol.code).toBe("IDEMPOTENCY_IN_PROGRESS");
  });

  it("refuses the same key with different parameters and leaves the original untouched", async () => {
    const item = await createGuide(prisma);
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    const first = await api.order.create({ idempotencyKey, item, quantity: 1 });

    const error = await protocolError(api.order.create({ idempotencyKey, item, quantity: 2 }));
    expect(error.code).toBe("UNPROCESSABLE_CONTENT");
    expect(error.protocol).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", boundTo: { status: 201, resultId: first.resultId, outcome: "completed" } });

    const order = await prisma.order.findFirstOrThrow({ where: { customerId } });
    expect(order.quantity).toBe(1);
    expect(await api.order.create({ idempotencyKey, item, quantity: 1 })).toEqual({ ...first, replayed: true });
  });

  it("treats a new key with the same content as a new order", async () => {
    const item = await createGuide(prisma);
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const a = await api.order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1 });
    const b = await api.order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1 });
    expect(a.resultId).not.toBe(b.resultId);
    expect(await ordersOf(customerId)).toBe(2);
  });

  it("stores nothing when the transaction fails after the business write, and the retry succeeds once", async () => {
    const item = await createGuide(prisma, { stock: 5 });
    const { customerId, principal } = newCustomer();
    const key = mintOperationKey();
    const failing = {
      ...createOrderOperation,
      execute: async (...args: Parameters<typeof createOrderOperation.execute>) => {
        await createOrderOperation.execute(...args);
        throw new Error("injected crash after the business write");
      },
    };
    await expect(runOnce(recordStore(prisma), failing, { principal, key, input: { item, quantity: 1 } })).rejects.toThrow(/injected crash/);
    expect(await ordersOf(customerId)).toBe(0);
    expect(await prisma.idempotencyRecord.count({ where: { principal } })).toBe(0);
    expect((await prisma.guide.findUniqueOrThrow({ where: { slug: item } })).stock).toBe(5);

    const retry = await runOnce(recordStore(prisma), createOrderOperation, { principal, key, input: { item, quantity: 1 } });
    expect(retry).toMatchObject({ status: 201, replayed: false });
    expect(await ordersOf(customerId)).toBe(1);
  });

  it("stores a business rejection as final and replays it", async () => {
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    const first = await protocolError(api.order.create({ idempotencyKey, item: "no-such-guide", quantity: 1 }));
    expect(first.protocol).toMatchObject({ code: "GUIDE_NOT_FOUND", status: 404, replayed: false });
    const replay = await protocolError(api.order.create({ idempotencyKey, item: "no-such-guide", quantity: 1 }));
    expect(replay.protocol).toMatchObject({ code: "GUIDE_NOT_FOUND", status: 404, replayed: true });

    const soldOut = await createGuide(prisma, { stock: 0 });
    const out = await protocolError(api.order.create({ idempotencyKey: mintOperationKey(), item: soldOut, quantity: 1 }));
    expect(out.protocol).toMatchObject({ code: "OUT_OF_STOCK", status: 422 });
    const limited = await createGuide(prisma, { maxPerOrder: 2 });
    const over = await protocolError(api.order.create({ idempotencyKey: mintOperationKey(), item: limited, quantity: 3 }));
    expect(over.protocol).toMatchObject({ code: "LIMIT_REACHED", status: 422 });
    expect(await ordersOf(customerId)).toBe(0);
  });

  it("keeps one customer's key away from another customer", async () => {
    const item = await createGuide(prisma);
    const alice = newCustomer();
    const mallory = newCustomer();
    const idempotencyKey = mintOperationKey();
    const mine = await callerFor(prisma, alice.customerId).order.create({ idempotencyKey, item, quantity: 1 });

    const lookup = await protocolError(callerFor(prisma, mallory.customerId).operation.status({ key: idempotencyKey }));
    expect(lookup.protocol.code).toBe("NOT_FOUND");
    // Using my key does not replay my order: it is the other customer's own, new operation.
    const theirs = await callerFor(prisma, mallory.customerId).order.create({ idempotencyKey, item, quantity: 2 });
    expect(theirs.replayed).toBe(false);
    expect(theirs.resultId).not.toBe(mine.resultId);
    expect(await ordersOf(alice.customerId)).toBe(1);
    expect((await callerFor(prisma, alice.customerId).operation.status({ key: idempotencyKey, type: "order" })).resultId).toBe(mine.resultId);
  });

  it("tells a status lookup whether the key is bound to the caller's parameters", async () => {
    const item = await createGuide(prisma);
    const { customerId } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    await api.order.create({ idempotencyKey, item, quantity: 2 });
    const same = computeFingerprint(orderFingerprint, orderInputSchema.parse({ item, quantity: 2 }));
    const other = computeFingerprint(
      orderFingerprint,
      orderInputSchema.parse({ item, quantity: 1, contact: { name: "A", phone: "13800000000", address: "B" } }),
    );
    expect((await api.operation.status({ key: idempotencyKey, fingerprint: same })).fingerprintMatches).toBe(true);
    expect((await api.operation.status({ key: idempotencyKey, fingerprint: other })).fingerprintMatches).toBe(false);
    expect((await api.operation.status({ key: idempotencyKey })).fingerprintMatches).toBeNull();
  });

  it("answers 'in progress' when the same key is still held past the lock timeout", async () => {
    const item = await createGuide(prisma);
    const { principal } = newCustomer();
    const key = mintOperationKey();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimed!: () => void;
    const isClaimed = new Promise<void>((r) => (claimed = r));
    const slow = {
      ...createOrderOperation,
      execute: async (...args: Parameters<typeof createOrderOperation.execute>) => {
        claimed();
        await held;
        return createOrderOperation.execute(...args);
      },
    };
    const first = runOnce(recordStore(prisma), slow, { principal, key, input: { item, quantity: 1 } });
    await isClaimed;
    await expect(
      runOnce(recordStore(prisma), createOrderOperation, { principal, key, input: { item, quantity: 1 } }, { lockTimeoutMs: 200 }),
    ).rejects.toMatchObject({
      code: "IDEMPOTENCY_IN_PROGRESS",
      details: { retryAfterSeconds: 1 },
    });
    release();
    const done = await first;
    const replay = await runOnce(recordStore(prisma), createOrderOperation, { principal, key, input: { item, quantity: 1 } });
    expect(replay).toEqual({ ...done, replayed: true });
  });

  it("answers 'expired' past retention and never executes the key again", async () => {
    const item = await createGuide(prisma);
    const { customerId, principal } = newCustomer();
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    await api.order.create({ idempotencyKey, item, quantity: 1 });
    await prisma.idempotencyRecord.updateMany({ where: { principal }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const expired = await protocolError(api.order.create({ idempotencyKey, item, quantity: 1 }));
    expect(expired.protocol.code).toBe("IDEMPOTENCY_KEY_EXPIRED");
    expect(expired.code).toBe("PRECONDITION_FAILED");
    expect((await api.operation.status({ key: idempotencyKey })).outcome).toBe("expired");
    expect(await ordersOf(customerId)).toBe(1);
  });
});
