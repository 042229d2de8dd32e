// One day's reconciliation on real PostgreSQL: four leads of a day of their own, each with its
// own story (all well; no owner and a failed e-mail; a chat message with no answer and a late
// answer; no answer at all), counted and every gap named with its lead; the next day's lead is
// not counted.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { createCaller } from "../root.ts";
import { createContextInner } from "../trpc.ts";
import { testPrisma } from "../testing/fixtures.ts";

let prisma: PrismaClient;
const staffId = randomUUID();
// A day of this run's own, in 2003.
const day = new Date(Date.UTC(2003, 0, 1) + Math.floor(Math.random() * 360) * 86_400_000);
const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);

beforeAll(async () => {
  prisma = testPrisma();
  await prisma.user.create({ data: { id: staffId, name: "Recon Sales", email: `${staffId}@example.com`, role: "sales" } });
});
afterAll(() => prisma.$disconnect());

async function lead(fields: { minute: number; owned: boolean; answeredAfter: number | null }) {
  const id = randomUUID();
  await prisma.lead.create({
    data: {
      id,
      customerId: `recon-${id}`,
      operationKey: id,
      name: "Recon",
      phone: "13800000000",
      content: "reconciliation",
      createdAt: at(fields.minute),
      assigneeId: fields.owned ? staffId : null,
      arrivalAssignment: fields.owned ? "round_robin" : null,
      responseDueAt: at(fields.minute + 15),
      firstResponseAt: fields.answeredAfter === null ? null : at(fields.minute + fields.answeredAfter),
    },
  });
  return { id, number: (await prisma.lead.findUniqueOrThrow({ where: { id }, select: { number: true } })).number };
}

describe("reconciliation", () => {
  it("counts a day's leads per step and channel, and names every gap", async () => {
    const fine = await lead({ minute: 60, owned: true, answeredAfter: 5 });
    const orphan = await lead({ minute: 120, owned: false, answeredAfter: 10 });
    const unknown = await lead({ minute: 180, owned: true, answeredAfter: 40 });
    const silent = await lead({ minute: 240, owned: true, answeredAfter: null });
    await lead({ minute: 24 * 60 + 1, owned: false, answeredAfter: null }); // the next day
    await prisma.notificationDelivery.createMany({
      data: [
        { leadId: fine.id, channel: "webhook", status: "delivered" },
        { leadId: orphan.id, channel: "email", status: "dead" },
        { leadId: unknown.id, channel: "webhook", status: "delivered" },
        { leadId: silent.id, channel: "webhook", status: "queued" },
      ],
    });
    const channel = await prisma.chatChannel.create({ data: { platform: "wecom", name: `Recon group ${staffId.slice(0, 6)}`, hint: "…abcd" } });
    const [delivered, lost] = await Promise.all([
      prisma.chatMessage.create({ data: { channelId: channel.id, status: "delivered", leadCount: 1 } }),
      prisma.chatMessage.create({ data: { channelId: channel.id, status: "unknown", leadCount: 1 } }),
    ]);
    await prisma.chatItem.createMany({
      data: [
        { channelId: channel.id, leadId: fine.id, messageId: delivered.id },
        { channelId: channel.id, leadId: unknown.id, messageId: lost.id },
      ],
    });

    const caller = createCaller(
      createContextInner({ prisma, customerId: null, staff: { id: staffId, role: "sales", name: "Recon Sales", email: "r@example.com" } }),
    );
    const report = await caller.dashboard.reconciliation({ from: day, to: new Date(day.getTime() + 86_400_000) });
    expect(report).toMatchObject({ received: 4, assigned: 3, responded: 3, withinTarget: 2 });
    expect(report.channels).toEqual(
      [
        { channel: "email", delivered: 0, onTheWay: 0, failed: 1, unknown: 0 },
        { channel: channel.name, delivered: 1, onTheWay: 0, failed: 0, unknown: 1 },
        { channel: "webhook", delivered: 2, onTheWay: 1, failed: 0, unknown: 0 },
      ].sort((a, b) => a.channel.localeCompare(b.channel)),
    );
    const gaps = report.gaps.map((g) => `${g.number}:${g.kind}${g.channel ? `:${g.channel}` : ""}`);
    const n = (l: { number: number }) => `LD-${String(l.number).padStart(6, "0")}`;
    expect(gaps).toEqual([
      `${n(orphan)}:unassigned`,
      `${n(orphan)}:not_delivered:email`,
      `${n(unknown)}:unknown:${channel.name}`,
      `${n(unknown)}:late_response`,
      `${n(silent)}:not_delivered:webhook`,
      `${n(silent)}:no_response`,
    ]);
    expect(report.timeToAssign).toEqual({ p50: 0, p95: 0 });
    expect(report.timeToFirstResponse).toEqual({ p50: 600, p95: 2400 });
    // A range that is not a day is refused.
    await expect(caller.dashboard.reconciliation({ from: day, to: new Date(day.getTime() + 5 * 86_400_000) })).rejects.toThrow(/a day/);
  });
});
