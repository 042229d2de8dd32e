// The first-response clock's rounds, run by the notification worker every few seconds on every
// node (each step is one conditional statement, so two nodes never do the same thing twice):
// 1. leads of the last two days without a due time get one (due.ts, from the team's target);
// 2. a lead still unanswered at its due time: reminded_at is set and its owner's reminder is
//    written to the outbox, in one transaction: once;
// 3. at twice the target: escalated_at, one e-mail to the admins and one escalation item on each
//    group-chat channel (the team's channels; sent by chat/chat-pump.ts), likewise once.
// Without e-mail configured the lead is still marked, and shown overdue on the dashboard. A
// lead merged into another is its primary's: never reminded on its own.
import type { PrismaClient } from "@once/db";
import type { Channel } from "../config.ts";
import { DEFAULT_TARGET, responseDue, type ResponseTarget } from "./due.ts";

export async function readResponseTarget(prisma: PrismaClient): Promise<ResponseTarget> {
  const row = await prisma.teamSettings.findUnique({ where: { id: 1 } });
  if (!row) return DEFAULT_TARGET;
  const { responseTargetMinutes: minutes, businessHours, timeZone, dayStart, dayEnd, workDays } = row;
  return { minutes, businessHours, timeZone, dayStart, dayEnd, workDays };
}

export async function sweepResponseClock(prisma: PrismaClient, channels: readonly Channel[]): Promise<{ timed: number; reminded: number; escalated: number }> {
  const target = await readResponseTarget(prisma);
  const untimed = await prisma.lead.findMany({
    where: { responseDueAt: null, createdAt: { gt: new Date(Date.now() - 2 * 86_400_000) } },
    select: { id: true, createdAt: true },
    take: 500,
  });
  for (const lead of untimed) {
    const { dueAt, escalateAt } = responseDue(lead.createdAt, target);
    await prisma.lead.updateMany({ where: { id: lead.id, responseDueAt: null }, data: { responseDueAt: dueAt, escalateAt } });
  }
  const email = channels.includes("email");
  const reminded = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; assignee_id: string | null }[]>`
      update lead set reminded_at = now()
      where first_response_at is null and reminded_at is null and response_due_at <= now() and merged_into_id is null
      returning id, assignee_id`;
    const told = rows.filter((r) => r.assignee_id !== null);
    if (email && told.length > 0) {
      await tx.notificationDelivery.createMany({
        data: told.map((r) => ({ leadId: r.id, channel: "email" as const, kind: "lead_reminder" as const, recipientId: r.assignee_id })),
        skipDuplicates: true,
      });
    }
    return rows.length;
  });
  const escalated = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      update lead set escalated_at = now()
      where first_response_at is null and escalated_at is null and escalate_at <= now() and merged_into_id is null
      returning id`;
    if (email && rows.length > 0) {
      await tx.notificationDelivery.createMany({
        data: rows.map((r) => ({ leadId: r.id, channel: "email" as const, kind: "lead_escalated" as const })),
        skipDuplicates: true,
      });
    }
    // Channels hear of leads from their creation on (as for arrivals, chat-pump.ts's writeChatItems).
    if (rows.length > 0) {
      await tx.$executeRaw`
        insert into chat_item (channel_id, lead_id, kind)
        select c.id, l.id, 'escalation' from chat_channel c cross join unnest(${rows.map((r) => r.id)}::uuid[]) as l(id)
        where c.created_at <= now()
        on conflict do nothing`;
    }
    return rows.length;
  });
  return { timed: untimed.length, reminded, escalated };
}
