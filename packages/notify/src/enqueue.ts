// Writes the outbox rows for a new lead INSIDE the caller's transaction (the lead's own), so
// a lead and its notifications exist together or not at all. Nothing is sent here. Which
// channels are configured is the caller's to say (the app reads its configuration once).
// The id of the request that created the lead goes on each row: every delivery attempt logs
// it and the webhook carries it, so one id leads from the customer's request to the receiver.
import type { Prisma } from "@once/db";
import type { Channel } from "./config.ts";

export async function enqueueLeadNotifications(
  tx: Prisma.TransactionClient,
  leadId: string,
  channels: readonly Channel[],
  requestId: string | null = null,
): Promise<number> {
  if (channels.length === 0) return 0;
  const { count } = await tx.notificationDelivery.createMany({ data: channels.map((channel) => ({ leadId, channel, requestId })) });
  return count;
}

/**
 * Tells a staff member a lead was assigned to them: one e-mail delivery, written INSIDE the
 * assignment's transaction. The lead's version after the assignment is part of the row's
 * unique key, so each assignment is told exactly once (the job id derives from the row's id).
 * Nothing is written when e-mail is not configured.
 */
export async function enqueueAssignmentNotification(
  tx: Prisma.TransactionClient,
  assignment: { leadId: string; assigneeId: string; leadVersion: number; requestId?: string | null },
  channels: readonly Channel[],
): Promise<number> {
  if (!channels.includes("email")) return 0;
  const { leadId, assigneeId, leadVersion, requestId = null } = assignment;
  const { count } = await tx.notificationDelivery.createMany({
    data: [{ leadId, channel: "email", kind: "lead_assigned", recipientId: assigneeId, leadVersion, requestId }],
    skipDuplicates: true,
  });
  return count;
}
