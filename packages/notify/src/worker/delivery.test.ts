// Delivery through the outbox on real PostgreSQL: a receiver that fails and times out, a real
// SMTP server, dead letters and an admin's retry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { configFor, createLeads, databaseUrl, newWebhookSecret, silentLog, testPrisma, waitFor } from "../testing/fixtures.ts";
import { startSmtpSink } from "../testing/smtp-sink.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver.ts";
import { requeueDeadDelivery, startNotificationWorker, type RunningWorker } from "./start-worker.ts";

let prisma: PrismaClient;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  prisma = testPrisma();
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(() => prisma.$disconnect());

async function worker(config: ReturnType<typeof configFor>): Promise<RunningWorker> {
  const running = await startNotificationWorker({ connectionString: databaseUrl(), config, log: silentLog, relayIntervalMs: 200 });
  cleanups.push(() => running.stop());
  return running;
}

const statusOf = async (leadIds: string[]) =>
  prisma.notificationDelivery.findMany({ where: { leadId: { in: leadIds } }, select: { id: true, leadId: true, channel: true, status: true, attempts: true } });

describe("webhook delivery", () => {
  it("delivers every lead through failures and timeouts; each delivery id is processed once", async () => {
    const secret = newWebhookSecret();
    // Attempt 1 fails, attempt 2 answers too late (timeout), attempt 3 succeeds.
    const receiver: WebhookReceiver = await startWebhookReceiver(secret, (_id, attempt) => (attempt === 1 ? "fail" : attempt === 2 ? "slow" : "ok"));
    cleanups.push(() => receiver.close());
    const leads = await createLeads(prisma, 6, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret }));

    await waitFor(async () => (await statusOf(leads)).every((d) => d.status === "delivered"), 60_000, "all deliveries");
    const deliveries = await statusOf(leads);
    expect(new Set(deliveries.map((d) => d.id))).toEqual(receiver.processed);
    expect(receiver.badSignatures).toBe(0);
    for (const d of deliveries) {
      expect(receiver.received.get(d.id)).toBeGreaterThanOrEqual(3);
      expect(d.attempts).toBeGreaterThanOrEqual(3);
    }
    // The slow attempt was processed by the receiver but timed out for us: its retry came
    // with the same delivery id and was dropped as a duplicate.
    expect(receiver.duplicatesDropped).toBeGreaterThanOrEqual(leads.length);
  });

  it("turns a delivery into a dead letter after the configured attempts, and an admin can requeue it", async () => {
    const secret = newWebhookSecret();
    let healthy = false;
    const receiver = await startWebhookReceiver(secret, () => (healthy ? "ok" : "fail"));
    cleanups.push(() => receiver.close());
    const [lead] = await createLeads(prisma, 1, ["webhook"]);
    await worker(configFor({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: secret, NOTIFY_MAX_ATTEMPTS: "2" }));

    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "dead", 60_000, "the dead letter");
    const [dead] = await statusOf([lead!]);
    expect(dead).toMatchObject({ status: "dead", attempts: 2 });
    expect(receiver.processed.size).toBe(0);

    healthy = true;
    expect(await requeueDeadDelivery(prisma, dead!.id)).toBe(true);
    await waitFor(async () => (await statusOf([lead!]))[0]?.status === "delivered", 60_000, "the requeued delivery");
    expect([...receiver.processed]).toEqual([dead!.id]);
    expect(await requeueDeadDelivery(prisma, dead!.id)).toBe(false);
  });
});

describe("e-mail delivery", () => {
  it("sends exactly one mail per lead to a real SMTP server", async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const leads = await createLeads(prisma, 5, ["email"]);
    await worker(configFor({ NOTIFY_SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: "sales@example.com", NOTIFY_EMAIL_FROM: "leads@example.com" }));

    await waitFor(async () => (await statusOf(leads)).every((d) => d.status === "delivered"), 60_000, "all mails");
    await new Promise((r) => setTimeout(r, 1_000)); // nothing more arrives afterwards
    const deliveries = await statusOf(leads);
    expect(smtp.messages).toHaveLength(leads.length);
    expect(new Set(smtp.messages.map((m) => m.deliveryId))).toEqual(new Set(deliveries.map((d) => d.id)));
    expect(smtp.messages[0]!.raw).toMatch(/Subject: New lead LD-\d{6}/);
  });
});
