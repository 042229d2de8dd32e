// docs/GUARANTEES.md §8: a lead's notifications are written to the outbox in the lead's own
// transaction: both exist, or (on rollback) neither does.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import type { PrismaClient } from "@once/db";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";
import { leadOperation } from "./submit-lead.ts";

// Both channels configured, as on a node with webhook and e-mail notifications.
const submitLeadOperation = leadOperation({ channels: ["webhook", "email"] });

let prisma: PrismaClient;
beforeAll(async () => {
  prisma = testPrisma();
  // At least one salesperson, so every lead here gets an owner on arrival.
  const id = randomUUID();
  await prisma.user.create({ data: { id, name: "Outbox Sales", email: `${id}@example.com`, role: "sales" } });
});
afterAll(() => prisma.$disconnect());

const lead = { name: "Outbox", phone: "13700000000", content: "hello", email: null, company: null };

describe("lead notifications outbox", () => {
  it("writes one pending delivery per configured channel with the lead, and a replay adds none", async () => {
    const { principal } = newCustomer();
    const key = mintOperationKey();
    const first = await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead });
    await runOnce(recordStore(prisma), submitLeadOperation, { principal, key, input: lead });
    const deliveries = await prisma.notificationDelivery.findMany({
      where: { leadId: first.resultId! },
      select: { channel: true, kind: true, status: true, recipientId: true },
    });
    const { assigneeId } = await prisma.lead.findUniqueOrThrow({ where: { id: first.resultId! }, select: { assigneeId: true } });
    // The new lead on both channels, and its owner told by e-mail once.
    expect(assigneeId).not.toBeNull();
    expect(deliveries.sort((a, b) => `${a.kind}${a.channel}`.localeCompare(`${b.kind}${b.channel}`))).toEqual([
      { channel: "email", kind: "lead_assigned", status: "pending", recipientId: assigneeId },
      { channel: "email", kind: "lead_created", status: "pending", recipientId: null },
      { channel: "webhook", kind: "lead_created", status: "pending", recipientId: null },
    ]);
  });

  it("stores the submitting request's id on every outbox row; a replay under another request changes none", async () => {
    const { principal } = newCustomer();
    const key = mintOperationKey();
    const first = await runOnce(recordStore(prisma), leadOperation({ channels: ["webhook", "email"], requestId: "req:first-1" }), {
      principal,
      key,
      input: lead,
    });
    await runOnce(recordStore(prisma), leadOperation({ channels: ["webhook", "email"], requestId: "req:retry-2" }), { principal, key, input: lead });
    const rows = await prisma.notificationDelivery.findMany({ where: { leadId: first.resultId! }, select: { requestId: true } });
    expect(rows).toEqual([{ requestId: "req:first-1" }, { requestId: "req:first-1" }, { requestId: "req:first-1" }]);
  });

  it("leaves neither lead nor delivery behind when the transaction rolls back", async () => {
    const { principal, customerId } = newCustomer();
    const failing = {
      ...submitLeadOperation,
      execute: async (...args: Parameters<typeof submitLeadOperation.execute>) => {
        await submitLeadOperation.execute(...args);
        throw new Error("injected failure after the outbox write");
      },
    };
    await expect(runOnce(recordStore(prisma), failing, { principal, key: mintOperationKey(), input: lead })).rejects.toThrow(/injected/);
    expect(await prisma.lead.count({ where: { customerId } })).toBe(0);
    expect(await prisma.notificationDelivery.count({ where: { lead: { customerId } } })).toBe(0);
  });
});
