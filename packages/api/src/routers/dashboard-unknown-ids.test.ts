// An unknown (well-formed) id in a staff mutation is a 404 with a clear message, never a 500
// from a foreign-key violation; a malformed id is a 400 from the input schema.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { ProtocolTRPCError } from "@once/idempotency/trpc";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const staffId = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: staffId, name: "Staff Ids", email: `${staffId}@example.com`, role: "admin" } });
});
afterAll(() => prisma.$disconnect());

const staff = () => createCaller(createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "admin", name: "Test", email: "t@example.com" } }));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, message } = error as TRPCError;
  return { code, message, protocol: error instanceof ProtocolTRPCError ? error.protocol : undefined };
}
const notFound = (what: string) => ({ code: "NOT_FOUND", message: `no ${what} with this id`, protocol: { code: "NOT_FOUND", retryable: false, status: 404 } });

async function newLead() {
  const { principal } = newCustomer();
  const input = { name: "Ids", phone: "13700000000", content: "hi", email: null, company: null };
  return (await runOnce(recordStore(prisma), submitLeadOperation, { principal, key: mintOperationKey(), input })).resultId!;
}

describe("staff mutations on unknown ids", () => {
  it("leads.addNote on an unknown lead is NOT_FOUND and stores no note", async () => {
    const id = randomUUID();
    expect(await failure(staff().dashboard.leads.addNote({ id, body: "hello" }))).toEqual(notFound("lead"));
    expect(await prisma.leadNote.count({ where: { leadId: id } })).toBe(0);
  });

  it("leads.update (status change) on an unknown lead is NOT_FOUND", async () => {
    expect(await failure(staff().dashboard.leads.update({ id: randomUUID(), version: 1, status: "contacted" }))).toEqual(notFound("lead"));
  });

  it("leads.update (assign) on an unknown lead is NOT_FOUND", async () => {
    expect(await failure(staff().dashboard.leads.update({ id: randomUUID(), version: 1, assigneeId: staffId }))).toEqual(notFound("lead"));
  });

  it("leads.update assigning an unknown staff member is NOT_FOUND and changes nothing", async () => {
    const id = await newLead();
    const before = await prisma.lead.findUniqueOrThrow({ where: { id }, select: { version: true, assigneeId: true } });
    expect(await failure(staff().dashboard.leads.update({ id, version: 1, assigneeId: randomUUID() }))).toEqual(notFound("staff member"));
    expect(await prisma.lead.findUniqueOrThrow({ where: { id }, select: { version: true, assigneeId: true } })).toEqual(before);
    expect(before.version).toBe(1);
  });

  it("deliveries.requeue of an unknown delivery is NOT_FOUND; a known one that is not dead is not requeued", async () => {
    expect(await failure(staff().dashboard.deliveries.requeue({ id: randomUUID() }))).toEqual(notFound("delivery"));
    const leadId = await newLead();
    const delivery = await prisma.notificationDelivery.create({ data: { leadId, channel: "webhook", status: "dead", attempts: 5 } });
    expect(await staff().dashboard.deliveries.requeue({ id: delivery.id })).toEqual({ requeued: true });
    expect(await staff().dashboard.deliveries.requeue({ id: delivery.id })).toEqual({ requeued: false });
  });

  it("the lead's own mutations still work on a known lead", async () => {
    const id = await newLead();
    expect(await staff().dashboard.leads.addNote({ id, body: "called" })).toMatchObject({ body: "called" });
    expect(await staff().dashboard.leads.update({ id, version: 1, status: "contacted", assigneeId: staffId })).toMatchObject({
      version: 2,
      assigneeId: staffId,
    });
  });
});

describe("staff mutations on malformed ids", () => {
  it.each([
    ["leads.addNote", () => staff().dashboard.leads.addNote({ id: "not-a-uuid", body: "hello" })],
    ["leads.update", () => staff().dashboard.leads.update({ id: "not-a-uuid", version: 1, status: "contacted" })],
    ["leads.get", () => staff().dashboard.leads.get({ id: "not-a-uuid" })],
    ["deliveries.requeue", () => staff().dashboard.deliveries.requeue({ id: "42" })],
  ])("%s with a malformed id is BAD_REQUEST", async (_name, run) => {
    expect((await failure(run())).code).toBe("BAD_REQUEST");
  });
});
