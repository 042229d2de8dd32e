// The webhook sender against real local HTTP receivers: a redirect is a failed attempt, and the
// signed body never reaches the redirect target.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { newWebhookSecret } from "../testing/fixtures.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver.ts";
import type { LeadNotification } from "./lead-payload.ts";
import { sendWebhook } from "./webhook.ts";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  while (receivers.length) await receivers.pop()!.close();
});

const notification = (): LeadNotification => ({
  type: "lead.created",
  deliveryId: randomUUID(),
  lead: {
    id: randomUUID(),
    number: "LD-000001",
    name: "Ada",
    phone: "13900000000",
    content: "Please call",
    email: "ada@example.com",
    company: null,
    possibleDuplicate: false,
    createdAt: new Date().toISOString(),
  },
});

describe("sendWebhook", () => {
  it.each([301, 302, 303, 307, 308] as const)("treats a %i redirect as a failed attempt and posts nothing to its target", async (status) => {
    const secret = newWebhookSecret();
    // The target verifies with the same secret and would accept the delivery: only not following the redirect keeps it away.
    const target = await startWebhookReceiver(secret, () => "ok");
    receivers.push(target);
    const redirecting = await startWebhookReceiver(secret, () => ({ redirect: status, location: target.url }));
    receivers.push(redirecting);
    const sent = notification();

    await expect(sendWebhook({ url: redirecting.url, secret, timeoutMs: 2_000 }, sent)).rejects.toThrow(`webhook answered ${status}`);
    expect(redirecting.received.get(sent.deliveryId)).toBe(1);
    expect(target.received.size).toBe(0);
    expect(target.processed.size).toBe(0);
    expect(target.badSignatures).toBe(0);
  });
});
