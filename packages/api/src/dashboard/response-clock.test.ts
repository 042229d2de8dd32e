// The first-response clock on the dashboard's side, on real PostgreSQL: a status change, a note
// or taking the lead oneself stops it (assigning it to someone else does not); the "Overdue"
// filter lists leads unanswered past their due time; the team's target is set by admins only,
// bad values refused, and a change re-times the leads still waiting.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { mintOperationKey } from "@once/idempotency";
import { runOnce } from "@once/idempotency/server";
import { recordStore } from "../records/record-store.ts";
import { submitLeadOperation } from "../lead/submit-lead.ts";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { newCustomer, testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const adminId = randomUUID();
const otherId = randomUUID();
const marker = `clock${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.createMany({
    data: [
      { id: adminId, name: "Clock Admin", email: `${adminId}@example.com`, role: "admin" },
      { id: otherId, name: "Clock Other", email: `${otherId}@example.com`, role: "sales" },
    ],
  });
});
afterAll(() => prisma.$disconnect());

const as = (role: "admin" | "sales") =>
  createCaller(createContextInner({ prisma, customerId: null, staff: { id: adminId, role, name: "Clock Admin", email: "c@example.com" } })).dashboard;

async function newLead(): Promise<{ id: string; version: number }> {
  const result = await runOnce(recordStore(prisma), submitLeadOperation, {
    principal: newCustomer().principal,
    key: mintOperationKey(),
    input: { name: "Clock", phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, content: marker, email: null, company: null },
  });
  return { id: result.resultId!, version: 1 };
}
const firstResponse = async (id: string) => (await prisma.lead.findUniqueOrThrow({ where: { id }, select: { firstResponseAt: true } })).firstResponseAt;

describe("the first-response clock", () => {
  it("stops at a status change, a note or taking the lead; not when it is given to someone else", async () => {
    const [byStatus, byNote, byTaking, givenAway] = await Promise.all([newLead(), newLead(), newLead(), newLead()]);
    await as("admin").leads.update({ ...byStatus, status: "contacted" });
    await as("admin").leads.addNote({ id: byNote.id, body: "called, no answer" });
    await as("admin").leads.update({ ...byTaking, assigneeId: adminId });
    await as("admin").leads.update({ ...givenAway, assigneeId: otherId });
    expect(await firstResponse(byStatus.id)).not.toBeNull();
    expect(await firstResponse(byNote.id)).not.toBeNull();
    expect(await firstResponse(byTaking.id)).not.toBeNull();
    expect(await firstResponse(givenAway.id)).toBeNull();
    // A later response does not move the first.
    const first = await firstResponse(byNote.id);
    await as("admin").leads.addNote({ id: byNote.id, body: "called again" });
    expect(await firstResponse(byNote.id)).toEqual(first);
  });

  it("lists as overdue only the unanswered leads past their due time", async () => {
    const [waiting, late, answered] = await Promise.all([newLead(), newLead(), newLead()]);
    const past = new Date(Date.now() - 60_000);
    await prisma.lead.updateMany({ where: { id: { in: [late.id, answered.id] } }, data: { responseDueAt: past } });
    await prisma.lead.update({ where: { id: waiting.id }, data: { responseDueAt: new Date(Date.now() + 600_000) } });
    await as("admin").leads.addNote({ id: answered.id, body: "done" });
    const overdue = (await as("admin").leads.list({ search: marker, overdue: true, limit: 100 })).items.map((l) => l.id);
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(waiting.id);
    expect(overdue).not.toContain(answered.id);
  });

  it("takes the team's target from admins only, refuses what is not a target, and re-times the waiting leads", async () => {
    const target = { minutes: 30, businessHours: true, timeZone: "Asia/Shanghai", dayStart: 540, dayEnd: 1080, workDays: [1, 2, 3, 4, 5] };
    const code = (p: Promise<unknown>) =>
      p.then(
        () => "saved",
        (e: unknown) => (e instanceof TRPCError ? e.code : e),
      );
    expect(await code(as("sales").assignment.setResponseTarget(target))).toBe("FORBIDDEN");
    expect(await code(as("admin").assignment.setResponseTarget({ ...target, minutes: 0 }))).toBe("BAD_REQUEST");
    expect(await code(as("admin").assignment.setResponseTarget({ ...target, timeZone: "Mars/Olympus" }))).toBe("BAD_REQUEST");
    expect(await code(as("admin").assignment.setResponseTarget({ ...target, dayStart: 1080, dayEnd: 540 }))).toBe("BAD_REQUEST");
    expect(await code(as("admin").assignment.setResponseTarget({ ...target, workDays: [] }))).toBe("BAD_REQUEST");

    const waiting = await newLead();
    await prisma.lead.update({ where: { id: waiting.id }, data: { responseDueAt: new Date(), escalateAt: new Date() } });
    try {
      expect(await as("admin").assignment.setResponseTarget(target)).toEqual(target);
      expect(await as("sales").assignment.responseTarget()).toEqual(target);
      expect(await prisma.lead.findUniqueOrThrow({ where: { id: waiting.id }, select: { responseDueAt: true } })).toEqual({ responseDueAt: null });
    } finally {
      await prisma.teamSettings.deleteMany(); // back to the default for the other tests on this database
    }
  });
});
