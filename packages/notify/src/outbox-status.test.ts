// The outbox figures behind /metrics, on real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { readOutboxStatus } from "./outbox-status.ts";
import { createLeads, testPrisma } from "./testing/fixtures.ts";

let prisma: PrismaClient;
beforeAll(() => {
  prisma = testPrisma();
});
afterAll(async () => {
  // Its queued and pending rows would otherwise be delivered by the next file's worker.
  await prisma.notificationDelivery.deleteMany();
  await prisma.$disconnect();
});

describe("readOutboxStatus", () => {
  it("counts the backlog by channel and status, the oldest waiting row's age and the dead letters", async () => {
    await prisma.notificationDelivery.deleteMany();
    const { chat: _chat, ...empty } = await readOutboxStatus(prisma);
    expect(empty).toEqual({
      backlog: [
        { channel: "webhook", status: "pending", count: 0 },
        { channel: "webhook", status: "queued", count: 0 },
        { channel: "email", status: "pending", count: 0 },
        { channel: "email", status: "queued", count: 0 },
      ],
      oldestPendingSeconds: 0,
      deadLetters: [
        { channel: "webhook", count: 0 },
        { channel: "email", count: 0 },
      ],
    });

    const [first, second, third] = await createLeads(prisma, 3, ["webhook", "email"]);
    // The first lead's rows were written a minute ago; the second's webhook is queued; the third's both dead; one delivered.
    await prisma.notificationDelivery.updateMany({ where: { leadId: first! }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await prisma.notificationDelivery.updateMany({ where: { leadId: second!, channel: "webhook" }, data: { status: "queued" } });
    await prisma.notificationDelivery.updateMany({ where: { leadId: second!, channel: "email" }, data: { status: "delivered" } });
    await prisma.notificationDelivery.updateMany({ where: { leadId: third! }, data: { status: "dead", createdAt: new Date(Date.now() - 3_600_000) } });

    const status = await readOutboxStatus(prisma);
    expect(status.backlog).toEqual([
      { channel: "webhook", status: "pending", count: 1 },
      { channel: "webhook", status: "queued", count: 1 },
      { channel: "email", status: "pending", count: 1 },
      { channel: "email", status: "queued", count: 0 },
    ]);
    // The dead rows are older but no longer waiting: the age is the first lead's.
    expect(status.oldestPendingSeconds).toBeGreaterThanOrEqual(59);
    expect(status.oldestPendingSeconds).toBeLessThan(120);
    expect(status.deadLetters).toEqual([
      { channel: "webhook", count: 1 },
      { channel: "email", count: 1 },
    ]);
  });

  it("counts, per chat platform, the leads waiting for their message and the unanswered messages of the last day", async () => {
    // Slack is this file's own: no other test here makes a Slack channel.
    const channel = await prisma.chatChannel.create({
      data: { platform: "slack", name: "status", hint: "…test", createdAt: new Date(Date.now() + 3_600_000) },
    });
    const [a, b, c] = await createLeads(prisma, 3, []);
    const unknown = await prisma.chatMessage.create({ data: { channelId: channel.id, status: "unknown", leadCount: 1 } });
    await prisma.chatMessage.create({ data: { channelId: channel.id, status: "unknown", startedAt: new Date(Date.now() - 25 * 3_600_000) } });
    await prisma.chatItem.createMany({
      data: [
        { channelId: channel.id, leadId: a! },
        { channelId: channel.id, leadId: b! },
        { channelId: channel.id, leadId: c!, messageId: unknown.id },
      ],
    });
    const { chat } = await readOutboxStatus(prisma);
    expect(chat.map((p) => p.platform)).toEqual(["wecom", "dingtalk", "feishu", "slack"]);
    expect(chat.find((p) => p.platform === "slack")).toEqual({ platform: "slack", waitingLeads: 2, unknownMessages: 1 });
  });
});
