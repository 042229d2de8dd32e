// One delivery attempt: count it, send it, record the outcome. A thrown error makes pg-boss
// retry with backoff; after the last attempt the job lands in the dead-letter queue. The
// request id stored on the row travels with the attempt (its log line, the webhook's header).
import type { PrismaClient } from "@once/db";
import type { Channel, NotifyConfig } from "../config.ts";
import { sendEmail } from "../channels/email.ts";
import { loadLeadNotification } from "../channels/lead-payload.ts";
import { sendWebhook } from "../channels/webhook.ts";

export type AttemptResult = "delivered" | "already_delivered" | "missing";

/** A failed attempt, with the request id of the lead it was for (for its log line). */
export class DeliveryAttemptError extends Error {
  constructor(
    message: string,
    readonly requestId: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DeliveryAttemptError";
  }
}

export async function deliverOnce(
  prisma: PrismaClient,
  config: NotifyConfig,
  channel: Channel,
  deliveryId: string,
): Promise<{ result: AttemptResult; requestId: string | null }> {
  const claimed = await prisma.notificationDelivery.updateMany({
    where: { id: deliveryId, status: { not: "delivered" } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count === 0) {
    const row = await prisma.notificationDelivery.findUnique({ where: { id: deliveryId }, select: { requestId: true } });
    return { result: row ? "already_delivered" : "missing", requestId: row?.requestId ?? null };
  }
  const loaded = await loadLeadNotification(prisma, deliveryId);
  if (!loaded) return { result: "missing", requestId: null };
  const { notification, requestId } = loaded;
  try {
    if (channel === "webhook") {
      if (!config.NOTIFY_WEBHOOK_URL || !config.NOTIFY_WEBHOOK_SECRET) throw new Error("the webhook channel is not configured (NOTIFY_WEBHOOK_URL)");
      await sendWebhook(
        { url: config.NOTIFY_WEBHOOK_URL, secret: config.NOTIFY_WEBHOOK_SECRET, timeoutMs: config.NOTIFY_WEBHOOK_TIMEOUT_MS },
        notification,
        requestId,
      );
    } else {
      if (!config.NOTIFY_SMTP_URL || !config.NOTIFY_EMAIL_TO) throw new Error("the e-mail channel is not configured (NOTIFY_SMTP_URL)");
      // A new lead goes to sales' address; an assignment or a reminder to the owner's own; an
      // escalation to every admin (or sales' address when there is none).
      const to = notification.assignee?.email ?? (notification.admins?.length ? notification.admins.join(", ") : config.NOTIFY_EMAIL_TO);
      await sendEmail({ smtpUrl: config.NOTIFY_SMTP_URL, from: config.NOTIFY_EMAIL_FROM, to, publicUrl: config.PUBLIC_URL }, notification, requestId);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.notificationDelivery.update({ where: { id: deliveryId }, data: { lastError: message.slice(0, 500) } });
    throw new DeliveryAttemptError(message, requestId, { cause: error });
  }
  await prisma.notificationDelivery.update({ where: { id: deliveryId }, data: { status: "delivered", deliveredAt: new Date(), lastError: null } });
  return { result: "delivered", requestId };
}

/** Marks the row dead; answers the request id stored with it (for the dead letter's log line). */
export async function markDead(prisma: PrismaClient, deliveryId: string): Promise<string | null> {
  await prisma.notificationDelivery.updateMany({ where: { id: deliveryId, status: { not: "delivered" } }, data: { status: "dead" } });
  const row = await prisma.notificationDelivery.findUnique({ where: { id: deliveryId }, select: { requestId: true } });
  return row?.requestId ?? null;
}
