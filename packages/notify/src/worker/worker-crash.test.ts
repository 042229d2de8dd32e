// The worker killed in the middle of a delivery: the attempt expires, a restarted worker
// delivers it, and the receiver processes the delivery id once.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@once/db";
import { createLeads, databaseUrl, newWebhookSecret, testPrisma, waitFor } from "../testing/fixtures.ts";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";

let prisma: PrismaClient;
beforeAll(async () => {
  prisma = testPrisma();
  // The worker delivers every waiting row; this test counts what its receiver processed, so it
  // starts from an empty outbox rather than whatever an earlier file left behind.
  await prisma.notificationDelivery.deleteMany();
});
afterAll(() => prisma.$disconnect());

function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn("pnpm", ["exec", "tsx", path.join(import.meta.dirname, "cli.ts")], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl(), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid!, "SIGKILL"); // the whole group: pnpm, tsx and node
  } catch {
    return; // already gone
  }
  await exited;
}

describe("worker crash", () => {
  it("resumes a delivery that was in flight when the worker was killed", async () => {
    const secret = newWebhookSecret();
    let firstArrived!: () => void;
    const arrived = new Promise<void>((r) => (firstArrived = r));
    // The first attempt reaches the receiver (which processes it) and never gets an answer back.
    const receiver = await startWebhookReceiver(secret, (_id, attempt) => {
      if (attempt === 1) {
        firstArrived();
        return "hang";
      }
      return "ok";
    });
    const env = {
      NOTIFY_WEBHOOK_URL: receiver.url,
      NOTIFY_WEBHOOK_SECRET: secret,
      NOTIFY_WEBHOOK_TIMEOUT_MS: "60000",
      NOTIFY_ATTEMPT_EXPIRE_SECONDS: "5",
      NOTIFY_MAINTENANCE_SECONDS: "1",
      NOTIFY_RETRY_DELAY_SECONDS: "1",
    };
    const [lead] = await createLeads(prisma, 1, ["webhook"]);
    const first = startWorkerProcess(env);
    let second: ChildProcess | undefined;
    try {
      await arrived;
      await kill(first);
      expect((await prisma.notificationDelivery.findFirstOrThrow({ where: { leadId: lead! } })).status).toBe("queued");

      second = startWorkerProcess(env);
      await waitFor(
        async () => (await prisma.notificationDelivery.findFirstOrThrow({ where: { leadId: lead! } })).status === "delivered",
        60_000,
        "the resumed delivery",
      );
      const delivery = await prisma.notificationDelivery.findFirstOrThrow({ where: { leadId: lead! } });
      expect(receiver.received.get(delivery.id)).toBe(2);
      expect([...receiver.processed]).toEqual([delivery.id]);
      expect(receiver.duplicatesDropped).toBe(1);
    } finally {
      await kill(first);
      if (second) await kill(second);
      await receiver.close();
    }
  });
});
