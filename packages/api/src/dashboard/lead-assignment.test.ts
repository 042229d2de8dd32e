// Issue 13, item 5: assigning a lead tells the assignee by e-mail through the outbox, written
// in the assignment's own transaction: exactly once per assignment, never for a change that
// was refused, never to the person who assigned the lead to themselves.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import type { Channel } from "@once/notify";
import { DEFAULT_OPERATION_SETTINGS } from "../definitions/settings.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const ana = randomUUID();
const bo = randomUUID();
const gone = randomUUID();

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.createMany({
    data: [
      { id: ana, name: "Ana", email: `${ana}@example.com`, role: "sales" },
      { id: bo, name: "Bo", email: `${bo}@example.com`, role: "sales" },
      { id: gone, name: "Gone", email: `${gone}@example.com`, role: "sales", disabledAt: new Date() },
    ],
  });
});
afterAll(() => prisma.$disconnect());

const as = (id: string, channels: Channel[] = ["webhook", "email"]) =>
  createCaller(
    createContextInner({
      prisma,
      customerId: null,
      staff: { id, role: "sales", name: "", email: "" },
      operationSettings: { ...DEFAULT_OPERATION_SETTINGS, lead: { channels } },
    }),
  ).dashboard.leads;

async function newLead(): Promise<string> {
  const lead = await prisma.lead.create({
    data: { customerId: "assignment-test", operationKey: randomUUID(), name: "Zhao Lei", phone: "13600000000", content: "call me" },
    select: { id: true },
  });
  return lead.id;
}

const told = (leadId: string) =>
  prisma.notificationDelivery.findMany({
    where: { leadId, kind: "lead_assigned" },
    orderBy: { leadVersion: "asc" },
    select: { channel: true, recipientId: true, leadVersion: true, status: true },
  });

describe("assignment e-mails", () => {
  it("tells each new assignee once, in the assignment's transaction", async () => {
    const lead = await newLead();
    await as(ana).update({ id: lead, version: 1, assigneeId: bo });
    expect(await told(lead)).toEqual([{ channel: "email", recipientId: bo, leadVersion: 2, status: "pending" }]);

    // The same request again (a double click, a retry) is a stale edit: refused, nobody told twice.
    await expect(as(ana).update({ id: lead, version: 1, assigneeId: bo })).rejects.toMatchObject({
      message: expect.stringContaining("changed by someone else"),
    });
    // A status change keeps the assignee: nothing to tell.
    await as(bo).update({ id: lead, version: 2, status: "contacted" });
    // Ana assigns it to herself: she knows.
    await as(ana).update({ id: lead, version: 3, assigneeId: ana });
    expect(await told(lead)).toHaveLength(1);

    // Handed back to Bo: a new assignment, told again.
    await as(ana).update({ id: lead, version: 4, assigneeId: bo });
    // Unassigned: nobody to tell.
    await as(bo).update({ id: lead, version: 5, assigneeId: null });
    expect(await told(lead)).toEqual([
      { channel: "email", recipientId: bo, leadVersion: 2, status: "pending" },
      { channel: "email", recipientId: bo, leadVersion: 5, status: "pending" },
    ]);
  });

  it("writes nothing when e-mail is not configured, and refuses a disabled assignee", async () => {
    const lead = await newLead();
    await as(ana, ["webhook"]).update({ id: lead, version: 1, assigneeId: bo });
    expect(await told(lead)).toEqual([]);
    await expect(as(ana).update({ id: lead, version: 2, assigneeId: gone })).rejects.toMatchObject({ message: "this staff member's account is disabled" });
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: lead } })).assigneeId).toBe(bo);
  });

  it("tells exactly one of two racing assignments (the one that won)", async () => {
    const lead = await newLead();
    const results = await Promise.allSettled([
      as(ana).update({ id: lead, version: 1, assigneeId: bo }),
      as(bo).update({ id: lead, version: 1, assigneeId: ana }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const winner = (await prisma.lead.findUniqueOrThrow({ where: { id: lead } })).assigneeId;
    expect(await told(lead)).toEqual([{ channel: "email", recipientId: winner, leadVersion: 2, status: "pending" }]);
  });
});
