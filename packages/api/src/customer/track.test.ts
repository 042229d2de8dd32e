// An order or inquiry found from any device by its number and phone, on the real database:
// only what the customer gave and the fulfilment steps; "no such number" and "another phone"
// answer alike; malformed input is refused before anything is counted; both budgets hold.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { PrismaClient } from "@once/db";
import { testPool } from "@once/db/testing";
import type {} from "@once/db/testing/global-setup";
import { mintOperationKey } from "@once/idempotency";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { createRateLimits } from "../limits/rate-limits.ts";
import { callerFor, createGuide, newCustomer, testPrisma } from "../testing/fixtures.ts";
import { findOwn, lookUpByPhone, parseTrackingNumber } from "./track.ts";

let prisma: PrismaClient;
const pool = testPool(inject("databaseUrl"), 2);
const staffId = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: staffId, name: "Packer Pat", email: `${staffId}@example.com`, role: "sales" } });
});
afterAll(async () => {
  await prisma.$disconnect();
  await pool.end();
});
const staff = () => createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "Pat", email: "p@example.com" } }));
const address = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(3).toString("hex")}`;

describe("tracking numbers", () => {
  it("reads the spellings a customer types, and refuses what is not a number", () => {
    expect(parseTrackingNumber("SO-000123")).toEqual({ kind: "order", value: 123 });
    expect(parseTrackingNumber(" so 123 ")).toEqual({ kind: "order", value: 123 });
    expect(parseTrackingNumber("ld-000045")).toEqual({ kind: "lead", value: 45 });
    for (const bad of ["123", "SO-", "XX-000123", "SO-12a", "SO-0", "SO-99999999999", "SO-1\u0000"]) expect(parseTrackingNumber(bad)).toBeNull();
  });
});

describe("looking up an order by number and phone", () => {
  it("shows the steps with the carrier, tracking number and link and the cancellation's reason, and only what the customer gave", async () => {
    const item = await createGuide(prisma);
    const customer = newCustomer().customerId;
    const contact = { name: "王小明", phone: "138 0013 8000", address: "上海市浦东新区 1 号" };
    const shipped = (await callerFor(prisma, customer).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 2, contact })).result;
    const cancelled = (await callerFor(prisma, customer).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1, contact })).result;
    await staff().dashboard.orders.fulfil({ id: shipped.id, version: 1, status: "packed" });
    await staff().dashboard.orders.fulfil({ id: shipped.id, version: 2, status: "shipped", carrier: "sf", trackingNumber: "SF1234567890123" });
    await staff().dashboard.orders.cancel({ id: cancelled.id, version: 1, reason: "Duplicate of another order" });

    const answer = await lookUpByPhone(prisma, undefined, address(), { number: shipped.number, phone: "+86 138-0013-8000" });
    expect(answer).toEqual({
      tracked: {
        kind: "order",
        number: shipped.number,
        titleEn: expect.any(String),
        titleZh: expect.any(String),
        quantity: 2,
        name: "王小明",
        address: "上海市浦东新区 1 号",
        phone: "138****8000",
        status: "shipped",
        steps: [
          { step: "received", at: expect.any(Date) },
          { step: "packed", at: expect.any(Date) },
          {
            step: "shipped",
            at: expect.any(Date),
            trackingNumber: "SF1234567890123",
            carrier: { en: "SF Express", zh: "顺丰速运" },
            trackingUrl: "https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF1234567890123",
          },
        ],
      },
    });
    expect(JSON.stringify(answer)).not.toContain("Pat"); // no staff member
    const other = await lookUpByPhone(prisma, undefined, address(), { number: cancelled.number, phone: "13800138000" });
    expect(other).toMatchObject({
      tracked: { status: "cancelled", steps: [{ step: "received" }, { step: "cancelled", reason: "Duplicate of another order" }] },
    });
  });

  it("answers an unknown number and a wrong phone alike; refuses malformed input before counting it", async () => {
    const item = await createGuide(prisma);
    const contact = { name: "Li Lei", phone: "13900139000", address: "1 Test Road" };
    const order = (await callerFor(prisma, newCustomer().customerId).order.create({ idempotencyKey: mintOperationKey(), item, quantity: 1, contact })).result;
    const wrongPhone = await lookUpByPhone(prisma, undefined, address(), { number: order.number, phone: "13900139001" });
    const unknown = await lookUpByPhone(prisma, undefined, address(), { number: "SO-999999999", phone: "13900139000" });
    expect(wrongPhone).toEqual({ refusal: "NOT_FOUND" });
    expect(unknown).toEqual(wrongPhone);
    expect(await lookUpByPhone(prisma, undefined, address(), { number: "order 12", phone: "13900139000" })).toEqual({ refusal: "NUMBER_MALFORMED" });
    expect(await lookUpByPhone(prisma, undefined, address(), { number: order.number, phone: "call me" })).toEqual({ refusal: "PHONE_MALFORMED" });
  });

  it("an inquiry: received, being handled, closed; by its own session without the phone", async () => {
    const customer = newCustomer().customerId;
    const lead = (
      await callerFor(prisma, customer).lead.submit({
        idempotencyKey: mintOperationKey(),
        name: "Li Lei",
        phone: "+8613700137000",
        content: "Price list for 200 copies, please.",
      })
    ).result;
    await staff().dashboard.leads.update({ id: lead.id, version: 1, status: "contacted" });
    await staff().dashboard.leads.update({ id: lead.id, version: 2, status: "qualified" });
    await staff().dashboard.leads.update({ id: lead.id, version: 3, status: "won" });
    const answer = await lookUpByPhone(prisma, undefined, address(), { number: lead.number, phone: "137 0013 7000" });
    expect(answer).toMatchObject({
      tracked: {
        kind: "lead",
        status: "closed",
        excerpt: "Price list for 200 copies, please.",
        steps: [{ step: "received" }, { step: "handling" }, { step: "closed" }],
      },
    });
    expect(await findOwn(prisma, customer, lead.number)).toEqual((answer as { tracked: unknown }).tracked);
    expect(await findOwn(prisma, newCustomer().customerId, lead.number)).toBeNull(); // another session's
    expect(await findOwn(prisma, null, lead.number)).toBeNull();
    // A browser that has just given the right phone (its grant, ./track-grant.ts) sees it too.
    expect(await findOwn(prisma, null, lead.number, true)).toEqual((answer as { tracked: unknown }).tracked);
  });

  it("limits look-ups per number (whatever the address) and per address (whatever the number)", async () => {
    const limits = createRateLimits(pool, {
      writesPerSessionPerMinute: 100,
      writesPerAddressPerMinute: 100,
      sessionsPerAddressPerMinute: 100,
      signInsPerAddressPerMinute: 100,
      trackLookUpsPerAddressPerMinute: 3,
      trackLookUpsPerNumberPerHour: 2,
    });
    const number = `SO-${900_000_000 + randomBytes(2).readUInt16BE()}`;
    const guesses = [];
    for (let i = 0; i < 3; i++) guesses.push(await lookUpByPhone(prisma, limits, address(), { number, phone: `1390000000${i}` }));
    expect(guesses.map((g) => ("refusal" in g ? g.refusal : "found"))).toEqual(["NOT_FOUND", "NOT_FOUND", "RATE_LIMITED"]);
    const one = address();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await lookUpByPhone(prisma, limits, one, { number: `SO-${800_000_000 + i + randomBytes(2).readUInt16BE() * 10}`, phone: "13900000000" }));
    expect(answers.map((g) => ("refusal" in g ? g.refusal : "found"))).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND", "RATE_LIMITED"]);
    expect(answers[3]).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });
});
