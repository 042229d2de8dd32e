// One delivery attempt: count it, send it, record the outcome. A thrown error makes pg-boss
// retry with backoff; after the last attempt the job lands in the dead-letter queue.
import type { PrismaClient } from "@once/db";
import type { Channel, NotifyConfig } from "../config.ts";
import { sendEmail } from "../channels/email.ts";
import { loadLeadNotification } from "../channels/lead-payload.ts";
import { sendWebhook } from "../channels/webhook.ts";

export async function deliverOnce(
  prisma: PrismaClient,
  config: NotifyConfig,
  channel: Channel,
  deliveryId: string,
): Promise<"delivered" | "already-delivered" | "missing"> {
  const claimed = await prisma.notificationDelivery.updateMany({
    where: { id: deliveryId, status: { not: "delivered" } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count === 0) {
    const exists = await prisma.notificationDelivery.count({ where: { id: deliveryId } });
    return exists ? "already-delivered" : "missing";
  }
  const notification = await loadLeadNotification(prisma, deliveryId);
  if (!notification) return "missing";
  try {
    if (channel === "webhook") {
      if (!config.NOTIFY_WEBHOOK_URL || !config.NOTIFY_WEBHOOK_SECRET) throw new Error("the webhook channel is not configured (NOTIFY_WEBHOOK_URL)");
      await sendWebhook({ url: config.NOTIFY_WEBHOOK_URL, secret: config.NOTIFY_WEBHOOK_SECRET, timeoutMs: config.NOTIFY_WEBHOOK_TIMEOUT_MS }, notification);
    } else {
      if (!config.NOTIFY_SMTP_URL || !config.NOTIFY_EMAIL_TO) throw new Error("the e-mail channel is not configured (NOTIFY_SMTP_URL)");
      // A new lead goes to sales' address; an assignment to the assignee's own.
      const to = notification.assignee?.email ?? config.NOTIFY_EMAIL_TO;
      await sendEmail({ smtpUrl: config.NOTIFY_SMTP_URL, from: config.NOTIFY_EMAIL_FROM, to }, notification);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.notificationDelivery.update({ where: { id: deliveryId }, data: { lastError: message.slice(0, 500) } });
    throw error;
  }
  await prisma.notificationDelivery.update({ where: { id: deliveryId }, data: { status: "delivered", deliveredAt: new Date(), lastError: null } });
  return "delivered";
}

export async function markDead(prisma: PrismaClient, deliveryId: string): Promise<void> {
  await prisma.notificationDelivery.updateMany({ where: { id: deliveryId, status: { not: "delivered" } }, data: { status: "dead" } });
}
