// Writes the outbox rows for a new lead INSIDE the caller's transaction (the lead's own), so
// a lead and its notifications exist together or not at all. Nothing is sent here. Which
// channels are configured is the caller's to say (the app reads its configuration once).
import type { Prisma } from "@once/db";
import type { Channel } from "./config.ts";

export async function enqueueLeadNotifications(tx: Prisma.TransactionClient, leadId: string, channels: readonly Channel[]): Promise<number> {
  if (channels.length === 0) return 0;
  const { count } = await tx.notificationDelivery.createMany({ data: channels.map((channel) => ({ leadId, channel })) });
  return count;
}
