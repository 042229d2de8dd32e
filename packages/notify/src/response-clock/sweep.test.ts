// The first-response clock's rounds on real PostgreSQL: a lead gets its due time; unanswered at
// the target its owner is reminded once, at twice the target the admins are told once, however
// many rounds (and nodes) run, by e-mail and on the team's chat channels; an answered lead is
// left alone.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { createLeads, testPrisma } from "../testing/fixtures.ts";
import { sweepResponseClock } from "./sweep.ts";

let prisma: PrismaClient;
const owner = randomUUID();
beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: owner, name: "Clock Owner", email: `${owner}@example.com`, role: "sales" } });
});
afterAll(() => prisma.$disconnect());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("the first-response clock", () => {
  it("times each lead, reminds its owner at the target and tells the admins at twice it, each once", async () => {
    // A team channel (created before the leads; no address: nothing is sent from this test).
    const channel = await prisma.chatChannel.create({
      data: { platform: "wecom", name: `clock ${owner}`, hint: "test", createdAt: minutesAgo(60) },
      select: { id: true },
    });
    const [fresh, late, later, answered] = await createLeads(prisma, 4, []);
    await prisma.lead.updateMany({ where: { id: { in: [fresh!, late!, later!, answered!] } }, data: { assigneeId: owner } });
    // Dated back with the clock's fields cleared in the same statement: a worker of another test
    // file on this database that timed them meanwhile is undone.
    const unset = { responseDueAt: null, escalateAt: null, remindedAt: null, escalatedAt: null };
    await prisma.lead.update({ where: { id: late! }, data: { createdAt: minutesAgo(20), ...unset } });
    await prisma.lead.update({ where: { id: later! }, data: { createdAt: minutesAgo(40), ...unset } });
    await prisma.lead.update({ where: { id: answered! }, data: { createdAt: minutesAgo(40), firstResponseAt: minutesAgo(35), ...unset } });

    // Two nodes' rounds at once, then another: nothing is told twice.
    await Promise.all([sweepResponseClock(prisma, ["email"]), sweepResponseClock(prisma, ["email"])]);
    await sweepResponseClock(prisma, ["email"]);

    const leads = await prisma.lead.findMany({ where: { id: { in: [fresh!, late!, later!, answered!] } } });
    const byId = (id: string) => leads.find((l) => l.id === id)!;
    expect(byId(fresh!).responseDueAt!.getTime() - byId(fresh!).createdAt.getTime()).toBe(15 * 60_000);
    expect(byId(fresh!).escalateAt!.getTime() - byId(fresh!).createdAt.getTime()).toBe(30 * 60_000);
    expect(byId(fresh!)).toMatchObject({ remindedAt: null, escalatedAt: null });
    expect(byId(late!).remindedAt).not.toBeNull();
    expect(byId(late!).escalatedAt).toBeNull();
    expect(byId(later!).escalatedAt).not.toBeNull();
    expect(byId(answered!)).toMatchObject({ remindedAt: null, escalatedAt: null });

    const told = await prisma.notificationDelivery.findMany({
      where: { leadId: { in: [fresh!, late!, later!, answered!] } },
      select: { leadId: true, kind: true, recipientId: true },
    });
    const of = (id: string) =>
      told
        .filter((t) => t.leadId === id)
        .map((t) => `${t.kind}:${t.recipientId ?? "admins"}`)
        .sort();
    expect(of(fresh!)).toEqual([]);
    expect(of(late!)).toEqual([`lead_reminder:${owner}`]);
    expect(of(later!)).toEqual(["lead_escalated:admins", `lead_reminder:${owner}`]);
    expect(of(answered!)).toEqual([]);
    // The escalation is told to the team's channel too, once.
    const escalations = await prisma.chatItem.findMany({
      where: { channelId: channel.id, kind: "escalation", leadId: { in: [fresh!, late!, later!, answered!] } },
      select: { leadId: true },
    });
    expect(escalations).toEqual([{ leadId: later! }]);
    await prisma.chatChannel.delete({ where: { id: channel.id } });
  });
});
