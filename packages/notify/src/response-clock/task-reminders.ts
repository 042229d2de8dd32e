// Follow-up tasks' reminders: one step of the first-response clock's round (./sweep.ts), the same
// mechanism as its reminder. A task open at its due time is claimed (`reminded_at` set by one
// conditional UPDATE … RETURNING; a second node's round blocks on the row and then finds it
// claimed) and its assignee's e-mail is written to the outbox in the same transaction: once,
// whatever the number of nodes. A done task is never claimed. A task on a merged lead is its
// primary's (packages/api/src/dashboard/lead-tasks.ts): its reminder names and links the primary.
// A disabled assignee gets no mail; the task is still marked, and shown overdue on the dashboard.
import type { PrismaClient } from "@once/db";
import type { Channel } from "../config.ts";

export async function remindDueTasks(prisma: PrismaClient, channels: readonly Channel[]): Promise<number> {
  const email = channels.includes("email");
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; number: number; lead_id: string; assignee_id: string; disabled: boolean }[]>`
      update lead_task t set reminded_at = now()
      from lead l, staff_user u
      where l.id = t.lead_id and u.id = t.assignee_id
        and t.done_at is null and t.reminded_at is null and t.due_at <= now()
      returning t.id, t.number, coalesce(l.merged_into_id, l.id) as lead_id, t.assignee_id, u.disabled_at is not null as disabled`;
    const told = rows.filter((r) => !r.disabled);
    if (email && told.length > 0) {
      await tx.notificationDelivery.createMany({
        // lead_version holds the task's number: the outbox's unique key tells two tasks of one lead apart.
        data: told.map((r) => ({
          leadId: r.lead_id,
          channel: "email" as const,
          kind: "task_reminder" as const,
          recipientId: r.assignee_id,
          taskId: r.id,
          leadVersion: r.number,
        })),
        skipDuplicates: true,
      });
    }
    return rows.length;
  });
}
