// order.cancel on real PostgreSQL, through both transports the definition derives: the tRPC
// procedure (the web page's path) and the REST endpoint POST /api/v1/orders/{number}/cancellation
// (outside clients). The same protocol as every operation: a replay answers the first outcome,
// the same key with another reason is a conflict, a refusal is stored; and the business rules:
// only the session's own order, only before packing, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { mintOperationKey } from "@once/idempotency";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import type { PrismaClient } from "@once/db";
import { operationEndpoint } from "../rest/operation-routes.ts";
import type { RestDeps } from "../rest/rest-context.ts";
import { createCustomerSession } from "../session/customer-session.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";

const SECRET = "cancel-order-test-secret-0123456789abcdef";
let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(() => prisma.$disconnect());

/** A received order of `customerId` for 2 copies of a fresh guide with 10 in stock. */
async function placeOrder(customerId: string) {
  const item = await createGuide(prisma, { stock: 10 });
  const placed = await callerFor(prisma, customerId).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 2 });
  return { item, number: placed.result.number, id: placed.result.id };
}
const stockOf = async (slug: string) => (await prisma.guide.findUniqueOrThrow({ where: { slug } })).stock;
const orderOf = (id: string) =>
  prisma.order.findUniqueOrThrow({
    where: { id },
    select: { status: true, cancelReason: true, version: true, events: { select: { actorId: true, toStatus: true, reason: true } } },
  });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolTRPCError);
  return (error as ProtocolTRPCError).protocol;
}

describe("order.cancel over tRPC", () => {
  it("cancels once: the status, the reason, the customer's timeline entry and the stock, and a replay changes nothing", async () => {
    const { customerId } = newCustomer();
    const { item, number, id } = await placeOrder(customerId);
    expect(await stockOf(item)).toBe(8);
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();

    const first = await api.order.cancel({ idempotencyKey, number, reason: "  Ordered the wrong guide " });
    expect(first).toMatchObject({ status: 201, replayed: false, result: { number, status: "cancelled", reason: "Ordered the wrong guide" } });
    expect(first.resultId).toBe(first.result.id);
    const again = await api.order.cancel({ idempotencyKey, number, reason: "Ordered the wrong guide" });
    expect(again).toEqual({ ...first, replayed: true });

    expect(await orderOf(id)).toEqual({
      status: "cancelled",
      cancelReason: "Ordered the wrong guide",
      version: 2,
      events: [{ actorId: null, toStatus: "cancelled", reason: "Ordered the wrong guide" }],
    });
    expect(await stockOf(item)).toBe(10);
  });

  it("refuses the same key with another reason (422) and leaves the first cancellation as it was", async () => {
    const { customerId } = newCustomer();
    const { number, id } = await placeOrder(customerId);
    const api = callerFor(prisma, customerId);
    const idempotencyKey = mintOperationKey();
    const first = await api.order.cancel({ idempotencyKey, number, reason: "Too late for the fair" });
    const conflict = await refusal(api.order.cancel({ idempotencyKey, number, reason: "Something else" }));
    expect(conflict).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422, boundTo: { status: 201, resultId: first.resultId } });
    expect((await orderOf(id)).cancelReason).toBe("Too late for the fair");
  });

  it("answers a second cancellation under a new key ALREADY_CANCELLED, stored and replayed, and returns no stock twice", async () => {
    const { customerId } = newCustomer();
    const { item, number, id } = await placeOrder(customerId);
    const api = callerFor(prisma, customerId);
    await api.order.cancel({ idempotencyKey: mintOperationKey(), number, reason: "No longer needed" });
    const second = mintOperationKey();
    const rejected = await refusal(api.order.cancel({ idempotencyKey: second, number, reason: "No longer needed" }));
    expect(rejected).toMatchObject({ code: "ALREADY_CANCELLED", status: 422 });
    expect(await refusal(api.order.cancel({ idempotencyKey: second, number, reason: "No longer needed" }))).toMatchObject({ code: "ALREADY_CANCELLED" });
    expect((await orderOf(id)).events).toHaveLength(1);
    expect(await stockOf(item)).toBe(10);
  });

  it("answers ALREADY_PACKED once staff have packed it, and changes nothing", async () => {
    const { customerId } = newCustomer();
    const { item, number, id } = await placeOrder(customerId);
    await prisma.order.update({ where: { id }, data: { status: "packed", version: { increment: 1 } } });
    const rejected = await refusal(callerFor(prisma, customerId).order.cancel({ idempotencyKey: mintOperationKey(), number, reason: "Changed my mind" }));
    expect(rejected).toMatchObject({ code: "ALREADY_PACKED", status: 422 });
    expect(await orderOf(id)).toMatchObject({ status: "packed", cancelReason: null, events: [] });
    expect(await stockOf(item)).toBe(8);
  });

  it("treats another customer's order, an unknown number and one past PostgreSQL's integers as no order (404)", async () => {
    const { number, id } = await placeOrder(newCustomer().customerId);
    const stranger = callerFor(prisma, newCustomer().customerId);
    for (const n of [number, "SO-999999999", "SO-9999999999"]) {
      expect(await refusal(stranger.order.cancel({ idempotencyKey: mintOperationKey(), number: n, reason: "Not mine" }))).toMatchObject({
        code: "ORDER_NOT_FOUND",
        status: 404,
      });
    }
    expect((await orderOf(id)).status).toBe("received");
  });

  it("refuses a malformed number, an empty reason and one with a NUL byte before anything runs", async () => {
    const { customerId } = newCustomer();
    const { number } = await placeOrder(customerId);
    const api = callerFor(prisma, customerId);
    for (const input of [
      { number: "42", reason: "Wrong guide" },
      { number, reason: "   " },
      { number, reason: "bad\u0000byte" },
      { number, reason: "x".repeat(501) },
    ]) {
      const error = await api.order.cancel({ idempotencyKey: mintOperationKey(), ...input }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("BAD_REQUEST");
    }
    expect(await prisma.idempotencyRecord.count({ where: { principal: `customer:${customerId}`, operation: "cancellation" } })).toBe(0);
  });

  it("a staff member packing it at the same moment: exactly one of the two wins", async () => {
    const { customerId } = newCustomer();
    const { number, id } = await placeOrder(customerId);
    const [cancel, pack] = await Promise.allSettled([
      callerFor(prisma, customerId).order.cancel({ idempotencyKey: mintOperationKey(), number, reason: "Race" }),
      prisma.order.updateMany({ where: { id, status: "received" }, data: { status: "packed", version: { increment: 1 } } }),
    ]);
    const packed = pack.status === "fulfilled" && pack.value.count === 1;
    expect(cancel.status === "fulfilled").toBe(!packed);
    expect((await orderOf(id)).status).toBe(packed ? "packed" : "cancelled");
  });
});

