// Orders on the dashboard against the real database: the fulfilment workflow (tracking number
// and reason required, stock returned on cancelling, one timeline event per step), optimistic
// concurrency, the list's search, filters and address excerpts, the order page and the packing list.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const staffId = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: staffId, name: "Packer Pat", email: `${staffId}@example.com`, role: "sales" } });
});
afterAll(() => prisma.$disconnect());

const staff = () => createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "Pat", email: "p@example.com" } }));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

async function placeOrder(
  item: string,
  customerId = newCustomer().customerId,
  contact = { name: "王小明", phone: "13800138000", address: "上海市浦东新区 1 号" },
) {
  const created = await callerFor(prisma, customerId).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 2, contact });
  return { id: created.result.id, number: created.result.number, customerId };
}

describe("order fulfilment", () => {
  it("goes received → packed → shipped (tracking number) → delivered, one timeline event per step", async () => {
    const item = await createGuide(prisma);
    const { id } = await placeOrder(item);
    const api = staff();
    await api.dashboard.orders.update({ id, version: 1, status: "packed" });
    expect((await failure(api.dashboard.orders.update({ id, version: 2, status: "shipped" }))).message).toBe("shipping needs the tracking number");
    await api.dashboard.orders.update({ id, version: 2, status: "shipped", trackingNumber: " SF1234567890 " });
    const done = await api.dashboard.orders.update({ id, version: 3, status: "delivered" });
    expect(done).toMatchObject({ status: "delivered", version: 4, trackingNumber: "SF1234567890" });
    const detail = await api.dashboard.orders.get({ id });
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.actor?.name])).toEqual([
      ["received", "packed", "Packer Pat"],
      ["packed", "shipped", "Packer Pat"],
      ["shipped", "delivered", "Packer Pat"],
    ]);
    expect(detail.events[1]!.trackingNumber).toBe("SF1234567890");
    expect((await failure(api.dashboard.orders.update({ id, version: 4, status: "cancelled", reason: "late" }))).message).toBe(
      "an order that is delivered cannot become cancelled",
    );
  });

  it("cancels only with a reason, and puts the copies back in stock", async () => {
    const item = await createGuide(prisma, { stock: 10 });
    const { id } = await placeOrder(item);
    const api = staff();
    expect((await failure(api.dashboard.orders.update({ id, version: 1, status: "cancelled", reason: "   " }))).code).toBe("BAD_REQUEST");
    const cancelled = await api.dashboard.orders.update({ id, version: 1, status: "cancelled", reason: "Customer asked by phone" });
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Customer asked by phone" });
    expect((await prisma.guide.findUniqueOrThrow({ where: { slug: item } })).stock).toBe(10);
  });

  it("never lets a stale edit overwrite a newer one, and says so", async () => {
    const item = await createGuide(prisma);
    const { id } = await placeOrder(item);
    await staff().dashboard.orders.update({ id, version: 1, status: "packed" });
    const stale = await failure(staff().dashboard.orders.update({ id, version: 1, status: "cancelled", reason: "duplicate" }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toMatch(/changed by someone else.*version 2.*reload/);
    expect(await prisma.order.findUniqueOrThrow({ where: { id }, select: { status: true, version: true } })).toEqual({ status: "packed", version: 2 });
    // Two editors at once on the same version: exactly one wins.
    const results = await Promise.allSettled([
      staff().dashboard.orders.update({ id, version: 2, status: "shipped", trackingNumber: "A1" }),
      staff().dashboard.orders.update({ id, version: 2, status: "cancelled", reason: "racing" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.orderEvent.count({ where: { orderId: id } })).toBe(2);
  });

  it("answers NOT_FOUND for an unknown order", async () => {
    expect((await failure(staff().dashboard.orders.update({ id: randomUUID(), version: 1, status: "packed" }))).code).toBe("NOT_FOUND");
    expect((await failure(staff().dashboard.orders.get({ id: randomUUID() }))).code).toBe("NOT_FOUND");
  });
});

describe("order list and page", () => {
  it("searches numbers, names, phones and addresses, filters by status and guide, and accepts one-character queries", async () => {
    const item = await createGuide(prisma);
    const marker = `路${Date.now().toString(36)}`;
    const a = await placeOrder(item, undefined, { name: "李雷", phone: "13912345678", address: `${marker} 8 号` });
    const b = await placeOrder(item, undefined, { name: "Han Meimei", phone: "13687654321", address: `${marker} 9 号` });
    await staff().dashboard.orders.update({ id: b.id, version: 1, status: "packed" });
    const numbers = async (filter: object) => (await staff().dashboard.orders.list({ guide: item, ...filter })).items.map((o) => o.number).sort();
    expect(await numbers({})).toEqual([a.number, b.number].sort());
    expect(await numbers({ search: a.number })).toEqual([a.number]);
    expect(await numbers({ search: String(Number(a.number.slice(3))) })).toEqual([a.number]);
    expect(await numbers({ search: "12345" })).toEqual([a.number]);
    expect(await numbers({ search: "meimei" })).toEqual([b.number]);
    expect(await numbers({ search: `${marker} 9` })).toEqual([b.number]);
    expect(await numbers({ search: "李" })).toEqual([a.number]);
    expect(await numbers({ search: "" })).toHaveLength(2);
    expect(await numbers({ status: "packed" })).toEqual([b.number]);
    expect((await staff().dashboard.orders.list({ guide: item })).total).toBe(2);
  });

  it("gives each listed order the address excerpt a phone's card shows: lines folded, cut at 60 characters", async () => {
    const item = await createGuide(prisma);
    const street = "上海市浦东新区世纪大道 1 号".padEnd(80, "楼");
    await placeOrder(item, undefined, { name: "王小明", phone: "13800138000", address: `${street}\n转 2 单元` });
    await placeOrder(item, undefined, { name: "Lin", phone: "13900139000", address: "1 Century Avenue,\r\nShanghai" });
    const excerpts = (await staff().dashboard.orders.list({ guide: item })).items.map((o) => o.addressExcerpt);
    expect(excerpts).toEqual(["1 Century Avenue, Shanghai", `${Array.from(street).slice(0, 60).join("")}…`]);
  });

  it("shows the customer's other orders and lists the packing list in the chosen order", async () => {
    const item = await createGuide(prisma);
    const first = await placeOrder(item);
    const second = await placeOrder(item, first.customerId);
    const detail = await staff().dashboard.orders.get({ id: second.id });
    expect(detail).toMatchObject({ quantity: 2, contactName: "王小明", contactPhone: "13800138000", guide: { slug: item } });
    expect(detail.otherOrders.map((o) => o.number)).toContain(first.number);
    const list = await staff().dashboard.orders.packingList({ ids: [second.id, first.id] });
    expect(list.map((o) => o.number)).toEqual([second.number, first.number]);
  });
});
