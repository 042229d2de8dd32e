// Orders on the dashboard against the real database: the fulfilment workflow (carrier and
// tracking number checked against the carrier table, reason required, stock returned on
// cancelling, one timeline event per step, a refusal writing nothing), shipping and cancelling
// as separate actions, optimistic concurrency, the list's search, filters, carriers and address
// excerpts, the order page and the packing list.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";
import { CARRIER_CODES, type CarrierCode } from "../order/carriers.ts";

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

/** The refusal's code in the protocol data (what the page words), e.g. UNKNOWN_CARRIER. */
async function protocolCode(promise: Promise<unknown>) {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProtocolTRPCError);
  return (error as ProtocolTRPCError).protocol.code;
}

/** The order as stored, with its timeline and its guide's stock: what a refusal must leave as it was. */
const stored = async (id: string) =>
  prisma.order.findUniqueOrThrow({
    where: { id },
    select: {
      status: true,
      version: true,
      trackingNumber: true,
      carrier: true,
      cancelReason: true,
      guide: { select: { stock: true } },
      events: { select: { toStatus: true } },
    },
  });

describe("order fulfilment", () => {
  it("goes received → packed → shipped (carrier and tracking number) → delivered, one timeline event per step", async () => {
    const item = await createGuide(prisma);
    const { id } = await placeOrder(item);
    const api = staff();
    await api.dashboard.orders.fulfil({ id, version: 1, status: "packed" });
    // Spaces as a label groups the digits, lower case as typed: stored as the carrier prints it.
    const shipped = await api.dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier: "sf", trackingNumber: " sf 1234 5678 90123 " });
    expect(shipped).toMatchObject({ status: "shipped", version: 3, carrier: "sf", trackingNumber: "SF1234567890123" });
    expect((await api.dashboard.orders.list({ guide: item })).items).toMatchObject([{ status: "shipped", carrier: "sf" }]);
    const done = await api.dashboard.orders.fulfil({ id, version: 3, status: "delivered" });
    expect(done).toMatchObject({ status: "delivered", version: 4, carrier: "sf", trackingNumber: "SF1234567890123" });
    const detail = await api.dashboard.orders.get({ id });
    expect(detail).toMatchObject({ carrier: "sf", trackingNumber: "SF1234567890123" });
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.actor?.name, e.carrier, e.trackingNumber])).toEqual([
      ["received", "packed", "Packer Pat", null, null],
      ["packed", "shipped", "Packer Pat", "sf", "SF1234567890123"],
      ["shipped", "delivered", "Packer Pat", null, null],
    ]);
    expect((await failure(api.dashboard.orders.cancel({ id, version: 4, reason: "late" }))).message).toBe("an order that is delivered cannot become cancelled");
  });

  it("ships with every carrier of the table, each number of its carrier's shape; Other takes any letters and digits", async () => {
    const item = await createGuide(prisma, { stock: 100 });
    const numbers = {
      sf: "SF1234567890123",
      jd: "JDVA12345678901",
      ems: "EA123456789CN",
      zto: "75123456789012",
      yto: "YT1234567890123",
      sto: "773123456789012",
      yunda: "4312345678901",
      other: "DPK-0012345",
    } satisfies Record<CarrierCode, string>;
    expect(Object.keys(numbers)).toEqual(CARRIER_CODES);
    for (const [i, [carrier, trackingNumber]] of Object.entries(numbers).entries()) {
      // A phone each: one phone may order only so many copies a day.
      const { id } = await placeOrder(item, undefined, { name: "王小明", phone: `1380013801${i}`, address: "上海市浦东新区 1 号" });
      await staff().dashboard.orders.fulfil({ id, version: 1, status: "packed" });
      expect(await staff().dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier, trackingNumber })).toMatchObject({ carrier, trackingNumber });
    }
  });

  it("refuses a carrier not in the table (UNKNOWN_CARRIER) and a number not of the carrier's shape (TRACKING_NUMBER_FORMAT): nothing written", async () => {
    const item = await createGuide(prisma, { stock: 10 });
    const { id } = await placeOrder(item);
    const api = staff();
    await api.dashboard.orders.fulfil({ id, version: 1, status: "packed" });
    const before = await stored(id);
    expect(await protocolCode(api.dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier: "dhl", trackingNumber: "SF1234567890123" }))).toBe(
      "UNKNOWN_CARRIER",
    );
    // A YTO number under SF Express, an SF number cut short, letters where ZTO prints digits.
    for (const [carrier, trackingNumber] of [
      ["sf", "YT1234567890123"],
      ["sf", "SF1234567890"],
      ["zto", "ZTO12345678901"],
      ["ems", "EA12345678CN"],
      ["other", "#123"],
    ] as const) {
      expect(await protocolCode(api.dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier, trackingNumber }))).toBe("TRACKING_NUMBER_FORMAT");
    }
    // Neither half may be left out.
    expect((await failure(api.dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier: "sf", trackingNumber: "  " }))).code).toBe("BAD_REQUEST");
    expect((await failure(api.dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier: "", trackingNumber: "SF1234567890123" }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(await stored(id)).toEqual(before);
    expect(before).toMatchObject({ status: "packed", version: 2, trackingNumber: null, carrier: null });
  });

  it("cancels from its own action, only with a reason, and puts the copies back in stock", async () => {
    const item = await createGuide(prisma, { stock: 10 });
    const { id } = await placeOrder(item);
    const api = staff();
    expect((await failure(api.dashboard.orders.cancel({ id, version: 1, reason: "   " }))).code).toBe("BAD_REQUEST");
    // The fulfilment action does not cancel: cancelling is the other action's, with its reason.
    expect((await failure(api.dashboard.orders.fulfil({ id, version: 1, status: "cancelled" } as never))).code).toBe("BAD_REQUEST");
    expect(await stored(id)).toMatchObject({ status: "received", version: 1, guide: { stock: 8 }, events: [] });
    const cancelled = await api.dashboard.orders.cancel({ id, version: 1, reason: "Customer asked by phone" });
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Customer asked by phone", carrier: null, trackingNumber: null });
    expect(await stored(id)).toMatchObject({ guide: { stock: 10 }, events: [{ toStatus: "cancelled" }] });
    // A shipped order has left the warehouse: it cannot be cancelled, and nothing changes.
    const other = await placeOrder(item);
    await api.dashboard.orders.fulfil({ id: other.id, version: 1, status: "packed" });
    await api.dashboard.orders.fulfil({ id: other.id, version: 2, status: "shipped", carrier: "yto", trackingNumber: "YT1234567890123" });
    const shipped = await stored(other.id);
    expect((await failure(api.dashboard.orders.cancel({ id: other.id, version: 3, reason: "too late" }))).message).toBe(
      "an order that is shipped cannot become cancelled",
    );
    expect(await stored(other.id)).toEqual(shipped);
  });

  it("never lets a stale edit overwrite a newer one, and says so", async () => {
    const item = await createGuide(prisma);
    const { id } = await placeOrder(item);
    await staff().dashboard.orders.fulfil({ id, version: 1, status: "packed" });
    const stale = await failure(staff().dashboard.orders.cancel({ id, version: 1, reason: "duplicate" }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toMatch(/changed by someone else.*version 2.*reload/);
    expect(await prisma.order.findUniqueOrThrow({ where: { id }, select: { status: true, version: true } })).toEqual({ status: "packed", version: 2 });
    // Shipping and cancelling at once on the same version: exactly one wins, and only its step is written.
    const results = await Promise.allSettled([
      staff().dashboard.orders.fulfil({ id, version: 2, status: "shipped", carrier: "jd", trackingNumber: "JDVA12345678901" }),
      staff().dashboard.orders.cancel({ id, version: 2, reason: "racing" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const after = await stored(id);
    expect(after.events).toHaveLength(2);
    expect(after.status === "shipped" ? [after.carrier, after.cancelReason] : [after.carrier, after.trackingNumber]).toEqual(
      after.status === "shipped" ? ["jd", null] : [null, null],
    );
  });

  it("answers NOT_FOUND for an unknown order", async () => {
    expect((await failure(staff().dashboard.orders.fulfil({ id: randomUUID(), version: 1, status: "packed" }))).code).toBe("NOT_FOUND");
    expect((await failure(staff().dashboard.orders.cancel({ id: randomUUID(), version: 1, reason: "gone" }))).code).toBe("NOT_FOUND");
    expect((await failure(staff().dashboard.orders.get({ id: randomUUID() }))).code).toBe("NOT_FOUND");
  });
});

describe("order list and page", () => {
  it("searches numbers, names, phones and addresses, filters by status and guide, and accepts one-character queries", async () => {
    const item = await createGuide(prisma);
    const marker = `路${Date.now().toString(36)}`;
    const a = await placeOrder(item, undefined, { name: "李雷", phone: "13912345678", address: `${marker} 8 号` });
    const b = await placeOrder(item, undefined, { name: "Han Meimei", phone: "13687654321", address: `${marker} 9 号` });
    await staff().dashboard.orders.fulfil({ id: b.id, version: 1, status: "packed" });
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