describe("POST /api/v1/orders/{number}/cancellation", () => {
  const deps = (): RestDeps => ({ prisma, sessionSecret: SECRET, secureCookies: false });
  async function post(token: string, number: string, key: string, body: unknown) {
    const path = `/orders/${encodeURIComponent(number)}/cancellation`;
    const request = new Request(`http://localhost/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    });
    const response = await operationEndpoint(request, path.split("/").filter(Boolean).map(decodeURIComponent), deps);
    return { status: response.status, replayed: response.headers.get("idempotent-replayed"), body: (await response.json()) as Record<string, unknown> };
  }

  it("cancels with the path's number and the body's reason; a lost answer replays it byte for byte; a new key answers ALREADY_CANCELLED", async () => {
    const session = await createCustomerSession(SECRET);
    const { item, number, id } = await placeOrder(session.customerId);
    const key = mintOperationKey();
    const first = await post(session.token, number, key, { reason: "Wrong address" });
    expect(first).toMatchObject({ status: 201, body: { number, status: "cancelled", reason: "Wrong address" } });
    expect(first.replayed).not.toBe("true");
    const replay = await post(session.token, number, key, { reason: "Wrong address" });
    expect(replay).toEqual({ ...first, replayed: "true" });
    expect((await post(session.token, number, key, { reason: "Other" })).body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const second = await post(session.token, number, mintOperationKey(), { reason: "Wrong address" });
    expect(second).toMatchObject({ status: 422, body: { code: "ALREADY_CANCELLED" } });
    expect(await orderOf(id)).toMatchObject({ status: "cancelled", events: [{ actorId: null }] });
    expect(await stockOf(item)).toBe(10);
  });

  it("a number in the body does not override the path's", async () => {
    const session = await createCustomerSession(SECRET);
    const mine = await placeOrder(session.customerId);
    const other = await placeOrder(session.customerId);
    const answer = await post(session.token, mine.number, mintOperationKey(), { number: other.number, reason: "Only this one" });
    expect(answer).toMatchObject({ status: 201, body: { number: mine.number } });
    expect((await orderOf(other.id)).status).toBe("received");
  });

  it("answers ALREADY_PACKED over REST too, as a problem document", async () => {
    const session = await createCustomerSession(SECRET);
    const { number, id } = await placeOrder(session.customerId);
    await prisma.order.update({ where: { id }, data: { status: "shipped" } });
    const answer = await post(session.token, number, mintOperationKey(), { reason: "Too slow" });
    expect(answer).toMatchObject({ status: 422, body: { code: "ALREADY_PACKED", retryable: false } });
  });
});
