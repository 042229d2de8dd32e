// One actor cannot drain a guide: a customer session, or one delivery phone number, orders at
// most ORDER_DAILY_COPIES_PER_GUIDE copies of a guide per 24 hours; the refusal is a stored,
// replayed business outcome that takes nothing from stock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOperationKey } from "@once/idempotency";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import type { PrismaClient } from "@once/db";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { DEFAULT_OPERATION_SETTINGS } from "../definitions/settings.ts";
import { createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

/** A customer's caller on a node configured with ORDER_DAILY_COPIES_PER_GUIDE=4. */
const callerFor = (_: PrismaClient, customerId: string) =>
  createCaller(createContextInner({ prisma, customerId, operationSettings: { ...DEFAULT_OPERATION_SETTINGS, order: { dailyCopiesPerGuide: 4 } } }));

const contact = (phone: string) => ({ name: "Li Lei", phone, address: "1 Test Road" });
const stockOf = async (slug: string) => (await prisma.guide.findUniqueOrThrow({ where: { slug } })).stock;

async function rejection(promise: Promise<unknown>): Promise<ProtocolTRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolTRPCError);
  return error as ProtocolTRPCError;
}

describe("the daily limit per guide", () => {
  it("stops one session past the limit, without touching stock, and replays the refusal", async () => {
    const item = await createGuide(prisma, { stock: 100 });
    const api = callerFor(prisma, newCustomer().customerId);
    await api.order.create({ idempotencyKey: mintOperationKey(), item, quantity: 3, contact: contact("13800000001") });
    const key = mintOperationKey();
    const refused = await rejection(api.order.create({ idempotencyKey: key, item, quantity: 2, contact: contact("13800000002") }));
    expect(refused.protocol).toMatchObject({ code: "DAILY_LIMIT_REACHED", status: 422, retryable: false });
    expect(await stockOf(item)).toBe(97);
    const replay = await rejection(api.order.create({ idempotencyKey: key, item, quantity: 2, contact: contact("13800000002") }));
    expect(replay.protocol).toMatchObject({ code: "DAILY_LIMIT_REACHED", replayed: true });
    // Up to the limit is fine, and another guide has its own count.
    await api.order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1, contact: contact("13800000002") });
    const otherGuide = await createGuide(prisma, { stock: 100 });
    await api.order.create({ idempotencyKey: mintOperationKey(), item: otherGuide, quantity: 4, contact: contact("13800000002") });
  });

  it("stops one phone number across many sessions", async () => {
    const item = await createGuide(prisma, { stock: 100 });
    const phone = "+8613900000077";
    for (let i = 0; i < 4; i++)
      await callerFor(prisma, newCustomer().customerId).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1, contact: contact(phone) });
    const refused = await rejection(
      callerFor(prisma, newCustomer().customerId).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1, contact: contact(phone) }),
    );
    expect(refused.protocol.code).toBe("DAILY_LIMIT_REACHED");
    expect(await stockOf(item)).toBe(96);
  });

  it("holds under concurrent orders of one session", async () => {
    const item = await createGuide(prisma, { stock: 100 });
    const api = callerFor(prisma, newCustomer().customerId);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => api.order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(await stockOf(item)).toBe(96);
  });
});
