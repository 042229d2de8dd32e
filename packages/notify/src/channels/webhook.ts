// Delivers a notification by HTTP POST, signed per the Standard Webhooks spec: headers
// webhook-id (the stable delivery id: receivers drop duplicates by it), webhook-timestamp and
// webhook-signature. Any non-2xx answer (a redirect too) or a timeout is a failed attempt.
// X-Request-Id names the customer's request that created the lead (outside the signature: a
// label for finding log lines, not a fact the receiver should act on).
import { Webhook } from "standardwebhooks";
import type { LeadNotification } from "./lead-payload.ts";

export async function sendWebhook(
  options: { url: string; secret: string; timeoutMs: number },
  notification: LeadNotification,
  requestId: string | null = null,
): Promise<void> {
  const body = JSON.stringify(notification);
  const sentAt = new Date();
  const signature = new Webhook(options.secret).sign(notification.deliveryId, sentAt, body);
  const response = await fetch(options.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": notification.deliveryId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": signature,
      ...(requestId ? { "x-request-id": requestId } : {}),
    },
    body,
    // The body is a customer's personal data, signed: it goes to the configured URL only. A
    // redirect (307/308 would re-post it) is answered like any other non-2xx: a failed attempt.
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  await response.body?.cancel();
  if (response.status >= 300 && response.status < 400) throw new Error(`webhook answered ${response.status}, a redirect (not followed)`);
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
