// Writes the outbox rows for a new lead INSIDE the caller's transaction (the lead's own), so
// a lead and its notifications exist together or not at all. Nothing is sent here.
import type { Prisma } from "@once/db";
import { configuredChannels, readNotifyConfig, type Channel } from "./config.ts";

let channelsFromEnv: Channel[] | undefined;

export async function enqueueLeadNotifications(tx: Prisma.TransactionClient, leadId: string, channels?: Channel[]): Promise<number> {
  const wanted = channels ?? (channelsFromEnv ??= configuredChannels(readNotifyConfig()));
  if (wanted.length === 0) return 0;
  const { count } = await tx.notificationDelivery.createMany({ data: wanted.map((channel) => ({ leadId, channel })) });
  return count;
}
